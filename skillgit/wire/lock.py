"""One skillgit writer per repository at a time, and the checks made before it writes.

The lock is `skillgit.flock` in the git directory, held with `filelock` (the kernel's `flock`
on POSIX): the kernel releases it when its process dies, even by SIGKILL, so a lock left
behind is never mistaken for a live run and the next run simply takes it over. That file stays
(removing a lock file others may be waiting on would let two runs hold it); `skillgit.lock`
next to it names the holder (pid and host) while it is held and is gone afterwards. A live
lock is waited for, then reported with its holder.

`writing()` takes the lock, then, before anything is written: removes object temp files left by
a killed skillgit run, waits briefly for git's own ref lock files (a `….lock` next to a ref, or
`packed-refs.lock`) and stops naming the file when one stays (as git does), and checks that every
folder the write needs is writable, so a read-only repository fails before anything is written.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from skillgit.gitobjects import remove_stale_temp_files
from skillgit.gitops import GitError, GitRepo
from skillgit.interrupts import checkpoint, deferred

LOCK_NAME = "skillgit.lock"      # the holder, while it holds the lock
FLOCK_NAME = "skillgit.flock"    # what is locked; kept
REF_LOCK_WAIT_SECONDS = 1.0  # git waits 0.1 s for a ref lock, 1 s for packed-refs


@contextmanager
def repo_lock(control_dir: Path, wait_seconds: float = 30.0) -> Iterator[None]:
    """Serialize skillgit writers on one repository; the holder file is gone afterwards."""
    path = control_dir / LOCK_NAME
    flock = control_dir / FLOCK_NAME
    _check_can_lock(control_dir, path, flock)
    lock = FileLock(str(flock))
    deadline = time.monotonic() + wait_seconds
    held: FileLock | None = None
    try:
        while True:
            with deferred():  # a signal that came meanwhile is raised at the end, `held` set:
                held = _try_lock(lock)  # the `finally` below then releases it
            if held is not None:
                break
            if time.monotonic() >= deadline:
                raise GitError(f"another skillgit run holds {path}{_holder(path)}; try again "
                               "when it ends") from None
            time.sleep(0.05)
        with deferred():
            path.write_text(f"{os.getpid()} {socket.gethostname()}\n", encoding="utf-8")
        checkpoint("lock")
        yield
    finally:
        if held is not None:
            with deferred():
                path.unlink(missing_ok=True)
                held.release()


def _try_lock(lock: FileLock) -> FileLock | None:
    """`lock`, now held; None when another process (or another run here) holds it."""
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return None
    except OSError as exc:
        path = Path(lock.lock_file).with_name(LOCK_NAME)
        raise GitError(f"cannot create {path}: {exc.strerror or exc} (skillgit needs to "
                       "write in this repository)") from None
    return lock


def _check_can_lock(control_dir: Path, path: Path, flock: Path) -> None:
    """A read-only repository is named at once (a lock that cannot be taken would look like
    one another run holds)."""
    for target, needed in ((control_dir, os.W_OK | os.X_OK), (flock, os.R_OK | os.W_OK)):
        if target.exists() and not os.access(target, needed):
            raise GitError(f"cannot create {path}: permission denied (skillgit needs to "
                           "write in this repository)")


def _holder(path: Path) -> str:
    try:
        pid, _, host = path.read_text().strip().partition(" ")
    except OSError:
        return ""
    return f" (pid {pid} on {host})" if pid.isdigit() else ""


@contextmanager
def writing(repo: GitRepo, refs: Iterable[str], wait_seconds: float = 30.0) -> Iterator[None]:
    """Hold the repository lock and make sure writing `refs` (branch names) can succeed."""
    names = sorted(set(refs))
    # Give git's own ref locks time to go without holding ours. Not an error yet: before we
    # hold the lock, a ref lock may be a concurrent skillgit writer's, made and removed while
    # it holds the repository lock; once we hold it, a ref lock is git's or a killed run's.
    _wait_for_ref_locks(repo.control_dir, names, REF_LOCK_WAIT_SECONDS, fail=False)
    with repo_lock(repo.control_dir, wait_seconds):
        remove_stale_temp_files(repo.control_dir / "objects")
        _wait_for_ref_locks(repo.control_dir, names, 0.2, fail=True)
        _check_writable(repo.control_dir, names)
        yield


def ref_path(control_dir: Path, name: str) -> Path:
    return control_dir / (name if name.startswith("refs/") else f"refs/heads/{name}")


def _wait_for_ref_locks(control_dir: Path, names: list[str], seconds: float, *,
                        fail: bool) -> None:
    """Wait up to `seconds` for git's ref lock files to go; then stop naming one (`fail`)
    or return, leaving the decision to the check made under the repository lock."""
    locks = [control_dir / "packed-refs.lock"]
    locks += [ref_path(control_dir, n).with_name(ref_path(control_dir, n).name + ".lock")
              for n in names]
    deadline = time.monotonic() + seconds
    while held := [p for p in locks if p.exists()]:
        if time.monotonic() >= deadline:
            if not fail:
                return
            raise GitError(f"'{held[0]}' exists. Another git process seems to be running in "
                           "this repository; if not (a process was killed), remove that file "
                           "and run again")
        time.sleep(0.05)


def _check_writable(control_dir: Path, names: list[str]) -> None:
    objects = control_dir / "objects"
    folders = [objects, *sorted(p for p in objects.glob("??") if p.is_dir())]
    for name in names:
        for root in (control_dir, control_dir / "logs"):
            folders.append(_deepest_existing(ref_path(root, name).parent))
    for folder in dict.fromkeys(folders):
        if not os.access(folder, os.W_OK | os.X_OK):
            raise GitError(f"cannot write in {folder}: permission denied (nothing was written; "
                           "skillgit needs write access to the repository's .git folder)")


def _deepest_existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path
