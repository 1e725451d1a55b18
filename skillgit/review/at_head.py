"""Validate skills as they are at the head commit, not as the work tree happens to be.

Each touched skill's files are copied from the head tree into a private temporary folder laid
out like the repository, and `skills.validate` runs there, so a finding names the
repository-relative path and line. Files are written as plain files (a symlink's target is
written as its content, never followed); a path that would leave the folder is skipped.
Names duplicated by a skill the change did not touch are reported here, as `validate` would
in a checkout.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from skillgit.gitobjects.rawpath import invalid_name, list_files
from skillgit.gitops import GitRepo
from skillgit.review.skillset import SkillIndex, join
from skillgit.skills.copies import copy_message, differing, same_install
from skillgit.skills.findings import Finding, Level
from skillgit.skills.validate import SkillReport, validate_paths

ROOT_SKILL = "repository-root"    # where a skill at the repository's root is validated


def validate_at(repo: GitRepo, head: str, directories: list[str], head_skills: SkillIndex,
                profile: str = "spec") -> dict[str, SkillReport]:
    """Folder → its report, for each of `directories` (skill folders at `head`)."""
    if not directories:
        return {}
    with tempfile.TemporaryDirectory(prefix="skillgit-review-") as tmp:
        root = Path(tmp)
        (root / ".git").mkdir()  # the duplicate-name scan stops here, never above
        local = {}
        for directory in directories:
            target = _materialise(repo, head, directory, root)
            local[target] = directory
        report = validate_paths([root / t for t in local], profile=profile, cwd=root)
    out: dict[str, SkillReport] = {}
    for skill in report.skills:
        folder = local.get(skill.path)
        if folder is None:
            continue
        out[folder] = SkillReport(path=folder or ".", name=skill.name,
                                  context_tokens=skill.context_tokens,
                                  findings=[_moved(f, skill.path, folder)
                                            for f in skill.findings])
    for directory, shown in out.items():
        _duplicates_elsewhere(shown, directory, set(directories), head_skills, repo, head)
        _folder_encoding(repo, head, shown, directory)
    return out


def _folder_encoding(repo: GitRepo, head: str, report: SkillReport, directory: str) -> None:
    """A folder whose name is not valid UTF-8: agents and tools may not find the skill, and
    its name cannot match the skill's `name`."""
    safe = invalid_name(repo, head, directory)
    if safe is not None:
        report.findings.append(Finding(
            path=join(directory, "SKILL.md"), line=None, level=Level.ERROR,
            rule="folder-name-encoding",
            message=f"the folder name '{safe}' is not valid UTF-8 (invalid bytes shown as "
                    "\\xNN); rename it with a UTF-8 name that matches the skill's name"))


def _materialise(repo: GitRepo, head: str, directory: str, root: Path) -> str:
    """Write the skill's files below `root`; the folder it went to, relative to `root`."""
    target = directory or ROOT_SKILL
    base = root / target
    base.mkdir(parents=True, exist_ok=True)
    for relative, data in list_files(repo, head, directory).items():
        parts = relative.split("/")
        if any(p in ("", ".", "..") or p.lower() == ".git" or "\0" in p for p in parts):
            continue
        path = base.joinpath(*parts)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "wb") as handle:
                handle.write(data)
        except OSError:  # a file and a folder of one name (case-insensitive disks)
            continue
    return target if os.sep == "/" else target.replace("/", os.sep)


def _moved(finding: Finding, local: str, directory: str) -> Finding:
    """The finding with its path as in the repository."""
    path = finding.path.replace(os.sep, "/")
    local = local.replace(os.sep, "/")
    if path == local or path.startswith(local + "/"):
        rest = path[len(local):].lstrip("/")
        path = join(directory, rest) if rest else (directory or ".")
    return finding.model_copy(update={"path": path})


def _duplicates_elsewhere(report: SkillReport, directory: str, touched: set[str],
                          head_skills: SkillIndex, repo: GitRepo, head: str) -> None:
    if not report.name:
        return
    named = [d for d in head_skills.directories if d not in touched and d != directory
             and head_skills.info(d).name == report.name]
    others = [d for d in named if not same_install(directory, d)]
    for copy in (d for d in named if d not in others):  # one skill installed for two agents
        changed = differing(list_files(repo, head, directory), list_files(repo, head, copy))
        report.findings.append(Finding(
            path=join(directory, "SKILL.md"), line=head_skills.info(directory).name_line,
            level=Level.WARNING if changed else Level.INFO,
            rule="skill-copies-differ" if changed else "skill-copy",
            message=copy_message(report.name, copy, changed)))
    if others:
        shown = ", ".join(d or "." for d in others[:5])
        report.findings.append(Finding(
            path=join(directory, "SKILL.md"), line=head_skills.info(directory).name_line,
            level=Level.ERROR, rule="duplicate-name",
            message=f"skill name '{report.name}' is also used by {shown}"))

