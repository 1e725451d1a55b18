"""The `skillgit` command line: a thin click shell over the core modules.

This module is the entry point and stays light: `skillgit --version` answers without
importing click or anything else, and every other command loads the click application
(`skillgit.cli.app`), which imports each subcommand's module only when it runs (so
`skillgit validate` does not pay for httpx or the transcript adapters).
"""

from __future__ import annotations

import sys

from skillgit import __version__

TYPE_CHECKING = False  # not `typing.TYPE_CHECKING`: --version imports nothing it can skip
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from skillgit.cli.app import LazyGroup, cli

__all__ = ["COMMANDS", "LazyGroup", "cli", "main"]

# Subcommands, imported only when used. Each value is "module:attribute" below skillgit.cli.
COMMANDS: dict[str, str] = {
    "mine": "mine:mine",
    "proposals": "proposals:proposals",
    "demo": "demo:demo",
    "validate": "validate:validate",
    "sessions": "sessions:sessions",
    "distill": "distill:distill",
    "llm": "llm:llm",
    "publish": "publish:publish",
    "init": "init:init",
    "review": "review:review",
    "share": "share:share",
    "eval": "eval:eval_command",
    "stats": "stats:stats",
    "verify": "verify:verify",
    "config": "config:config_command",
}

_VERSION_ONLY = (["--version"], ["-V"])
"""Argument lists that only ask for the version: answered here, exactly as click's
`version_option` would (`skillgit, version X`, exit 0)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI and return its exit code (see `skillgit.cli.app.run`)."""
    if (list(argv) if argv is not None else sys.argv[1:]) in _VERSION_ONLY:
        try:
            sys.stdout.write(f"skillgit, version {__version__}\n")
            sys.stdout.flush()
        except BrokenPipeError:
            sys.stderr.close()
        return 0
    from skillgit.cli.app import run

    return run(argv)


def __getattr__(name: str) -> Any:
    """`cli` and `LazyGroup`, the click application, imported on first use."""
    if name in ("cli", "LazyGroup"):
        from skillgit.cli import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
