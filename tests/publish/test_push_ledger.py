"""The ledger branch on a real git smart-HTTP remote: fast-forward only, and when both sides
recorded rejections, a merge commit that keeps every one of them."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from gitserver import GitHttpServer
from pushkit import IDENTITY, git

import skillgit.publish.ledger_sync as sync_module
from skillgit.gitops import GitRepo
from skillgit.gitremote import RemoteTarget
from skillgit.mine.lifecycle import unreject
from skillgit.publish.ledger_sync import LedgerPushRejected, merge_rejections, sync_ledger
from skillgit.wire.ledger import LEDGER_BRANCH, Ledger, Rejection, load_ledger, save_ledger

LEDGER_REF = f"refs/heads/{LEDGER_BRANCH}"


def make_repo(path: Path) -> Path:
    path.mkdir()
    git(path, "init", "-q", "-b", "main")
    git(path, "commit", "-q", "--allow-empty", "-m", "init")
    return path


def rejection(skill: str, fingerprint: str = "", at: str = "2026-01-01T00:00:00+00:00"
              ) -> Rejection:
    return Rejection(kind="new", skill=skill, fingerprint=fingerprint or f"fp-{skill}",
                     sessions=3, rejected_at=at)


def reject(repo: Path, *skills: str) -> str:
    """Record rejections of `skills` in repo's local ledger (one commit)."""
    with GitRepo(repo) as g:
        ledger, tip = load_ledger(g)
        ledger.rejected += [rejection(s) for s in skills]
        return save_ledger(g, ledger, tip, f"skillgit: reject {', '.join(skills)}\n", IDENTITY)


def skills_in(repo: Path) -> list[str]:
    with GitRepo(repo) as g:
        return sorted(r.skill for r in load_ledger(g)[0].rejected)


def remote_ledger(server: GitHttpServer) -> tuple[str, list[str]]:
    bare = server.root / "o" / "r.git"
    tip = git(bare, "rev-parse", LEDGER_REF).strip()
    data = json.loads(git(bare, "show", f"{tip}:rejected.json"))
    return tip, sorted(r["skill"] for r in data["rejected"])


@pytest.fixture
def target(remote_url: str, token: str) -> RemoteTarget:
    return RemoteTarget.from_url(remote_url, token)


@pytest.fixture
def ours(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "ours")


@pytest.fixture
def theirs(tmp_path: Path) -> Path:
    """Another clone (a CI run, a colleague) recording rejections on the same remote."""
    return make_repo(tmp_path / "theirs")


def sync(repo: Path, target: RemoteTarget, dry_run: bool = False) -> sync_module.LedgerSync:
    with GitRepo(repo) as g:
        return sync_ledger(g, target, IDENTITY, dry_run=dry_run)


def test_no_ledger_anywhere(ours: Path, target: RemoteTarget,
                            git_server: GitHttpServer) -> None:
    assert sync(ours, target).status == "absent"
    assert git_server.writes() == []


def test_push_then_unchanged_then_fast_forward(ours: Path, theirs: Path, target: RemoteTarget,
                                               git_server: GitHttpServer) -> None:
    first = reject(ours, "alpha")
    assert sync(ours, target).status == "pushed"
    assert remote_ledger(git_server) == (first, ["alpha"])
    assert sync(ours, target).status == "unchanged"
    assert len(git_server.writes()) == 1
    # theirs had no ledger: it adopts the remote one
    adopted = sync(theirs, target)
    assert (adopted.status, adopted.learned, adopted.local) == ("fast-forwarded", 1, first)
    second = reject(theirs, "beta")
    assert sync(theirs, target).status == "pushed"      # a fast-forward of the remote
    behind = sync(ours, target)
    assert (behind.status, behind.learned, behind.local) == ("fast-forwarded", 1, second)
    assert skills_in(ours) == skills_in(theirs) == ["alpha", "beta"]
    assert len(git_server.writes()) == 2


def test_diverged_ledgers_are_merged_keeping_both_sides(
        ours: Path, theirs: Path, target: RemoteTarget, git_server: GitHttpServer) -> None:
    reject(ours, "base")
    sync(ours, target)
    sync(theirs, target)
    their_tip = reject(theirs, "theirs-1", "theirs-2")
    sync(theirs, target)
    our_tip = reject(ours, "ours-1")
    result = sync(ours, target)
    assert (result.status, result.learned) == ("merged", 2)
    tip, skills = remote_ledger(git_server)
    assert skills == ["base", "ours-1", "theirs-1", "theirs-2"]
    assert tip == result.local == result.remote
    with GitRepo(ours) as g:
        info = g.commit_info(tip)
        assert info.parents == (our_tip, their_tip)
        assert g.ref_sha(LEDGER_BRANCH) == tip
        assert info.author.startswith(IDENTITY)
    # the remote only moved forward, and the other side fast-forwards to the merge
    assert sync(theirs, target).status == "fast-forwarded"
    assert skills_in(theirs) == skills
    subprocess.run(["git", "-C", str(git_server.root / "o" / "r.git"), "fsck", "--strict"],
                   check=True, capture_output=True)


def test_unrelated_ledgers_are_united(ours: Path, theirs: Path, target: RemoteTarget,
                                      git_server: GitHttpServer) -> None:
    reject(theirs, "theirs")
    sync(theirs, target)
    reject(ours, "ours")
    assert sync(ours, target).status == "merged"
    assert remote_ledger(git_server)[1] == ["ours", "theirs"]


