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


class Ledger(BaseModel):
    version: int = 1
    rejected: list[Rejection] = Field(default_factory=list)

    def find(self, kind: str, skill: str, candidate: str = "") -> Rejection | None:
        for entry in self.rejected:
            if entry.kind == kind and (entry.skill == skill
                                       or (candidate and entry.candidate == candidate)):
                return entry
        return None

    def blocks(self, kind: str, skill: str, sessions: int, candidate: str = "") -> bool:
        """True while the evidence has not materially grown since the rejection."""
        entry = self.find(kind, skill, candidate)
        if entry is None:
            return False
        needed = max(entry.sessions + 2, math.ceil(entry.sessions * 1.5))
        return sessions < needed


def load_ledger(repo: GitRepo) -> tuple[Ledger, str | None]:
    """The ledger and the commit it was read from (None when there is no ledger yet)."""
    tip = repo.ref_sha(LEDGER_BRANCH)
    return (Ledger(), None) if tip is None else (read_ledger(repo, tip), tip)


def ledger_bytes(ledger: Ledger) -> bytes:
    """The ledger as it is stored in `rejected.json`."""
    return json.dumps(ledger.model_dump(), indent=2, sort_keys=True).encode() + b"\n"


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
