"""The one dashboard issue (Renovate's Dependency Dashboard): what is waiting, what was not
proposed and why. Deterministic (no times, stable order), so an unchanged run edits nothing;
inert like the PR body; within GitHub's size limit."""

from __future__ import annotations

from collections.abc import Sequence

from skillgit.proposal import Proposal, Verdict
from skillgit.publish.markdown import BODY_BUDGET, fit_rows, inert, size, table

DASHBOARD_MARKER = "<!-- skillgit:dashboard -->"
DASHBOARD_TITLE = "Skill proposals (skillgit)"


def missed_dimension(verdict: Verdict) -> str:
    """The gate dimension a rejected candidate missed, in the PR body's words."""
    if verdict.kill and not verdict.candidate.signals:
        return "safety screen"
    if not verdict.repeatable.holds:
        return "repeatable"
    if verdict.kill:
        return "kill switch"
    return "room to do better or a repeated ask"


def render_dashboard(waiting: Sequence[Proposal], rejected: Sequence[Verdict], *,
                     max_open: int, budget: int = BODY_BUDGET) -> str:
    """`waiting`: proposals held back by `--max-open`; `rejected`: this run's candidates
    the gate turned down."""
    head = [DASHBOARD_MARKER, "",
            "This issue lists what skillgit found but did not open a pull request for. "
            "skillgit updates it in place on every `publish`; close it to stop seeing it "
            "(or run `skillgit publish --no-dashboard`).", ""]
    parts: list[tuple[list[str], list[str], str]] = []
    waiting_rows = table(["Skill", "Kind", "Summary", "Sessions", "Branch"], [
        [inert(p.skill, 80), p.kind, inert(p.summary, 200),
         str(len(p.verdict.candidate.sessions)), inert(p.branch, 120)]
        for p in sorted(waiting, key=lambda p: (-p.verdict.score, p.branch))])
    parts.append(([f"### Waiting for a free slot ({len(waiting)})", "",
                   f"At most {int(max_open)} skillgit pull requests are open at once; these "
                   "open as others are merged or closed.", ""],
                  waiting_rows if waiting else [], "_Nothing is waiting._"))
    rejected_rows = table(["Candidate", "Sessions", "Missed", "Why"], [
        [inert(v.candidate.title, 120), str(len(v.candidate.sessions)),
         missed_dimension(v), inert(v.missed, 300)]
        for v in sorted(rejected, key=lambda v: (v.candidate.key, v.candidate.title))])
    parts.append(([f"### Not proposed in the last run ({len(rejected)})", "",
                   "The gate is *repeatable* AND (*room to do better* OR *a repeated ask*).",
                   ""],
                  rejected_rows if rejected else [], "_Every candidate passed the gate._"))
    lines = list(head)
    fixed = size("\n".join(head)) + sum(size("\n".join(intro + rows[:2])) + 300
                                        for intro, rows, _ in parts)
    for intro, rows, empty in parts:
        lines += intro
        if not rows:
            lines += [empty, ""]
            continue
        shown, left_out = fit_rows(fixed, rows[2:], budget)
        fixed += sum(size(row) + 1 for row in shown)
        lines += rows[:2] + shown
        if left_out:
            lines += ["", f"_{left_out} more not shown, to stay within GitHub's size limit._"]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
