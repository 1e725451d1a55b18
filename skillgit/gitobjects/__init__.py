"""Git objects written the way git writes them, and read back (the git layer, with `gitops`).

Each object is a loose object, written to a temporary file named after this process
(`tmp_obj_skillgit_<pid>_…`) and renamed into place, so an interrupted run leaves a complete
object or none: never a truncated one. Ids use the repository's object format (SHA-1 or
SHA-256). Why loose objects and not one pack per run: a run writes a handful of objects per
proposal, and git itself unpacks transfers below 100 objects into loose objects
(`transfer.unpackLimit`); a pack per run would pile up small packs until `git gc`.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from dulwich.objects import ObjectID, ShaFile, Tree
from dulwich.repo import Repo

from skillgit.errors import SkillgitError
from skillgit.interrupts import checkpoint

TEMP_PREFIX = "tmp_obj_skillgit_"
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"(\d+)_")
DIR_MODE = stat.S_IFDIR


class GitError(SkillgitError):
    """The repository is missing, a ref is absent, or a ref moved under us."""


class ObjectWriter:
    """Adds objects to one repository's object store (ids in its object format)."""

    def __init__(self, repo: Repo) -> None:
        self.store = repo.object_store
        self.format = repo.object_store.object_format
        self.objects_dir = Path(repo.object_store.path)
        self.pending: dict[ObjectID, ShaFile] = {}

    def oid(self, obj: ShaFile) -> ObjectID:
        return ObjectID(obj.get_id(self.format))

    def stage(self, obj: ShaFile) -> ObjectID:
        """Queue `obj` for `flush` (unless the store has it); returns its id."""
        oid = self.oid(obj)
        if oid not in self.store and oid not in self.pending:
            self.pending[oid] = obj
        return oid

    def flush(self) -> None:
        """Write every queued object (blobs and trees first, the commit last)."""
        while self.pending:
            oid, obj = next(iter(self.pending.items()))
            self._write(oid, obj)
            del self.pending[oid]

    def _write(self, oid: ObjectID, obj: ShaFile) -> None:
        hexid = oid.decode()
        folder = self.objects_dir / hexid[:2]
        try:
            folder.mkdir(exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=folder, prefix=f"{TEMP_PREFIX}{os.getpid()}_")
        except OSError as exc:
            raise GitError(f"cannot write git objects in {folder}: "
                           f"{exc.strerror or exc}") from None
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(obj.as_legacy_object())
            os.chmod(temp, 0o444)
            checkpoint("object-temp")
            os.replace(temp, folder / hexid[2:])
        except OSError as exc:
            raise GitError(f"cannot write git objects in {folder}: "
                           f"{exc.strerror or exc}") from None
        finally:
            Path(temp).unlink(missing_ok=True)
        checkpoint("object")

    def tree_with(self, base: Tree, changes: list[tuple[str, int | None, ObjectID | None]],
                  prefix: str = "") -> Tree:
        """A copy of `base` with each (path, mode, id) set (id None: removed).

        A path whose parent is a file, symlink or submodule in `base` is a GitError naming it;
        a folder left empty disappears, as in git."""
        tree = Tree()
        for entry in base.iteritems():
            tree.add(entry.path, entry.mode, entry.sha)
        nested: dict[str, list[tuple[str, int | None, ObjectID | None]]] = {}
        for path, mode, oid in changes:
            head, sep, rest = path.partition("/")
            if sep:
                nested.setdefault(head, []).append((rest, mode, oid))
                continue
            name = head.encode()
            if name in tree and stat.S_ISDIR(tree[name][0]):
                raise GitError(f"cannot write {prefix}{head}: it is a folder in the base commit")
            if oid is None:
                if name in tree:
                    del tree[name]
            else:
                assert mode is not None
                tree[name] = (mode, oid)
        for head, subchanges in nested.items():
            name = head.encode()
            subtree = Tree()
            if name in tree:
                mode_now, sub_id = tree[name]
                found = self.pending[sub_id] if sub_id in self.pending else self.store[sub_id]
                if not stat.S_ISDIR(mode_now) or not isinstance(found, Tree):
                    raise GitError(f"cannot write {prefix}{head}/{subchanges[0][0]}: "
                                   f"'{prefix}{head}' is a file in the base commit, not a "
                                   "folder")
                subtree = found
            new = self.tree_with(subtree, subchanges, f"{prefix}{head}/")
            if len(new) == 0:
                if name in tree:
                    del tree[name]
            else:
                tree[name] = (DIR_MODE, self.stage(new))
        return tree


def remove_stale_temp_files(objects_dir: Path) -> list[Path]:
    """Delete object temp files that skillgit processes no longer running left behind.

    Call it only while holding the repository lock: no other skillgit run writes then."""
    removed = []
    for path in objects_dir.glob(f"??/{TEMP_PREFIX}*"):
        match = _TEMP_NAME.match(path.name)
        if match and not pid_alive(int(match.group(1))):
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def pid_alive(pid: int) -> bool:
    """True when a process with this id runs on this machine (or it cannot be told)."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno != errno.ESRCH
    return True
