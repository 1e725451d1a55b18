"""One skillgit writer per repository at a time: an O_EXCL lock file in the git directory.

A lock left behind by a process that no longer exists is broken; a live one is waited for,
then reported with the path to delete if no run is active.
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from skillgit.gitops import GitError

LOCK_NAME = "skillgit.lock"


@contextmanager
def repo_lock(control_dir: Path, wait_seconds: float = 30.0) -> Iterator[None]:
    """Serialize skillgit writers on one repository (O_EXCL lock file; stale locks are broken)."""
    path = control_dir / LOCK_NAME
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            break
        except FileExistsError:
            if _stale(path):
                path.unlink(missing_ok=True)
                continue
            if time.monotonic() >= deadline:
                raise GitError(f"another skillgit run holds {path}; try again when it ends "
                               "(or delete the file if no run is active)") from None
            time.sleep(0.05)
    try:
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        yield
    finally:
        path.unlink(missing_ok=True)


def _stale(path: Path) -> bool:
    try:
        pid = int(path.read_text().strip() or "0")
    except (OSError, ValueError):
        return False
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno == errno.ESRCH
    return False
