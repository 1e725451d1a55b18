"""`skillgit publish`: each local proposal branch through its pull request's life (Renovate's
model, see shared/research/bots-and-github.md §1).

Per proposal branch (`skillgit/new|update/<skill>`):
- no PR yet → push, open the PR (title = commit subject), labels, reviewers, draft if asked;
- an open PR with the same fingerprint → nothing at all (no write);
- an open PR with another fingerprint (the evidence grew) → push with a lease, update the
  title and description of the same PR;
- the newest PR closed unmerged → a rejection in the ledger, with the PR URL; never reopened.
  A newer proposal comes back only when its evidence grew materially (the ledger's rule), as
  a new PR that links the closed one;
- merged → the remote and local branches are deleted if still at the merged tip;
- `max_open` open skillgit PRs at most: beyond it nothing new opens (`skipped-limit`), open
  ones are still updated; waiting proposals, rejections and the last run's rejected
  candidates go to one dashboard issue, whose ticked boxes (open now, unreject, retry) are
  read at the start of the run and honoured (`panel.py`);
- a branch holding someone else's commit (here or on the remote) → `foreign`, left alone.

Reads first (one listing of open PRs, then closed PRs only for branches without an open
one), then one push for every branch to push, then the API writes, then the ledger. Each run
starts by reconciling (`reconcile.py`: rejected PRs closed, missing labels added, merged
branches deleted). Each PR is handled on its own: an API error on one is reported as that
proposal's `failed` outcome and in `errors`, and the run goes on with the others.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skillgit.errors import UsageError
from skillgit.forge.errors import (
    ActionsCannotCreatePullRequests,
    BadCredentials,
    ForgeError,
    RateLimited,
)
from skillgit.forge.protocol import Forge
from skillgit.gitops import GitRepo
from skillgit.gitremote import RemoteTarget
from skillgit.publish.body import render_body, render_title
from skillgit.publish.closed import (
    ClosedPull,
    delete_local,
    record_closed,
)
from skillgit.publish.ledger_sync import sync_ledger
from skillgit.publish.model import DashboardOutcome, Outcome, PublishOptions, PublishResult
from skillgit.publish.panel import (
    Panel,
    read_panel,
    report_controls,
    retry_steps,
    unreject_ticked,
    write_dashboard,
)
from skillgit.publish.plan import Step, closed_pull, plan
from skillgit.publish.proposals import (
    local_branches,
    read_proposal,
    validate_at,
)
from skillgit.publish.push import delete_branches, push_proposals
from skillgit.publish.reconcile import reconcile
from skillgit.publish.writes import Writes
from skillgit.verify.effect import labels_for, stale_effect_labels
from skillgit.wire.branches import PROPOSAL_PREFIXES as PREFIXES
from skillgit.wire.branches import resolve_base

# The forge of the repository and its git remote (GitHub: `github.connect.connect`).
Connect = Callable[[GitRepo], tuple[Forge, RemoteTarget]]


def run_publish(repo_path: Path, options: PublishOptions, connect: Connect) -> PublishResult:
    with GitRepo(repo_path) as repo:
        base, _ = resolve_base(repo, options.base)
        if base == "HEAD":
            raise UsageError("publish needs a base branch for the pull requests; pass --base")
        client, target = connect(repo)
        try:
            return _publish(repo, client, target, base, options)
        finally:
            client.close()


def _publish(repo: GitRepo, client: Forge, target: RemoteTarget, base: str,
             options: PublishOptions) -> PublishResult:
    result = PublishResult(repo=client.name, remote=target.label, base=base,
                           dry_run=options.dry_run)
    ledger_first = sync_ledger(repo, target, options.identity, options.dry_run,
                               options.lock_wait_seconds)
    result.ledger = ledger_first.status
    branches = local_branches(repo, options.identity)
    writes = Writes(client, options.dry_run)
    panel = read_panel(repo, writes, branches, result) if options.dashboard else Panel()
    unrejected = unreject_ticked(repo, panel, options, result)
    open_pulls = [p for p in client.open_pulls(head_prefix="skillgit/")
                  if p.head.ref.startswith(PREFIXES)]
    fixed = reconcile(repo, writes, target, open_pulls, branches, options)
    result.outcomes += fixed.outcomes
    result.reconciled += fixed.notes
    result.errors += fixed.errors
    open_pulls = fixed.open_pulls
    steps = plan(repo, client, branches, {p.head.ref: p for p in open_pulls},
                 max(options.max_open - len(open_pulls), 0), force_open=panel.opens)
    retry_steps(panel, steps)
    pushed = _push(repo, target, steps, options, result)
    stop: ForgeError | None = None   # the token is refused or used up: no call can succeed
    for step in steps:
        if step.local.branch not in pushed:
            continue
        if stop is not None:
            result.outcomes.append(_failed(step, f"not tried: {stop}"))
            continue
        try:
            result.outcomes.append(_act(repo, writes, step, pushed[step.local.branch],
                                        base, options))
        except ForgeError as exc:  # this PR only: the run goes on with the others
            result.outcomes.append(_failed(step, str(exc)))
            result.errors.append(f"{step.local.branch}: {exc}")
            stop = exc if isinstance(exc, (BadCredentials, RateLimited)) else None
    _decisions(repo, target, steps, options, result)
    report_controls(panel, steps, result)
    if options.dashboard and stop is None:
        try:
            result.dashboard = write_dashboard(repo, writes, panel, branches, steps,
                                               open_pulls, result, options)
        except ForgeError as exc:
            result.dashboard = DashboardOutcome(status="failed")
            result.errors.append(f"dashboard: {exc}")
    result.errors += writes.errors
    result.reconciled += writes.notes
    if not options.dry_run and (result.count("rejected") or unrejected):
        result.ledger = sync_ledger(repo, target, options.identity, False,
                                    options.lock_wait_seconds).status
    result.planned += writes.planned
    result.warnings += writes.warnings
    order = {b.branch: i for i, b in enumerate(branches)}
    result.outcomes.sort(key=lambda o: order.get(o.branch, len(order)))
    return result


def _push(repo: GitRepo, target: RemoteTarget, steps: list[Step], options: PublishOptions,
          result: PublishResult) -> dict[str, str]:
    """Push what is to be opened, updated or checked; returns branch → push status, and
    records `foreign` / `failed` outcomes for branches that could not be pushed."""
    wanted = {s.local.branch: s.local.sha for s in steps
              if s.action in ("check", "update", "open")}
    statuses: dict[str, str] = {}
    for push in push_proposals(repo, target, wanted, options.identity, options.dry_run)\
            if wanted else []:
        if push.status in ("foreign", "rejected-lease", "rejected-remote"):
            step = next(s for s in steps if s.local.branch == push.branch)
            result.outcomes.append(Outcome(
                branch=push.branch, status="failed" if push.status == "rejected-remote"
                else "foreign", url=step.pull.html_url if step.pull else None,
                number=step.pull.number if step.pull else None,
                fingerprint=step.local.fingerprint, detail=push.message))
            continue
        statuses[push.branch] = push.status
        if push.status.startswith("would-"):
            was = "new" if push.remote is None else f"replaces {push.remote[:12]}"
            result.planned.append(f"push {push.branch} → {push.local[:12]} ({was})")
    return statuses


def _act(repo: GitRepo, writes: Writes, step: Step, push_status: str, base: str,
         options: PublishOptions) -> Outcome:
    local, pull = step.local, step.pull
    out = Outcome(branch=local.branch, status="unchanged", fingerprint=local.fingerprint,
                  url=pull.html_url if pull else None, number=pull.number if pull else None)
    if step.action == "check":
        return out
    proposal = read_proposal(repo, local)
    report = validate_at(repo, local.sha, proposal.change.directory)
    parent = repo.commit_info(local.sha).parents[0]
    before_report = validate_at(repo, parent, proposal.change.directory) \
        if proposal.kind == "update" else None
    before = before_report.context_tokens if before_report is not None else None
    title = render_title(proposal)
    body = render_body(proposal, report, before, previous_pr=step.previous,
                       sessions=local.sessions)
    effect_labels = labels_for(proposal.effect)   # `skill:no-measured-effect`
    if step.action == "update" and pull is not None:
        writes.update_pull(pull, title, body)
        have = {label.name.lower() for label in pull.labels}
        if missing := [name for name in effect_labels if name.lower() not in have]:
            writes.add_labels(pull, missing)
        if stale := stale_effect_labels(proposal.effect, have):
            writes.remove_labels(pull, stale)
        return out.model_copy(update={"status": "would-update" if options.dry_run
                                      else "updated"})
    try:
        opened, existed = writes.open_pull(
            title=title, head=local.branch, base=base, body=body, draft=options.draft,
            labels=[*options.labels, *effect_labels], reviewers=options.reviewers,
            team_reviewers=options.team_reviewers)
    except ActionsCannotCreatePullRequests as exc:
        return out.model_copy(update={"status": "pushed", "detail": str(exc),
                                      "url": writes.client.compare_url(base, local.branch)})
    if opened is None:  # a dry run
        return out.model_copy(update={"status": "would-open"})
    return out.model_copy(update={"status": "updated" if existed else "opened",
                                  "url": opened.html_url, "number": opened.number})


def _failed(step: Step, detail: str) -> Outcome:
    pull = step.pull
    return Outcome(branch=step.local.branch, status="failed", fingerprint=step.local.fingerprint,
                   url=pull.html_url if pull else None, number=pull.number if pull else None,
                   detail=detail)


def _decisions(repo: GitRepo, target: RemoteTarget, steps: list[Step],
               options: PublishOptions, result: PublishResult) -> None:
    """Rejections into the ledger, merged branches deleted, the rest reported."""
    closed: list[ClosedPull] = []
    merged: dict[str, str] = {}
    for step in steps:
        local, pull = step.local, step.pull
        out = Outcome(branch=local.branch, status="rejected", fingerprint=local.fingerprint,
                      url=pull.html_url if pull else None, number=pull.number if pull else None,
                      detail=step.detail)
        if step.action == "rejected":
            if pull is not None:
                closed.append(closed_pull(repo, local, pull))
            result.outcomes.append(out)
        elif step.action == "merged" and pull is not None:
            merged[local.branch] = pull.head.sha
            result.outcomes.append(out.model_copy(update={"status": "merged"}))
        elif step.action in ("skipped-limit", "foreign"):
            result.outcomes.append(out.model_copy(update={"status": step.action}))
        elif step.action == "failed":
            result.outcomes.append(_failed(step, step.detail))
            result.errors.append(f"{local.branch}: {step.detail}")
    if options.dry_run:
        result.planned += [f"record the rejection of {c.branch} ({c.pr_url}) in the ledger"
                           for c in closed]
        result.planned += [f"delete {b} here and on the remote (merged)" for b in merged]
        return
    record_closed(repo, closed, options.identity, options.lock_wait_seconds)
    if merged:
        for gone in delete_branches(repo, target, merged):
            if gone.status not in ("ok", "unchanged"):
                result.warnings.append(f"{gone.ref}: not deleted on the remote: {gone.message}")
        local_tips = {b: sha for b, sha in merged.items() if repo.ref_sha(b) == sha}
        delete_local(repo, local_tips, options.lock_wait_seconds)
