"""Put the measured effect into a proposal's one commit.

The commit is rewritten with the same tree and parent (and author, committer and dates): only
its message changes (`effect.with_effect`). The branch moves by compare-and-swap under the
repository lock, so a concurrent `mine` or a human push makes it fail cleanly; the working
tree, the index, HEAD and the checked-out branch are never touched. A branch whose tip
skillgit did not make is left alone.
"""

from __future__ import annotations

from typing import Literal

from skillgit.gitops import GitRepo
from skillgit.interrupts import deferred
from skillgit.proposal import MeasuredEffect
from skillgit.verify.effect import with_effect
from skillgit.wire.commit import made_by_skillgit
from skillgit.wire.lock import writing

Written = Literal["written", "unchanged", "foreign", "moved", "would-write"]


def write_effect(repo: GitRepo, branch: str, expected_tip: str, effect: MeasuredEffect,
                 identity: str, *, dry_run: bool = False,
                 wait_seconds: float = 30.0) -> tuple[Written, str]:
    """(status, the branch's tip afterwards)."""
    if dry_run:
        return "would-write", expected_tip
    with writing(repo, [branch], wait_seconds):
        tip = repo.ref_sha(branch)
        if tip != expected_tip:
            return "moved", tip or ""
        if not made_by_skillgit(repo, tip, identity):
            return "foreign", tip
        info = repo.commit_info(tip)
        message = with_effect(info.message, effect)
        if message == info.message:
            return "unchanged", tip
        with deferred():
            new = repo.reword(tip, message)
            repo.set_ref(branch, new, tip, f"verify {branch}: measured effect")
        return "written", new
