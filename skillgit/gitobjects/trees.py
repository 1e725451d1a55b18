"""Reading commits, trees and blobs by id, lazily (what `share` reads from digest refs)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from dulwich.objects import Blob, Commit, ObjectID

from skillgit.gitops import GitRepo


@dataclass(frozen=True)
class TreeFile:
    path: str       # decoded as UTF-8 (invalid bytes replaced)
    mode: int
    sha: str


def commit_time(repo: GitRepo, sha: str) -> int | None:
    """The committer time of `sha`, or None when it is not a commit."""
    obj = repo.repo.object_store[ObjectID(sha.encode())]
    return obj.commit_time if isinstance(obj, Commit) else None


def tree_files(repo: GitRepo, commit_sha: str) -> Iterator[TreeFile] | None:
    """Every file in a commit's tree, walked lazily one tree at a time (None: not a commit)."""
    commit = repo.repo.object_store[ObjectID(commit_sha.encode())]
    if not isinstance(commit, Commit):
        return None
    return _entries(repo, commit.tree)


def _entries(repo: GitRepo, tree: ObjectID) -> Iterator[TreeFile]:
    for entry in repo.repo.object_store.iter_tree_contents(tree):
        if entry.path is not None and entry.sha is not None:
            yield TreeFile(entry.path.decode("utf-8", "replace"), entry.mode or 0,
                           entry.sha.decode())


def blob_bytes(repo: GitRepo, sha: str) -> bytes | None:
    """The content of blob `sha` (None when the object is no blob)."""
    obj = repo.repo.object_store[ObjectID(sha.encode())]
    return obj.as_raw_string() if isinstance(obj, Blob) else None
