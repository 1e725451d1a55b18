"""`--json`: one rule for every command's machine-readable output.

Every JSON document skillgit prints (a whole report, or each line of a JSON Lines listing)
starts with a `version` key: the version of that document's format, raised when a key changes
meaning or disappears (adding a key keeps it). Documents that carry their own format version
(`validate`, `review`) keep theirs.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from skillgit.printable import json_printable

JSON_VERSION = 1
F = TypeVar("F", bound=Callable[..., Any])


def versioned(document: Mapping[str, Any], version: int = JSON_VERSION) -> dict[str, Any]:
    """`document` with `version` as its first key (an existing `version` is kept)."""
    return {"version": document.get("version", version),
            **{k: v for k, v in document.items() if k != "version"}}


def dumps(document: Mapping[str, Any], *, indent: int | None = None) -> str:
    """The versioned document as one printable JSON text (control characters escaped)."""
    return json_printable(json.dumps(versioned(document), indent=indent, ensure_ascii=False))


def echo(document: Mapping[str, Any], *, indent: int | None = None) -> None:
    click.echo(dumps(document, indent=indent))


def json_option(help_text: str = "One JSON document on stdout.") -> Callable[[F], F]:
    """The `--json` flag, as the parameter `as_json`."""
    return click.option("--json", "as_json", is_flag=True, help=help_text)
