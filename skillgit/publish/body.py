"""The pull request description of one proposal: a pure function of what is known about it.

Sections: a summary; the judge's rationale per gate dimension; the evidence table (agent,
date, session, turn, quote); the validation of the proposed skill; the always-loaded context
cost (tokens of name + description, before → after); "Review carefully", if any; what merge
and close mean; and a hidden marker carrying the fingerprint (`parse_fingerprint` reads it
back). Everything that came from a transcript or an engine goes through `inert`, and the body
fits GitHub's limit: evidence rows are dropped whole, with a note, when it would not.
"""

from __future__ import annotations

import re

from skillgit import __version__
from skillgit.proposal import DimensionResult, Proposal, Signal
from skillgit.publish.markdown import BODY_BUDGET, code, fit_rows, inert, size, table
from skillgit.skills.findings import Level
from skillgit.skills.validate import SkillReport
from skillgit.verify.effect import effect_marker, row_cells, trailer_value

QUOTE_CHARS = 300          # raw characters of one quote shown in the table
REASON_CHARS = 400
MAX_FINDINGS = 20
TITLE_CHARS = 256          # GitHub's limit for a PR title
_MARKER = "<!-- skillgit:proposal fingerprint={} -->"
_MARKER_RE = re.compile(r"<!-- skillgit:proposal fingerprint=([0-9a-f]{8,64}) -->")
_ZWSP_AFTER = re.compile(r"([@#])")
_PR_URL = re.compile(r"https?://[A-Za-z0-9.:-]+/[A-Za-z0-9._/-]+/pull/\d+")


def proposal_marker(fingerprint: str) -> str:
    if not re.fullmatch(r"[0-9a-f]{8,64}", fingerprint):
        raise ValueError(f"not a fingerprint: {fingerprint!r}")
    return _MARKER.format(fingerprint)


def parse_fingerprint(body: str | None) -> str | None:
    """The fingerprint in a PR body skillgit wrote (the last marker wins), else None."""
    found = _MARKER_RE.findall(body or "")
    return found[-1] if found else None


def render_title(proposal: Proposal) -> str:
    """The PR title: the commit subject, on one line, without pings or references (GitHub
    renders titles as plain text but still links `#1` and `@name`)."""
    text = " ".join(f"skills({proposal.skill}): {proposal.summary}".split())
    text = _ZWSP_AFTER.sub("\\1\u200b", "".join(c for c in text if c.isprintable()))
    return text if len(text) <= TITLE_CHARS else text[:TITLE_CHARS - 1] + "\u2026"


def render_body(proposal: Proposal, validation: SkillReport | None,
                context_before: int | None, *, previous_pr: str | None = None,
                sessions: int | None = None, budget: int = BODY_BUDGET) -> str:
    """The PR body. `validation`: the proposed skill's report (None: not validated);
    `context_before`: tokens of the existing skill's name + description (None: a new skill);
    `previous_pr`: the URL of a PR closed unmerged for an earlier version of this proposal;
    `sessions`: how many sessions the evidence spans, when more than the quotes show."""
    head = (_summary(proposal, previous_pr, sessions) + _effect(proposal) + _rationale(proposal)
            + _usage(proposal))
    tail = (_validation(validation) + _context(validation, context_before)
            + _review_carefully(proposal) + _meaning(proposal))
    signals = sorted(proposal.verdict.candidate.signals, key=_evidence_order)
    rows = table(["Agent", "Date", "Session", "Turn", "Quote"],
                 [_evidence_cells(s) for s in signals])
    heading = [f"### Evidence ({len(signals)} quotes from "
               f"{len(proposal.verdict.candidate.sessions)} sessions)", ""]
    note_room = 200
    fixed = size("\n".join(head + heading + rows[:2] + tail)) + note_room
    shown, left_out = fit_rows(fixed, rows[2:], budget)
    evidence = heading + rows[:2] + shown
    if left_out:
        evidence += ["", f"_{left_out} more quotes not shown, to keep this description "
                     "within GitHub's size limit; the commit message lists them._"]
    withheld = proposal.verdict.candidate.withheld
    if withheld:
        counts = ", ".join(f"{n} {inert(kind)}" for kind, n in sorted(withheld.items()))
        evidence += ["", f"_Withheld by the safety screen (their text is not shown): "
                     f"{counts}._"]
    lines = [*head, *evidence, "", *tail]
    lines += ["", proposal_marker(proposal.fingerprint)]
    if proposal.effect is not None:
        lines.append(effect_marker(trailer_value(proposal.effect)))
    return "\n".join(lines) + "\n"


