"""Skill versions from one walk of the base branch's first-parent history."""

from __future__ import annotations

import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from attrib_sessions import commit, init_repo

from skillgit.attribution.history import build_history
from skillgit.gitops import GitRepo
from skillgit.transcripts.skill_text import file_sha


def day(d: int) -> datetime:
    return datetime(2026, 1, d, 12, tzinfo=timezone.utc)


def md(name: str, text: str) -> str:
    return f"---\nname: {name}\ndescription: {name}.\n---\n# {name}\n\n{text}\n"


def git(repo: Path, *args: str, when: datetime) -> None:
    stamp = when.strftime("%Y-%m-%dT%H:%M:%S+0000")
    env = {"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp, "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@e.x", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e.x",
           "HOME": str(repo), "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, env=env, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = init_repo(tmp_path / "r")
    commit(root, day(1), {"skills/a/SKILL.md": md("a", "one"), "x/b/SKILL.md": md("b", "one")},
           "add")
    # a side branch changes a twice; main merges it on day 10
    git(root, "checkout", "-q", "-b", "side", when=day(2))
    commit(root, day(3), {"skills/a/SKILL.md": md("a", "two")}, "a two")
    commit(root, day(4), {"skills/a/SKILL.md": md("a", "three")}, "a three")
    git(root, "checkout", "-q", "main", when=day(5))
    commit(root, day(6), {"notes.txt": "n"}, "unrelated")
    git(root, "merge", "-q", "--no-ff", "-m", "merge side", "side", when=day(10))
    commit(root, day(12), {"x/b/SKILL.md": None}, "remove b")
    commit(root, day(14), {"skills/c/nested/SKILL.md": md("nested", "deep")}, "nested")
    return root


def test_versions_are_dated_when_they_reach_the_base_branch(repo: Path) -> None:
    with GitRepo(repo) as git_repo:
        history = build_history(git_repo, git_repo.resolve("main"))
    a = history.versions["a"]
    assert [v.since for v in a] == [day(1), day(10)]     # the merge, not the side commits
    assert a[-1].content_sha == file_sha(md("a", "three").encode())
    assert history.at("a", day(1) - timedelta(seconds=1)) is None
    assert history.at("a", day(5)) == a[0] and history.at("a", day(11)) == a[1]
    assert history.at("b", day(11)) is not None and history.at("b", day(13)) is None
    assert set(history.current()) == {"a", "nested"}    # b was removed
    assert history.by_content(file_sha(md("b", "one").encode())) is not None
    assert history.commits_walked == 4                  # add, merge, remove b, nested


def test_skills_dir_limits_the_skills(repo: Path) -> None:
    with GitRepo(repo) as git_repo:
        history = build_history(git_repo, git_repo.resolve("main"), "skills")
    assert set(history.versions) == {"a", "nested"}
