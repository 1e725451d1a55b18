"""What changed between two commits, from the object store (dulwich; no `git` process).

`tree_changes` lists every changed path (renames detected, as `git diff -M` does);
`unified_diff` writes one change as a unified diff for `unidiff` to parse. Headers carry
placeholder names (`a/old`, `b/new`): the real paths come from the tree change itself, so a
path with spaces, tabs or newlines cannot confuse the parser. `resolve_revision` turns what a
user types (`main`, `origin/main`, a tag, a full or abbreviated sha, `HEAD`) into a commit.
"""

from __future__ import annotations

import io
import re
import stat
from dataclasses import dataclass
from difflib import SequenceMatcher

from dulwich.diff_tree import RenameDetector
from dulwich.objects import Blob, Commit, ObjectID, Tag
from dulwich.patch import is_binary, write_object_diff
from dulwich.refs import Ref

from skillgit.gitobjects import GitError
from skillgit.gitops import GitRepo

# Above this many added (or deleted) files, rename detection is skipped, as git does
# (diff.renameLimit): pairing is quadratic.
RENAME_LIMIT = 1000
_HEX = re.compile(r"[0-9a-fA-F]{4,64}")


@dataclass(frozen=True)
class PathChange:
    """One changed path: old side None for an added file, new side None for a deleted one."""

    old_path: str | None
    new_path: str | None
    old_mode: int | None
    new_mode: int | None
    old_sha: str | None
    new_sha: str | None

    @property
    def status(self) -> str:
        if self.old_path is None:
            return "added"
        if self.new_path is None:
            return "deleted"
        return "renamed" if self.old_path != self.new_path else "modified"

    @property
    def is_blob(self) -> bool:
        """Both sides are files or symlinks (not a submodule, whose commit is elsewhere)."""
        return all(mode is None or stat.S_ISREG(mode) or stat.S_ISLNK(mode)
                   for mode in (self.old_mode, self.new_mode))


def tree_changes(repo: GitRepo, old: str, new: str) -> list[PathChange]:
    """Every path that differs between the trees of commits `old` and `new`, renames paired."""
    store = repo.repo.object_store
    old_tree, new_tree = _commit(repo, old).tree, _commit(repo, new).tree
    detector = RenameDetector(store, max_files=RENAME_LIMIT)
    out = []
    for change in store.tree_changes(old_tree, new_tree, rename_detector=detector):
        (old_path, new_path), (old_mode, new_mode), (old_sha, new_sha) = change
        out.append(PathChange(_text(old_path), _text(new_path), old_mode, new_mode,
                              _text(old_sha), _text(new_sha)))
    return out


def unified_diff(repo: GitRepo, change: PathChange) -> bytes:
    """The change as a git-style unified diff (binary files: a `Binary files differ` line)."""
    if not change.is_blob:
        return b""
    buffer = io.BytesIO()
    old = (None, None, None) if change.old_path is None else (
        b"old", change.old_mode, ObjectID((change.old_sha or "").encode()))
    new = (None, None, None) if change.new_path is None else (
        b"new", change.new_mode, ObjectID((change.new_sha or "").encode()))
    write_object_diff(buffer, repo.repo.object_store, old, new)
    return buffer.getvalue()


_ANCESTRY = re.compile(r"(.+?)((?:[~^][0-9]*)+)")
_STEP = re.compile(r"([~^])([0-9]*)")


def changed_lines(repo: GitRepo, change: PathChange) -> tuple[bool, frozenset[int]]:
    """(binary?, the head line numbers added or changed) of one path's diff.

    The lines a unified diff marks `+` (the same matcher `git diff` output comes from here,
    dulwich's), read from the matcher's opcodes rather than from diff text written and parsed
    again: 300,000 appended lines cost a second, not ten."""
    if change.new_path is None or not change.is_blob or change.new_sha is None:
        return False, frozenset()
    old = repo.blob(change.old_sha) if change.old_path is not None and change.old_sha else b""
    new = repo.blob(change.new_sha)
    if is_binary(old) or is_binary(new):
        return True, frozenset()
    matcher = SequenceMatcher(a=Blob.from_string(old).splitlines(),
                              b=Blob.from_string(new).splitlines())
    lines: set[int] = set()
    for tag, _i1, _i2, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            lines.update(range(j1 + 1, j2 + 1))
    return False, frozenset(lines)


