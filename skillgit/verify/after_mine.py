"""The verify step of `mine` (and so of the Action's mine-and-publish).

When a model is configured for it (`--verify-llm` / `--verify-model`, config `verify.llm` /
`verify.model`), each proposal the run wrote, updated or found unchanged is replayed and its
figures are written into its one commit (`Skillgit-Effect:` trailer and table); `publish`
then carries them into the pull request body, updated in place. The cases come from the
replays the run's digests carry (local or shared alike), so the sessions are not parsed a
second time; the verdict and case caches answer an unchanged re-run with no request. With no
model configured nothing happens; with the offline engine the step is a note and nothing is
measured. A step that cannot run (no key, the model unreachable or refusing the key, no
price to cap `verify.max_usd`) is a warning naming why: the proposals are written either way
and `mine` exits 0 (`cli/mine_verify.py`). Each proposal's evidence is handed over as the run
had it, with its sessions' full ids (a commit message shows them shortened to 8 characters),
and recorded in the cache so that a later `skillgit verify` here resolves them exactly too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skillgit.digest import Digest
from skillgit.errors import UsageError
from skillgit.gitops import GitRepo
from skillgit.llm.base import EngineUnavailable
from skillgit.verify.cache import VerifyCache
from skillgit.verify.run import Evidence, Verifier, VerifyReport

MEASURED_STATUSES = ("written", "updated", "unchanged")


@dataclass
class MineVerify:
    """What the step did: its report, or why it did not run."""

    report: VerifyReport | None = None
    problem: str = ""
    tips: dict[str, str] = field(default_factory=dict)   # branch -> its tip after rewording


def verify_after_mine(repo_path: Path, outcomes: Sequence[tuple[str, str]], verifier: Verifier,
                      cache: VerifyCache, digests: Sequence[Digest],
                      evidence: Evidence | None = None) -> MineVerify:
    """Replay the proposals among `outcomes` ((branch, status) pairs) that were written.
    `evidence`: each proposal's evidence as the run had it (fingerprint -> signals with
    their sessions' full ids), recorded in the cache for a later `skillgit verify`."""
    branches = [branch for branch, status in outcomes if status in MEASURED_STATUSES]
    if not branches:
        return MineVerify()
    kept = list(digests)
    for fingerprint, signals in (evidence or {}).items():
        cache.put_evidence(fingerprint, list(signals))
    try:
        with GitRepo(repo_path) as repo:
            report = verifier.report(repo, branches, cache, lambda: [], lambda: kept,
                                     evidence=evidence)
    except (EngineUnavailable, UsageError) as exc:
        return MineVerify(problem=str(exc))
    tips = {p.branch: p.tip for p in report.proposals if p.written == "written" and p.tip}
    return MineVerify(report=report, tips=tips)
