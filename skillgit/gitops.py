"""Git at the object level, with dulwich only: read trees, write commits and move refs.

Nothing here touches the working tree, the index, HEAD or the checked-out branch: commits are
built from blobs and trees on top of a base commit, and refs move with compare-and-swap
(`add_if_new` / `set_if_equals`), so a concurrent writer makes an update fail instead of
silently losing work. Works the same in bare repositories, and in SHA-1 or SHA-256 ones.
Objects are written by `gitobjects` (complete or absent, even when the process is killed).
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from dulwich.errors import NotGitRepository
from dulwich.file import FileLocked
from dulwich.graph import can_fast_forward, find_merge_base
from dulwich.objects import Blob, Commit, ObjectID, Tree
from dulwich.refs import Ref
from dulwich.repo import Repo

from skillgit.gitobjects import GitError, ObjectWriter
from skillgit.interrupts import checkpoint

FILE_MODE = 0o100644
EXEC_MODE = 0o100755


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    tree: str
    parents: tuple[str, ...]
    author: str
    committer: str
    commit_time: int
    message: str


@dataclass(frozen=True)
class FileChange:
    """New content for one repository path (None deletes it)."""

    path: str
    content: bytes | None
    executable: bool = False

    def __post_init__(self) -> None:  # the last guard: nothing outside the tree, or in .git
        parts = self.path.split("/")
        if any(part in ("", ".", "..") or part.lower() == ".git" for part in parts):
            raise GitError(f"refusing to write the path {self.path!r}: it must stay inside "
                           "the repository and out of .git")


def open_repo(path: str | os.PathLike[str]) -> Repo:
    """The repository containing `path` (work tree or bare); GitError when there is none."""
    try:
        return Repo.discover(str(path))
    except NotGitRepository:
        raise GitError(f"not a git repository: {path}") from None


_IDENTITY = re.compile(r"[^<>\n]*[^<>\s][^<>\n]* <[^<>\s]+>")


def _ref(name: str) -> Ref:
    return Ref((name if name.startswith("refs/") else f"refs/heads/{name}").encode())


def _oid(sha: str) -> ObjectID:
    return ObjectID(sha.encode())


class GitRepo:
    """A thin, typed view of one repository for skillgit's needs. Use as a context manager."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.repo = open_repo(path)

    def __enter__(self) -> GitRepo:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.repo.close()

    @property
    def control_dir(self) -> Path:
        return Path(self.repo.commondir())

    @property
    def object_format(self) -> str:
        """'sha1' or 'sha256'."""
        return str(self.repo.object_format.name)

    @property
    def work_tree(self) -> Path | None:
        return None if self.repo.bare else Path(self.repo.path)

    # --- refs ---------------------------------------------------------------------------
    def ref_sha(self, name: str) -> str | None:
        """The commit a branch (or full ref) points at, or None."""
        try:
            return self.repo.refs[_ref(name)].decode()
        except KeyError:
            return None

    def resolve(self, name: str) -> str:
        """A branch, full ref, or 'HEAD' to a commit sha; GitError when absent."""
        ref = Ref(b"HEAD") if name == "HEAD" else _ref(name)
        try:
            return self.repo.refs[ref].decode()
        except KeyError:
            raise GitError(f"no such branch or ref: {name}") from None

    def current_branch(self) -> str | None:
        """The checked-out branch name, or None (detached HEAD or bare without HEAD)."""
        target = self.repo.refs.read_ref(Ref(b"HEAD"))
        if target and target.startswith(b"ref: refs/heads/"):
            return target[len(b"ref: refs/heads/"):].decode()
        return None

    def detached_head(self) -> str | None:
        """The checked-out commit when HEAD is detached (not on a branch), else None."""
        target = self.repo.refs.read_ref(Ref(b"HEAD"))
        return None if target is None or target.startswith(b"ref: ") else target.decode()

    def branches(self, prefix: str = "") -> dict[str, str]:
        """Branch name → sha for every branch whose name starts with `prefix`.

        Another process (a concurrent `proposals reject`, `git branch -D`) may delete a branch
        between listing and reading it; such a branch is simply not in the answer."""
        out: dict[str, str] = {}
        for key in self.repo.refs.keys(base=Ref(b"refs/heads/")):
            name = key.decode()
            if name.startswith(prefix):
                try:
                    out[name] = self.repo.refs[Ref(b"refs/heads/" + key)].decode()
                except KeyError:
                    continue
        return dict(sorted(out.items()))

    def refs_under(self, prefix: str) -> dict[str, str]:
        """Name below `prefix` → sha for every ref under a full ref prefix (e.g. a remote's
        tracking refs, `refs/remotes/origin/`); refs deleted meanwhile are left out."""
        base = prefix.rstrip("/") + "/"
        out: dict[str, str] = {}
        for key in self.repo.refs.keys(base=Ref(base.encode())):
            try:
                out[key.decode("utf-8", "replace")] = self.repo.refs[
                    Ref(base.encode() + key)].decode()
            except KeyError:
                continue
        return dict(sorted(out.items()))

    def has_object(self, sha: str) -> bool:
        return _oid(sha) in self.repo.object_store

    def set_ref(self, name: str, new: str, expected_old: str | None, message: str) -> None:
        """Move (or create, when expected_old is None) a ref only if it still has the old value."""
        ref, msg = _ref(name), f"skillgit: {message}".encode()
        if expected_old is None:
            self._refuse_conflict(ref)
        with self._ref_errors(name):
            if expected_old is None:
                ok = self.repo.refs.add_if_new(ref, _oid(new), message=msg)
            else:
                ok = self.repo.refs.set_if_equals(ref, _oid(expected_old), _oid(new),
                                                  message=msg)
        if not ok:
            raise GitError(f"{name} changed while skillgit was writing it; nothing was lost, "
                           "run again")
        checkpoint("ref")

    @contextmanager
    def _ref_errors(self, name: str) -> Iterator[None]:
        """A held ref lock or an unwritable file as a GitError naming the file (as git does)."""
        try:
            yield
        except FileLocked as exc:
            lock = os.fsdecode(exc.lockfilename)
            raise GitError(f"cannot update {name}: '{lock}' exists. Another git process seems "
                           "to be running in this repository; if not (a process was killed), "
                           "remove that file and run again") from None
        except OSError as exc:
            where = f"'{exc.filename}'" if exc.filename else name
            raise GitError(f"cannot update {name}: {where}: {exc.strerror or exc}") from None

    def _refuse_conflict(self, ref: bytes) -> None:
        """Git cannot hold both `a/b` and `a/b/c`: name the ref that is in the way."""
        existing = self.repo.refs.allkeys()
        parts = ref.split(b"/")
        prefixes = {b"/".join(parts[:i]) for i in range(3, len(parts))}
        for other in sorted(existing):
            if other in prefixes or other.startswith(ref + b"/"):
                shown = other.decode("utf-8", "replace").removeprefix("refs/heads/")
                raise GitError(f"cannot create {ref.decode()}: the branch '{shown}' is in the "
                               "way (git cannot hold both); rename or delete it")

    def delete_ref(self, name: str, expected_old: str) -> None:
        with self._ref_errors(name):
            ok = self.repo.refs.remove_if_equals(_ref(name), _oid(expected_old))
        if not ok:
            raise GitError(f"{name} changed while skillgit was deleting it")

    # --- objects ------------------------------------------------------------------------
    def commit_info(self, sha: str) -> CommitInfo:
        return self._info(sha, self._commit(sha))

    @staticmethod
    def _info(sha: str, obj: Commit) -> CommitInfo:
        return CommitInfo(sha=sha, tree=obj.tree.decode(),
                          parents=tuple(p.decode() for p in obj.parents),
                          author=obj.author.decode("utf-8", "replace"),
                          committer=obj.committer.decode("utf-8", "replace"),
                          commit_time=obj.commit_time,
                          message=obj.message.decode("utf-8", "replace"))

    def read_file(self, commit: str, path: str) -> bytes | None:
        """The bytes of `path` at `commit`, or None when it is absent (or not a file)."""
        tree = self._tree_of(commit)
        for part in path.strip("/").split("/")[:-1]:
            entry = self._entry(tree, part)
            if entry is None or not isinstance(sub := self.repo[entry], Tree):
                return None
            tree = sub
        entry = self._entry(tree, path.strip("/").split("/")[-1])
        blob = self.repo[entry] if entry is not None else None
        return blob.data if isinstance(blob, Blob) else None

    def list_files(self, commit: str, directory: str) -> dict[str, bytes]:
        """Every file below `directory` at `commit`, as path (relative to directory) → bytes."""
        tree_id: ObjectID | None = self._commit(commit).tree
        for part in [p for p in directory.strip("/").split("/") if p]:
            tree = self.repo[tree_id] if tree_id is not None else None
            entry = self._entry(tree, part) if isinstance(tree, Tree) else None
            tree_id = None if entry is None else ObjectID(entry)
        if tree_id is None or not isinstance(self.repo[tree_id], Tree):
            return {}
        out: dict[str, bytes] = {}
        for item in self.repo.object_store.iter_tree_contents(tree_id):
            blob = self.repo[item.sha]
            if isinstance(blob, Blob):
                out[item.path.decode("utf-8", "replace")] = blob.data
        return out

    def file_in_the_way(self, commit: str, path: str) -> str | None:
        """The first leading part of `path` that is a file (or symlink, submodule) at `commit`:
        a folder cannot be created there."""
        tree: Tree | None = self._tree_of(commit)
        parts = [p for p in path.strip("/").split("/") if p not in ("", ".")]
        for i, part in enumerate(parts):
            try:
                mode, oid = tree[part.encode()] if tree is not None else (None, None)
            except KeyError:
                return None
            if mode is None or oid is None:
                return None
            if not stat.S_ISDIR(mode):
                return "/".join(parts[:i + 1])
            sub = self.repo[oid]
            tree = sub if isinstance(sub, Tree) else None
        return None

    def find_files(self, commit: str, filename: str) -> list[str]:
        """Repository paths of every file named `filename` at `commit` (sorted)."""
        tree = self._commit(commit).tree
        wanted = filename.encode()
        return sorted(item.path.decode("utf-8", "replace")
                      for item in self.repo.object_store.iter_tree_contents(tree)
                      if item.path.rsplit(b"/", 1)[-1] == wanted)

    def write_commit(self, base: str | None, changes: list[FileChange], message: str,
                     author: str, committer: str | None = None,
                     timestamp: int | None = None, merged: tuple[str, ...] = ()) -> str:
        """A new commit on top of `base` (None: a root commit) with `changes` applied;
        `merged` adds further parents (a merge commit, its tree is `base`'s plus `changes`).

        Only objects the store lacks are added, so writing the same content twice adds nothing.
        Each object is complete or absent, also when the process is killed (see gitobjects)."""
        for who in (author, committer or author):
            if _IDENTITY.fullmatch(who) is None:  # git fsck and GitHub reject such commits
                raise GitError(f"invalid identity {who!r}: expected 'Name <email>'")
        writer = ObjectWriter(self.repo)
        tree_changes: list[tuple[str, int | None, ObjectID | None]] = []
        for change in changes:
            if change.content is None:
                tree_changes.append((change.path, None, None))
                continue
            mode = EXEC_MODE if change.executable else FILE_MODE
            tree_changes.append((change.path, mode, writer.stage(Blob.from_string(change.content))))
        base_tree = Tree() if base is None else self._tree_of(base)
        tree_id = writer.stage(writer.tree_with(base_tree, tree_changes))
        commit = Commit()
        commit.tree = tree_id
        commit.parents = ([] if base is None else [_oid(base)]) + [_oid(m) for m in merged]
        commit.author = author.encode()
        commit.committer = (committer or author).encode()
        commit.author_time = commit.commit_time = int(time.time() if timestamp is None
                                                      else timestamp)
        commit.author_timezone = commit.commit_timezone = 0
        commit.encoding, commit.message = b"UTF-8", message.encode()
        sha = writer.stage(commit).decode()
        writer.flush()
        checkpoint("objects")
        return sha

    def reword(self, sha: str, message: str) -> str:
        """A copy of commit `sha` with another message: the same tree, parents, author,
        committer and dates (so the same message gives the same commit in any clone)."""
        old = self._commit(sha)
        commit = Commit()
        commit.tree, commit.parents = old.tree, list(old.parents)
        commit.author, commit.committer = old.author, old.committer
        commit.author_time, commit.commit_time = old.author_time, old.commit_time
        commit.author_timezone = old.author_timezone
        commit.commit_timezone = old.commit_timezone
        commit.encoding, commit.message = b"UTF-8", message.encode()
        writer = ObjectWriter(self.repo)
        new = writer.stage(commit).decode()
        writer.flush()
        checkpoint("objects")
        return new

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        """True when `descendant` contains `ancestor` (or is it): a fast-forward."""
        return ancestor == descendant or can_fast_forward(self.repo, _oid(ancestor),
                                                          _oid(descendant))

    def merge_base(self, one: str, other: str) -> str | None:
        """A best common ancestor of two commits (None when their histories are unrelated)."""
        bases = find_merge_base(self.repo, [_oid(one), _oid(other)])
        return bases[0].decode() if bases else None

    def changed_paths(self, old: str, new: str) -> list[str]:
        """Paths whose content differs between two commits' trees."""
        old_tree, new_tree = self._commit(old).tree, self._commit(new).tree
        paths = set()
        for change in self.repo.object_store.tree_changes(old_tree, new_tree):
            for side in (change[0][0], change[0][1]):  # (old path, new path)
                if side is not None:
                    paths.add(side.decode("utf-8", "replace"))
        return sorted(paths)

    def shallow_commits(self) -> set[str]:
        """The commits a shallow clone has without their parents (`.git/shallow`)."""
        try:
            return {sha.decode() for sha in self.repo.get_shallow()}
        except (OSError, ValueError):
            return set()

    def first_parent_chain(self, tip: str) -> tuple[list[tuple[str, Commit]], str | None]:
        """`tip`'s first-parent line, newest first, and where it stopped early: the commit
        at a shallow clone's boundary (or whose parent is missing), else None."""
        shallow = self.shallow_commits()
        chain: list[tuple[str, Commit]] = []
        sha: str | None = tip
        while sha is not None:
            commit = self._commit(sha)
            chain.append((sha, commit))
            if not commit.parents:
                return chain, None
            if sha in shallow or commit.parents[0] not in self.repo.object_store:
                return chain, sha
            sha = commit.parents[0].decode()
        return chain, None

    def file_history(self, tip: str, filename: str, cut: list[str] | None = None,
                     ) -> Iterator[tuple[CommitInfo, dict[str, str | None]]]:
        """One walk of `tip`'s first-parent history, oldest first: each commit that added,
        changed or removed a file named `filename`, with path → new blob id (None: removed).
        Only subtrees that differ from the parent's are read, each tree object once.

        In a shallow clone the walk stops at the boundary (the oldest commit present counts
        as adding every file it holds); the boundary commit is appended to `cut`."""
        chain, stopped = self.first_parent_chain(tip)
        if stopped is not None and cut is not None:
            cut.append(stopped)
        trees: dict[bytes, dict[bytes, tuple[int, bytes]]] = {}
        parent_tree: bytes | None = None
        for sha, commit in reversed(chain):
            info = self._info(sha, commit)
            tree = commit.tree
            changed: dict[str, str | None] = {}
            self._diff_named(parent_tree, tree, b"", filename.encode(), changed, trees)
            parent_tree = tree
            if changed:
                yield info, changed

    def _diff_named(self, old: bytes | None, new: bytes | None, prefix: bytes, wanted: bytes,
                    changed: dict[str, str | None],
                    trees: dict[bytes, dict[bytes, tuple[int, bytes]]]) -> None:
        if old == new:
            return
        before, after = self._entries(old, trees), self._entries(new, trees)
        for name in before.keys() | after.keys():
            a, b = before.get(name), after.get(name)
            if a == b:
                continue
            a_dir = a is not None and stat.S_ISDIR(a[0])
            b_dir = b is not None and stat.S_ISDIR(b[0])
            if a_dir or b_dir:
                self._diff_named(a[1] if a_dir and a else None, b[1] if b_dir and b else None,
                                 prefix + name + b"/", wanted, changed, trees)
            if name == wanted and ((a is not None and not a_dir) or (b is not None and not b_dir)):
                path = (prefix + name).decode("utf-8", "replace")
                changed[path] = b[1].decode() if b is not None and not b_dir else None

    def _entries(self, tree_id: bytes | None,
                 trees: dict[bytes, dict[bytes, tuple[int, bytes]]]) -> dict[bytes,
                                                                            tuple[int, bytes]]:
        if tree_id is None:
            return {}
        found = trees.get(tree_id)
        if found is None:
            tree = self.repo[ObjectID(tree_id)]
            found = ({name: (mode, oid) for name, mode, oid in tree.iteritems()}
                     if isinstance(tree, Tree) else {})
            if len(trees) > 4096:
                trees.clear()
            trees[tree_id] = found
        return found

    def blob(self, sha: str) -> bytes:
        obj = self.repo[_oid(sha)]
        if not isinstance(obj, Blob):
            raise GitError(f"{sha} is not a blob")
        return obj.data

    def _commit(self, sha: str) -> Commit:
        try:
            obj = self.repo[_oid(sha)]
        except KeyError:
            raise GitError(f"commit {sha[:12]} is not in this repository (a shallow or "
                           "partial clone? fetch more history)") from None
        if not isinstance(obj, Commit):
            raise GitError(f"{sha} is not a commit")
        return obj

    def _tree_of(self, commit: str) -> Tree:
        tree = self.repo[self._commit(commit).tree]
        assert isinstance(tree, Tree)
        return tree

    @staticmethod
    def _entry(tree: Tree, name: str) -> bytes | None:
        try:
            return tree[name.encode()][1]
        except KeyError:
            return None


__all__ = ["CommitInfo", "FileChange", "GitError", "GitRepo", "open_repo"]
