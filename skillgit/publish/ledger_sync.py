"""Keep `skillgit/ledger` the same here and on the remote, never losing a rejection.

The ledger only moves forward on the remote (each push is a fast-forward, with a lease on the
remote tip just read). When both sides recorded rejections since they last agreed, the two
rejection sets are merged into a merge commit (parents: the local tip, then the remote tip) and
that is pushed. The merge is three-way against the common ancestor: every rejection recorded on
either side is kept; an entry is dropped only when one side removed it on purpose
(`proposals unreject`, or a re-rejection that replaced it) and the other side still has it as
it was in the common ancestor. When the remote moves again during the push, the sync starts
over (a few times) instead of overwriting it.

The local ledger branch is moved (compare-and-swap, under the repository lock) to what was
pushed, or to the remote tip when the remote is simply ahead, so the next `mine` honours the
rejections recorded elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skillgit.gitops import FileChange, GitRepo
from skillgit.gitremote import RemoteError, RemoteTarget, check_formats, fetch_commits
from skillgit.gitremote.lease import RefUpdate, push
from skillgit.interrupts import deferred
from skillgit.wire.ledger import (
    LEDGER_BRANCH,
    LEDGER_FILE,
    Ledger,
    Rejection,
    ledger_bytes,
    read_ledger,
)
from skillgit.wire.lock import writing

LEDGER_REF = f"refs/heads/{LEDGER_BRANCH}"
ATTEMPTS = 3

LedgerStatus = Literal["absent", "unchanged", "pushed", "fast-forwarded", "merged",
                       "would-push", "would-fast-forward", "would-merge"]


class LedgerPushRejected(RemoteError):
    """The remote refused the ledger (not a lease miss: e.g. a protected branch)."""


@dataclass(frozen=True)
class LedgerSync:
    status: LedgerStatus
    local: str | None    # the local ledger tip afterwards
    remote: str | None   # the remote ledger tip afterwards (or as seen, on a dry run)
    learned: int = 0     # rejections the local ledger gained from the remote


def _key(entry: Rejection) -> tuple[str, str, str]:
    return entry.kind, entry.skill, entry.fingerprint


def merge_rejections(base: Ledger, ours: Ledger, theirs: Ledger) -> Ledger:
    """Three-way merge of rejection sets (see the module docstring). Ours first, in order;
    for a rejection both sides hold, the earlier record is kept. Merge records and withdrawn
    rejections (`unrejected`) are only ever added, so theirs and ours are united (ours wins for
    the same skill and fingerprint)."""
    in_base = {_key(e): e for e in base.rejected}
    mine = {_key(e): e for e in ours.rejected}
    other = {_key(e): e for e in theirs.rejected}
    merged: dict[tuple[str, str, str], Rejection] = {}
    for key, entry in [*mine.items(), *other.items()]:
        if key in merged:
            if entry.rejected_at < merged[key].rejected_at:
                merged[key] = entry
            continue
        on_both = key in mine and key in other
        if on_both or key not in in_base:
            merged[key] = entry
    records = {(m.skill, m.fingerprint): m for m in [*theirs.merged, *ours.merged]}
    return Ledger(version=max(ours.version, theirs.version), rejected=list(merged.values()),
                  merged=sorted(records.values(), key=lambda m: (m.skill, m.fingerprint)),
                  unrejected=sorted({*ours.unrejected, *theirs.unrejected}))


def sync_ledger(repo: GitRepo, target: RemoteTarget, identity: str, dry_run: bool = False,
                wait_seconds: float = 30.0) -> LedgerSync:
    """Make the remote ledger contain the local one and the local one the remote's."""
    for _ in range(ATTEMPTS):
        remote = check_formats(repo, target).get(LEDGER_REF)
        local = repo.ref_sha(LEDGER_BRANCH)
        if remote is None and local is None:
            return LedgerSync("absent", None, None)
        if remote == local:
            return LedgerSync("unchanged", local, remote)
        if remote is not None:
            fetch_commits(repo, target, {LEDGER_REF: remote})
        outcome = _step(repo, target, identity, local, remote, dry_run, wait_seconds)
        if outcome is not None:
            return outcome
    raise RemoteError(f"{target.label}: {LEDGER_BRANCH} kept moving (here or on the remote) "
                      "while skillgit was syncing it; nothing was lost, run again")


def _step(repo: GitRepo, target: RemoteTarget, identity: str, local: str | None,
          remote: str | None, dry_run: bool, wait_seconds: float) -> LedgerSync | None:
    """One attempt; None when the remote moved under the lease, or the local ledger moved
    before the repository lock was taken (try again)."""
    if local is not None and (remote is None or repo.is_ancestor(remote, local)):
        if dry_run:
            return LedgerSync("would-push", local, remote)
        return _push(repo, target, local, remote, LedgerSync("pushed", local, local))
    assert remote is not None
    if local is None or repo.is_ancestor(local, remote):
        learned = _count_new(repo, local, remote)
        if dry_run:
            return LedgerSync("would-fast-forward", local, remote, learned)
        with writing(repo, [LEDGER_BRANCH], wait_seconds):
            if repo.ref_sha(LEDGER_BRANCH) != local:
                return None  # a `proposals reject` moved it meanwhile: start over
            repo.set_ref(LEDGER_BRANCH, remote, local, "ledger: fast-forward to the remote")
        return LedgerSync("fast-forwarded", remote, remote, learned)
    base = repo.merge_base(local, remote)
    ours, theirs = read_ledger(repo, local), read_ledger(repo, remote)
    merged = merge_rejections(read_ledger(repo, base) if base else Ledger(), ours, theirs)
    learned = len({_key(e) for e in merged.rejected} - {_key(e) for e in ours.rejected})
    if dry_run:
        return LedgerSync("would-merge", local, remote, learned)
    message = (f"skillgit: merge the remote {LEDGER_BRANCH}\n\n{len(merged.rejected)} "
               f"rejections: {learned} learnt from the remote, none lost from either side\n")
    with writing(repo, [LEDGER_BRANCH], wait_seconds), deferred():
        if repo.ref_sha(LEDGER_BRANCH) != local:
            return None  # a `proposals reject` moved it meanwhile: start over
        sha = repo.write_commit(local, [FileChange(LEDGER_FILE, ledger_bytes(merged))],
                                message, identity, merged=(remote,))
        repo.set_ref(LEDGER_BRANCH, sha, local, "ledger: merge the remote ledger")
    return _push(repo, target, sha, remote, LedgerSync("merged", sha, sha, learned))


def _push(repo: GitRepo, target: RemoteTarget, new: str, remote: str | None,
          done: LedgerSync) -> LedgerSync | None:
    [result] = push(repo, target, [RefUpdate(LEDGER_REF, new, remote)])
    if result.status in ("ok", "unchanged"):
        return done
    if result.status == "rejected-lease":
        return None
    raise LedgerPushRejected(f"{target.label}: the remote refused {LEDGER_BRANCH}: "
                             f"{result.message}")


def _count_new(repo: GitRepo, local: str | None, remote: str) -> int:
    ours = {_key(e) for e in read_ledger(repo, local).rejected} if local else set()
    return len({_key(e) for e in read_ledger(repo, remote).rejected} - ours)
