"""`--json` beside a `--format` choice (validate, review): the same as `--format json`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def json_format_option(func: F) -> F:
    """`--json`, the same as `--format json` (for commands with a --format choice); pass the
    two values to `chosen_format`."""
    return click.option("--json", "as_json", is_flag=True,
                        help="The same as --format json.")(func)


def chosen_format(output_format: str, as_json: bool, default: str = "text") -> str:
    """The format asked for by `--format` and `--json`; both, disagreeing, is a usage error."""
    if as_json and output_format not in ("json", default):
        raise click.UsageError(f"--json and --format {output_format} ask for two formats; "
                               "give one")
    return "json" if as_json else output_format
