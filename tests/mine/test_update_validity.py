"""An update is judged by what it adds (issue 25): a skill committed with a finding (a
connection string with a password, as teams write them for local databases) is still the
one a lesson updates; a finding the update itself brings is still refused."""

from __future__ import annotations

import subprocess
from pathlib import Path

from skillgit.gitops import GitRepo
from skillgit.mine.validity import validation_errors
from skillgit.proposal import SkillChange

LOCAL_DB = """---
name: local-db
description: Start the local Postgres with docker compose. Use when running migrations or tests.
---

# Local database

1. Start it: `docker compose up -d db`.
2. Point tools at it: `export DATABASE_URL=postgres://tally:tally@localhost:5432/tally`
"""


def _repo(tmp_path: Path) -> tuple[GitRepo, str]:
    root = tmp_path / "r"
    (root / "skills" / "local-db").mkdir(parents=True)
    (root / "skills" / "local-db" / "SKILL.md").write_text(LOCAL_DB)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(root), "commit", "-qm", "init"], check=True)
    sha = subprocess.run(["git", "-C", str(root), "rev-parse", "main"], check=True,
                         capture_output=True, text=True).stdout.strip()
    return GitRepo(root), sha


def _change(text: str) -> SkillChange:
    return SkillChange(skill="local-db", directory="skills/local-db",
                       files={"skills/local-db/SKILL.md": text.encode()})


def test_a_finding_the_skill_already_had_does_not_refuse_its_update(tmp_path: Path) -> None:
    repo, base = _repo(tmp_path)
    updated = LOCAL_DB + "3. The compose database is published on port 5433, not 5432.\n"
    assert validation_errors(_change(updated), repo, base) == []


def test_a_finding_the_update_brings_is_still_refused(tmp_path: Path) -> None:
    repo, base = _repo(tmp_path)
    updated = LOCAL_DB + "3. Staging: `psql postgres://admin:Xk9v2LpQ7zR4@db.internal:5432/app`\n"
    errors = validation_errors(_change(updated), repo, base)
    assert errors and all(e.startswith("secret") for e in errors)


def test_a_new_skill_with_a_finding_is_refused(tmp_path: Path) -> None:
    repo, base = _repo(tmp_path)
    change = SkillChange(skill="db", directory="skills/db",
                         files={"skills/db/SKILL.md": LOCAL_DB.replace("local-db", "db").encode()})
    assert validation_errors(change, repo, base)
