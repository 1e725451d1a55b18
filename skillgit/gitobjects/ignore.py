"""The `.gitignore` rules of a repository, as a predicate over repository-relative paths."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from dulwich.ignore import IgnoreFilterManager
from dulwich.repo import Repo


def ignore_rules(root: Path) -> Callable[[str], bool]:
    """`is_ignored(relative_path)` for the repository at `root` (a folder ends with "/").
    Raises whatever dulwich raises for a broken repository: callers decide to go without."""
    with Repo(str(root)) as repo:
        manager = IgnoreFilterManager.from_repo(repo)

    def is_ignored(path: str) -> bool:
        return bool(manager.is_ignored(path))
    return is_ignored
