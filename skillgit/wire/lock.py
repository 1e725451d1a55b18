"""One skillgit writer per repository at a time, and the checks made before it writes.

The lock is `skillgit.lock` in the git directory, held with `flock`: the kernel releases it when
its process dies, even by SIGKILL, so a lock left behind is never mistaken for a live run and
the next run simply takes it over. A live one is waited for, then reported.

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

from skillgit.gitobjects import remove_stale_temp_files
from skillgit.gitops import GitError, GitRepo
from skillgit.interrupts import checkpoint, deferred

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: O_EXCL lock without take-over
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "skillgit.lock"
REF_LOCK_WAIT_SECONDS = 1.0  # git waits 0.1 s for a ref lock, 1 s for packed-refs


@contextmanager
def repo_lock(control_dir: Path, wait_seconds: float = 30.0) -> Iterator[None]:
    """Serialize skillgit writers on one repository; the lock file is gone afterwards."""
    path = control_dir / LOCK_NAME
    deadline = time.monotonic() + wait_seconds
    fd: int | None = None
    try:
        while True:
            with deferred():  # a signal that came meanwhile is raised at the end, fd set:
                fd = _try_lock(path)  # the `finally` below then removes the lock file
            if fd is not None:
                break
            if time.monotonic() >= deadline:
                raise GitError(f"another skillgit run holds {path}{_holder(path)}; try again "
                               "when it ends") from None
            time.sleep(0.05)
        checkpoint("lock")
        yield
    finally:
        if fd is not None:
            with deferred():
                path.unlink(missing_ok=True)  # still held: waiters see a new file and retry
                os.close(fd)


def _try_lock(path: Path) -> int | None:
    """An fd holding the lock on `path`, or None when another process holds it."""
    flags = os.O_RDWR | os.O_CREAT | (0 if fcntl is not None else os.O_EXCL)
    try:
        fd = os.open(path, flags, 0o644)
    except FileExistsError:
        return None
    except OSError as exc:
        raise GitError(f"cannot create {path}: {exc.strerror or exc} (skillgit needs to "
                       "write in this repository)") from None
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if not same:  # its holder removed it on release; the lock is a new file now
            os.close(fd)
            return None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
    return fd


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
