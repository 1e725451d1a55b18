"""README documents every command and every long option the CLI has."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from skillgit.cli import COMMANDS, cli

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _options(command: click.Command) -> set[str]:
    names = set()
    for param in command.params:
        if isinstance(param, click.Option):
            names.update(o for o in param.opts if o.startswith("--") and o != "--help")
    return names


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_documented(name: str) -> None:
    assert f"skillgit {name}" in README


@pytest.mark.parametrize("name", ["validate", "mine", "sessions", "distill", "demo"])
def test_every_option_is_documented(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    missing = sorted(o for o in _options(command) if not re.search(re.escape(o) + r"\b", README))
    assert missing == [], f"skillgit {name}: undocumented options {missing}"
