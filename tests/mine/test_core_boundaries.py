"""Boundary tests for the core rules, each written so that a one-line slip fails it:

- the gate counts sessions, never signals: two signals in one session never pass;
- the ledger lets a rejected proposal back exactly when the evidence has grown by half and
  by at least two sessions, not one session earlier;
- a run waits for a held repository lock, and writes nothing until it is released;
- nothing appears in the work tree at any point of a run (the lock lives in the git dir).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from filelock import FileLock
from test_propose import digest, run

from skillgit.gitops import GitError, GitRepo
from skillgit.mine.group import group
from skillgit.mine.judge import judge
from skillgit.mine.run import MineOptions, mine_digests
from skillgit.mine.signals import signals_from
from skillgit.wire import lock
from skillgit.wire.ledger import Ledger, Rejection

PNPM = "no, use pnpm not npm for installs"
PNPM_AGAIN = "use pnpm, not npm, in this repository"


def test_two_corrections_in_one_session_never_pass(repo: Path) -> None:
    one = digest(1, corrections=(PNPM, PNPM_AGAIN))
    assert run(repo, [one]).proposals == []
    two = [digest(1, corrections=(PNPM,)), digest(2, corrections=(PNPM_AGAIN,))]
    assert len(run(repo, two).proposals) == 1


def test_one_ask_twice_in_one_session_is_no_repeated_ask() -> None:
    ask = "regenerate the OpenAPI client from api/openapi.yaml"
    once = digest(1, asks=(ask, ask + " again"))
    [verdict] = judge(group(signals_from([once])), [])
    assert not verdict.repeatable.holds and not verdict.repeated_ask.holds
    assert verdict.repeatable.reason == "seen in 1 session"
    assert (verdict.feedback.holds, verdict.feedback.reason) == (False, "none")
    [verdict] = judge(group(signals_from([digest(1, asks=(ask,)), digest(2, asks=(ask,))])), [])
    assert verdict.repeatable.holds and verdict.repeated_ask.holds


@pytest.mark.parametrize(("rejected_at", "back_at"), [
    (1, 3), (2, 4), (3, 5), (4, 6), (5, 8), (6, 9), (10, 15)])
def test_a_rejection_comes_back_only_at_the_exact_threshold(rejected_at: int,
                                                             back_at: int) -> None:
    ledger = Ledger(rejected=[Rejection(kind="new", skill="pnpm-npm", fingerprint="f",
                                        sessions=rejected_at)])
    assert ledger.blocks("new", "pnpm-npm", back_at - 1)
    assert not ledger.blocks("new", "pnpm-npm", back_at)
    assert not ledger.blocks("update", "pnpm-npm", rejected_at)  # another kind is not blocked


def test_a_rejected_proposal_returns_at_plus_two_sessions_end_to_end(repo: Path) -> None:
    sessions = [digest(i, corrections=(PNPM,)) for i in range(1, 6)]
    [p] = run(repo, sessions[:2]).proposals
    ledger = Ledger(rejected=[Rejection(kind="new", skill=p.skill, fingerprint=p.fingerprint,
                                        sessions=2)])
    assert run(repo, sessions[:3], ledger=ledger).proposals == []
    assert [q.skill for q in run(repo, sessions[:4], ledger=ledger).proposals] == [p.skill]


def _branches(repo: Path) -> list[str]:
    heads = repo / ".git" / "refs" / "heads" / "skillgit"
    return sorted(str(p.relative_to(heads)) for p in heads.rglob("*") if p.is_file())


def test_a_run_waits_for_a_held_lock(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    digests = [digest(i, corrections=(PNPM,)) for i in (1, 2)]
    outcome: list[object] = []
    try_lock = lock._try_lock
    refused: list[FileLock] = []
    waiting = threading.Event()

    def observed(held: FileLock) -> FileLock | None:
        fd = try_lock(held)
        if fd is None:
            refused.append(held)
            if len(refused) == 3:  # it found the lock held and kept trying
                waiting.set()
        return fd

    monkeypatch.setattr(lock, "_try_lock", observed)
    with GitRepo(repo) as held, lock.repo_lock(held.control_dir):
        worker = threading.Thread(target=lambda: outcome.append(mine_digests(
            repo, digests, MineOptions(lock_wait_seconds=120))))
        worker.start()
        assert waiting.wait(120), "the run never tried the held lock"
        assert worker.is_alive() and _branches(repo) == []  # waiting, nothing written
    worker.join(120)
    assert not worker.is_alive() and outcome
    assert [b.split("/")[0] for b in _branches(repo)] == ["new"]


def test_a_run_gives_up_cleanly_when_the_lock_stays_held(repo: Path) -> None:
    digests = [digest(i, corrections=(PNPM,)) for i in (1, 2)]
    with (GitRepo(repo) as held, lock.repo_lock(held.control_dir),
          pytest.raises(GitError, match="another skillgit run holds")):
        mine_digests(repo, digests, MineOptions(lock_wait_seconds=0.3))
    assert _branches(repo) == []


def _work_tree(repo: Path) -> list[str]:
    return sorted(str(p.relative_to(repo)) for p in repo.rglob("*")
                  if ".git" not in p.relative_to(repo).parts)


def test_nothing_appears_in_the_work_tree_during_a_run(repo: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    before = _work_tree(repo)
    seen: list[tuple[str, list[str]]] = []

    def look(step: str) -> None:
        seen.append((step, _work_tree(repo)))

    from skillgit import gitobjects, gitops
    for module in (lock, gitops, gitobjects):
        monkeypatch.setattr(module, "checkpoint", look)
    digests = [digest(i, corrections=(PNPM,)) for i in (1, 2)]
    [outcome] = mine_digests(repo, digests, MineOptions()).outcomes
    assert outcome.status == "written"
    assert {step for step, _ in seen} >= {"lock", "object", "ref"}
    assert all(listing == before for _step, listing in seen), [
        (step, sorted(set(listing) - set(before))) for step, listing in seen]
    assert _work_tree(repo) == before
    assert not any(name.endswith(".lock") for name in os.listdir(repo))


@pytest.mark.parametrize(("ask", "proposed"), [
    ("show tools", False),
    ("list the available tools", False),       # a paraphrase: nothing concrete either
    ("what tools can you use here?", False),
    ("regenerate the grpc stubs from proto/api.proto", True),
    ("bump `requests` in requirements.in", True),
])
def test_a_repeated_ask_must_name_something_concrete(repo: Path, ask: str,
                                                     proposed: bool) -> None:
    found = run(repo, [digest(i, asks=(ask,)) for i in (1, 2, 3)])
    assert bool(found.proposals) is proposed


def test_a_rejection_is_found_by_its_candidate_under_another_name() -> None:
    ledger = Ledger(rejected=[Rejection(kind="new", skill="pnpm-npm", fingerprint="f",
                                        sessions=2, candidate="correction:npm+pnpm")])
    assert ledger.blocks("new", "npm-pnpm-installs", 3, candidate="correction:npm+pnpm")
    assert not ledger.blocks("new", "npm-pnpm-installs", 3, candidate="correction:yarn")
    assert not ledger.blocks("new", "npm-pnpm-installs", 3)