def _effect(proposal: Proposal) -> list[str]:
    """`skillgit verify`'s figures: followed without vs with the skill, one row per case."""
    effect = proposal.effect
    if effect is None:
        return []
    n = effect.samples
    lines = ["### Measured effect", "",
             f"Replaying the moments this lesson was taught, {code(effect.engine or 'the model')}"
             f" followed it in **{effect.with_skill}/{n}** answers with the skill loaded and "
             f"**{effect.without}/{n}** without it."]
    if effect.unparsed:
        lines.append(f"{effect.unparsed} answers could not be read (unparsed) and count as "
                     "not followed.")
    if effect.unreadable:
        lines += ["", "**Not measured**: none of the model's answers could be read; these "
                  "figures say nothing about the skill."]
    elif not effect.gain:
        lines += ["", "**No measured effect**: with the skill, the agent did not follow the "
                  "lesson more often than without it. The reviewer decides."]
    rows = [[inert(cell, 120) for cell in cells] for r in effect.rows[:20]
            if (cells := row_cells(r))]
    if rows:
        lines += ["", *table(["Case", "Without the skill", "With it"], rows)]
    return [*lines, ""]


def _summary(proposal: Proposal, previous_pr: str | None,
             sessions: int | None) -> list[str]:
    what = ("adds a new skill" if proposal.kind == "new"
            else "extends the existing skill")
    count = max(sessions or 0, len(proposal.verdict.candidate.sessions))
    lines = [f"## {inert(proposal.summary, TITLE_CHARS)}", "",
             f"skillgit {what} **{inert(proposal.skill, 80)}**, learned from "
             f"{count} coding-agent sessions (engine: {inert(proposal.engine, 60)})."]
    if previous_pr:
        # GitHub's own URL of the closed PR (from its API) is a link; anything else is inert.
        shown = previous_pr if _PR_URL.fullmatch(previous_pr) else inert(previous_pr, 200)
        lines += ["", f"An earlier version of this proposal was closed without merging: "
                      f"{shown}. It is proposed again because its evidence grew."]
    return [*lines, ""]


def _usage(proposal: Proposal) -> list[str]:
    """An update's usage figures by skill version (see `skillgit.attribution.usage`)."""
    if not proposal.usage:
        return []
    return ["", "### Usage by version", "", inert(proposal.usage[0], REASON_CHARS), "",
            *(f"- {inert(line.removeprefix('- '), REASON_CHARS)}" for line in proposal.usage[1:]),
            ""]


def _rationale(proposal: Proposal) -> list[str]:
    verdict = proposal.verdict
    dimensions: list[tuple[str, DimensionResult]] = [
        ("Repeatable", verdict.repeatable), ("Room to do better", verdict.feedback),
        ("Repeated ask", verdict.repeated_ask)]
    rows = [[name, "yes" if d.holds else "no", inert(d.reason, REASON_CHARS)]
            for name, d in dimensions]
    if verdict.judged_by:
        return _model_rationale(proposal, dimensions)
    lines = ["### Why: the judge's rationale", "",
             "The gate is *repeatable* AND (*room to do better* OR *a repeated ask*).", "",
             *table(["Dimension", "Holds", "Rationale"], rows)]
    if verdict.kill:
        lines += ["", f"Kill switch: {inert(verdict.kill, REASON_CHARS)}"]
    if verdict.fallback:
        lines += ["", f"Judge: {inert(verdict.fallback, REASON_CHARS)}"]
    return [*lines, ""]


def _cites(signals: list[Signal]) -> str:
    return inert("; ".join(f"{s.session_ref} turn {s.turn}" for s in signals[:6]),
                 REASON_CHARS)


