"""Validate skills: discover → load → run every rule → one report."""

from __future__ import annotations

import os
import sys
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from skillgit.skills import content_rules, spec_rules
from skillgit.skills.copies import copy_message, differing, folder_files, same_install
from skillgit.skills.discover import RepoRoots, SkillDirFinder, has_skill_file
from skillgit.skills.findings import Finding, FindingRow, Level, finding_from_row
from skillgit.skills.model import SKILL_FILE, Skill, SkillLoadError, load_skill
from skillgit.skills.parallel import fork_map
from skillgit.skills.profiles import Profile, get_profile
from skillgit.skills.spec_rules import FindingSink
from skillgit.tokens import context_tokens

T = TypeVar("T")


class SkillReport(BaseModel):
    """The findings for one skill directory."""

    path: str
    name: str | None = None
    context_tokens: int | None = None
    findings: list[Finding] = []

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.level is Level.ERROR)


class ValidationReport(BaseModel):
    profile: str
    skills: list[SkillReport] = []

    @property
    def findings(self) -> list[Finding]:
        return sorted((f for s in self.skills for f in s.findings), key=Finding.sort_key)

    def count(self, level: Level) -> int:
        return sum(1 for s in self.skills for f in s.findings if f.level is level)

    @property
    def context_tokens(self) -> int:
        return sum(s.context_tokens or 0 for s in self.skills)

    def failed(self, strict: bool = False) -> bool:
        return self.count(Level.ERROR) > 0 or (strict and self.count(Level.WARNING) > 0)


def display_path(path: Path, cwd: Path) -> str:
    """Relative to the working directory when below it, else absolute."""
    try:
        rel = path.relative_to(cwd)
    except ValueError:
        return str(path)
    return str(rel) if str(rel) != "." else "."


def _display(path: str, cwd: str) -> str:
    """`display_path` for normalised absolute string paths, without pathlib."""
    if os.sep != "/" or path.startswith("//") or cwd.startswith("//"):
        return display_path(Path(path), Path(cwd))
    if path == cwd:
        return "."
    prefix = cwd if cwd == "/" else cwd + "/"
    return path[len(prefix):] if path.startswith(prefix) else path


# One skill's result as plain data: (path, name, context_tokens, finding rows).
SkillRow = tuple[str, str | None, int | None, list[FindingRow]]


def check_skill(skill: Skill, profile: Profile, cwd: Path) -> SkillReport:
    """Run every per-skill rule on an already parsed skill."""
    return _report(_check_rows(skill, profile, str(cwd)))


def _check_rows(skill: Skill, profile: Profile, here: str) -> SkillRow:
    folder = str(skill.directory)
    sink = FindingSink(_display(os.path.join(folder, SKILL_FILE), here))
    spec_rules.check_frontmatter(skill, profile, sink)
    content_rules.check_body_size(skill, sink)
    content_rules.check_links(skill, sink)
    content_rules.check_files(skill, sink, lambda p: _display(p, here))
    tokens = context_tokens(skill.name, skill.description)
    sink.add(Level.INFO, "context-cost",
             f"always-loaded context: ~{tokens} tokens (name + description)", 1)
    return _display(folder, here), skill.name, tokens, sink.rows


def _report(row: SkillRow) -> SkillReport:
    path, name, tokens, rows = row
    findings = [finding_from_row(f) for f in rows]
    if tokens is None:  # the skill did not load: no name, no context cost
        return SkillReport(path=path, findings=findings)
    return SkillReport(path=path, name=name, context_tokens=tokens, findings=findings)


def validate_skill_dir(directory: Path, profile: Profile, cwd: Path) -> tuple[
        SkillReport, Skill | None]:
    row, skill = _validate_row(directory, profile, str(cwd))
    return _report(row), skill


def _validate_row(directory: Path, profile: Profile, here: str) -> tuple[SkillRow, Skill | None]:
    try:
        skill = load_skill(directory)
    except SkillLoadError as exc:
        problem = exc.problem
        folder = str(directory)
        finding = (_display(os.path.join(folder, SKILL_FILE), here), problem.line, Level.ERROR,
                   problem.rule, problem.message)
        return (_display(folder, here), None, None, [finding]), None
    return _check_rows(skill, profile, here), skill


def validate_paths(paths: Iterable[str | os.PathLike[str]], profile: str = "spec",
                   cwd: Path | None = None, named: bool = False) -> ValidationReport:
    """Validate every skill found from `paths` under the named profile. `named`: the user
    named these paths, so a folder among them that holds a skill's resources but no SKILL.md
    and no skill below is reported (`skill-file-missing`) instead of silently passing."""
    paths = list(paths)
    chosen = get_profile(profile)
    here = Path(os.path.abspath(cwd or os.getcwd()))
    report = ValidationReport(profile=chosen.name)
    reports: dict[Path, SkillReport] = {}
    names: dict[Path, str | None] = {}
    finder = SkillDirFinder()
    directories = finder.find(paths)
    if named:
        directories += [d for d in finder.lacking_skill_file(paths) if d not in directories]
    unlisted = dict(finder.unreadable)  # before the duplicate-name scan adds its own
    for directory, row in zip(directories, _validate_all(directories, chosen, here),
                              strict=True):
        skill_report = _report(row)
        report.skills.append(skill_report)
        reports[directory] = skill_report
        names[directory] = row[1]
    _check_duplicate_names(reports, names, here, finder)
    for folder, reason in unlisted.items():
        shown = _display(folder, str(here))
        report.skills.append(SkillReport(path=shown, findings=[Finding(
            path=shown, level=Level.WARNING, rule="file-unreadable",
            message=f"folder cannot be listed ({reason}); skills inside it were not checked")]))
    return report


