"""Fault test: `skillgit mine` killed (SIGINT, SIGTERM, SIGKILL) at chosen moments of its writes.

The run pauses at a named step (the SKILLGIT_TEST_PAUSE hook prints when it got there), the test
sends the signal, then checks §3's rules: `git fsck --strict` is clean, every skillgit branch is
a complete proposal, no lock or temp file is left after SIGINT/SIGTERM, the exit code is 130 /
143, and the next run succeeds (after SIGKILL it removes what the killed run left).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import forked_cli
import pytest
from filelock import FileLock
from forked_cli import ForkedRun

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import write_sessions
from skillgit.gitobjects import TEMP_PREFIX
from skillgit.gitops import GitRepo
from skillgit.interrupts import Terminated, sigterm_raises
from skillgit.mine import lifecycle
from skillgit.mine import run as run_module
from skillgit.wire import lock
from skillgit.wire.commit import DEFAULT_IDENTITY

PROPOSALS = 3  # the demo sessions give three proposals, each written as five objects


def git(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("fault")
    create_repo(root / "repo")
    write_sessions(root / "sessions")
    return root / "repo", root / "sessions"


@pytest.fixture
def setup(template: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    repo = tmp_path / "repo"
    shutil.copytree(template[0], repo, symlinks=True)
    return repo, template[1]


def start(repo: Path, sessions: Path, pause: str,
          scratch: Path) -> subprocess.Popen[str] | ForkedRun:
    """`skillgit mine`, pausing at `pause`, in a process of its own: `python -m skillgit` for
    FRESH_STEP, forked from a server that imported skillgit once (forked_cli) for the other
    steps, which then differ from it only in not paying ~0.6 s of interpreter start each."""
    args = ["mine", "--source", str(sessions), "--repo", str(repo)]
    if pause == FRESH_STEP:
        return subprocess.Popen([sys.executable, "-m", "skillgit", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "SKILLGIT_TEST_PAUSE": pause})
    return forked_cli.start(args, scratch, env={"SKILLGIT_TEST_PAUSE": pause})


def wait_for_pause(proc: subprocess.Popen[str] | ForkedRun, step: str) -> str:
    if isinstance(proc, ForkedRun):
        return proc.wait_for_line(f"skillgit-test: paused at {step}")
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith(f"skillgit-test: paused at {step}"):
            return "".join(seen)
    raise AssertionError(f"never paused at {step}: {''.join(seen)}")


def leftovers(repo: Path) -> list[str]:
    git_dir = repo / ".git"
    return sorted(str(p.relative_to(git_dir)) for p in git_dir.rglob("*")
                  if p.name.endswith(".lock") or p.name.startswith(TEMP_PREFIX))


def check_repository(repo: Path) -> list[str]:
    """fsck is clean and every skillgit branch is one complete commit on main; its branches."""
    fsck = git(repo, "fsck", "--strict", "--no-dangling")
    assert fsck.returncode == 0 and not fsck.stdout.strip(), fsck.stdout + fsck.stderr
    main_sha = git(repo, "rev-parse", "main").stdout.strip()
    branches = git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads/skillgit/new/",
                   "refs/heads/skillgit/update/").stdout.split()
    for branch in branches:
        assert git(repo, "rev-parse", f"{branch}^").stdout.strip() == main_sha, branch
        assert git(repo, "rev-list", "--count", f"main..{branch}").stdout.strip() == "1"
        changed = git(repo, "diff", "--name-only", f"main..{branch}").stdout.split()
        skill = branch.rsplit("/", 1)[-1]
        assert changed == [f"skills/{skill}/SKILL.md"], (branch, changed)
        message = git(repo, "log", "-1", "--format=%B", branch).stdout
        assert f"Skillgit-Skill: {skill}" in message
    return branches


# (step the writer pauses at, branches complete once a deferred signal lets it go on)
STEPS = [("lock", 0), ("object-temp#1", 1), ("object#3", 1), ("objects#1", 1),
         ("ref#1", 1), ("object-temp#8", 2), ("ref#2", 2)]
FRESH_STEP = "lock"
"""Each signal at this step goes to `python -m skillgit` itself (interpreter start, Python's
default handlers, `__main__`'s exit code); at the other steps, to a forked run (`start`)."""
CASES = ([(signal.SIGINT, step, done) for step, done in STEPS]
         + [(signal.SIGTERM, step, done) for step, done in STEPS]
         + [(signal.SIGKILL, step, done) for step, done in STEPS])


@pytest.mark.parametrize(("sig", "step", "complete"), CASES,
                         ids=[f"{s.name}-{step}" for s, step, _ in CASES])
def test_a_killed_mine_leaves_complete_proposals_and_the_next_run_succeeds(
        setup: tuple[Path, Path], sig: signal.Signals, step: str, complete: int,
        capsys: pytest.CaptureFixture[str]) -> None:
    repo, sessions = setup
    proc = start(repo, sessions, step, repo.parent / "runs")
    wait_for_pause(proc, step.split("#")[0])
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=240)
    expected = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGKILL: -signal.SIGKILL}[sig]
    assert proc.returncode == expected, err
    assert "Traceback" not in err and "internal error" not in err
    branches = check_repository(repo)
    if sig != signal.SIGKILL:  # the write in progress finished first, then the run stopped
        assert leftovers(repo) == []
        assert len(branches) == complete, (branches, err)
    else:  # killed mid-proposal: that one is absent; its objects may stay, unreferenced
        assert len(branches) == (complete if step.startswith(("ref", "lock")) else complete - 1)

    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    out = capsys.readouterr().out
    assert len(check_repository(repo)) == PROPOSALS, out
    assert leftovers(repo) == []


