"""README documents every command and every long option the CLI has."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from skillgit.cli import COMMANDS, cli, main

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


@pytest.mark.parametrize("name", ["validate", "mine", "sessions", "distill", "demo", "publish",
                                  "init", "stats"])
def test_every_option_is_documented(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    missing = sorted(o for o in _options(command) if not re.search(re.escape(o) + r"\b", README))
    assert missing == [], f"skillgit {name}: undocumented options {missing}"


def test_validate_json_example_is_real_output(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The README's JSON example is what `validate --format json` prints for the skill it names."""
    section = README[README.index("- `json`: one document on stdout"):]
    example = section[section.index("```json\n") + 8:section.index("\n```\n")]
    skill = tmp_path / "skills" / "my-skill"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: other\ndescription: Formats commit messages. Use when writing a commit.\n"
        "---\n# Commit messages\n\nWrite a short subject line.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "--format", "json"]) == 1
    assert capsys.readouterr().out.strip() == example.strip()
