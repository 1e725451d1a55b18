"""The job summary's Markdown, from the run's documents.

Every string that came from transcripts or the repository (skill names, branches, summaries,
rejected titles and reasons, finding messages, paths, notes, errors) goes through
`publish.markdown.inert`; charts take labels only through `mermaid.label`; links are made only
from an integer PR number and a URL of a plain shape. The whole stays within `budget` bytes:
table rows are dropped whole, with a note, when it would not (GitHub refuses a step summary
over 1 MiB).
"""

from __future__ import annotations

import re

from skillgit.charts import mermaid, usage
from skillgit.jobsummary.model import (
    FindingRow,
    ProposalRow,
    RunDocuments,
    count,
    findings,
    proposals,
    rejected,
    strings,
    withheld,
)
from skillgit.publish.markdown import fit_rows, inert, size, table
from skillgit.publish.missed import missed_dimension_of

SUMMARY_LIMIT = 1024 * 1024          # GitHub's limit for one step's summary, in bytes
BUDGET = 900 * 1024                  # what one report allows itself
MAX_CHARTS = 6                       # usage charts (the most used skills)
MAX_VERSIONS = 12                    # versions per chart (the latest)
_URL = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~%/-]*)?")
TITLES = {"mine-and-publish": "mine and publish", "publish": "publish",
          "validate": "validate", "review": "review"}


def render(docs: RunDocuments, budget: int = BUDGET) -> str:
    """The summary for the run (validate: its findings; the other modes: the funnel,
    proposals, what was not proposed, and the skills' use by version)."""
    head = [f"## skillgit {TITLES.get(docs.mode, 'run')}", ""]
    if docs.mode in ("validate", "review"):
        sections = [_checked(docs)]
    else:
        sections = [_overview(docs), _proposals(docs), _not_proposed(docs), _usage(docs),
                    _problems(docs)]
    sections.append(_notes(docs))
    lines = list(head)
    for intro, rows, tail in sections:
        fixed = size("\n".join(lines + intro + tail)) + 400 * len(sections)
        shown, left_out = fit_rows(fixed, rows, budget)
        lines += intro + shown
        if left_out:
            lines += ["", f"_{left_out} more rows not shown, to stay within GitHub's summary "
                      "size limit; run skillgit locally with `--json` for all of them._"]
        lines += tail
    text = "\n".join(lines) + "\n"
    if size(text) > budget:                 # cannot happen with sane budgets; be safe anyway
        return "\n".join([*head, "_The report did not fit GitHub's summary limit._"]) + "\n"
    return text


Section = tuple[list[str], list[str], list[str]]    # intro, table rows (droppable), tail


def _rows(cells: list[list[str]]) -> list[str]:
    """Table rows under a header made by `table` (cells already inert)."""
    return ["| " + " | ".join(row) + " |" for row in cells]


def _pr(row: ProposalRow) -> str:
    if row.number is None:
        return "-"
    if _URL.fullmatch(row.url):
        return f"[#{row.number}]({row.url})"
    return f"#{row.number}"


def _tokens(row: ProposalRow) -> str:
    if row.always_loaded is None:
        return "-"
    return f"{row.always_loaded} + {row.body if row.body is not None else '?'}"


def _n(value: int | None) -> str:
    return "?" if value is None else str(value)


def _overview(docs: RunDocuments) -> Section:
    rows = proposals(docs)
    pulls = sum(1 for r in rows if r.number is not None)
    statuses = [r.status for r in rows]
    did = ", ".join(f"{statuses.count(s)} {s}" for s in
                    ("opened", "updated", "unchanged", "skipped-limit", "failed")
                    if statuses.count(s)) or "no pull request written"
    stages: list[mermaid.Stage] = []
    sessions, candidates = count(docs.mine, "sessions"), count(docs.mine, "candidates")
    if docs.mine is not None:
        stages += [mermaid.Stage("sessions", sessions or 0, "sessions"),
                   mermaid.Stage("candidates", candidates or 0, "candidates")]
    stages.append(mermaid.Stage("proposals", len(rows), "proposals"))
    if docs.publish is not None:
        stages.append(mermaid.Stage("prs", pulls, "pull requests"))
    side = None
    if docs.mine is not None:
        side = mermaid.Stage("rejected", len(rejected(docs)), "not proposed")
    where = (f"{_n(sessions)} sessions read, {_n(candidates)} candidates, "
             if docs.mine is not None else "")
    intro = [f"{where}{len(rows)} proposals; pull requests: {did}. Exit status "
             f"{int(docs.exit_code)}.", "",
             *mermaid.funnel(stages, side=side, side_of="candidates"), ""]
    return intro, [], []


