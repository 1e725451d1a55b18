"""Pushing proposal branches to a real git smart-HTTP remote: new, unchanged, updated with a
lease, foreign (a reviewer's commit), a lease that refuses, and deleting merged branches."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from gitserver import GitHttpServer
from pushkit import IDENTITY, REVIEWER, git, proposal

import skillgit.gitremote.lease as lease_module
import skillgit.publish.push as push_module
from skillgit.gitops import GitRepo
from skillgit.gitremote import RemoteTarget
from skillgit.gitremote.lease import RefUpdate, fetch, push
from skillgit.publish.push import delete_branches, push_proposals, remote_refs
from skillgit.wire.commit import made_by_skillgit

ALPHA, BETA = "skillgit/new/alpha", "skillgit/new/beta"


def bare(server: GitHttpServer) -> Path:
    return server.root / "o" / "r.git"


def remote_tip(server: GitHttpServer, branch: str) -> str | None:
    out = subprocess.run(["git", "-C", str(bare(server)), "rev-parse", "--verify", "-q",
                          f"refs/heads/{branch}"], capture_output=True, text=True)
    return out.stdout.strip() or None


def reviewer_commit(server: GitHttpServer, tmp_path: Path, branch: str) -> str:
    """A reviewer clones the remote directly and pushes a commit on top of `branch`."""
    clone = tmp_path / "reviewer"
    subprocess.run(["git", "clone", "-q", "-b", branch, str(bare(server)), str(clone)],
                   check=True)
    (clone / "NOTE.md").write_text("reviewer's fix\n")
    git(clone, "add", "-A")
    git(clone, "commit", "-qm", "reviewer: tweak")  # as the tests' GIT_AUTHOR_* person
    git(clone, "push", "-q", "origin", branch)
    return git(clone, "rev-parse", "HEAD").strip()


@pytest.fixture
def target(remote_url: str, token: str) -> RemoteTarget:
    return RemoteTarget.from_url(remote_url, token)


def test_new_proposals_are_pushed_then_unchanged_sends_nothing(
        local: Path, target: RemoteTarget, git_server: GitHttpServer) -> None:
    a, b = proposal(local, "alpha", "fp-a1"), proposal(local, "beta", "fp-b1")
    with GitRepo(local) as g:
        first = push_proposals(g, target, {ALPHA: a, BETA: b}, IDENTITY)
        assert [(r.branch, r.status, r.remote) for r in first] == [
            (ALPHA, "pushed", None), (BETA, "pushed", None)]
        assert remote_refs(target) == {f"refs/heads/{ALPHA}": a, f"refs/heads/{BETA}": b}
        assert len(git_server.writes()) == 1          # one push for both branches
        before = len(git_server.requests)
        again = push_proposals(g, target, {ALPHA: a, BETA: b}, IDENTITY)
    assert [r.status for r in again] == ["unchanged", "unchanged"]
    assert len(git_server.writes()) == 1              # no second push
    later = git_server.requests[before:]
    assert all("receive-pack" not in r.path + r.query for r in later), later
    subprocess.run(["git", "-C", str(bare(git_server)), "fsck", "--strict"], check=True,
                   capture_output=True)
    # the remote got exactly skillgit's commit, with its author and trailers
    assert remote_tip(git_server, ALPHA) == a


def test_updated_proposal_is_pushed_with_the_lease(local: Path, target: RemoteTarget,
                                                   git_server: GitHttpServer) -> None:
    a1 = proposal(local, "alpha", "fp-1")
    with GitRepo(local) as g:
        push_proposals(g, target, {ALPHA: a1}, IDENTITY)
    a2 = proposal(local, "alpha", "fp-2")        # new evidence: one fresh commit on main
    with GitRepo(local) as g:
        assert g.commit_info(a2).parents == g.commit_info(a1).parents
        [result] = push_proposals(g, target, {ALPHA: a2}, IDENTITY)
    assert (result.status, result.remote, result.local) == ("updated", a1, a2)
    assert remote_tip(git_server, ALPHA) == a2


def test_a_reviewers_commit_is_not_overwritten(local: Path, target: RemoteTarget,
                                               git_server: GitHttpServer,
                                               tmp_path: Path) -> None:
    a1 = proposal(local, "alpha", "fp-1")
    with GitRepo(local) as g:
        push_proposals(g, target, {ALPHA: a1}, IDENTITY)
    theirs = reviewer_commit(git_server, tmp_path, ALPHA)
    a2 = proposal(local, "alpha", "fp-2")
    with GitRepo(local) as g:
        [result] = push_proposals(g, target, {ALPHA: a2}, IDENTITY)
        # the reviewer's commit was fetched as objects only, and can be inspected
        assert g.commit_info(theirs).author.startswith("Test Author <")
        assert not made_by_skillgit(g, theirs, IDENTITY)
        assert g.ref_sha(ALPHA) == a2                     # the local branch is untouched
        assert [b for b in g.branches() if "reviewer" in b] == []
    assert (result.status, result.remote) == ("foreign", theirs)
    assert "not made by skillgit" in result.message
    assert remote_tip(git_server, ALPHA) == theirs
    assert len(git_server.writes()) == 1                  # only the first push


def test_a_remote_branch_made_by_another_identity_is_foreign(
        local: Path, target: RemoteTarget, git_server: GitHttpServer) -> None:
    """Same trailers, but someone else's identity: not skillgit's (the rule of `mine`)."""
    impostor = proposal(local, "alpha", "fp-1", identity=REVIEWER)
    with GitRepo(local) as g:
        [pushed] = push(g, target, [RefUpdate(ALPHA, impostor, None)])
        assert pushed.status == "ok"
    mine = proposal(local, "alpha", "fp-2")
    with GitRepo(local) as g:
        [result] = push_proposals(g, target, {ALPHA: mine}, IDENTITY)
    assert result.status == "foreign"
    assert remote_tip(git_server, ALPHA) == impostor


def test_a_local_branch_not_made_by_skillgit_is_not_pushed(
        local: Path, target: RemoteTarget, git_server: GitHttpServer) -> None:
    edited = proposal(local, "alpha", "fp-1", identity=REVIEWER)
    with GitRepo(local) as g:
        [result] = push_proposals(g, target, {ALPHA: edited}, IDENTITY)
    assert result.status == "foreign"
    assert remote_tip(git_server, ALPHA) is None
    assert git_server.writes() == []


def test_the_lease_refuses_when_the_remote_moved_after_it_was_read(
        local: Path, target: RemoteTarget, git_server: GitHttpServer, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Someone pushes between skillgit reading the remote and pushing to it."""
    a1 = proposal(local, "alpha", "fp-1")
    with GitRepo(local) as g:
        push_proposals(g, target, {ALPHA: a1}, IDENTITY)
    a2 = proposal(local, "alpha", "fp-2")
    real_fetch = push_module.fetch_commits
    moved: list[str] = []

    def fetch_then_someone_pushes(*args: object, **kwargs: object) -> dict[str, str]:
        out = real_fetch(*args, **kwargs)  # type: ignore[arg-type]
        moved.append(reviewer_commit(git_server, tmp_path, ALPHA))
        return out

    monkeypatch.setattr(push_module, "fetch_commits", fetch_then_someone_pushes)
    with GitRepo(local) as g:
        [result] = push_proposals(g, target, {ALPHA: a2}, IDENTITY)
    assert result.status == "rejected-lease"
    assert remote_tip(git_server, ALPHA) == moved[0]


