"""Validate skills: discover → load → run every rule → one report."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections import defaultdict
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pydantic import BaseModel

from skillgit.skills import content_rules, spec_rules
from skillgit.skills.discover import find_repo_root, find_skill_dirs, has_skill_file
from skillgit.skills.findings import Finding, Level
from skillgit.skills.model import Skill, SkillLoadError, load_skill
from skillgit.skills.profiles import Profile, get_profile
from skillgit.skills.spec_rules import FindingSink
from skillgit.tokens import estimate_tokens


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


def check_skill(skill: Skill, profile: Profile, cwd: Path) -> SkillReport:
    """Run every per-skill rule on an already parsed skill."""
    sink = FindingSink(display_path(skill.skill_md, cwd))
    spec_rules.check_frontmatter(skill, profile, sink)
    content_rules.check_body_size(skill, sink)
    content_rules.check_links(skill, sink)
    content_rules.check_files(skill, sink, lambda p: display_path(p, cwd))
    tokens = estimate_tokens((skill.name or "") + " " + (skill.description or ""))
    sink.add(Level.INFO, "context-cost",
             f"always-loaded context: ~{tokens} tokens (name + description)", 1)
    return SkillReport(path=display_path(skill.directory, cwd), name=skill.name,
                       context_tokens=tokens, findings=sink.findings)


def validate_skill_dir(directory: Path, profile: Profile, cwd: Path) -> tuple[
        SkillReport, Skill | None]:
    try:
        skill = load_skill(directory)
    except SkillLoadError as exc:
        problem = exc.problem
        finding = Finding(path=display_path(directory / "SKILL.md", cwd), line=problem.line,
                          level=Level.ERROR, rule=problem.rule, message=problem.message)
        return SkillReport(path=display_path(directory, cwd), findings=[finding]), None
    return check_skill(skill, profile, cwd), skill


def validate_paths(paths: Iterable[str | os.PathLike[str]], profile: str = "spec",
                   cwd: Path | None = None) -> ValidationReport:
    """Validate every skill found from `paths` under the named profile."""
    chosen = get_profile(profile)
    here = Path(os.path.abspath(cwd or os.getcwd()))
    report = ValidationReport(profile=chosen.name)
    reports: dict[Path, SkillReport] = {}
    names: dict[Path, str | None] = {}
    directories = find_skill_dirs(paths)
    for directory, (skill_report, name) in zip(
            directories, _validate_all(directories, chosen, here), strict=True):
        report.skills.append(skill_report)
        reports[directory] = skill_report
        names[directory] = name
    _check_duplicate_names(reports, names, here)
    return report


# Below this many skills, starting worker processes costs more than it saves.
PARALLEL_MIN_SKILLS = 200


def _validate_one(job: tuple[Path, Profile, Path]) -> tuple[SkillReport, str | None]:
    report, skill = validate_skill_dir(*job)
    return report, skill.name if skill else None


def _validate_all(directories: list[Path], profile: Profile,
                  cwd: Path) -> list[tuple[SkillReport, str | None]]:
    """Every skill's report and name, in order; on all cores when there are many skills."""
    jobs = [(d, profile, cwd) for d in directories]
    workers = min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                  else (os.cpu_count() or 1), 8)
    if len(jobs) < PARALLEL_MIN_SKILLS or workers < 2 or sys.platform != "linux":
        return [_validate_one(job) for job in jobs]
    context = multiprocessing.get_context("fork")  # workers inherit the loaded modules
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(_validate_one, jobs, chunksize=max(16, len(jobs) // (workers * 4))))


def _check_duplicate_names(reports: dict[Path, SkillReport], names: dict[Path, str | None],
                           cwd: Path) -> None:
    """Two skills with one `name` in a repository (or in this run, outside git) is an error."""
    everyone = dict(names)
    for root in {find_repo_root(d) for d in names} - {None}:
        assert root is not None
        for other in find_skill_dirs([root]):
            if other not in everyone:
                try:
                    everyone[other] = load_skill(other).name
                except SkillLoadError:
                    everyone[other] = None
    by_name: dict[str, list[Path]] = defaultdict(list)
    for directory, name in everyone.items():
        if name:
            by_name[name].append(directory)
    for name, dirs in by_name.items():
        if len(dirs) < 2:
            continue
        for directory in dirs:
            target = reports.get(directory)
            if target is None:
                continue
            others = ", ".join(display_path(d, cwd) for d in dirs if d != directory)
            target.findings.append(Finding(
                path=display_path(directory / "SKILL.md", cwd), line=None, level=Level.ERROR,
                rule="duplicate-name", message=f"skill name '{name}' is also used by {others}"))


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
