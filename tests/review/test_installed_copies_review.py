"""`skillgit review` on a change that installs one skill for two agents (the `npx skills add
--copy -a codex -a claude-code` layout), and on one that edits only one of the copies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import commit, git, skill_md, write

from skillgit.cli import main

TEXT = skill_md("pdf-tools", "Fill and merge PDF files when the user asks for a PDF.")
COPIES = {".agents/skills/pdf-tools/SKILL.md": TEXT, ".claude/skills/pdf-tools/SKILL.md": TEXT}


def review(capsys: pytest.CaptureFixture[str]) -> tuple[int, list[tuple[str, str, str]]]:
    code = main(["review", "--json"])
    doc = json.loads(capsys.readouterr().out)
    found = sorted((f["path"], f["level"], f["rule"]) for s in doc["skills"]
                   for f in s["findings"] if f["rule"].startswith(("duplicate", "skill-cop")))
    return code, found


def test_identical_copies_added_together_pass(repo: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, COPIES)
    commit(repo)
    code, found = review(capsys)
    assert code == 0
    assert found == []   # review lists no info; before, each copy was a duplicate-name error


def test_editing_one_copy_only_warns_naming_the_other(repo: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    write(repo, COPIES)
    commit(repo)
    git(repo, "checkout", "-q", "-B", "main")
    git(repo, "checkout", "-q", "-b", "edit")
    write(repo, {".claude/skills/pdf-tools/SKILL.md": TEXT + "\nAlso qpdf.\n"})
    commit(repo)
    code, found = review(capsys)
    assert code == 0
    assert found == [(".claude/skills/pdf-tools/SKILL.md", "warning", "skill-copies-differ")]
