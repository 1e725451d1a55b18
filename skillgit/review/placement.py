"""Where a finding is shown: as an annotation on a line the change added or changed, or in
the summary only.

- A finding with a line: annotated when that line of that file is new or changed.
- A finding on SKILL.md without a line (a frontmatter-level problem): placed on the line of
  the key it is about (`name`, `description`), else line 1, and annotated when that line
  changed.
- A finding on another file without a line (a binary file, a file too large): annotated on
  the file when the file was added or changed.
Info-level findings are never annotated.
"""

from __future__ import annotations

from dataclasses import dataclass

from skillgit.review.changes import ChangedFile
from skillgit.review.skillset import SkillAt
from skillgit.skills.findings import Finding, Level
from skillgit.skills.model import SKILL_FILE


@dataclass(frozen=True)
class Placed:
    finding: Finding
    annotated: bool


def key_line(finding: Finding, skill: SkillAt) -> int:
    """The line a frontmatter-level finding belongs on."""
    rule = finding.rule
    if (rule.startswith("name") or rule == "duplicate-name") and skill.name_line:
        return skill.name_line
    if rule.startswith("description") and skill.description_line:
        return skill.description_line
    return 1


def place(findings: list[Finding], skill: SkillAt,
          changed: dict[str, ChangedFile]) -> list[Placed]:
    out = []
    for finding in sorted(findings, key=Finding.sort_key):
        if finding.level is Level.INFO:
            out.append(Placed(finding, False))
            continue
        if finding.line is None and finding.path.rsplit("/", 1)[-1] == SKILL_FILE:
            finding = finding.model_copy(update={"line": key_line(finding, skill)})
        item = changed.get(finding.path)
        if item is None or item.status == "deleted":
            annotated = False
        elif finding.line is None:
            annotated = item.status in ("added", "modified") or bool(item.added_lines)
        else:
            annotated = finding.line in item.added_lines
        out.append(Placed(finding, annotated))
    return out
