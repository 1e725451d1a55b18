"""Where a finding is shown: as an annotation on a line the change added or changed, or in
the summary only.

- A finding with a line: annotated when that line of that file is new or changed.
- A finding on SKILL.md without a line (a frontmatter-level problem): placed on the line of
  the key it is about (`name`, `description`), else line 1, and annotated when that line
  changed.
- A finding on another file without a line (a binary file, a file too large): annotated on
  the file when the file was added or changed.
- A finding on a line the change left as it was, in a file the change touched, is what the
  change caused all the same (300,000 lines appended make line 1's "too long" true; a folder
  renamed makes the unchanged `name:` line wrong): it is annotated on the nearest changed
  line of that file, or on the file when no line changed (a pure rename), and its message
  says which line it is about. Reviewers look at the diff; a failing check with nothing in
  it is a puzzle.
Info-level findings are never annotated.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from skillgit.review.changes import ChangedFile
from skillgit.review.skillset import SkillAt
from skillgit.skills.findings import Finding, Level
from skillgit.skills.model import SKILL_FILE


@dataclass(frozen=True)
class Placed:
    finding: Finding
    annotated: bool
    # the annotation, when it cannot sit on the finding's own line (moved to the nearest
    # changed line, or to the file); None: the finding itself is the annotation
    moved: Finding | None = None

    @property
    def annotation(self) -> Finding:
        return self.moved or self.finding


def nearest(line: int, changed: list[int]) -> int:
    """The changed line closest to `line` (the earlier one on a tie); `changed` sorted."""
    at = bisect.bisect_left(changed, line)
    near = changed[max(at - 1, 0):at + 1]
    return min(near, key=lambda n: (abs(n - line), n))


def moved_to(finding: Finding, changed: list[int]) -> Finding:
    """`finding` as an annotation on the nearest changed line, or on the file."""
    assert finding.line is not None
    about = f" (about line {finding.line}, which this change left as it was)"
    if not changed:
        return finding.model_copy(update={"line": None, "message": finding.message + about})
    return finding.model_copy(update={"line": nearest(finding.line, changed),
                                      "message": finding.message + about})


def key_line(finding: Finding, skill: SkillAt) -> int:
    """The line a frontmatter-level finding belongs on."""
    rule = finding.rule
    if (rule.startswith("name") or rule == "duplicate-name") and skill.name_line:
        return skill.name_line
    if rule.startswith("description") and skill.description_line:
        return skill.description_line
    return 1


def _inside(path: str, directory: str) -> str:
    return path[len(directory) + 1:] if directory and path.startswith(directory + "/") else path


def place(findings: list[Finding], skill: SkillAt, changed: dict[str, ChangedFile],
          before: Sequence[Finding] = (), directory: str = "",
          before_directory: str = "") -> list[Placed]:
    """`before`: the skill's findings at the base (in `before_directory`): one of those rules
    on the same file was there already, so it is not moved onto the change."""
    had = {(f.rule, _inside(f.path, before_directory)) for f in before}
    out = []
    lines: dict[str, list[int]] = {}  # path → its changed lines, sorted (once per file)
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
        elif finding.line in item.added_lines:
            annotated = True
        elif (finding.rule, _inside(finding.path, directory)) not in had and (
                item.status in ("added", "modified", "renamed") or item.added_lines):
            if finding.path not in lines:
                lines[finding.path] = sorted(item.added_lines)
            out.append(Placed(finding, True, moved_to(finding, lines[finding.path])))
            continue
        else:
            annotated = False
        out.append(Placed(finding, annotated))
    return out