def _proposals(docs: RunDocuments) -> Section:
    rows = proposals(docs)
    intro = [f"### Proposals ({len(rows)})", ""]
    if not rows:
        return intro, [], ["_No proposals in this run._", ""]
    header = table(["Skill", "Kind", "Status", "Pull request", "Evidence (sessions)",
                    "Context cost (tokens: always loaded + body)", "Summary"], [])
    body = _rows([[inert(r.skill, 80), inert(r.kind, 20),
                          inert(r.status or "-", 20) + (f" ({inert(r.detail, 200)})"
                                                        if r.detail else ""),
                          _pr(r), _n(r.evidence_sessions), _tokens(r),
                          inert(r.summary, 200) or "-"] for r in rows])
    return intro + header, body, [""]


def _not_proposed(docs: RunDocuments) -> Section:
    if docs.mine is None:
        return [], [], []
    items = rejected(docs)
    intro = [f"### Not proposed ({len(items)})", "",
             "The gate is *repeatable* AND (*room to do better* OR *a repeated ask*).", ""]
    tail = [""]
    not_listed = count(docs.mine, "not_listed")
    if not_listed:
        tail += [f"{not_listed} more one-off candidates (seen in a single session) are not "
                 "listed.", ""]
    held = withheld(docs)
    if held:
        reasons = ", ".join(f"{inert(reason, 80)} ({n})" for reason, n in sorted(held.items()))
        tail += [f"Evidence withheld by the safety screen: {reasons}.", ""]
    if not items:
        return intro, [], ["_Every candidate passed the gate._", "", *tail]
    header = table(["Candidate", "Sessions", "Missed", "Why"], [])
    body = _rows([[inert(r.title, 120), _n(r.sessions),
                          inert(missed_dimension_of(r.missed), 60), inert(r.missed, 300)]
                         for r in items])
    return intro + header, body, tail


def _usage(docs: RunDocuments) -> Section:
    uses = usage.read_uses(docs.stats)
    if docs.stats is None or not uses:
        return [], [], []
    intro = ["### Skill use by version", "",
             "Invocations of each skill in the sessions read, per version of its SKILL.md, "
             "and how many were followed by a user correction.", "",
             *usage.charts(uses, MAX_CHARTS, MAX_VERSIONS)]
    return intro + usage.TABLE_HEADER, usage.table_rows(uses), [""]


def _problems(docs: RunDocuments) -> Section:
    errors = strings(docs.publish, "errors")
    warnings = strings(docs.publish, "warnings")
    if not errors and not warnings:
        return [], [], []
    rows = [f"- error: {inert(e, 500)}" for e in errors]
    rows += [f"- warning: {inert(w, 500)}" for w in warnings]
    return ["### Errors and warnings", ""], rows, [""]


def _checked(docs: RunDocuments) -> Section:
    found: list[FindingRow] = findings(docs)
    skills = count(docs.checked, "summary", "skills")
    errors = count(docs.checked, "summary", "errors")
    warnings = count(docs.checked, "summary", "warnings")
    tokens = count(docs.checked, "summary", "context_tokens")
    cost = f"; always-loaded context ~{tokens} tokens" if tokens is not None else ""
    intro = [f"{_n(skills)} skills checked: {_n(errors)} errors, {_n(warnings)} warnings"
             f"{cost}. Exit status {int(docs.exit_code)}.", "", "### Findings", ""]
    if not found:
        return intro, [], ["No errors or warnings.", ""]
    header = table(["Level", "Rule", "Where", "Finding"], [])
    body = _rows([[inert(f.level, 10), inert(f.rule, 80),
                          inert(f"{f.path}:{f.line}" if f.line else f.path, 200),
                          inert(f.message, 300)] for f in found])
    return intro + header, body, [""]


def _notes(docs: RunDocuments) -> Section:
    mined = strings(docs.mine, "notes")
    if not docs.notes and not mined:
        return [], [], []
    rows = [f"- {inert(n, 500)}" for n in [*docs.notes, *mined]]
    return ["### Notes", ""], rows, [""]
