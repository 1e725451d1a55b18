"""The one dashboard issue (Renovate's Dependency Dashboard): what is waiting, what was not
proposed and why. Deterministic (no times, stable order), so an unchanged run edits nothing;
inert like the PR body; within GitHub's size limit."""

from __future__ import annotations

from collections.abc import Sequence

from skillgit.proposal import Proposal, Verdict
from skillgit.publish.markdown import BODY_BUDGET, fit_rows, inert, size, table
from skillgit.publish.proposals import RejectedCandidate

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


def missed_dimension_of(missed: str) -> str:
    """The same, from the one line `Verdict.missed` (or mine's other reasons) wrote."""
    text = missed.lower()
    if text.startswith("not repeatable"):
        return "repeatable"
    if text.startswith("no room to do better"):
        return "room to do better or a repeated ask"
    if text.startswith("over the limit"):
        return "proposals per run"
    if "unsafe" in text or "withheld" in text:
        return "safety screen"
    if text.startswith("invalid") or "validat" in text:
        return "validation"
    return "kill switch"


def _as_rejected(item: Verdict | RejectedCandidate) -> tuple[str, str, str, str]:
    """(title, sessions, dimension, why) of a rejected candidate."""
    if isinstance(item, Verdict):
        return (item.candidate.title, str(len(item.candidate.sessions)),
                missed_dimension(item), item.missed)
    sessions = "?" if item.sessions is None else str(item.sessions)
    return item.title, sessions, missed_dimension_of(item.missed), item.missed


def render_dashboard(waiting: Sequence[Proposal],
                     rejected: Sequence[Verdict | RejectedCandidate], *,
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
        [inert(title, 120), sessions, dimension, inert(why, 300)]
        for title, sessions, dimension, why in sorted(map(_as_rejected, rejected))])
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
