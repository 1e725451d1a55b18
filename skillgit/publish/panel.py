"""The dashboard in a `publish` run: read once at the start (found by its marker and label,
never duplicated), its ticked boxes checked against skillgit's own state and acted on, and
rewritten at the end only when what it shows changed.

- **open now** (`skillgit:open=BRANCH`): the waiting proposal opens in this run, even over
  `--max-open` (it takes no slot from the others).
- **unreject** (`skillgit:unreject=FINGERPRINT`): the rejection is removed from the ledger
  (one commit, pushed with the ledger at the end of the run) and its closed pull request is
  remembered as withdrawn, so `mine` may propose the lesson again and `publish` opens it.
- **retry** (`skillgit:retry`): every open skillgit pull request's title and description is
  rewritten from its proposal (no write where they are the same), and this issue too.

Every ticked box is reported (`controls` in `--json`); one that names nothing skillgit knows
is ignored with a warning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone

from skillgit.forge.models import Issue, PullRequest
from skillgit.gitops import GitRepo
from skillgit.interrupts import deferred
from skillgit.publish.body import render_title
from skillgit.publish.controls import Control, known, ticked
from skillgit.publish.dashboard import OpenPull, Stamp, View, render_dashboard, sort_candidates
from skillgit.publish.model import ControlOutcome, DashboardOutcome, PublishOptions, PublishResult
from skillgit.publish.plan import Step
from skillgit.publish.proposals import LocalBranch, read_proposal, rejected_in_run
from skillgit.publish.writes import Writes
from skillgit.wire.ledger import LEDGER_BRANCH, load_ledger, save_ledger
from skillgit.wire.lock import writing

OPENED = ("opened", "would-open", "pushed", "updated")


@dataclass
class Panel:
    issue: Issue | None = None
    controls: list[Control] = field(default_factory=list)   # ticked, and known

    @property
    def opens(self) -> frozenset[str]:
        return frozenset(c.value for c in self.controls if c.kind == "open")

    @property
    def retry(self) -> bool:
        return any(c.kind == "retry" for c in self.controls)


def read_panel(repo: GitRepo, writes: Writes, branches: list[LocalBranch],
               result: PublishResult) -> Panel:
    """The dashboard issue and its ticked boxes (none when it is closed: closing it is how
    people stop it)."""
    issue = writes.find_dashboard()
    if issue is None or issue.state == "closed":
        return Panel(issue)
    ticks, warnings = ticked(issue.body or "")
    ledger, _ = load_ledger(repo)
    kept, ignored = known(ticks, {b.branch for b in branches if b.ours},
                          {r.fingerprint for r in ledger.rejected})
    result.warnings += warnings + [why for _, why in ignored]
    result.controls += [ControlOutcome(control=c.kind, value=c.value, status="ignored",
                                       detail=why) for c, why in ignored]
    return Panel(issue, kept)


def unreject_ticked(repo: GitRepo, panel: Panel, options: PublishOptions,
                    result: PublishResult) -> bool:
    """Remove the ticked rejections from the ledger (one commit); True when it changed."""
    wanted = [c.value for c in panel.controls if c.kind == "unreject"]
    if not wanted:
        return False
    ledger, _ = load_ledger(repo)
    gone = [r for r in ledger.rejected if r.fingerprint in wanted]
    if gone and not options.dry_run:
        with writing(repo, [LEDGER_BRANCH], options.lock_wait_seconds):
            ledger, tip = load_ledger(repo)   # again, under the lock
            gone = [r for r in ledger.rejected if r.fingerprint in wanted]
            names = ", ".join(sorted({f"{r.kind} {r.skill}" for r in gone}))
            with deferred():
                save_ledger(repo, ledger.without(gone), tip,
                            f"skillgit: unreject {names} (ticked on the dashboard)\n\n"
                            + "".join(f"- fingerprint {r.fingerprint}\n" for r in gone),
                            options.identity)
    for value in wanted:
        entries = [r for r in gone if r.fingerprint == value]
        what = ", ".join(f"{r.kind} {r.skill}" for r in entries)
        if not entries:  # gone meanwhile (another run, `proposals unreject`)
            result.controls.append(ControlOutcome(control="unreject", value=value,
                                                  status="ignored",
                                                  detail="no longer in the ledger"))
        elif options.dry_run:
            result.planned.append(f"remove the rejection of {what} ({value}) from the ledger")
            result.controls.append(ControlOutcome(
                control="unreject", value=value, status="would-do",
                detail=f"would remove the rejection of {what} from the ledger"))
        else:
            result.controls.append(ControlOutcome(
                control="unreject", value=value, status="done",
                detail=f"removed the rejection of {what} from the ledger; the lesson may be "
                       "proposed again"))
    return bool(gone) and not options.dry_run


def retry_steps(panel: Panel, steps: list[Step]) -> None:
    """`retry`: every unchanged open PR is rewritten from its proposal."""
    if panel.retry:
        for step in steps:
            if step.action == "check":
                step.action = "update"


def report_controls(panel: Panel, steps: list[Step], result: PublishResult) -> None:
    """What became of the ticked `open now` and `retry` boxes."""
    outcomes = {o.branch: o for o in result.outcomes}
    planned = {s.local.branch: s for s in steps}
    dry = result.dry_run
    for control in panel.controls:
        if control.kind == "retry":
            result.controls.append(ControlOutcome(
                control="retry", status="would-do" if dry else "done",
                detail="every open skillgit pull request and the dashboard rewritten from "
                       "the proposals"))
        elif control.kind == "open":
            step, out = planned.get(control.value), outcomes.get(control.value)
            if step is not None and step.action == "open" and out is not None \
                    and out.status in OPENED:
                result.controls.append(ControlOutcome(
                    control="open", value=control.value, status="would-do" if dry else "done",
                    detail=f"{out.status} (ticked on the dashboard, over --max-open)"))
            else:
                status = out.status if out is not None else "no proposal to open"
                result.controls.append(ControlOutcome(
                    control="open", value=control.value,
                    status="failed" if status == "failed" else "ignored",
                    detail=f"not opened: {status}"))


def write_dashboard(repo: GitRepo, writes: Writes, panel: Panel, branches: list[LocalBranch],
                    steps: list[Step], open_pulls: list[PullRequest], result: PublishResult,
                    options: PublishOptions) -> DashboardOutcome:
    waiting = [read_proposal(repo, s.local) for s in steps if s.action == "skipped-limit"]
    ours = [b for b in branches if b.ours]
    newest = max(ours, key=lambda b: (b.commit_time, b.branch)) if ours else None
    candidates = rejected_in_run(repo, newest)
    ledger, _ = load_ledger(repo)
    pulls = {p.head.ref: OpenPull(p.number, p.head.ref, p.title) for p in open_pulls}
    local = {b.branch: b for b in branches}
    for out in result.outcomes:
        if out.status in ("opened", "updated") and out.number and out.branch in local:
            title = render_title(read_proposal(repo, local[out.branch]))
            pulls[out.branch] = OpenPull(out.number, out.branch, title)
        elif out.status in ("closed", "merged", "rejected"):
            pulls.pop(out.branch, None)
    repo_url = writes.client.web_url
    view = View(max_open=options.max_open, open_pulls=list(pulls.values()), waiting=waiting,
                candidates=candidates, rejections=ledger.rejected,
                pr_prefix=f"{repo_url}/pull/", usage=options.usage,
                stamp=Stamp(datetime.now(timezone.utc), options.run_url))
    later, rejected = sort_candidates(candidates)
    outcome = writes.dashboard(panel.issue, render_dashboard(view),
                               needed=bool(waiting or later or rejected or ledger.rejected),
                               force=panel.retry)
    return outcome.model_copy(update={"waiting": len(waiting) + len(later),
                                      "rejected": len(rejected) + len(ledger.rejected)})