def _model_rationale(proposal: Proposal,
                     dimensions: list[tuple[str, DimensionResult]]) -> list[str]:
    """A model judge's reasons per dimension and kill switch, each with the evidence cited."""
    verdict = proposal.verdict
    rows = [[name, "yes" if d.holds else "no", inert(d.reason, REASON_CHARS), _cites(d.evidence)]
            for name, d in dimensions]
    lines = ["### Why: the judge's rationale", "",
             f"Judged by {code(verdict.judged_by or '')}. The gate is *repeatable* AND "
             "(*room to do better* OR *a repeated ask*).", "",
             *table(["Dimension", "Holds", "Rationale", "Cites"], rows)]
    if verdict.checks:
        kills = [[inert(c.name, 40), "fires" if c.fires else "no", inert(c.reason, REASON_CHARS),
                  _cites(c.evidence)] for c in verdict.checks]
        lines += ["", *table(["Kill switch", "Fires", "Rationale", "Cites"], kills)]
    if verdict.merged > 1:
        lines += ["", f"The model merged {verdict.merged} candidate groups as one lesson."]
    return [*lines, ""]


def _evidence_order(signal: Signal) -> tuple[str, str, int]:
    when = signal.started_at.isoformat() if signal.started_at else ""
    return when, signal.session_id, signal.turn


def _evidence_cells(signal: Signal) -> list[str]:
    day = signal.started_at.date().isoformat() if signal.started_at else "undated"
    session = signal.session_ref[len(f"{signal.agent} {day} "):]
    return [inert(signal.agent, 40), day, inert(session, 40), str(int(signal.turn)),
            inert(signal.quote, QUOTE_CHARS)]


def _validation(report: SkillReport | None) -> list[str]:
    lines = ["### Validation of the proposed skill", ""]
    if report is None:
        return [*lines, "Not validated.", ""]
    errors = sum(1 for f in report.findings if f.level is Level.ERROR)
    warnings = sum(1 for f in report.findings if f.level is Level.WARNING)
    if not report.findings:
        return [*lines, "Passes validation: no errors, no warnings.", ""]
    lines.append(f"{'Fails' if errors else 'Passes'} validation: {errors} errors, "
                 f"{warnings} warnings.")
    rows = [[f.level.value, code(f.rule), inert(f"{f.path}:{f.line}" if f.line else f.path,
                                                120),
             inert(f.message, 300)] for f in report.findings[:MAX_FINDINGS]]
    lines += ["", *table(["Level", "Rule", "Where", "Finding"], rows)]
    if len(report.findings) > MAX_FINDINGS:
        lines.append(f"\n_… and {len(report.findings) - MAX_FINDINGS} more._")
    return [*lines, ""]


def _context(report: SkillReport | None, before: int | None) -> list[str]:
    after = report.context_tokens if report is not None else None
    lines = ["### Always-loaded context", ""]
    if after is None:
        return [*lines, "Unknown: the proposed skill has no readable name and description.",
                ""]
    if before is None:
        text = f"A new skill: its name and description add about **{after} tokens** to " \
               "every session's context."
    else:
        delta = after - before
        text = (f"Name and description: about {before} → {after} tokens "
                f"(**{delta:+d}** in every session's context).")
    return [*lines, text, ""]


def _review_carefully(proposal: Proposal) -> list[str]:
    if not proposal.review_carefully:
        return []
    lines = ["### Review carefully", "",
             "Lower-risk content this proposal carries; check each item before merging:", ""]
    lines += [f"- {inert(item.label)}: {inert(item.text, 200)} (from {inert(item.source, 120)})"
              for item in proposal.review_carefully[:30]]
    return [*lines, ""]


def _meaning(proposal: Proposal) -> list[str]:
    return ["### What merging or closing means", "",
            "- **Merge**: the skill becomes part of this repository; skillgit then deletes "
            "this branch.",
            "- **Close without merging**: remembered as a \"no\". skillgit records the "
            "rejection in its ledger and does not propose this again unless the evidence "
            "grows materially.",
            "- **Push your own commit** to this branch: skillgit stops updating it and leaves "
            "your change alone.",
            "",
            f"<sub>Proposed by skillgit {inert(__version__)} · proposal "
            f"{code(proposal.fingerprint)}</sub>"]
