"""The rejection ledger: `rejected.json` on the branch `skillgit/ledger`.

Why a branch: it is visible (listed and browsable like any branch on GitHub), pushable with
the proposal branches, reviewable in history (one commit per reject/unreject, what and
when), and writing it never touches the checked-out branch or the work tree. A rejected
proposal is not proposed again until its evidence materially grows (at least half as many
sessions again, and at least two more).
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timezone

from pydantic import BaseModel, Field, ValidationError

from skillgit.gitops import FileChange, GitError, GitRepo

LEDGER_BRANCH = "skillgit/ledger"
LEDGER_FILE = "rejected.json"


class Rejection(BaseModel):
    kind: str
    skill: str
    fingerprint: str
    sessions: int
    candidate: str = ""
    pr_url: str = ""              # the pull request closed unmerged, when that was the "no"
    rejected_at: str = Field(default_factory=lambda: datetime.now(timezone.utc).isoformat(
        timespec="seconds"))


class Merged(BaseModel):
    """A proposal merged into the base branch: its lesson is covered by the skill."""

    kind: str
    skill: str
    fingerprint: str
    sessions: int
    commit: str = ""              # the commit that brought it into the base branch
    lessons: list[str] = Field(default_factory=list)  # its list items then (rules, steps)


def grown(before: int, now: int) -> bool:
    """Evidence has materially grown: at least half as many sessions again, and two more."""
    return now >= max(before + 2, math.ceil(before * 1.5))


class Ledger(BaseModel):
    version: int = 1
    rejected: list[Rejection] = Field(default_factory=list)
    # merged proposals, for clones whose history does not reach back to the merge
    merged: list[Merged] = Field(default_factory=list)
    # pull requests closed unmerged whose "no" was withdrawn (unreject): their close is no
    # longer read as a rejection, so the lesson may come back with the same evidence
    unrejected: list[str] = Field(default_factory=list)

    def find(self, kind: str, skill: str, candidate: str = "") -> Rejection | None:
        for entry in self.rejected:
            if entry.kind == kind and (entry.skill == skill
                                       or (candidate and entry.candidate == candidate)):
                return entry
        return None

    def without(self, removed: list[Rejection]) -> Ledger:
        """The ledger with `removed` forgotten; their pull requests are remembered as
        unrejected (a later publish must not read their close as a "no" again)."""
        gone = {(r.kind, r.skill, r.fingerprint) for r in removed}
        urls = [r.pr_url for r in removed if r.pr_url and r.pr_url not in self.unrejected]
        return self.model_copy(update={
            "rejected": [r for r in self.rejected
                         if (r.kind, r.skill, r.fingerprint) not in gone],
            "unrejected": sorted([*self.unrejected, *urls])})

    def blocks(self, kind: str, skill: str, sessions: int, candidate: str = "") -> bool:
        """True while the evidence has not materially grown since the rejection."""
        entry = self.find(kind, skill, candidate)
        return entry is not None and not grown(entry.sessions, sessions)


def load_ledger(repo: GitRepo) -> tuple[Ledger, str | None]:
    """The ledger and the commit it was read from (None when there is no ledger yet)."""
    tip = repo.ref_sha(LEDGER_BRANCH)
    return (Ledger(), None) if tip is None else (read_ledger(repo, tip), tip)


def ledger_bytes(ledger: Ledger) -> bytes:
    """The ledger as it is stored in `rejected.json`."""
    data = ledger.model_dump()
    for key in ("merged", "unrejected"):  # absent when empty: reads as before they existed
        if not data[key]:
            del data[key]
    return json.dumps(data, indent=2, sort_keys=True).encode() + b"\n"


def read_ledger(repo: GitRepo, commit: str) -> Ledger:
    """The ledger as of `commit` on the ledger branch (empty when the file is absent)."""
    data = repo.read_file(commit, LEDGER_FILE)
    if data is None:
        return Ledger()
    try:
        return Ledger.model_validate(json.loads(data))
    except (ValueError, ValidationError) as exc:
        raise GitError(f"{LEDGER_BRANCH}:{LEDGER_FILE} at {commit[:12]} is not a valid "
                       f"ledger: {exc}") from None


def save_ledger(repo: GitRepo, ledger: Ledger, tip: str | None, message: str,
                identity: str) -> str:
    """Commit the ledger on its branch (compare-and-swap against `tip`)."""
    content = ledger_bytes(ledger)
    sha = repo.write_commit(tip, [FileChange(LEDGER_FILE, content)], message, identity)
    repo.set_ref(LEDGER_BRANCH, sha, tip, message.splitlines()[0])
    return sha


def record_merged(repo: GitRepo, entries: list[Merged], identity: str) -> str | None:
    """Add merge records the ledger lacks (call it under the repository lock): a later
    shallow clone, whose history stops before the merge, still knows the lesson is covered.
    Returns the new ledger tip, or None when there was nothing to add."""
    ledger, tip = load_ledger(repo)
    have = {(m.skill, m.fingerprint) for m in ledger.merged}
    new = [m for m in entries if (m.skill, m.fingerprint) not in have]
    if not new:
        return None
    ledger.merged = ledger.merged + sorted(new, key=lambda m: (m.skill, m.fingerprint))
    names = ", ".join(sorted({m.skill for m in new}))
    return save_ledger(repo, ledger, tip, f"skillgit: record merged proposals ({names})\n\n"
                       + "".join(f"{m.kind} {m.skill}: fingerprint {m.fingerprint}, "
                                 f"{m.sessions} sessions of evidence, merged in "
                                 f"{m.commit[:12]}\n" for m in new), identity)
