"""The skills that already exist on the base branch (read from git objects, not the work tree).

Existing skills are found anywhere in the repository (`skills/`, `.claude/skills/`,
`.agents/skills/`, nested folders): the configured skills folder only says where *new* skills
go, so a skill that lives elsewhere is still extended rather than proposed a second time.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from skillgit.gitops import GitRepo
from skillgit.mine.judge import KnownSkill
from skillgit.skills.copies import canonical, differing, install_place
from skillgit.skills.model import SKILL_FILE, SkillLoadError, parse_skill_text

DEFAULT_SKILLS_DIR = "skills"


def known_skills(repo: GitRepo, base: str,
                 on_warning: Callable[[str], None] | None = None) -> list[KnownSkill]:
    """Every readable skill at `base`, by directory (see `skill_landscape`)."""
    return skill_landscape(repo, base, on_warning)[0]


def skill_landscape(repo: GitRepo, base: str, on_warning: Callable[[str], None] | None = None,
                    ) -> tuple[list[KnownSkill], list[str]]:
    """(every skill at `base` that parses, the directories of those that do not). A SKILL.md
    that cannot be read or parsed is a warning naming its path (via `on_warning`); its
    directory is returned so that no new skill takes that folder's name."""
    found: list[KnownSkill] = []
    unreadable: list[str] = []
    for path in repo.find_files(base, SKILL_FILE):
        if "/" not in path:
            continue  # a SKILL.md at the repository root is no skill directory
        directory = posixpath.dirname(path)
        problem = None
        try:
            data = repo.read_file(base, path)
        except (KeyError, OSError, ValueError) as exc:  # a missing object (partial clone)
            data, problem = None, f"{type(exc).__name__}: {exc}"
        if data is None:
            problem = problem or "it is not a regular file"
        else:
            try:
                skill = parse_skill_text(Path(directory), data)
            except SkillLoadError as exc:
                line = f":{exc.problem.line}" if exc.problem.line else ""
                path, problem = f"{path}{line}", exc.problem.message
        if problem is not None:
            unreadable.append(directory)
            if on_warning is not None:  # a path in a tree may hold any character but "/"
                shown = path if path.isprintable() else repr(path)
                on_warning(f"cannot read existing skill {shown}: {problem} (left alone; "
                           "no new skill takes its name)")
            continue
        found.append(KnownSkill(name=skill.name or posixpath.basename(directory),
                                directory=directory, description=skill.description or "",
                                body=skill.body))
    return _installs_as_one(repo, base, found, on_warning), unreadable


def _installs_as_one(repo: GitRepo, base: str, found: list[KnownSkill],
                     on_warning: Callable[[str], None] | None) -> list[KnownSkill]:
    """One skill installed for several agents (`.agents/skills/X`, `.claude/skills/X`) is one
    known skill: its canonical copy, with the identical others as `copies` (an update writes
    them all). Copies that differ are left alone: only the canonical one is updated."""
    groups: dict[tuple[str, str], list[KnownSkill]] = {}
    for known in found:
        place = install_place(known.directory)
        key = (place[0], place[2]) if place else ("\0", known.directory)  # "\0": no folder
        groups.setdefault(key, []).append(known)
    out: list[KnownSkill] = []
    for members in groups.values():
        if len(members) == 1 or len({m.name for m in members}) > 1:
            out += members
            continue
        main_dir = canonical([m.directory for m in members])
        main = next(m for m in members if m.directory == main_dir)
        files = repo.list_files(base, main_dir)
        same = tuple(m.directory for m in members if m is not main
                     and not differing(files, repo.list_files(base, m.directory)))
        differ = [m.directory for m in members if m is not main and m.directory not in same]
        if differ and on_warning is not None:
            on_warning(f"skill '{main.name}' is installed in {main_dir} and "
                       f"{', '.join(differ)}, but the copies differ: an update edits "
                       f"{main_dir} only")
        out.append(main.model_copy(update={"copies": same}))
    return out


def new_skills_dir(known: list[KnownSkill], configured: str | None) -> str:
    """Where new skills go: the configured folder, else where most existing skills live."""
    if configured:
        return configured.strip("/")
    parents = Counter(posixpath.dirname(k.directory) for k in known)
    if parents:
        return sorted(parents.items(), key=lambda item: (-item[1], item[0]))[0][0] or "."
    return DEFAULT_SKILLS_DIR
