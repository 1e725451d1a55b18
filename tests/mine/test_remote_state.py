"""State that lives on the remote (issue 24), one bullet at a time: the demo with a relative
`--dir`, and shallow clones."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import write_sessions

PNPM = "skillgit/new/use-pnpm-not-npm"
PYTEST = "skillgit/new/set-pythonpath-for-pytest"
DEPLOY = "skillgit/update/deploy-app"


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


def heads(repo: Path) -> dict[str, str]:
    out = git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/skillgit/")
    return {ref.removeprefix("refs/heads/"): sha for ref, sha in
            (line.split() for line in out.splitlines())}


@pytest.fixture
def origin(tmp_path: Path) -> Path:
    """A bare "origin" holding the demo's skills repository (skills/deploy-app on main)."""
    seed = tmp_path / "seed"
    create_repo(seed)
    bare = tmp_path / "origin.git"
    git(tmp_path, "clone", "-q", "--bare", str(seed), str(bare))
    write_sessions(tmp_path / "sessions")
    return bare


def clone(origin: Path, name: str, *, shallow: bool = False) -> Path:
    dest = origin.parent / name
    depth = ["--depth", "1"] if shallow else []
    git(origin.parent, "clone", "-q", *depth, f"file://{origin}", str(dest))
    return dest


def mine(repo: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[dict, str]:
    capsys.readouterr()
    code = main(["mine", "--json", "--source", str(repo.parent / "sessions"), "--repo",
                 str(repo), *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out), err


def publish(repo: Path) -> None:
    """What `publish` pushes: every proposal branch, and the ledger (only forward)."""
    git(repo, "push", "-q", "--force", "origin",
        "refs/heads/skillgit/new/*:refs/heads/skillgit/new/*",
        "refs/heads/skillgit/update/*:refs/heads/skillgit/update/*")
    if "skillgit/ledger" in heads(repo):
        git(repo, "push", "-q", "origin", "refs/heads/skillgit/ledger")


def merge(origin: Path, branch: str) -> Path:
    work = clone(origin, f"merge-{branch.rsplit('/', 1)[-1]}")
    git(work, "merge", "-q", "--no-ff", f"origin/{branch}", "-m", f"Merge pull request #1 from "
        f"acme/{branch}")
    git(work, "push", "-q", "origin", "main", f":refs/heads/{branch}")
    return work


def branches(result: dict) -> list[str]:
    return sorted(p["branch"] for p in result["proposals"])


# 4. The demo with a relative --dir ------------------------------------------------------------
def test_demo_with_a_relative_dir_commits_the_existing_skill(tmp_path, monkeypatch,
                                                             capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["demo", "--dir", "demo"]) == 0
    repo = tmp_path / "demo" / "skills-repo"
    files = git(repo, "ls-tree", "-r", "--name-only", "main").split()
    assert files == ["README.md", "skills/deploy-app/SKILL.md"]
    assert git(repo, "status", "--porcelain") == ""
    assert DEPLOY in heads(repo)


# 5. Shallow clones ----------------------------------------------------------------------------
def test_a_shallow_clone_mines_with_a_note_never_a_traceback(origin, capsys) -> None:
    work = clone(origin, "work")
    (work / "NOTES.md").write_text("a second commit\n")
    git(work, "add", "NOTES.md")
    git(work, "commit", "-qm", "Notes")
    git(work, "push", "-q", "origin", "main")
    shallow = clone(origin, "shallow", shallow=True)
    assert (shallow / ".git" / "shallow").exists()
    for args in (["--dry-run"], []):
        result, err = mine(shallow, capsys, *args)
        assert "the history is shallow" in err and "Traceback" not in err
        assert DEPLOY in branches(result)
