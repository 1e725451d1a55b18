"""The files of a skill directory as the content rules see them, and what they could not see.

`scanned_files` yields SKILL.md and every other small text file of a skill (for the home-path
and secret rules) and records, as findings, each file it had to leave unscanned and each
symlink that leaves the skill:

- `file-unreadable` (warning): a file or folder that cannot be opened or listed (permissions,
  an I/O error), or that is a pipe, socket or device rather than a regular file;
- `file-too-large` (warning): a file over MAX_SCANNED_FILE_BYTES, named with its size;
- `files-not-scanned` (warning): files beyond the first MAX_SCANNED_FILES;
- `symlink-outside-skill` (error): a symlink whose target resolves outside the skill
  directory, or is an absolute path (outside the skill wherever it is installed);
- `symlink-loop` (error) and `symlink-broken` (warning): a symlink that cannot be resolved.

Symlinks are never followed (their targets are scanned where they live, when inside); folders
whose name starts with a dot and `node_modules` are not entered.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from typing import NamedTuple

from skillgit.skills.findings import Level
from skillgit.skills.model import SKILL_FILE, Skill

MAX_SCANNED_FILE_BYTES = 1024 * 1024
MAX_SCANNED_FILES = 200


class FileProblem(NamedTuple):
    """A file the rules could not check, or a symlink leaving the skill (a path, not shown)."""

    path: str
    level: Level
    rule: str
    message: str


def scanned_files(skill: Skill, problems: list[FileProblem],
                  max_files: int | None = None) -> Iterator[tuple[str, str]]:
    """(path, text) for SKILL.md first, then the other text files of the skill; what was left
    unscanned (and why) is appended to `problems`."""
    limit = MAX_SCANNED_FILES if max_files is None else max_files
    root = str(skill.directory)
    yield os.path.join(root, SKILL_FILE), skill.document.to_text()
    real_root = ""  # resolved at the first symlink: most skills have none
    count = skipped = 0
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            problems.append(_unreadable(folder, exc, "folder cannot be listed"))
            continue
        for entry in entries:
            try:
                if entry.is_symlink():
                    real_root = real_root or os.path.realpath(root)
                    problem = symlink_problem(entry.path, real_root)
                    if problem is not None:
                        problems.append(problem)
                    continue
                is_dir = entry.is_dir()
            except OSError as exc:
                problems.append(_unreadable(entry.path, exc, "cannot be read"))
                continue
            if is_dir:
                if not entry.name.startswith(".") and entry.name != "node_modules":
                    stack.append(entry.path)
                continue
            if entry.name == SKILL_FILE and folder == root:
                continue
            count += 1
            if count > limit:
                skipped += 1
                continue
            text = read_text(entry.path, problems)
            if text is not None:
                yield entry.path, text
    if skipped:
        problems.append(FileProblem(
            root, Level.WARNING, "files-not-scanned",
            f"the skill has {count} files; only the first {limit} were scanned for secrets "
            f"and home paths ({skipped} not checked)"))


def read_text(path: str, problems: list[FileProblem] | None = None) -> str | None:
    """A small file's text; None when it is binary, or too large, not a regular file or
    unreadable (those three are appended to `problems`). Plain os calls: the size comes from
    the open file, so a file costs open, fstat, read and close only."""
    found = problems if problems is not None else []
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        found.append(_unreadable(path, exc, "cannot be read"))
        return None
    try:
        info = os.fstat(fd)
        size = info.st_size
        if not stat.S_ISREG(info.st_mode):  # a FIFO, a socket, a device
            found.append(FileProblem(path, Level.WARNING, "file-unreadable",
                                     f"is a {_kind(info.st_mode)}, not a regular file; "
                                     "not checked for secrets or home paths"))
            return None
        if size > MAX_SCANNED_FILE_BYTES:
            limit = _size(MAX_SCANNED_FILE_BYTES, exact=False)
            found.append(FileProblem(path, Level.WARNING, "file-too-large",
                                     f"file is {_size(size)}, over the {limit} scan limit; "
                                     "not checked for secrets or home paths"))
            return None
        chunks: list[bytes] = []
        while chunk := os.read(fd, 64 * 1024 if chunks else size + 1):  # to the end
            chunks.append(chunk)
    except OSError as exc:
        found.append(_unreadable(path, exc, "cannot be read"))
        return None
    finally:
        os.close(fd)
    data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", errors="replace")


def symlink_problem(path: str, real_root: str) -> FileProblem | None:
    """What is wrong with the symlink at `path` inside the skill whose real path is
    `real_root`: it loops, dangles, or leads outside the skill (None: it stays inside)."""
    try:
        link = os.readlink(path)
    except OSError as exc:
        return _unreadable(path, exc, "symlink cannot be read")
    shown = repr(link)
    try:
        target = os.path.realpath(path, strict=True)
        missing = False
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return FileProblem(path, Level.ERROR, "symlink-loop",
                               f"symlink to {shown} never resolves (a symlink loop)")
        if exc.errno not in (errno.ENOENT, errno.ENOTDIR):
            return _unreadable(path, exc, "symlink cannot be resolved")
        target, missing = os.path.realpath(path), True
    inside = target == real_root or target.startswith(real_root.rstrip(os.sep) + os.sep)
    if os.path.isabs(link) or not inside:
        where = ("an absolute path" if os.path.isabs(link) and inside
                 else f"{target}, outside the skill directory")
        return FileProblem(path, Level.ERROR, "symlink-outside-skill",
                           f"symlink to {shown} leads to {where}; the skill must be "
                           "self-contained (copy the file in, or link inside the skill)")
    if missing:
        return FileProblem(path, Level.WARNING, "symlink-broken",
                           f"symlink to {shown} points to nothing")
    return None


def _unreadable(path: str, exc: OSError, what: str) -> FileProblem:
    reason = exc.strerror or type(exc).__name__
    return FileProblem(path, Level.WARNING, "file-unreadable",
                       f"{what} ({reason}); not checked for secrets or home paths")


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    return "special file"


def _size(size: int, exact: bool = True) -> str:
    """A byte count for people: '2.5 MiB (2,621,440 bytes)'; '1 MiB' when not `exact`."""
    mib = f"{size / (1024 * 1024):.1f}".removesuffix(".0")
    return f"{mib} MiB ({size:,} bytes)" if exact else f"{mib} MiB"
