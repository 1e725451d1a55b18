"""The files changed between two commits (with their changed lines) and the skills they touch.

A skill is touched when a file inside it (at the base, at the head, or both) changed:
- added: its folder holds a SKILL.md at the head and did not at the base;
- removed: the other way round;
- renamed: a removed skill whose SKILL.md moved (git's rename detection) to an added one;
- changed: a skill at both ends with a changed file inside.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from skillgit.gitobjects.diff import changed_lines, tree_changes
from skillgit.gitops import GitRepo
from skillgit.review.skillset import SkillIndex, join
from skillgit.skills.model import SKILL_FILE

Change = Literal["added", "changed", "renamed", "removed"]


@dataclass(frozen=True)
class ChangedFile:
    """One changed path; `added_lines`: head line numbers that are new or changed."""

    path: str                      # the head path (the base path for a deleted file)
    old_path: str | None
    status: str                    # added, modified, deleted, renamed
    binary: bool = False
    added_lines: frozenset[int] = frozenset()


@dataclass
class TouchedSkill:
    directory: str                 # at the head (at the base for a removed skill)
    change: Change
    old_directory: str | None = None
    files: list[ChangedFile] = field(default_factory=list)


def touched_skills(repo: GitRepo, base: str, head: str, base_skills: SkillIndex,
                   head_skills: SkillIndex) -> tuple[list[ChangedFile], list[TouchedSkill]]:
    """Every changed file, and the skills they touch (sorted by folder)."""
    files: list[ChangedFile] = []
    touched: dict[tuple[str, str], TouchedSkill] = {}
    moved: dict[str, str] = {}     # base skill folder → head skill folder (SKILL.md renamed)
    for change in tree_changes(repo, base, head):
        new_owner = head_skills.owner(change.new_path) if change.new_path else None
        old_owner = base_skills.owner(change.old_path) if change.old_path else None
        if new_owner is None and old_owner is None:
            files.append(ChangedFile(change.new_path or change.old_path or "", change.old_path,
                                     change.status))
            continue
        binary, lines = changed_lines(repo, change) if new_owner is not None else (False, None)
        item = ChangedFile(change.new_path or change.old_path or "", change.old_path,
                           change.status, binary, lines or frozenset())
        files.append(item)
        if (change.status == "renamed" and old_owner is not None and new_owner is not None
                and change.old_path == join(old_owner, SKILL_FILE)
                and change.new_path == join(new_owner, SKILL_FILE)):
            moved[old_owner] = new_owner
        for side, owner in (("head", new_owner), ("base", old_owner)):
            if owner is not None:
                key = (side, owner)
                if key not in touched:
                    touched[key] = TouchedSkill(owner, "changed")
                if item not in touched[key].files:
                    touched[key].files.append(item)
    return files, _classify(touched, moved, base_skills, head_skills)


def _classify(touched: dict[tuple[str, str], TouchedSkill], moved: dict[str, str],
              base_skills: SkillIndex, head_skills: SkillIndex) -> list[TouchedSkill]:
    out: dict[str, TouchedSkill] = {}
    for (side, folder), skill in touched.items():
        if side == "head":
            skill.change = "changed" if folder in base_skills else "added"
            out[f"h:{folder}"] = skill
        elif folder not in head_skills:
            skill.change = "removed"
            out[f"b:{folder}"] = skill
        else:  # a file that left a skill which is still there
            existing = touched.get(("head", folder)) or out.get(f"h:{folder}")
            if existing is None:
                out[f"h:{folder}"] = TouchedSkill(folder, "changed", files=skill.files)
            else:
                existing.files += [f for f in skill.files if f not in existing.files]
    _same_names(out, moved, base_skills, head_skills)
    for old, new in moved.items():
        target, source = out.get(f"h:{new}"), out.get(f"b:{old}")
        if target is not None and source is not None and target.change == "added":
            target.change, target.old_directory = "renamed", old
            del out[f"b:{old}"]
    return sorted(out.values(), key=lambda s: (s.directory, s.change))


def _same_names(out: dict[str, TouchedSkill], moved: dict[str, str], base_skills: SkillIndex,
                head_skills: SkillIndex) -> None:
    """A removed skill and an added one with the same `name`: a rename whose SKILL.md changed
    too much for git's rename detection to pair the files."""
    removed = {s.directory: base_skills.info(s.directory).name for s in out.values()
               if s.change == "removed" and s.directory not in moved}
    paired = set(moved.values())
    for skill in out.values():
        if skill.change != "added" or skill.directory in paired:
            continue
        name = head_skills.info(skill.directory).name
        match = next((old for old, old_name in removed.items() if name and old_name == name),
                     None)
        if match is not None:
            moved[match] = skill.directory
            paired.add(skill.directory)
            del removed[match]
