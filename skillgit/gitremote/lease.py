"""Fetch and push with a lease: the primitives `publish` and `share` build on.

`push()`: each `RefUpdate` names the value the remote ref must have (None: absent) at the
moment of the push. The check is made against the refs the server advertises in the same
receive-pack exchange that carries the update, and the server itself moves each ref only from
that advertised value, so a concurrent push makes the update fail instead of being overwritten.
A refused update is reported (`rejected-lease` / `rejected-remote`), not raised.

`fetch()` brings remote commits into the object store only (no ref, index, HEAD or work tree).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from skillgit.gitops import GitRepo
from skillgit.gitremote.target import RemoteTarget
from skillgit.gitremote.transport import check_formats, fetch_commits, send_updates

PushStatus = Literal["ok", "unchanged", "rejected-lease", "rejected-remote"]


def full_ref(name: str) -> str:
    return name if name.startswith("refs/") else f"refs/heads/{name}"


@dataclass(frozen=True)
class RefUpdate:
    """Set `ref` to `new` (None deletes it) only if the remote has `expected` (None: absent)."""

    ref: str
    new: str | None
    expected: str | None


@dataclass(frozen=True)
class PushResult:
    ref: str
    status: PushStatus
    remote_before: str | None   # what the remote had when the push was made
    new: str | None
    message: str = ""


def fetch(repo: GitRepo, target: RemoteTarget, refs: Mapping[str, str] | Iterable[str]
          ) -> dict[str, str]:
    """Bring the remote commits of `refs` into the local object store (objects only: no ref,
    index, HEAD or work-tree change). `refs` is ref → sha as seen by `remote_refs`, or ref
    names (looked up now). Returns ref → sha of what is now available locally."""
    current = check_formats(repo, target)
    if isinstance(refs, Mapping):
        wanted = {full_ref(ref): sha for ref, sha in refs.items()}
    else:
        wanted = {ref: current[ref] for ref in map(full_ref, refs) if ref in current}
    return fetch_commits(repo, target, wanted) if wanted else {}


def push(repo: GitRepo, target: RemoteTarget, updates: list[RefUpdate]) -> list[PushResult]:
    """Apply `updates` in one push; each one only if its lease holds. One result per update."""
    wanted = {full_ref(u.ref): u for u in updates}
    decided: dict[str, PushResult] = {}

    def decide(advertised: dict[str, str]) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        for ref, update in wanted.items():
            current = advertised.get(ref)
            if current == update.new:
                decided[ref] = PushResult(ref, "unchanged", current, update.new)
            elif current != update.expected:
                shown = current[:12] if current else "absent"
                expected = update.expected[:12] if update.expected else "absent"
                decided[ref] = PushResult(ref, "rejected-lease", current, update.new,
                                          f"the remote ref is at {shown}, expected {expected}: "
                                          "someone pushed meanwhile; left as is")
            else:
                out[ref] = update.new
        return out

    if not wanted:
        return []
    check_formats(repo, target)
    advertised, sent, status = send_updates(repo, target, decide)
    results = []
    for ref, update in wanted.items():
        if ref in decided:
            results.append(decided[ref])
        elif ref in sent and status.get(ref) is None:
            results.append(PushResult(ref, "ok", advertised.get(ref), update.new))
        else:
            results.append(PushResult(ref, "rejected-remote", advertised.get(ref), update.new,
                                      status.get(ref) or "the remote did not apply it"))
    return results
