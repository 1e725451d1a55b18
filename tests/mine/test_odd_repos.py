"""Odd repositories and inputs for `mine` and `proposals`: SHA-256 object format, read-only
repositories, a skills folder that is a file or holds control characters, a detached HEAD,
rejecting a branch a reviewer committed to, and dry-run statuses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import DEPLOY_SKILL, write_sessions


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "safe.directory=*", *args], cwd=repo, check=True,
                          capture_output=True, text=True).stdout


def proposal_branches(repo: Path) -> list[str]:
    return git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads/skillgit/new/",
               "refs/heads/skillgit/update/").split()


def state(repo: Path) -> tuple[str, list[str]]:
    """Every ref and every file under .git/objects: what 'nothing was written' compares."""
    objects = sorted(str(p) for p in (repo / ".git" / "objects").rglob("*"))
    return git(repo, "for-each-ref"), objects


@pytest.fixture
def sessions(tmp_path: Path) -> Path:
    write_sessions(tmp_path / "sessions")
    return tmp_path / "sessions"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    create_repo(tmp_path / "repo")
    return tmp_path / "repo"


def mine(repo: Path, sessions: Path, *extra: str) -> int:
    return main(["mine", "--source", str(sessions), "--repo", str(repo), *extra])


def test_sha256_repositories_are_supported(tmp_path: Path, sessions: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "sha256"
    git(tmp_path, "init", "-q", "--object-format=sha256", "-b", "main", str(repo))
    (repo / "skills" / "deploy-app").mkdir(parents=True)
    (repo / "skills" / "deploy-app" / "SKILL.md").write_text(DEPLOY_SKILL)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "init")
    assert mine(repo, sessions) == 0
    branches = proposal_branches(repo)
    assert len(branches) == 3
    git(repo, "fsck", "--strict")
    for branch in branches:
        assert len(git(repo, "rev-parse", branch).strip()) == 64
        assert git(repo, "diff", "--name-only", f"main..{branch}").split() == [
            f"skills/{branch.rsplit('/', 1)[-1]}/SKILL.md"]
    git(repo, "gc", "-q")
    git(repo, "fsck", "--strict")
    capsys.readouterr()
    assert mine(repo, sessions, "--json") == 0  # read back from packs: all unchanged
    summary = json.loads(capsys.readouterr().out)
    assert [p["status"] for p in summary["proposals"]] == ["unchanged"] * 3
    assert main(["proposals", "reject", branches[0], "--repo", str(repo)]) == 0
    git(repo, "fsck", "--strict")
    assert "rejected.json" in git(repo, "ls-tree", "--name-only", "skillgit/ledger")


# --- a repository the user cannot write ------------------------------------------------------

def run_unprivileged(args: list[str]) -> subprocess.CompletedProcess[str]:
    """`skillgit args` bound by file permissions (root ignores them: drop its override)."""
    drop = ["setpriv", "--inh-caps=-dac_override,-dac_read_search",
            "--bounding-set=-dac_override,-dac_read_search"] if os.geteuid() == 0 else []
    return subprocess.run([*drop, sys.executable, "-m", "skillgit", *args],
                          capture_output=True, text=True, timeout=240)


@pytest.mark.parametrize("read_only", ["objects", "refs", "logs", ""])
def test_a_repository_that_cannot_be_written_is_refused_before_writing(
        repo: Path, sessions: Path, read_only: str) -> None:
    git(repo, "branch", "skillgit/new/by-hand")
    target = repo / ".git" / read_only
    for item in [target, *target.rglob("*")]:
        item.chmod(0o555 if item.is_dir() else 0o444)
    before = state(repo)
    runs = [run_unprivileged(["mine", "--source", str(sessions), "--repo", str(repo)]),
            run_unprivileged(["proposals", "unreject", "x", "--repo", str(repo)])]
    for ran in runs:
        assert ran.returncode == 2, ran.stderr
        assert "Traceback" not in ran.stderr
        named = repo / ".git" / read_only if read_only else repo / ".git" / "skillgit.lock"
        assert f"{named}" in ran.stderr, ran.stderr
    assert state(repo) == before
    assert not (repo / ".git" / "skillgit.lock").exists()


# --- the skills folder ------------------------------------------------------------------------

def test_a_skills_dir_that_is_a_file_is_a_usage_error(repo: Path, sessions: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "notes").write_text("a file\n")
    git(repo, "add", "notes")
    git(repo, "commit", "-qm", "notes")
    before = state(repo)
    for flag in ("notes", "notes/skills"):
        assert mine(repo, sessions, "--skills-dir", flag) == 2
        assert "'notes' is a file in main" in capsys.readouterr().err
    (repo / ".skillgit.yaml").write_text("mine:\n  skills_dir: notes\n")
    assert mine(repo, sessions) == 2
    assert "'notes' is a file in main" in capsys.readouterr().err
    (repo / ".skillgit.yaml").unlink()
    (repo / "scratch").write_text("untracked\n")
    assert mine(repo, sessions, "--skills-dir", "scratch") == 2
    assert "'scratch' is a file in" in capsys.readouterr().err
    assert state(repo) == before


def test_a_default_skills_dir_that_is_a_file_is_a_usage_error(
        tmp_path: Path, sessions: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "plain"
    git(tmp_path, "init", "-q", "-b", "main", str(repo))
    (repo / "skills").write_text("not a folder\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "init")
    before = state(repo)
    assert mine(repo, sessions) == 2
    err = capsys.readouterr().err
    assert "'skills' is a file in the base commit" in err and "Traceback" not in err
    assert state(repo) == before


@pytest.mark.parametrize("value", ["skills\nevil", "a\rb", "tab\there", "x\x1b[31m", "x\x7f",
                                   "x\u2028y", "x\u202eog", "x\x85"])
def test_a_skills_dir_with_control_characters_is_refused(repo: Path, sessions: Path,
                                                         value: str) -> None:
    before = state(repo)
    assert mine(repo, sessions, "--skills-dir", value) == 2
    (repo / ".skillgit.yaml").write_text(json.dumps({"mine": {"skills_dir": value}}))
    assert mine(repo, sessions) == 2
    assert state(repo) == before


# --- a detached HEAD --------------------------------------------------------------------------

def test_a_detached_head_bases_proposals_on_the_checked_out_commit(
        repo: Path, sessions: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / "feature.txt").write_text("on feature only\n")
    git(repo, "add", "feature.txt")
    git(repo, "-c", "user.name=a", "-c", "user.email=a@b.invalid", "commit", "-qm", "feature")
    head = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "--detach", "HEAD")
    git(repo, "branch", "-q", "-D", "feature")  # only the detached HEAD knows this commit
    assert mine(repo, sessions, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["base"] == {"branch": "HEAD", "sha": head}
    assert len(proposal_branches(repo)) == 3
    for branch in proposal_branches(repo):
        assert git(repo, "rev-parse", f"{branch}^").strip() == head
    assert main(["proposals", "--repo", str(repo)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == 3 and all(line.endswith("current") for line in listed)
    assert git(repo, "rev-parse", "HEAD").strip() == head  # still detached, untouched
    assert subprocess.run(["git", "symbolic-ref", "-q", "HEAD"], cwd=repo).returncode == 1


# --- rejecting a branch a reviewer committed to ----------------------------------------------

def test_a_rejection_holds_after_a_reviewer_committed_to_the_branch(
        repo: Path, sessions: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert mine(repo, sessions) == 0
    branch = next(b for b in proposal_branches(repo) if b.endswith("use-pnpm-not-npm"))
    fingerprint = git(repo, "log", "-1", "--format=%(trailers:key=Skillgit-Proposal,"
                      "valueonly)", branch).strip()
    evidence = git(repo, "log", "-1", "--format=%(trailers:key=Skillgit-Evidence,valueonly)",
                   branch).split()[0]
    git(repo, "checkout", "-q", branch)
    for i in (1, 2):
        (repo / "skills" / "use-pnpm-not-npm" / "SKILL.md").write_text(f"reviewed {i}\n")
        git(repo, "-c", "user.name=Rev", "-c", "user.email=rev@example.invalid", "commit",
            "-qam", f"review {i}")
    tip = git(repo, "rev-parse", "HEAD").strip()
    git(repo, "checkout", "-q", "main")
    capsys.readouterr()
    assert main(["proposals", "reject", "use-pnpm-not-npm", "--repo", str(repo)]) == 0
    err = capsys.readouterr().err
    assert "had 2 commit(s)" in err and tip in err
    ledger = json.loads(git(repo, "show", "skillgit/ledger:rejected.json"))
    [entry] = ledger["rejected"]
    assert (entry["fingerprint"], entry["sessions"]) == (fingerprint, int(evidence))
    assert int(evidence) >= 2
    assert mine(repo, sessions, "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert "use-pnpm-not-npm" not in {p["skill"] for p in summary["proposals"]}
    assert not any(b.endswith("use-pnpm-not-npm") for b in proposal_branches(repo))


def test_a_branch_with_no_skillgit_commit_is_not_rejected(
        repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    git(repo, "branch", "skillgit/new/by-hand")
    assert main(["proposals", "reject", "skillgit/new/by-hand", "--repo", str(repo)]) == 2
    assert "holds no commit made by skillgit" in capsys.readouterr().err
    assert git(repo, "rev-parse", "--verify", "-q", "skillgit/new/by-hand").strip()


# --- dry runs --------------------------------------------------------------------------------

def test_dry_run_reports_what_a_real_run_would_do(repo: Path, sessions: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    before = state(repo)
    assert mine(repo, sessions, "--dry-run", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["dry_run"] is True
    assert [p["status"] for p in summary["proposals"]] == ["would-write"] * 3
    assert mine(repo, sessions, "--dry-run") == 0
    captured = capsys.readouterr()
    assert captured.out.count(" (would-write)\n") == 3 and "written" not in captured.out
    assert "3 would be written" in captured.err
    assert state(repo) == before
    assert mine(repo, sessions) == 0
    capsys.readouterr()
    assert mine(repo, sessions, "--dry-run", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert [p["status"] for p in summary["proposals"]] == ["unchanged"] * 3