def test_a_leftover_ref_lock_stops_the_run_naming_it(setup: tuple[Path, Path],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    repo, sessions = setup
    lock = repo / ".git" / "refs" / "heads" / "skillgit" / "new" / "use-pnpm-not-npm.lock"
    lock.parent.mkdir(parents=True)
    lock.write_text("")
    objects = sorted((repo / ".git" / "objects").rglob("*"))
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 2
    err = capsys.readouterr().err
    assert str(lock) in err and "remove that file" in err
    assert sorted((repo / ".git" / "objects").rglob("*")) == objects  # nothing written
    assert not (repo / ".git" / "skillgit.lock").exists()
    lock.unlink()
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    assert len(check_repository(repo)) == PROPOSALS


def test_a_dead_runs_lock_and_temp_files_are_taken_over(setup: tuple[Path, Path]) -> None:
    repo, sessions = setup
    (repo / ".git" / "skillgit.lock").write_text("999999999 elsewhere\n")
    temp = repo / ".git" / "objects" / "ab" / f"{TEMP_PREFIX}999999999_x1"
    temp.parent.mkdir(exist_ok=True)
    temp.write_bytes(b"half an object")
    mine_live = repo / ".git" / "objects" / "ab" / f"{TEMP_PREFIX}{os.getpid()}_x2"
    mine_live.write_bytes(b"a live process's")
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    assert not temp.exists() and mine_live.exists()  # only a dead process's file goes
    assert not (repo / ".git" / "skillgit.lock").exists()
    assert len(check_repository(repo)) == PROPOSALS


def test_twelve_concurrent_rejects_wait_or_fail_cleanly(setup: tuple[Path, Path]) -> None:
    repo, sessions = setup
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    branches = check_repository(repo)
    # twelve processes of their own, forked (forked_cli): the subprocesses they were cost ~7 s
    # of interpreter start; test_rejects_with_a_leftover_ledger_lock_exit_2 runs the real ones
    procs = [forked_cli.start(["proposals", "reject", branches[i % len(branches)],
                               "--repo", str(repo)], repo.parent / "runs")
             for i in range(12)]
    results = [(p.wait(timeout=240), p.communicate(timeout=240)[1]) for p in procs]
    assert sorted(code for code, _ in results) == [0] * len(branches) + [2] * (
        12 - len(branches)), results
    assert all("Traceback" not in err for _, err in results)
    assert check_repository(repo) == []
    ledger = git(repo, "show", "skillgit/ledger:rejected.json").stdout
    for branch in branches:
        assert f'"skill": "{branch.rsplit("/", 1)[-1]}"' in ledger
    assert '"sessions": 0' not in ledger
    assert leftovers(repo) == []


def test_rejects_with_a_leftover_ledger_lock_exit_2(setup: tuple[Path, Path]) -> None:
    repo, sessions = setup
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    lock = repo / ".git" / "refs" / "heads" / "skillgit" / "ledger.lock"
    lock.write_text("")
    procs = [subprocess.Popen([sys.executable, "-m", "skillgit", "proposals", "reject",
                               "use-pnpm-not-npm", "--repo", str(repo)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for proc in procs:
        _, err = proc.communicate(timeout=240)
        assert proc.returncode == 2 and str(lock) in err, err
    assert len(check_repository(repo)) == PROPOSALS


def test_a_ref_lock_of_a_concurrent_writer_seen_while_waiting_is_not_an_error(
        setup: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Another reject holds the repository lock and is inside its ledger update when this one
    starts: its `ledger.lock` is there for as long as our pre-lock wait lasts (a loaded
    machine), and goes when it releases the repository lock. That is a wait, not a stale lock."""
    repo, sessions = setup
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    branch = check_repository(repo)[0]
    ledger_lock = repo / ".git" / "refs" / "heads" / "skillgit" / "ledger.lock"
    ledger_lock.parent.mkdir(parents=True, exist_ok=True)
    ledger_lock.write_text("")  # the concurrent writer is mid-update
    monkeypatch.setattr(lock, "REF_LOCK_WAIT_SECONDS", 0.1)
    try_lock = lock._try_lock
    attempts: list[Path] = []

    def concurrent_writer_then_us(path: Path) -> int | None:
        attempts.append(path)
        if len(attempts) == 1:  # it still holds the repository lock, then finishes
            ledger_lock.unlink()
            return None
        return try_lock(path)

    monkeypatch.setattr(lock, "_try_lock", concurrent_writer_then_us)
    with GitRepo(repo) as g:
        done = lifecycle.reject(g, branch, DEFAULT_IDENTITY)
    assert done.branch == branch and len(attempts) == 2
    assert branch not in check_repository(repo) and leftovers(repo) == []


def test_a_proposal_rejected_while_a_run_proposes_it_is_not_written_again(
        setup: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`proposals reject` runs while `mine` is proposing (before it takes the lock): the run
    read the ledger before the rejection, and must not bring the branch back."""
    repo, sessions = setup
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    rejected, *kept = check_repository(repo)
    real_writing = run_module.writing

    @contextmanager
    def reject_first(repo_now: GitRepo, refs: list[str], wait: float) -> Iterator[None]:
        with GitRepo(repo) as other:  # another process, its own view of the repository
            lifecycle.reject(other, rejected, DEFAULT_IDENTITY)
        with real_writing(repo_now, refs, wait):
            yield

    monkeypatch.setattr(run_module, "writing", reject_first)
    capsys.readouterr()
    assert main(["mine", "--source", str(sessions), "--repo", str(repo)]) == 0
    out = capsys.readouterr().out
    assert f"rejected   {rejected}" in out and "not written" in out, out
    assert check_repository(repo) == kept
    ledger = git(repo, "show", "skillgit/ledger:rejected.json").stdout
    assert f'"skill": "{rejected.rsplit("/", 1)[-1]}"' in ledger


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_taking_the_lock_leaves_no_lock_file(
        setup: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, sig: signal.Signals) -> None:
    """The signal comes while the lock file is being created and locked (a deferred section):
    it is raised once the lock is held, and the lock file goes with it."""
    repo, _ = setup
    try_lock = lock._try_lock

    def signalled_meanwhile(held: FileLock) -> FileLock | None:
        fd = try_lock(held)
        os.kill(os.getpid(), sig)
        return fd

    monkeypatch.setattr(lock, "_try_lock", signalled_meanwhile)
    expected = KeyboardInterrupt if sig == signal.SIGINT else Terminated
    with (sigterm_raises(), pytest.raises(expected), GitRepo(repo) as g,
          lock.repo_lock(g.control_dir)):
        raise AssertionError("the signal must stop the run before its writes")
    assert leftovers(repo) == []
