"""Find skill directories from the paths a user (or pre-commit) passes.

A path may be a skill directory, a SKILL.md, any file inside a skill directory (pre-commit
passes changed files), or a folder/repository to scan. Scans skip `.git`, `node_modules` and
tool caches, honour `.gitignore` when the folder is in a git repository, follow symlinked
directories once (loops are cut), and never descend into a skill's own resource folders.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from skillgit.skills.model import SKILL_FILE, misnamed_skill_file

SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis",
})


class GitIgnore:
    """`.gitignore` rules of the repository containing a folder (dulwich); no-op outside git."""

    def __init__(self, start: Path) -> None:
        self.root: Path | None = None
        self._manager = None
        root = find_repo_root(start)
        if root is None:
            return
        try:
            from dulwich.ignore import IgnoreFilterManager
            from dulwich.repo import Repo

            with Repo(str(root)) as repo:
                self._manager = IgnoreFilterManager.from_repo(repo)
            self.root = root
        except Exception:  # a broken or exotic repo: scan without ignore rules
            self._manager = None

    def ignored(self, path: Path, is_dir: bool) -> bool:
        if self._manager is None or self.root is None:
            return False
        try:
            rel = path.relative_to(self.root).as_posix()
        except ValueError:
            return False
        if rel in ("", "."):
            return False
        return bool(self._manager.is_ignored(rel + "/" if is_dir else rel))


def find_repo_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` that holds a `.git` entry."""
    current = start if start.is_dir() else start.parent
    for folder in (current, *current.parents):
        if (folder / ".git").exists():
            return folder
    return None


def enclosing_skill(path: Path) -> Path | None:
    """The nearest folder at or above a file's folder that has a SKILL.md (stops at a repo root)."""
    for folder in (path.parent, *path.parent.parents):
        if os.path.lexists(folder / SKILL_FILE):
            return folder
        if (folder / ".git").exists():
            return None
    return None


def has_skill_file(folder: Path) -> bool:
    """True when the folder holds SKILL.md (or a wrongly cased skill.md to report)."""
    return os.path.lexists(folder / SKILL_FILE) or misnamed_skill_file(folder) is not None


def find_skill_dirs(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Skill directories (absolute, symlinks not resolved), in a stable order, without repeats."""
    found: dict[Path, None] = {}
    for raw in paths:
        path = Path(os.path.abspath(raw))
        if path.name == SKILL_FILE and os.path.lexists(path):
            found[path.parent] = None
        elif path.is_dir() and has_skill_file(path):
            found[path] = None
        elif path.is_dir():
            for skill_dir in _scan(path):
                found[skill_dir] = None
        else:
            enclosing = enclosing_skill(path)
            if enclosing is not None:
                found[enclosing] = None
    return list(found)


def _has_skill_entry(entries: list[os.DirEntry[str]]) -> bool:
    return any(e.name.lower() == SKILL_FILE.lower() for e in entries)


def _scan(top: Path) -> Iterator[Path]:
    ignore = GitIgnore(top)
    seen: set[str] = set()
    stack = [top]
    while stack:
        folder = stack.pop()
        try:
            real = os.path.realpath(folder)
            if real in seen:
                continue
            seen.add(real)
            entries = sorted(os.scandir(folder), key=lambda e: e.name, reverse=True)
        except OSError:
            continue
        if folder != top and _has_skill_entry(entries):
            yield folder
            continue
        for entry in entries:
            if entry.name in SKIP_DIRS:
                continue
            try:
                is_dir = entry.is_dir()  # follows symlinks; loops are cut by `seen`
            except OSError:
                continue
            if is_dir and not ignore.ignored(Path(entry.path), is_dir=True):
                stack.append(Path(entry.path))