# Below this many skills, forking worker processes costs more than it saves (a fork costs
# about as much as checking ten skills); each worker gets at least PARALLEL_MIN_SHARE skills.
PARALLEL_MIN_SKILLS = 32
PARALLEL_MIN_SHARE = 16


def _validate_all(directories: list[Path], profile: Profile, cwd: Path) -> list[SkillRow]:
    """Every skill's result, in order; on all cores when there are many skills."""
    here = str(cwd)

    def one(directory: Path) -> SkillRow:
        return _validate_row(directory, profile, here)[0]

    return _map(one, directories)


def _map(func: Callable[[Path], T], directories: list[Path]) -> list[T]:
    """[func(d) for d in directories], in forked workers (which inherit the loaded modules)
    when there are enough directories to pay for them."""
    cores = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
             else (os.cpu_count() or 1))
    workers = min(cores, 8, len(directories) // PARALLEL_MIN_SHARE)
    if (len(directories) < PARALLEL_MIN_SKILLS or workers < 2 or sys.platform != "linux"
            or threading.active_count() > 1):  # forking a threaded process can deadlock
        return [func(d) for d in directories]
    return fork_map(func, directories, workers)


def _name_of(directory: Path) -> str | None:
    try:
        return load_skill(directory).name
    except SkillLoadError:
        return None


def _check_duplicate_names(reports: dict[Path, SkillReport], names: dict[Path, str | None],
                           cwd: Path, finder: SkillDirFinder | None = None) -> None:
    """Two skills with one `name` in a repository (or in this run, outside git) is an error;
    skills of two different repositories may share a name."""
    everyone = dict(names)
    finder = finder or SkillDirFinder()
    repo_root = RepoRoots()
    root_of = {directory: repo_root(directory) for directory in names}
    roots = dict.fromkeys(root_of.values())  # in order of first appearance
    unseen: dict[Path, Path] = {}
    for root in roots:
        if root is not None:
            unseen.update((other, root) for other in finder.find([root])
                          if other not in everyone and other not in unseen)
    everyone.update(zip(unseen, _map(_name_of, list(unseen)), strict=True))  # the rest
    root_of.update(unseen)
    here = str(cwd)
    by_name: dict[tuple[Path | None, str], list[Path]] = defaultdict(list)
    for directory, name in everyone.items():
        if name:
            by_name[root_of[directory], name].append(directory)
    for (_, name), dirs in by_name.items():
        if len(dirs) < 2:
            continue
        contents: dict[Path, dict[str, bytes] | None] = {}
        for directory in dirs:
            target = reports.get(directory)
            if target is None:
                continue
            shown_file = _display(os.path.join(str(directory), SKILL_FILE), here)
            clashes = [d for d in dirs if d != directory and not same_install(
                directory.as_posix(), d.as_posix())]
            if clashes:
                others = ", ".join(_display(str(d), here) for d in clashes)
                target.findings.append(Finding(
                    path=shown_file, line=None, level=Level.ERROR, rule="duplicate-name",
                    message=f"skill name '{name}' is also used by {others}"))
            for copy in (d for d in dirs if d != directory and d not in clashes):
                changed = _compared(directory, copy, contents)
                target.findings.append(Finding(
                    path=shown_file, line=None,
                    level=Level.INFO if changed == [] else Level.WARNING,
                    rule="skill-copy" if changed == [] else "skill-copies-differ",
                    message=copy_message(name, _display(str(copy), here), changed)))


def _compared(first: Path, second: Path,
              contents: dict[Path, dict[str, bytes] | None]) -> list[str] | None:
    """The files two installed copies differ in ([] when identical, None if unreadable)."""
    for folder in (first, second):
        if folder not in contents:
            contents[folder] = folder_files(folder)
    a, b = contents[first], contents[second]
    return None if a is None or b is None else differing(a, b)


def validate_skill(path: str | os.PathLike[str], profile: str = "spec",
                   cwd: Path | None = None) -> SkillReport:
    """Validate exactly one skill directory (or its SKILL.md), without scanning below it."""
    here = Path(os.path.abspath(cwd or os.getcwd()))
    target = Path(os.path.abspath(path))
    shown = display_path(target, here)

    def problem(rule: str, message: str) -> SkillReport:
        return SkillReport(path=shown, findings=[
            Finding(path=shown, level=Level.ERROR, rule=rule, message=message)])

    if not os.path.lexists(target):
        return problem("path-missing", f"Path does not exist: {shown}")
    if target.name != "SKILL.md" and not target.is_dir():
        return problem("not-a-skill", f"Not a directory: {shown}")
    if target.is_dir() and not has_skill_file(target):
        return problem("skill-file-missing", "Missing required file: SKILL.md")
    directory = target.parent if target.name == "SKILL.md" else target
    return validate_skill_dir(directory, get_profile(profile), here)[0]
