"""`stats` answers what was asked: `--skill` naming no skill says so (non-zero exit), and
`--skills-dir` leaves the repository's other skills out instead of calling them foreign."""

from __future__ import annotations

import json
from typing import Any

import pytest
from attrib_sessions import commit
from test_stats_acceptance import OTHER, day, world

from skillgit.cli import main

__all__ = ["world"]  # the fixture, shared with the acceptance test


def run(world: dict[str, Any], capsys: pytest.CaptureFixture[str], *extra: str
        ) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["stats", "--repo", str(world["repo"]), "--source", str(world["src"]), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_skill_that_does_not_exist_is_said_to_not_exist(
        world: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(world, capsys, "--skill", "nope")
    assert code == 2 and out == ""
    assert "there is no skill named 'nope': none in this repository" in err
    for known in ("deploy", "lint-rules", "pdf-tools"):  # in use, never used, not in the repo
        code, out, err = run(world, capsys, "--skill", known)
        assert code == 0 and known in out, err


def test_skills_outside_the_skills_dir_are_not_foreign(
        world: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    commit(world["repo"], day(1, 2), {"tools/pdf-tools/SKILL.md": OTHER}, "add pdf-tools")
    code, out, err = run(world, capsys, "--skills-dir", "skills", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["not_in_repo"] == []
    assert [s["skill"] for s in data["skills"]] == ["deploy"]
    code, out, _ = run(world, capsys, "--skills-dir", "skills")
    assert "not in this repository" not in out
    code, out, err = run(world, capsys, "--skills-dir", "skills", "--skill", "pdf-tools")
    assert code == 2
    assert "skill 'pdf-tools' is outside the skills folder 'skills'" in err
    code, out, err = run(world, capsys, "--skill", "pdf-tools", "--json")
    assert code == 0 and [s["skill"] for s in json.loads(out)["skills"]] == ["pdf-tools"]