def resolve_revision(repo: GitRepo, name: str) -> str:
    """A commit sha for `name`: HEAD, a branch, a remote-tracking branch (`origin/main`), a
    tag, a full ref, or a (possibly abbreviated, unique) sha, optionally followed by `~N` /
    `^N` steps to ancestors, as git reads them. GitError when unknown."""
    match = _ANCESTRY.fullmatch(name)
    if match is None:
        return _resolve_name(repo, name)
    sha = _resolve_name(repo, match.group(1))
    for kind, digits in _STEP.findall(match.group(2)):
        count = int(digits) if digits else 1
        steps = [(0, 1)] * count if kind == "~" else [(count - 1, 1)] if count else []
        for parent, _ in steps:
            parents = _commit(repo, sha).parents
            if parent >= len(parents):
                raise GitError(f"unknown revision {name!r}: {sha[:12]} has no such parent "
                               "(is the history fetched?)")
            sha = parents[parent].decode()
    return sha


def _resolve_name(repo: GitRepo, name: str) -> str:
    refs = repo.repo.refs
    candidates = [name] if name == "HEAD" or name.startswith("refs/") else [
        f"refs/heads/{name}", f"refs/remotes/{name}", f"refs/tags/{name}",
        f"refs/remotes/{name}/HEAD"]
    for ref in candidates:
        try:
            sha = refs[Ref(ref.encode())]
        except (KeyError, ValueError):
            continue
        return _peel(repo, sha.decode(), name)
    if _HEX.fullmatch(name):
        return _peel(repo, _by_prefix(repo, name.lower()), name)
    raise GitError(f"unknown revision {name!r}: no such branch, tag or commit")


def remote_url_of(repo: GitRepo, name: str) -> str | None:
    """The URL of remote `name` in the repository's config, or None."""
    try:
        url = repo.repo.get_config().get((b"remote", name.encode()), b"url")
    except KeyError:
        return None
    return url.decode("utf-8", "replace") if isinstance(url, bytes) else None


def _by_prefix(repo: GitRepo, prefix: str) -> str:
    store = repo.repo.object_store
    if len(prefix) in (40, 64):
        if ObjectID(prefix.encode()) in store:
            return prefix
        raise GitError(f"unknown revision {prefix!r}: no such commit here (is the history "
                       "fetched? in Actions, use actions/checkout with fetch-depth: 0)")
    found = {sha.decode() for sha in store.iter_prefix(prefix.encode())}
    if len(found) == 1:
        return found.pop()
    why = "ambiguous" if found else "no such commit"
    raise GitError(f"unknown revision {prefix!r}: {why}")


def _peel(repo: GitRepo, sha: str, name: str) -> str:
    obj = repo.repo[ObjectID(sha.encode())]
    for _ in range(10):  # an annotated tag (of a tag ...) names the commit it points at
        if not isinstance(obj, Tag):
            break
        obj = repo.repo[obj.object[1]]
    if not isinstance(obj, Commit):
        raise GitError(f"{name!r} does not name a commit")
    return obj.id.decode()


def _commit(repo: GitRepo, sha: str) -> Commit:
    try:
        obj = repo.repo[ObjectID(sha.encode())]
    except KeyError:
        raise GitError(f"commit {sha} is not in this repository") from None
    if not isinstance(obj, Commit):
        raise GitError(f"{sha} is not a commit")
    return obj


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("utf-8", "replace")
