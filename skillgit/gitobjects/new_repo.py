"""A new repository with files in one first commit (the demo's and eval's throwaway repos)."""

from __future__ import annotations

from pathlib import Path

from dulwich import porcelain
from dulwich.refs import Ref
from dulwich.repo import Repo


def create_repository(path: Path, files: list[Path], message: str, identity: str,
                      branch: str = "main") -> None:
    """`git init` at `path` (HEAD on `branch`), add `files` (inside `path`), one commit."""
    with Repo.init(str(path)) as repo:
        repo.refs.set_symbolic_ref(Ref(b"HEAD"), Ref(f"refs/heads/{branch}".encode()))
        porcelain.add(repo, [str(p) for p in files])
        porcelain.commit(repo, message=message.encode(), author=identity.encode(),
                         committer=identity.encode())
