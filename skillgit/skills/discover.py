"""Find skill directories from the paths a user (or pre-commit) passes.

A path may be a skill directory, a SKILL.md, any file inside a skill directory (pre-commit
passes changed files), or a folder/repository to scan. Scans skip `.git`, `node_modules` and
tool caches, honour `.gitignore` when the folder is in a git repository, follow symlinked
directories once (loops are cut), and never descend into a skill's own resource folders.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from skillgit.skills.model import SKILL_FILE, misnamed_skill_file

SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".nox",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis",
})


class GitIgnore:
    """`.gitignore` rules of the repository holding a folder (the git layer); no-op outside git."""

    def __init__(self, start: Path) -> None:
        self.root: Path | None = None
        self._manager: Callable[[str], bool] | None = None
        root = find_repo_root(start)
        if root is None:
            return
        try:
            from skillgit.gitobjects.ignore import ignore_rules  # git only when scanning git

            self._manager = ignore_rules(root)
            self.root = root
        except Exception:  # a broken or exotic repo: scan without ignore rules
            self._manager = None

    def ignored_path(self, path: str, is_dir: bool) -> bool:
        """`ignored` for a string path (what a scan has), skipping pathlib where it can."""
        if self._manager is None or self.root is None:
            return False
        prefix = str(self.root) + "/"
        if os.sep == "/" and path.startswith(prefix) and prefix != "//":
            return bool(self._manager(path[len(prefix):] + ("/" if is_dir else "")))
        return self.ignored(Path(path), is_dir)

    def ignored(self, path: Path, is_dir: bool) -> bool:
        if self._manager is None or self.root is None:
            return False
        try:
            rel = path.relative_to(self.root).as_posix()
        except ValueError:
            return False
        if rel in ("", "."):
            return False
        return bool(self._manager(rel + "/" if is_dir else rel))


def find_repo_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` that holds a `.git` entry."""
    current = start if start.is_dir() else start.parent
    for folder in (current, *current.parents):
        if (folder / ".git").exists():
            return folder
    return None


_MISSING_ERRNOS = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)
_MISSING_WINERRORS = (21, 123, 1921)


def _exists(path: str) -> bool:
    """`Path(path).exists()` without pathlib: missing is False, other errors propagate."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno in _MISSING_ERRNOS or getattr(exc, "winerror", None) in _MISSING_WINERRORS:
            return False
        raise
    except ValueError:
        return False
    return True


class RepoRoots:
    """`find_repo_root` for many folders: each folder on the way up is checked only once, so
    1,000 skills side by side cost 1,000 checks plus one walk up, not 1,000 walks."""

    def __init__(self) -> None:
        self._memo: dict[str, str | None] = {}

    def __call__(self, start: Path) -> Path | None:
        text = str(start)
        current = text if os.path.isdir(text) else os.path.dirname(text)
        walked: list[str] = []
        while True:
            if current in self._memo:
                root = self._memo[current]
                break
            walked.append(current)
            if _exists(os.path.join(current, ".git")):
                root = current
                break
            parent = os.path.dirname(current)
            if parent == current:
                root = None
                break
            current = parent
        for folder in walked:  # below `root` no folder has .git, so `root` is theirs too
            self._memo[folder] = root
        return None if root is None else Path(root)


def enclosing_skill(path: Path) -> Path | None:
    """The nearest folder at or above a file's folder that has a SKILL.md (stops at a repo root)."""
    for folder in (path.parent, *path.parent.parents):
        if os.path.lexists(folder / SKILL_FILE):
            return folder
        if (folder / ".git").exists():
            return None
    return None


# The optional folders a skill may hold (spec: scripts/, references/, assets/).
RESOURCE_DIRS = ("scripts", "references", "assets")


def has_skill_file(folder: Path) -> bool:
    """True when the folder holds SKILL.md (or a wrongly cased skill.md to report)."""
    return os.path.lexists(folder / SKILL_FILE) or misnamed_skill_file(folder) is not None


def find_skill_dirs(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Skill directories (absolute, symlinks not resolved), in a stable order, without repeats."""
    return SkillDirFinder().find(paths)


class SkillDirFinder:
    """`find_skill_dirs` that remembers what each folder held, so asking again about a folder
    already searched (a repository root when checking for duplicate names) is free."""

    def __init__(self) -> None:
        self._folders: dict[Path, list[Path]] = {}
        self.unreadable: dict[str, str] = {}  # folder a scan could not list → why

    def find(self, paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
        found: dict[Path, None] = {}
        for raw in paths:
            path = Path(os.path.abspath(raw))
            if path.name.lower() == SKILL_FILE.lower() and os.path.lexists(path):
                found[path.parent] = None  # a wrongly cased skill.md is reported there
            elif path.is_dir():
                found.update(dict.fromkeys(self._folder(path)))
            else:
                enclosing = enclosing_skill(path)
                if enclosing is not None:
                    found[enclosing] = None
        return list(found)

    def lacking_skill_file(self, paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
        """The folders among `paths` that look like a skill missing its SKILL.md: they hold
        `scripts/`, `references/` or `assets/`, no skill below them, are no repository root
        and lie inside no skill. Meant for paths a user named, not for scans."""
        found: dict[Path, None] = {}
        for raw in paths:
            path = Path(os.path.abspath(raw))
            if (path.is_dir() and not self._folder(path) and not _exists(str(path / ".git"))
                    and any((path / name).is_dir() for name in RESOURCE_DIRS)
                    and enclosing_skill(path) is None):
                found[path] = None
        return list(found)

    def _folder(self, path: Path) -> list[Path]:
        if path not in self._folders:
            self._folders[path] = ([path] if has_skill_file(path)
                                   else list(_scan(path, self.unreadable)))
        return self._folders[path]


def _has_skill_entry(entries: list[os.DirEntry[str]]) -> bool:
    return any(e.name.lower() == SKILL_FILE.lower() for e in entries)


def _scan(top: Path, unreadable: dict[str, str] | None = None) -> Iterator[Path]:
    """Skill directories below `top`; a folder that cannot be listed goes to `unreadable`."""
    ignore = GitIgnore(top)
    seen: set[str] = set()
    # (folder, its real path): below a folder whose real path is known, a child that is not a
    # symlink has real path parent_real/name, so os.path.realpath runs only for symlinks.
    top_text = str(top)
    stack: list[tuple[str, str | None]] = [(top_text, None)]
    while stack:
        folder, real = stack.pop()
        try:
            if real is None:
                real = os.path.realpath(folder)
            if real in seen:
                continue
            seen.add(real)
            entries = sorted(os.scandir(folder), key=lambda e: e.name, reverse=True)
        except OSError as exc:
            if unreadable is not None:
                unreadable[folder] = exc.strerror or type(exc).__name__
            continue
        if folder != top_text and _has_skill_entry(entries):
            yield Path(folder)
            continue
        for entry in entries:
            if entry.name in SKIP_DIRS:
                continue
            try:
                is_dir = entry.is_dir()  # follows symlinks; loops are cut by `seen`
            except OSError:
                continue
            if is_dir and not ignore.ignored_path(entry.path, is_dir=True):
                stack.append((entry.path, _real_child(entry, real)))


def _real_child(entry: os.DirEntry[str], parent_real: str) -> str | None:
    """The real path of a folder entry when it is not a symlink (None: ask realpath)."""
    try:
        return None if entry.is_symlink() else os.path.join(parent_real, entry.name)
    except OSError:
        return None
