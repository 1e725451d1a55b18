"""Each `publish` starts by bringing GitHub in line with what skillgit knows, so a run killed
half-way, or a decision taken elsewhere, converges on the next run. Every repair is found by
a marker (the PR body's fingerprint) and is a no-op when already done; nothing is written on a
week where there is nothing to repair.

- an open skillgit PR whose proposal was rejected in the ledger (`proposals reject`) is closed
  with a comment, and no longer takes a `--max-open` slot;
- an open skillgit PR missing one of the labels gets it (a run killed between "PR created"
  and "PR labelled");
- a proposal branch left on the remote after its PR was merged is deleted, while it is still
  at the merged tip (a fresh clone has no local branch, so the per-branch lifecycle never
  reaches it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skillgit.forge.errors import ForgeError
from skillgit.forge.models import PullRequest
from skillgit.gitops import GitRepo
from skillgit.gitremote import RemoteTarget
from skillgit.publish.body import parse_fingerprint
from skillgit.publish.model import Outcome, PublishOptions
from skillgit.publish.proposals import LocalBranch
from skillgit.publish.push import delete_branches, remote_refs
from skillgit.publish.writes import Writes
from skillgit.wire.branches import PROPOSAL_PREFIXES as PREFIXES
from skillgit.wire.ledger import load_ledger


@dataclass
class Reconciled:
    open_pulls: list[PullRequest]                  # still open once reconciled
    outcomes: list[Outcome] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def reconcile(repo: GitRepo, writes: Writes, target: RemoteTarget,
              open_pulls: list[PullRequest], branches: list[LocalBranch],
              options: PublishOptions) -> Reconciled:
    ledger, _ = load_ledger(repo)
    rejected = {entry.fingerprint for entry in ledger.rejected}
    local = {b.branch: b.fingerprint for b in branches}
    done = Reconciled(open_pulls=[])
    for pull in open_pulls:
        branch, fingerprint = pull.head.ref, parse_fingerprint(pull.body)
        try:
            if fingerprint is not None and fingerprint in rejected and \
                    local.get(branch, fingerprint) == fingerprint:
                writes.close_rejected(pull)
                done.outcomes.append(Outcome(
                    branch=branch, status="would-close" if writes.dry_run else "closed",
                    url=pull.html_url, number=pull.number, fingerprint=fingerprint,
                    detail="its proposal was rejected (in the ledger); closed with a comment"))
                continue
            have = {name.lower() for name in pull.label_names}
            missing = [name for name in options.labels if name.lower() not in have]
            if fingerprint is not None and missing:
                writes.add_labels(pull, missing)
                done.notes.append(f"#{pull.number} {branch}: "
                                  f"{'would add' if writes.dry_run else 'added'} the missing "
                                  f"label(s) {', '.join(missing)}")
        except ForgeError as exc:
            done.errors.append(f"{branch}: {exc}")
        done.open_pulls.append(pull)
    _merged_branches(repo, writes, target, done, set(local))
    return done


def _merged_branches(repo: GitRepo, writes: Writes, target: RemoteTarget, done: Reconciled,
                     local: set[str]) -> None:
    """Remote proposal branches with no open PR and no local branch (the per-branch lifecycle
    handles those) whose newest PR was merged at the remote tip: deleted, with a lease."""
    busy = {p.head.ref for p in done.open_pulls} | local
    merged: dict[str, str] = {}
    for ref, sha in remote_refs(target).items():
        branch = ref.removeprefix("refs/heads/")
        if not branch.startswith(PREFIXES) or branch in busy:
            continue
        try:
            closed = writes.client.pulls_for_branch(branch, "closed")
        except ForgeError as exc:
            done.errors.append(f"{branch}: {exc}")
            continue
        if closed and closed[0].outcome == "merged" and closed[0].head.sha == sha:
            merged[branch] = sha
    if writes.dry_run:
        writes.planned += [f"delete {b} on the remote (its pull request was merged)"
                           for b in merged]
        return
    for gone in delete_branches(repo, target, merged) if merged else []:
        branch = gone.ref.removeprefix("refs/heads/")
        if gone.status == "ok":
            done.notes.append(f"{branch}: deleted on the remote (its pull request was merged)")
        elif gone.status != "unchanged":  # moved meanwhile: someone's push, left alone
            done.notes.append(f"{branch}: not deleted on the remote: {gone.message}")
