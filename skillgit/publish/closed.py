"""What a human's decision on a pull request does locally: a close is a rejection recorded in
the ledger (with the PR URL), a merge deletes the proposal branch.

Both work like `proposals reject`: under the repository lock, each branch deleted only while
it is still at the tip the decision was about (compare-and-swap), and the ledger written in
one commit per run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skillgit.gitops import GitError, GitRepo
from skillgit.interrupts import deferred
from skillgit.wire.commit import parse_trailers
from skillgit.wire.ledger import LEDGER_BRANCH, Ledger, Rejection, load_ledger, save_ledger
from skillgit.wire.lock import writing


@dataclass(frozen=True)
class ClosedPull:
    """A proposal whose pull request was closed unmerged."""

    branch: str
    kind: str
    skill: str
    fingerprint: str
    sessions: int
    pr_url: str
    delete_tip: str | None       # delete the local branch at this tip (None: keep it)


def sessions_of(repo: GitRepo, sha: str) -> int | None:
    """`Skillgit-Evidence: N sessions` of a commit, when the commit is here."""
    try:
        evidence = parse_trailers(repo.commit_info(sha).message).get("Skillgit-Evidence", "")
    except (GitError, KeyError, ValueError):
        return None
    first = evidence.split()[0] if evidence.split() else ""
    return int(first) if first.isdigit() else None


def with_rejection(ledger: Ledger, closed: ClosedPull) -> Ledger:
    """The ledger with `closed` recorded, replacing any older entry for the same proposal
    (as `proposals reject` does); unchanged when that very fingerprint is recorded."""
    if any(r.fingerprint == closed.fingerprint and r.kind == closed.kind
           and r.skill == closed.skill for r in ledger.rejected):
        return ledger
    entry = Rejection(kind=closed.kind, skill=closed.skill, fingerprint=closed.fingerprint,
                      sessions=closed.sessions, pr_url=closed.pr_url)
    kept = [r for r in ledger.rejected if (r.kind, r.skill) != (closed.kind, closed.skill)]
    return Ledger(version=ledger.version, rejected=[*kept, entry])


def record_closed(repo: GitRepo, closed: Sequence[ClosedPull], identity: str,
                  wait_seconds: float) -> int:
    """Record every close in the ledger (one commit) and delete the rejected local branches.
    Returns how many rejections were new to the ledger."""
    if not closed:
        return 0
    deleting = [c for c in closed if c.delete_tip is not None]
    with writing(repo, [LEDGER_BRANCH, *(c.branch for c in deleting)], wait_seconds):
        ledger, tip = load_ledger(repo)
        updated = ledger
        for item in closed:
            updated = with_rejection(updated, item)
        new = len({r.fingerprint for r in updated.rejected}
                  - {r.fingerprint for r in ledger.rejected})
        with deferred():
            if updated != ledger:
                urls = "\n".join(f"- {c.branch}: {c.pr_url}" for c in closed)
                save_ledger(repo, updated, tip, f"skillgit: record {len(closed)} pull "
                            f"request(s) closed without merging\n\n{urls}\n", identity)
            for item in deleting:
                if item.delete_tip is not None and repo.ref_sha(item.branch) == item.delete_tip:
                    repo.delete_ref(item.branch, item.delete_tip)
    return new


def delete_local(repo: GitRepo, tips: dict[str, str], wait_seconds: float) -> list[str]:
    """Delete local branches still at the given tips; returns the ones deleted."""
    if not tips:
        return []
    done = []
    with writing(repo, list(tips), wait_seconds), deferred():
        for branch, sha in sorted(tips.items()):
            if repo.ref_sha(branch) == sha:
                repo.delete_ref(branch, sha)
                done.append(branch)
    return done
