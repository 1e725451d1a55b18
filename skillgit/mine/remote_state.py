"""Proposal state that lives on the remote: the rejection ledger and the open proposals.

The scheduled Action mines from a fresh clone: no local `skillgit/ledger`, no local proposal
branches (and `actions/checkout` fetches one branch only, so no remote-tracking refs either).
`read_remote_state` lists the remote's `skillgit/*` branches once and fetches the ledger and
the proposal tips in one fetch (objects only). The ledger used is the newer of the local and
the remote one (both, when they diverged: a rejection recorded on either side blocks). The
remote's proposal tips let `write_proposal` keep an unchanged proposal's commit.

Offline, or with no such remote, the local state is used (and remote-tracking refs, when the
clone has them), with a note saying so. Nothing here moves a ref: see `adopt_ledger`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from skillgit.github.remote_token import with_github_token
from skillgit.gitops import GitError, GitRepo
from skillgit.gitremote import RemoteError, RemoteTarget, fetch_commits, ls_remote
from skillgit.wire.branches import PROPOSAL_PREFIXES
from skillgit.wire.ledger import LEDGER_BRANCH, Ledger, read_ledger

DEFAULT_REMOTE = "origin"


@dataclass
class RemoteState:
    """The ledger to honour, and the remote's proposal tips (branch → sha, objects local)."""

    ledger: Ledger = field(default_factory=Ledger)
    local_tip: str | None = None     # the local ledger tip it was read with
    remote_tip: str | None = None    # the remote ledger tip, when it is here and newer
    proposals: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _target(repo: GitRepo, spec: str, environ: Mapping[str, str]) -> RemoteTarget:
    """The remote, with the GitHub token in memory for the GitHub server's host (as publish
    and share do); a remote that needs no token works without one."""
    return with_github_token(RemoteTarget.resolve(repo, spec), environ)


def _tracking(repo: GitRepo, name: str) -> dict[str, str]:
    """What the clone's remote-tracking refs say of the remote's skillgit branches."""
    return {branch: sha for branch, sha in repo.refs_under(f"refs/remotes/{name}/").items()
            if branch.startswith("skillgit/")}


def _remote_branches(repo: GitRepo, spec: str, environ: Mapping[str, str],
                     notes: list[str]) -> dict[str, str]:
    """Branch → sha of the remote's skillgit branches whose commits are here now (one
    ls-remote, one fetch); the tracking refs when the remote cannot be asked."""
    try:
        target = _target(repo, spec, environ)
    except RemoteError:
        notes.append(f"no remote {spec!r}: the ledger and open proposals are read from this "
                     "repository only")
        return {}
    try:
        refs, _ = ls_remote(target)
        wanted = {ref: sha for ref, sha in refs.items()
                  if ref.startswith("refs/heads/skillgit/")}
        return {ref.removeprefix("refs/heads/"): sha
                for ref, sha in fetch_commits(repo, target, wanted).items()}
    except (RemoteError, GitError, KeyError, OSError) as exc:
        tracked = _tracking(repo, target.name or spec)
        here = {b: sha for b, sha in tracked.items()
                if repo.has_object(sha)}
        notes.append(f"cannot read the skillgit state on {target.label} "
                     f"({target.scrub(str(exc)) or type(exc).__name__}); using "
                     + ("its remote-tracking refs" if here else "this repository's") +
                     " ledger and proposals only")
        return here


def read_remote_state(repo: GitRepo, remote: str | None,
                      environ: Mapping[str, str]) -> RemoteState:
    """The ledger and open proposals, from the remote when the local ones are missing or
    behind (see the module docstring)."""
    state = RemoteState(local_tip=repo.ref_sha(LEDGER_BRANCH))
    found = _remote_branches(repo, remote or DEFAULT_REMOTE, environ, state.notes)
    state.proposals = {b: sha for b, sha in found.items() if b.startswith(PROPOSAL_PREFIXES)}
    local, theirs = state.local_tip, found.get(LEDGER_BRANCH)
    ours = read_ledger(repo, local) if local is not None else Ledger()
    if theirs is None or theirs == local or (local is not None
                                             and _contains(repo, local, theirs)):
        state.ledger = ours
        return state
    state.remote_tip = theirs
    remote_ledger = read_ledger(repo, theirs)
    if local is None or _contains(repo, theirs, local):
        state.ledger = remote_ledger
        return state
    # Diverged: honour every rejection either side holds (publish merges them for good).
    keys = {(r.kind, r.skill, r.fingerprint) for r in ours.rejected}
    state.ledger = ours.model_copy(update={"rejected": ours.rejected + [
        r for r in remote_ledger.rejected if (r.kind, r.skill, r.fingerprint) not in keys]})
    return state


def _contains(repo: GitRepo, tip: str, commit: str) -> bool:
    """`tip` has `commit` in its history (False when that cannot be told: missing objects)."""
    try:
        return repo.is_ancestor(commit, tip)
    except (GitError, KeyError):
        return False


def adopt_ledger(repo: GitRepo, state: RemoteState) -> str | None:
    """Move the local ledger branch to the remote's when it is missing or behind (call it
    under the repository lock). Returns the local tip `state.ledger` stands for: when the
    local ledger moved since `state` was read (a `proposals reject` meanwhile), the tip it
    was read with, so the caller sees the move. A diverged local ledger is left as it is."""
    local = repo.ref_sha(LEDGER_BRANCH)
    theirs = state.remote_tip
    if local != state.local_tip or theirs is None:
        return state.local_tip
    if local is not None and not _contains(repo, theirs, local):
        return local
    repo.set_ref(LEDGER_BRANCH, theirs, local, "ledger: fast-forward to the remote")
    return theirs
