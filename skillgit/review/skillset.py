"""The skills of one commit, read from the object store: a skill is a folder holding SKILL.md.

As `skills.discover` scans a work tree, a skill's own subfolders hold no further skills and
tool folders (`node_modules`, `.venv`, ...) hold none at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skillgit.gitobjects.rawpath import read_file
from skillgit.gitops import GitRepo
from skillgit.skills.discover import SKIP_DIRS
from skillgit.skills.model import SKILL_FILE, SkillLoadError, parse_skill_text
from skillgit.tokens import context_tokens


@dataclass(frozen=True)
class SkillAt:
    """One skill at one commit. `directory` is repository-relative ("" for the root)."""

    directory: str
    name: str | None = None
    description: str | None = None
    tokens: int | None = None          # always-loaded context; None when it does not parse
    name_line: int | None = None
    description_line: int | None = None

    @property
    def skill_md(self) -> str:
        return join(self.directory, SKILL_FILE)


def join(directory: str, name: str) -> str:
    return f"{directory}/{name}" if directory else name


def skill_dirs(repo: GitRepo, commit: str) -> list[str]:
    """The skill folders at `commit`, sorted; a SKILL.md inside another skill is a resource."""
    found = set()
    for path in repo.find_files(commit, SKILL_FILE):
        parts = path.split("/")[:-1]
        if not any(part in SKIP_DIRS for part in parts):
            found.add("/".join(parts))
    return sorted(folder for folder in found if _outer(folder, found) == folder)


def _outer(path: str, directories: set[str]) -> str | None:
    """The outermost folder among `directories` that is `path` or holds it."""
    parts = path.split("/") if path else []
    for end in range(len(parts) + 1):
        candidate = "/".join(parts[:end])
        if candidate in directories:
            return candidate
    return None


class SkillIndex:
    """Skill folders of one commit, with a fast "which skill holds this path"."""

    def __init__(self, repo: GitRepo, commit: str) -> None:
        self.repo, self.commit = repo, commit
        self.directories = skill_dirs(repo, commit)
        self._set = set(self.directories)
        self._info: dict[str, SkillAt] = {}

    def __contains__(self, directory: str) -> bool:
        return directory in self._set

    def owner(self, path: str) -> str | None:
        """The skill folder holding the file `path`, if any."""
        return _outer(path.rpartition("/")[0], self._set)

    def info(self, directory: str) -> SkillAt:
        if directory not in self._info:
            self._info[directory] = read_skill(self.repo, self.commit, directory)
        return self._info[directory]


def read_skill(repo: GitRepo, commit: str, directory: str) -> SkillAt:
    """Name, description and context cost of the skill in `directory` at `commit`."""
    data = read_file(repo, commit, join(directory, SKILL_FILE))
    if data is None:
        return SkillAt(directory)
    try:
        skill = parse_skill_text(Path("/", directory), data)
    except SkillLoadError:
        return SkillAt(directory)
    name, description = skill.name, skill.description
    return SkillAt(directory, name, description, context_tokens(name, description),
                   skill.frontmatter.line_of("name"), skill.frontmatter.line_of("description"))
