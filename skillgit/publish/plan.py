"""Which step each local proposal branch takes, from the reads alone (no write): the open
PR, else the newest closed one, the ledger and the `--max-open` slots left."""

from __future__ import annotations

from dataclasses import dataclass

from skillgit.forge.errors import ForgeError
from skillgit.forge.models import PullRequest
from skillgit.forge.protocol import Forge
from skillgit.gitops import GitRepo
from skillgit.publish.body import parse_fingerprint
from skillgit.publish.closed import ClosedPull, sessions_of, with_rejection
from skillgit.publish.proposals import LocalBranch
from skillgit.verify.effect import parse_effect_marker
from skillgit.wire.ledger import load_ledger


@dataclass
class Step:
    local: LocalBranch
    action: str                   # check | update | open | rejected | merged | skipped-limit |
    #                               foreign | failed
    pull: PullRequest | None = None
    previous: str | None = None   # a PR closed unmerged that the new one links
    detail: str = ""


def plan(repo: GitRepo, client: Forge, branches: list[LocalBranch],
         open_by_branch: dict[str, PullRequest], slots: int,
         force_open: frozenset[str] = frozenset()) -> list[Step]:
    """One step per branch; an API error on one branch is that branch's `failed` step.
    Branches in `force_open` (the dashboard's "open now") open over `slots`."""
    steps: list[Step] = []
    ledger, _ = load_ledger(repo)
    for local in branches:
        if not local.ours:
            steps.append(Step(local, "foreign", detail="the local branch has commits not made "
                              "by skillgit; not pushed"))
            continue
        pull = open_by_branch.get(local.branch)
        if pull is not None:
            same = parse_fingerprint(pull.body) == local.fingerprint and \
                parse_effect_marker(pull.body) == local.effect   # `verify` measured anew
            steps.append(Step(local, "check" if same else "update", pull))
            continue
        try:
            closed = client.pulls_for_branch(local.branch, "closed")
        except ForgeError as exc:
            steps.append(Step(local, "failed", detail=str(exc)))
            continue
        last = closed[0] if closed else None
        if last is not None and last.outcome == "closed" and last.html_url in \
                ledger.unrejected and not ledger.blocks(local.kind, local.skill, local.sessions):
            steps.append(Step(local, "open", previous=last.html_url))  # its "no" was withdrawn
            continue
        if last is not None and last.outcome == "merged" and (
                last.head.sha == local.sha or parse_fingerprint(last.body) == local.fingerprint):
            steps.append(Step(local, "merged", last))
        elif last is not None and last.outcome == "closed":
            if last.head.sha == local.sha or parse_fingerprint(last.body) == local.fingerprint:
                steps.append(Step(local, "rejected", last))
                continue
            known = ledger if ledger.find(local.kind, local.skill) else with_rejection(
                ledger, closed_pull(repo, local, last))
            steps.append(Step(local, "rejected", last, detail="the evidence has not grown "
                              "materially since this proposal was closed")
                         if known.blocks(local.kind, local.skill, local.sessions)
                         else Step(local, "open", previous=last.html_url))
        elif ledger.blocks(local.kind, local.skill, local.sessions):
            steps.append(Step(local, "rejected", detail="rejected in the ledger"))
        else:
            steps.append(Step(local, "open"))
    opening = sorted((s for s in steps if s.action == "open"),
                     key=lambda s: (-s.local.sessions, s.local.branch))
    for step in [s for s in opening if s.local.branch not in force_open][slots:]:
        step.action, step.detail = "skipped-limit", "over --max-open; listed on the dashboard"
    return steps


def closed_pull(repo: GitRepo, local: LocalBranch, pull: PullRequest) -> ClosedPull:
    """The rejection a PR closed unmerged stands for. Its own proposal when that is the local
    branch (which is then deleted, as `proposals reject` does); else an earlier one, with
    the evidence its commit names (when unknown: as much as the local proposal has, so the
    local one must grow materially before it comes back)."""
    fingerprint = parse_fingerprint(pull.body)
    if pull.head.sha == local.sha or fingerprint is None or fingerprint == local.fingerprint:
        return ClosedPull(local.branch, local.kind, local.skill, local.fingerprint,
                          local.sessions, pull.html_url, local.sha)
    sessions = sessions_of(repo, pull.head.sha)
    return ClosedPull(local.branch, local.kind, local.skill, fingerprint,
                      local.sessions if sessions is None else sessions, pull.html_url, None)
