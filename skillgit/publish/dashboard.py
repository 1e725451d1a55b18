"""The one dashboard issue, a control panel like Renovate's Dependency Dashboard: skillgit's
open pull requests, proposals waiting for a slot, rejections (the ledger's, and the last mine
run's candidates the gate turned down), with checkboxes the next `publish` honours
(`controls.py`), and the time of the last change with a link to the run.

Deterministic above the stamp (no times, stable order): `shown(body)` is what the issue shows,
so an unchanged week compares equal and edits nothing; the stamp (time, run link) below
`STAMP_MARKER` is only rewritten with a change. Everything from transcripts is `inert`; the
body stays within GitHub's size limit. A merged lesson is never listed as rejected, and a
candidate `mine --max` turned away for lack of a slot is listed as waiting. With `--usage`
(a `skillgit stats --json` document) it also charts the most used skills' uses and
corrections by version (`charts.usage`, as the job summary does); without it, says nothing
about use.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from skillgit.charts import usage as use
from skillgit.proposal import Proposal, Verdict
from skillgit.publish.controls import Control, renderable
from skillgit.publish.markdown import BODY_BUDGET, fit_rows, inert, size, table
from skillgit.publish.missed import OVER_LIMIT, missed_dimension_of
from skillgit.publish.proposals import RejectedCandidate
from skillgit.wire.ledger import Rejection
from skillgit.wording import plural

DASHBOARD_MARKER = "<!-- skillgit:dashboard -->"
DASHBOARD_TITLE = "Skill proposals (skillgit)"
STAMP_MARKER = "<!-- skillgit:stamp -->"
_MERGED = ("covered by the skill", "already merged")
USAGE_CHARTS = 4                 # the most used skills charted
USAGE_VERSIONS = 8               # each one's latest versions


def missed_dimension(verdict: Verdict) -> str:
    """The gate dimension a rejected candidate missed, in the PR body's words."""
    if verdict.kill and not verdict.candidate.signals:
        return "safety screen"
    if not verdict.repeatable.holds:
        return "repeatable"
    if verdict.kill:
        return "kill switch"
    return "room to do better or a repeated ask"


def _as_rejected(item: Verdict | RejectedCandidate) -> tuple[str, str, str, str]:
    """(title, sessions, dimension, why) of a rejected candidate."""
    if isinstance(item, Verdict):
        return (item.candidate.title, str(item.candidate.seen_in),
                missed_dimension(item), item.missed)
    sessions = "?" if item.sessions is None else str(item.sessions)
    return item.title, sessions, missed_dimension_of(item.missed), item.missed


def _sessions(count: str) -> str:
    """`3 sessions`, `1 session`, `? sessions` (a count an older skillgit did not record)."""
    return plural(int(count), "session") if count.isdigit() else f"{count} sessions"


def sort_candidates(items: Sequence[Verdict | RejectedCandidate]) -> tuple[
        list[Verdict | RejectedCandidate], list[Verdict | RejectedCandidate]]:
    """(waiting, rejected): a candidate turned away for lack of a per-run slot is waiting; a
    merged lesson (covered by its skill) is neither — it is not a rejection at all."""
    waiting: list[Verdict | RejectedCandidate] = []
    rejected: list[Verdict | RejectedCandidate] = []
    for item in items:
        why = item.missed.lower()
        if why.startswith(_MERGED):
            continue
        (waiting if why.startswith(OVER_LIMIT) else rejected).append(item)
    return waiting, rejected


@dataclass(frozen=True)
class OpenPull:
    number: int
    branch: str
    title: str


@dataclass(frozen=True)
class Stamp:
    """The volatile part: when the shown content last changed, and the run that changed it."""

    time: datetime
    run_url: str | None = None

    def lines(self) -> list[str]:
        when = self.time.strftime("%Y-%m-%d %H:%M UTC")
        run = f" by [this workflow run]({self.run_url})" if self.run_url else ""
        return [STAMP_MARKER, f"_Last changed {when}{run}._"]


@dataclass
class View:
    """What the dashboard shows."""

    max_open: int
    open_pulls: Sequence[OpenPull] = ()
    waiting: Sequence[Proposal] = ()                      # branches over --max-open
    candidates: Sequence[Verdict | RejectedCandidate] = ()  # the last mine run's turned away
    rejections: Sequence[Rejection] = ()                  # the ledger's
    pr_prefix: str = ""                                   # "<server>/<owner>/<repo>/pull/"
    usage: use.Usage | None = None                        # publish --usage
    stamp: Stamp | None = field(default=None)


_STAMP = re.compile(r"\n*" + re.escape(STAMP_MARKER) + r"\n_Last changed [^\n]*\n*\Z")


def shown(body: str) -> str:
    """What a dashboard body says: all of it but the stamp at its end (anything a person
    added below the stamp counts, so it is put right)."""
    return _STAMP.sub("", body).rstrip("\n")


def _pr_ref(url: str, prefix: str) -> str:
    """`#N` for a pull request of this repository (GitHub links it), else nothing."""
    match = re.fullmatch(re.escape(prefix) + r"(\d+)", url) if prefix else None
    return f", #{match.group(1)}" if match else ""


def _box(control: Control, text: str) -> list[str]:
    return [control.line(text)] if renderable(control) else [f"- {text}"]


