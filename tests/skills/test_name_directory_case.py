"""The name must equal its directory exactly: case counts (issue 18).

`My-Skill/` holding `name: my-skill` loads on a case-insensitive file system and fails on
every other one, so it is an error, through the rule, the CLI (exit 1) and from inside."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.skills.findings import Level
from skillgit.skills.validate import validate_skill

FM = "name: {name}\ndescription: A test skill. Use it when testing.\n"


def _errors(folder: Path) -> list[str]:
    return sorted(f.rule for f in validate_skill(folder).findings if f.level is Level.ERROR)


@pytest.mark.parametrize(("dirname", "name", "errors"), [
    ("My-Skill", "my-skill", ["name-directory-mismatch"]),
    ("MY-SKILL", "my-skill", ["name-directory-mismatch"]),
    ("my-skill", "My-Skill", ["name-case", "name-directory-mismatch"]),
    ("my-skill", "my-skill", []),
])
def test_name_and_directory_must_match_exactly(make_skill, dirname: str, name: str,
                                               errors: list[str]) -> None:
    assert _errors(make_skill(dirname, FM.format(name=name))) == errors


def test_validate_exits_1_on_a_case_only_mismatch(make_skill, capsys) -> None:
    folder = make_skill("My-Skill", FM.format(name="my-skill"))
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr()
    assert "name-directory-mismatch" in out.out + out.err


def test_a_case_only_mismatch_is_found_from_inside_the_folder(make_skill, monkeypatch) -> None:
    folder = make_skill("My-Skill", FM.format(name="my-skill"))
    monkeypatch.chdir(folder)
    assert "name-directory-mismatch" in _errors(Path("."))


@pytest.mark.parametrize(("name", "rule"), [
    ("-my-skill", "name-hyphens"), ("my-skill-", "name-hyphens"), ("my--skill", "name-hyphens"),
    ("my_skill", "name-characters"), ("My-skill", "name-case")])
def test_each_name_rule_fires_alone(make_skill, name: str, rule: str) -> None:
    folder = make_skill(name, FM.format(name=name))
    assert _errors(folder) == [rule]


def test_a_missing_name_is_reported_on_line_1(make_skill) -> None:
    folder = make_skill("my-skill", "description: A test skill. Use it when testing.\n")
    [finding] = [f for f in validate_skill(folder).findings if f.level is Level.ERROR]
    assert (finding.rule, finding.line) == ("name-missing", 1)
