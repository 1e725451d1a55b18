"""Walking transcript folders without being trapped, and telling why a file cannot be read.

Agent folders and `--source` folders are written by others: a directory may be unreadable,
a symlink may point at itself or at an ancestor, a name may be a FIFO. The rules here:

- symlinked directories are followed (a folder of links to per-project folders is common),
  but a link back to a directory already on the current path is a loop: it is reported,
  never followed; a directory reached twice by different links is walked once;
- a directory that cannot be listed is yielded itself, so the caller can report it;
- names are yielded whatever they point at (a dangling link, a loop, a FIFO):
  `file_problem` then says whether it is a readable regular file, something to pass over
  silently (a FIFO, a device, a folder), or a problem worth a warning naming the path.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

PathFilter = Callable[[Path], bool]
# A file that is no session and no problem (a FIFO or a device): skipped without a word.
NOT_A_FILE = ""


# Inside `shared_walks()`: (root, max_depth) → what one walk found, (path, is a file).
_SHARED: ContextVar[dict[tuple[str, int | None], list[tuple[Path, bool]]] | None] = \
    ContextVar("shared_walks", default=None)


@contextlib.contextmanager
def shared_walks() -> Iterator[None]:
    """Within, a folder tree is walked once: every adapter's `find_files` on the same root
    filters that one listing (a discovery pass asks for the same tree several times)."""
    if _SHARED.get() is not None:
        yield
        return
    token = _SHARED.set({})
    try:
        yield
    finally:
        _SHARED.reset(token)


def find_files(root: Path, match: PathFilter | None = None, *,
               max_depth: int | None = None) -> list[Path]:
    """Files under `root` that `match` (all when None), in a stable order, plus every
    directory that could not be listed and every directory link that loops (always, so the
    caller can report them). `max_depth` 0 looks only at `root`'s own entries."""
    shared = _SHARED.get()
    key = (os.fspath(root), max_depth)
    found = shared.get(key) if shared is not None else None
    if found is None:
        found = []
        _walk(root, max_depth, 0, set(), set(), found)
        found.sort()
        if shared is not None:
            shared[key] = found
    return [path for path, is_file in found if not is_file or match is None or match(path)]


def _walk(directory: Path, max_depth: int | None, depth: int,
          ancestors: set[tuple[int, int]], visited: set[tuple[int, int]],
          found: list[tuple[Path, bool]]) -> None:
    try:
        info = os.stat(directory)
        key = (info.st_dev, info.st_ino)
        if key in ancestors:
            found.append((directory, False))  # a loop: `file_problem` names it
            return
        if key in visited:
            return
        visited.add(key)
        with os.scandir(directory) as entries:
            listing = sorted((entry.name, _is_dir(entry)) for entry in entries)
    except OSError:
        found.append((directory, False))
        return
    inner = ancestors | {key}
    for name, is_dir in listing:
        path = directory / name
        if is_dir:
            if max_depth is None or depth < max_depth:
                _walk(path, max_depth, depth + 1, inner, visited, found)
        else:
            found.append((path, True))


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:  # a symlink loop: listed as a name, and `file_problem` names the loop
        return False


def file_problem(path: Path) -> str | None:
    """None for a readable regular file; `NOT_A_FILE` for something silently not a session
    (a FIFO, a device, a readable folder); otherwise why `path` cannot be read."""
    try:
        info = os.stat(path)
    except OSError as exc:
        return _link_problem(path, exc)
    if stat.S_ISDIR(info.st_mode):
        return _directory_problem(path)
    if not stat.S_ISREG(info.st_mode):
        return NOT_A_FILE  # a FIFO would block a read forever; a device never ends
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except OSError as exc:
        return describe(exc)
    os.close(descriptor)
    return None


def _link_problem(path: Path, exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "symlink loop"
    if exc.errno == errno.ENOENT and os.path.islink(path):
        return f"dangling symlink to {os.readlink(path)}"
    return describe(exc)


def _directory_problem(path: Path) -> str:
    if _is_loop(path):
        return "symlink loop"
    try:
        with os.scandir(path):
            pass
    except OSError as exc:
        return f"cannot list folder ({describe(exc)})"
    return NOT_A_FILE


def _is_loop(path: Path) -> bool:
    """True when `path` is a link to one of its own ancestors."""
    if not os.path.islink(path):
        return False
    try:
        target = os.stat(path)
        parent = path.absolute().parent
        for ancestor in (parent, *parent.parents):
            info = os.stat(ancestor)
            if (info.st_dev, info.st_ino) == (target.st_dev, target.st_ino):
                return True
    except OSError:
        return False
    return False


def describe(exc: OSError) -> str:
    """A short reason without the path (callers name it): 'permission denied'."""
    if isinstance(exc, PermissionError):
        return "permission denied"
    if exc.strerror:
        return exc.strerror[:1].lower() + exc.strerror[1:]
    return str(exc) or type(exc).__name__
