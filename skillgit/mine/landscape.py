"""The skills that already exist on the base branch (read from git objects, not the work tree)."""

from __future__ import annotations

import posixpath
from collections import Counter
from pathlib import Path

from skillgit.gitops import GitRepo
from skillgit.mine.judge import KnownSkill
from skillgit.skills.model import SKILL_FILE, SkillLoadError, parse_skill_text

DEFAULT_SKILLS_DIR = "skills"


def known_skills(repo: GitRepo, base: str, skills_dir: str | None = None) -> list[KnownSkill]:
    """Every parseable skill at `base` (below `skills_dir` when given), by directory."""
    found = []
    prefix = (skills_dir.strip("/") + "/") if skills_dir else ""
    for path in repo.find_files(base, SKILL_FILE):
        if not path.startswith(prefix) or "/" not in path:
            continue
        directory = posixpath.dirname(path)
        data = repo.read_file(base, path)
        if data is None:
            continue
        try:
            skill = parse_skill_text(Path(directory), data)
        except SkillLoadError:
            continue
        found.append(KnownSkill(name=skill.name or posixpath.basename(directory),
                                directory=directory, description=skill.description or "",
                                body=skill.body))
    return found


def new_skills_dir(known: list[KnownSkill], configured: str | None) -> str:
    """Where new skills go: the configured folder, else where most existing skills live."""
    if configured:
        return configured.strip("/")
    parents = Counter(posixpath.dirname(k.directory) for k in known)
    if parents:
        return sorted(parents.items(), key=lambda item: (-item[1], item[0]))[0][0] or "."
    return DEFAULT_SKILLS_DIR