def test_the_server_refuses_an_update_whose_old_value_changed_mid_push(
        local: Path, target: RemoteTarget, git_server: GitHttpServer, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The remote moves after the ref advertisement and before the pack arrives: the server's
    own compare-and-swap (old value in the command) refuses it."""
    a1 = proposal(local, "alpha", "fp-1")
    with GitRepo(local) as g:
        push(g, target, [RefUpdate(ALPHA, a1, None)])
    a2 = proposal(local, "alpha", "fp-2")
    real_send = lease_module.send_updates
    moved: list[str] = []

    def send_while_someone_pushes(repo, tgt, decide):  # type: ignore[no-untyped-def]
        def decide_then_race(advertised):  # type: ignore[no-untyped-def]
            out = decide(advertised)
            moved.append(reviewer_commit(git_server, tmp_path, ALPHA))
            return out
        return real_send(repo, tgt, decide_then_race)

    monkeypatch.setattr(lease_module, "send_updates", send_while_someone_pushes)
    with GitRepo(local) as g:
        [result] = push(g, target, [RefUpdate(ALPHA, a2, a1)])
    assert result.status == "rejected-remote"
    assert result.message
    assert remote_tip(git_server, ALPHA) == moved[0]


def test_lease_results_per_ref(local: Path, target: RemoteTarget,
                               git_server: GitHttpServer) -> None:
    a, b = proposal(local, "alpha", "fp-a"), proposal(local, "beta", "fp-b")
    with GitRepo(local) as g:
        push(g, target, [RefUpdate(ALPHA, a, None)])
        results = push(g, target, [
            RefUpdate(ALPHA, b, None),        # must be absent, but exists
            RefUpdate(BETA, b, a),            # expected a value, but absent
            RefUpdate("skillgit/new/gamma", a, None),
        ])
    assert [(r.ref, r.status) for r in results] == [
        (f"refs/heads/{ALPHA}", "rejected-lease"), (f"refs/heads/{BETA}", "rejected-lease"),
        ("refs/heads/skillgit/new/gamma", "ok")]
    assert "expected absent" in results[0].message
    assert remote_tip(git_server, ALPHA) == a and remote_tip(git_server, BETA) is None


def test_delete_merged_branch_only_at_the_expected_tip(
        local: Path, target: RemoteTarget, git_server: GitHttpServer, tmp_path: Path) -> None:
    a, b = proposal(local, "alpha", "fp-a"), proposal(local, "beta", "fp-b")
    with GitRepo(local) as g:
        push_proposals(g, target, {ALPHA: a, BETA: b}, IDENTITY)
    moved = reviewer_commit(git_server, tmp_path, BETA)
    with GitRepo(local) as g:
        results = delete_branches(g, target, {ALPHA: a, BETA: b})
        gone = delete_branches(g, target, {ALPHA: a})     # already gone: nothing to do
    assert [(r.ref, r.status) for r in results] == [
        (f"refs/heads/{ALPHA}", "ok"), (f"refs/heads/{BETA}", "rejected-lease")]
    assert [r.status for r in gone] == ["unchanged"]
    assert remote_tip(git_server, ALPHA) is None
    assert remote_tip(git_server, BETA) == moved


def test_fetch_brings_objects_only(local: Path, target: RemoteTarget,
                                   git_server: GitHttpServer, tmp_path: Path) -> None:
    a = proposal(local, "alpha", "fp-a")
    with GitRepo(local) as g:
        push(g, target, [RefUpdate(ALPHA, a, None)])
    theirs = reviewer_commit(git_server, tmp_path, ALPHA)
    before = (git(local, "for-each-ref"), git(local, "status", "--porcelain"),
              (local / ".git" / "HEAD").read_text(), (local / ".git" / "index").read_bytes())
    with GitRepo(local) as g:
        assert fetch(g, target, [ALPHA]) == {f"refs/heads/{ALPHA}": theirs}
        assert g.commit_info(theirs).parents == (a,)
        assert fetch(g, target, ["skillgit/new/none"]) == {}
    assert before == (git(local, "for-each-ref"), git(local, "status", "--porcelain"),
                      (local / ".git" / "HEAD").read_text(),
                      (local / ".git" / "index").read_bytes())


def test_dry_run_pushes_nothing(local: Path, target: RemoteTarget,
                                git_server: GitHttpServer) -> None:
    a1 = proposal(local, "alpha", "fp-1")
    with GitRepo(local) as g:
        push_proposals(g, target, {ALPHA: a1}, IDENTITY)
    a2, b = proposal(local, "alpha", "fp-2"), proposal(local, "beta", "fp-b")
    with GitRepo(local) as g:
        results = push_proposals(g, target, {ALPHA: a2, BETA: b}, IDENTITY, dry_run=True)
    assert [r.status for r in results] == ["would-update", "would-push"]
    assert len(git_server.writes()) == 1
    assert remote_tip(git_server, ALPHA) == a1 and remote_tip(git_server, BETA) is None
