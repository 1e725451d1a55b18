"""Turn an accepted verdict into skill content, without a model.

A new skill gets a name and a sentence-case title from its main lesson (`naming`), a
description saying what it does and when to use it (`describe`), and a lean body: one
imperative rule per lesson, naming the exact commands (`lessons`). Nothing about where the
lessons came from goes into the file: session ids, dates and quotes stay in the commit message
and the PR body. An update puts each new rule into the section of the existing SKILL.md it
concerns (`placement`), leaving its frontmatter and every existing byte alone.
"""

from __future__ import annotations

import yaml

from skillgit.mine.describe import description
from skillgit.mine.judge import KnownSkill
from skillgit.mine.lessons import (
    command_tool,
    lesson_lines,
    lessons,
    plain_text,
    rule_lines,
    rule_text,
    taught,
)
from skillgit.mine.naming import skill_name, title
from skillgit.mine.placement import LEARNED_HEADING, place
from skillgit.proposal import Candidate, Verdict
from skillgit.skills.document import SkillDocument

__all__ = ["LEARNED_HEADING", "append_lessons", "command_tool", "known_by_name",
           "new_skill_text", "plain_text", "rule_lines", "rule_text", "skill_file_text",
           "skill_name", "summary_for", "updated_skill_text"]

ONE_LINE = 1 << 30  # yaml's line width: never fold a value
_SECTIONS = (("rule", "## Rules"), ("fix", "## When a command fails"), ("ask", "## Requests"))


def skill_file_text(name: str, description: str, body: str) -> str:
    """A SKILL.md from its parts; the frontmatter is always written by skillgit."""
    # One line per field, however long: line-based frontmatter readers (several agents'
    # skill loaders) read a wrapped description only up to its first line break.
    frontmatter = yaml.safe_dump({"name": name, "description": " ".join(description.split())},
                                 sort_keys=False, allow_unicode=True, width=ONE_LINE)
    return f"---\n{frontmatter}---\n\n{body.strip()}\n"


def new_skill_body(name: str, candidate: Candidate) -> str:
    """The body of a new skill: its title, then one section per kind of lesson."""
    found = taught(lessons(candidate))
    parts = [f"# {title(candidate, name)}", ""]
    for kind, heading in _SECTIONS:
        lines = [line for lesson in found if lesson.kind == kind
                 for line in lesson_lines(lesson)]
        if lines:
            parts += [heading, "", *lines, ""]
    return "\n".join(parts)


def new_skill_text(name: str, candidate: Candidate, n_sessions: int = 0) -> str:
    """A new SKILL.md for `candidate` (`n_sessions` is the commit message's business)."""
    del n_sessions
    return skill_file_text(name, description(candidate), new_skill_body(name, candidate))


def updated_skill_text(current: bytes, candidate: Candidate) -> bytes | None:
    """The existing SKILL.md with the candidate's new rules placed in the sections they
    concern (None when it already says them all)."""
    return append_lessons(current, rule_lines(candidate))


def _said(line: str) -> str:
    return " ".join(line[2:].replace("`", "'").lower().split()).rstrip(".")


def append_lessons(current: bytes, new_lines: list[str]) -> bytes | None:
    """Add lessons the body does not already hold, each in the section it concerns (else
    under LEARNED_HEADING), keeping every existing byte (frontmatter, line endings); None
    when nothing is new. `new_lines`: "- " bullets, each maybe followed by lines indented
    two spaces (fenced commands)."""
    document = SkillDocument.from_bytes(current)
    known = " ".join(document.body.replace("`", "'").lower().split())
    groups: list[list[str]] = []
    for line in new_lines:
        if line.startswith("- ") or not groups:
            groups.append([line if line.startswith("- ") else f"- {line.strip()}"])
        else:
            groups[-1].append(line)
    fresh = [g for g in groups if _said(g[0]) and _said(g[0]) not in known]
    if not fresh:
        return None
    body = place(document.body, document.newline, fresh)
    if body == document.body:  # every step it changes already says it (amended before)
        return None
    return document.model_copy(update={"body": body}).to_bytes()


def summary_for(kind: str, verdict: Verdict) -> str:
    c = verdict.candidate
    n = len(c.sessions)
    if kind == "update":
        count = len(lessons(c)) or 1
        return f"add {count} lesson{'s' if count != 1 else ''} from {n} sessions"
    dims = [d for d, r in (("feedback", verdict.feedback), ("repeated ask", verdict.repeated_ask))
            if r.holds]
    return f"new skill from {n} sessions ({' + '.join(dims)})"


def known_by_name(known: list[KnownSkill], name: str | None) -> KnownSkill | None:
    return next((k for k in known if k.name == name), None)