def test_an_unreject_on_one_side_is_kept_and_new_rejections_too(
        ours: Path, theirs: Path, target: RemoteTarget, git_server: GitHttpServer) -> None:
    reject(ours, "keep", "undo")
    sync(ours, target)
    sync(theirs, target)
    reject(theirs, "new")
    sync(theirs, target)
    with GitRepo(ours) as g:
        assert unreject(g, "undo", IDENTITY) == 1
    assert sync(ours, target).status == "merged"
    assert remote_ledger(git_server)[1] == ["keep", "new"]


def test_the_ledger_sync_starts_over_when_the_remote_moves_during_the_push(
        ours: Path, theirs: Path, target: RemoteTarget, git_server: GitHttpServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    reject(theirs, "theirs")
    sync(theirs, target)
    reject(ours, "ours")
    real_push = sync_module.push
    raced: list[str] = []

    def push_after_a_rival(*args, **kwargs):  # type: ignore[no-untyped-def]
        if not raced:
            raced.append(reject(theirs, "rival"))
            with GitRepo(theirs) as g:   # the rival pushes with git-level fast-forward
                sync_ledger(g, target, IDENTITY)
        return real_push(*args, **kwargs)

    monkeypatch.setattr(sync_module, "push", push_after_a_rival)
    result = sync(ours, target)
    assert result.status == "merged"
    assert remote_ledger(git_server)[1] == ["ours", "rival", "theirs"]
    assert skills_in(ours) == ["ours", "rival", "theirs"]


@pytest.mark.parametrize("diverged", [False, True], ids=["fast-forward", "merge"])
def test_the_ledger_sync_starts_over_when_a_local_reject_lands_before_its_lock(
        ours: Path, theirs: Path, target: RemoteTarget, git_server: GitHttpServer,
        monkeypatch: pytest.MonkeyPatch, diverged: bool) -> None:
    """A `proposals reject` here moves the local ledger after the sync read it and before
    the sync holds the repository lock: the sync reads it again instead of failing."""
    reject(theirs, "theirs")
    sync(theirs, target)
    if diverged:
        reject(ours, "ours")
    real_writing = sync_module.writing
    raced: list[str] = []

    @contextmanager
    def reject_first(repo: GitRepo, refs: list[str], wait: float) -> Iterator[None]:
        if not raced:
            raced.append(reject(ours, "meanwhile"))  # another process, its own GitRepo
        with real_writing(repo, refs, wait):
            yield

    monkeypatch.setattr(sync_module, "writing", reject_first)
    result = sync(ours, target)
    assert raced and result.status == "merged"
    expected = sorted(["meanwhile", "theirs", *(["ours"] if diverged else [])])
    assert remote_ledger(git_server) == (result.local, expected)
    assert skills_in(ours) == expected


def test_dry_run_writes_nothing(ours: Path, theirs: Path, target: RemoteTarget,
                                git_server: GitHttpServer) -> None:
    reject(theirs, "theirs")
    sync(theirs, target)
    local_tip = reject(ours, "ours")
    result = sync(ours, target, dry_run=True)
    assert (result.status, result.learned) == ("would-merge", 1)
    with GitRepo(ours) as g:
        assert g.ref_sha(LEDGER_BRANCH) == local_tip
    assert remote_ledger(git_server)[1] == ["theirs"]
    assert len(git_server.writes()) == 1


def test_a_remote_refusal_is_a_clear_error(ours: Path, target: RemoteTarget,
                                           git_server: GitHttpServer, token: str) -> None:
    hook = git_server.root / "o" / "r.git" / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'protected branch: skillgit/ledger' >&2\nexit 1\n")
    hook.chmod(0o755)
    reject(ours, "alpha")
    with pytest.raises(LedgerPushRejected) as caught:
        sync(ours, target)
    assert caught.value.exit_code == 2
    assert "refused skillgit/ledger" in str(caught.value)
    assert token not in str(caught.value)


def test_merge_rejections_rules() -> None:
    base = Ledger(rejected=[rejection("a"), rejection("b")])
    ours = Ledger(rejected=[rejection("a"), rejection("b", "fp-b2"),  # b re-rejected
                            rejection("c", at="2026-03-01T00:00:00+00:00")])
    theirs = Ledger(rejected=[rejection("b"), rejection("c", at="2026-02-01T00:00:00+00:00"),
                              rejection("d")])                         # a unrejected
    merged = merge_rejections(base, ours, theirs)
    assert [(r.skill, r.fingerprint, r.rejected_at[:7]) for r in merged.rejected] == [
        ("b", "fp-b2", "2026-01"), ("c", "fp-c", "2026-02"), ("d", "fp-d", "2026-01")]
    # no common ancestor: the union
    union = merge_rejections(Ledger(), ours, theirs)
    assert sorted((r.skill, r.fingerprint) for r in union.rejected) == [
        ("a", "fp-a"), ("b", "fp-b"), ("b", "fp-b2"), ("c", "fp-c"), ("d", "fp-d")]


def test_merge_keeps_every_merge_record() -> None:
    """Shallow clones rely on the ledger's merge records: a merge of diverged ledgers must
    never drop them (one side recorded a merge the other has not seen)."""
    from skillgit.wire.ledger import Merged

    def record(skill: str, fp: str) -> Merged:
        return Merged(kind="new", skill=skill, fingerprint=fp, sessions=3)

    ours = Ledger(rejected=[rejection("a")], merged=[record("x", "fp-x")])
    theirs = Ledger(rejected=[rejection("a")], merged=[record("y", "fp-y"), record("x", "fp-x")])
    merged = merge_rejections(Ledger(), ours, theirs)
    assert [(m.skill, m.fingerprint) for m in merged.merged] == [("x", "fp-x"), ("y", "fp-y")]