def render_dashboard(view: View, budget: int = BODY_BUDGET) -> str:
    later, rejected = sort_candidates(view.candidates)
    head = [DASHBOARD_MARKER, "",
            "skillgit's control panel: what it proposed, what waits and what was rejected. "
            "Tick a box and the next `skillgit publish` run does it (and says so in its "
            "output). skillgit updates this issue in place when what it shows changes; close "
            "it to stop seeing it (or run `skillgit publish --no-dashboard`).", ""]
    parts: list[tuple[list[str], list[str], str]] = []
    pulls = sorted(view.open_pulls, key=lambda p: p.number)
    parts.append(([f"### Open skillgit pull requests ({len(pulls)})", ""],
                  [f"- #{p.number} {inert(p.title, 160)} ({inert(p.branch, 120)})"
                   for p in pulls], "_None is open._"))
    waiting = sorted(view.waiting, key=lambda p: (-p.verdict.score, p.branch))
    rows = [line for p in waiting for line in _box(
        Control("open", p.branch), f"open now: **{inert(p.skill, 80)}** ({p.kind}, "
        f"{plural(len(p.verdict.candidate.sessions), 'session')}): {inert(p.summary, 200)} "
        f"({inert(p.branch, 120)})")]
    rows += [f"- {inert(title, 120)} ({_sessions(sessions)}): turned away by `mine --max`; a "
             "later `mine` run proposes it" for title, sessions, _, _ in
             sorted(map(_as_rejected, later))]
    parts.append(([f"### Waiting for a free slot ({len(waiting) + len(later)})", "",
                   f"At most {plural(int(view.max_open), 'skillgit pull request')} "
                   f"{'is' if int(view.max_open) == 1 else 'are'} open at once; "
                   "these open as others are merged or closed, or now if you tick them.", ""],
                  rows, "_Nothing is waiting._"))
    entries = sorted(view.rejections, key=lambda r: (r.skill, r.kind, r.fingerprint))
    rows = [line for r in entries for line in _box(
        Control("unreject", r.fingerprint), f"unreject: **{inert(r.skill, 80)}** ({r.kind}, "
        f"{plural(int(r.sessions), 'session')}, rejected {inert(r.rejected_at[:10], 10)}"
        f"{_pr_ref(r.pr_url, view.pr_prefix)})")]
    parts.append(([f"### Rejected ({len(entries)})", "",
                   "Recorded on the `skillgit/ledger` branch: not proposed again until the "
                   "evidence grows materially. Tick one to forget it, so the lesson may be "
                   "proposed again.", ""], rows, "_Nothing was rejected._"))
    cells = table(["Candidate", "Sessions", "Missed", "Why"], [
        [inert(title, 120), sessions, dimension, inert(why, 300)]
        for title, sessions, dimension, why in sorted(map(_as_rejected, rejected))])
    parts.append(([f"### Not proposed in the last run ({len(rejected)})", "",
                   "The gate is *repeatable* AND (*room to do better* OR *a repeated ask*).",
                   "", *cells[:2]], cells[2:] if rejected else [],
                  "_Every candidate passed the gate._"))
    if view.usage is not None:
        parts.append(_usage(view.usage))
    tail = ["### Control", "", Control("retry").line(
        "refresh: rewrite every open skillgit pull request's title and description from "
        "its proposal (after an upgrade, or a hand edit), and this issue"), ""]
    stamp = view.stamp.lines() if view.stamp else []
    return _fit(head, parts, tail, stamp, budget)


def _usage(usage: use.Usage) -> tuple[list[str], list[str], str]:
    """The skills' use by version: charts and rows of the most used skills only."""
    shown = use.most_used(usage.skills, USAGE_CHARTS)
    sessions = f" over {int(usage.sessions)} sessions" if usage.sessions is not None else ""
    more = len(usage.skills) - len(shown)
    intro = ["### Skill use by version", "",
             f"From `skillgit stats`{sessions}: uses of the most used skills per version of "
             "their SKILL.md (bars), and how many were followed by a user correction (line).",
             "", *use.charts(shown, USAGE_CHARTS, USAGE_VERSIONS)]
    if more:
        intro += [f"_{more} less used skills not shown._", ""]
    return (intro + use.TABLE_HEADER, use.table_rows(shown, USAGE_VERSIONS),
            "_No skill was used in the sessions read._")


def _fit(head: list[str], parts: list[tuple[list[str], list[str], str]], tail: list[str],
         stamp: list[str], budget: int) -> str:
    """Every part's rows that fit the budget, the rest counted."""
    fixed = size("\n".join(head + tail + stamp)) + sum(
        size("\n".join(intro)) + 300 for intro, _, _ in parts)
    lines = list(head)
    for intro, rows, empty in parts:
        if not rows:
            lines += [line for line in intro if not line.startswith("|")] + [empty, ""]
            continue
        shown_rows, left_out = fit_rows(fixed, rows, budget)
        fixed += sum(size(row) + 1 for row in shown_rows)
        lines += intro + shown_rows
        if left_out:
            lines += ["", f"_{left_out} more not shown, to stay within GitHub's size limit._"]
        lines.append("")
    return "\n".join(lines + tail + stamp).rstrip("\n") + "\n"
