"""The Markdown job summary (and PR comment) of a review.

Every piece of text that came from the repository (paths, names, descriptions, messages,
trailers) goes through `publish.markdown.inert`; the rest is ours. The whole fits GitHub's
body limit: findings rows are dropped whole, with a note, when it would not.
"""

from __future__ import annotations

from skillgit.publish.markdown import BODY_BUDGET, code, fit_rows, inert, size, table
from skillgit.review.model import ReviewResult, SkillResult
from skillgit.skills.findings import Level

COMMENT_MARKER = "<!-- skillgit:review -->"
DESCRIPTION_CHARS = 160
MESSAGE_CHARS = 300


def render_summary(result: ReviewResult, *, marker: bool = False,
                   budget: int = BODY_BUDGET) -> str:
    head = ([COMMENT_MARKER] if marker else []) + _overview(result) + _skills(result)
    tail = _context(result) + _duplicates(result) + _proposal(result)
    findings = [p for s in result.skills for p in s.findings
                if p.finding.level is not Level.INFO]
    rows = table(["Level", "Rule", "Where", "On a changed line", "Finding"],
                 [[p.finding.level.value, code(p.finding.rule),
                   inert(_where(p.finding.path, p.finding.line), 200),
                   "yes" if p.annotated else "no", inert(p.finding.message, MESSAGE_CHARS)]
                  for p in findings])
    section = ["### Findings", ""]
    if not findings:
        section += ["No errors or warnings in the touched skills.", ""]
    else:
        fixed = size("\n".join(head + section + rows[:2] + tail)) + 200
        shown, left_out = fit_rows(fixed, rows[2:], budget)
        section += [*rows[:2], *shown, ""]
        if left_out:
            section += [f"_{left_out} more findings not shown, to stay within GitHub's size "
                        "limit; run `skillgit review` locally for all of them._", ""]
    return "\n".join(head + section + tail) + "\n"


def _where(path: str, line: int | None) -> str:
    return f"{path}:{line}" if line else path


def _overview(result: ReviewResult) -> list[str]:
    counts = {kind: sum(1 for s in result.skills if s.change == kind)
              for kind in ("added", "changed", "renamed", "removed")}
    errors, warnings = result.count(Level.ERROR), result.count(Level.WARNING)
    verdict = "fails" if result.failed else "passes"
    lines = ["## skillgit review", ""]
    if not result.skills:
        return [*lines, f"This change touches no skill ({len(result.files)} files changed).",
                ""]
    parts = ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)
    return [*lines, f"This change {verdict}: {len(result.skills)} skills touched ({parts}); "
            f"{errors} errors, {warnings} warnings. Base {code(result.base[:12])}, "
            f"head {code(result.head[:12])}.", ""]


def _skill_cell(skill: SkillResult) -> str:
    shown = inert(skill.directory or ".", 120)
    if skill.old_directory is not None:
        shown = f"{inert(skill.old_directory or '.', 120)} → {shown}"
    return shown


def _skills(result: ReviewResult) -> list[str]:
    if not result.skills:
        return []
    rows = [[_skill_cell(s), s.change, inert(s.name or "", 80),
             inert(s.description or "", DESCRIPTION_CHARS),
             str(s.count(Level.ERROR)), str(s.count(Level.WARNING))] for s in result.skills]
    return ["### Skills", "", *table(["Skill", "Change", "Name", "Description", "Errors",
                                      "Warnings"], rows), ""]


def _tokens(value: int | None) -> str:
    return "—" if value is None else str(value)


def _context(result: ReviewResult) -> list[str]:
    if not result.skills:
        return []
    rows = [[_skill_cell(s), _tokens(s.tokens_before), _tokens(s.tokens_after),
             f"{s.token_delta:+d}"] for s in result.skills]
    rows.append(["**Total**", "", "", f"**{result.token_delta:+d}**"])
    return ["### Always-loaded context", "",
            "Tokens of name + description, which every agent session carries "
            "(estimated at four characters per token).", "",
            *table(["Skill", "Before", "After", "Change"], rows), ""]


def _duplicates(result: ReviewResult) -> list[str]:
    if not result.near_duplicates:
        return []
    rows = [[inert(d.skill or ".", 120), inert(d.other or ".", 120), f"{d.score:.2f}"]
            for d in result.near_duplicates[:20]]
    return ["### Near-duplicates", "",
            "Touched skills whose name and description share most words with another "
            "skill (Jaccard index of their words); consider merging them.", "",
            *table(["Skill", "Overlaps", "Overlap"], rows), ""]


def _proposal(result: ReviewResult) -> list[str]:
    info = result.proposal
    if info is None:
        return []
    return ["### skillgit proposal", "",
            f"- Proposal: {inert(info.fingerprint, 80)}",
            f"- Skill: {inert(info.skill or 'unknown', 80)} ({inert(info.kind or '?', 20)})",
            f"- Evidence: {inert(info.evidence or 'unknown', 80)}",
            f"- Engine: {inert(info.engine or 'unknown', 80)}", ""]
