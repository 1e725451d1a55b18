"""A planned change to one user file (and the commands to run after it), shown and applied.

`--dry-run` prints each change as a unified diff plus the commands, exactly what applying
would do; applying writes each file whole (a temporary file renamed over it, mode kept), so an
agent never reads a half-written settings file.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skillgit.errors import UsageError

Runner = Callable[[Sequence[str], str | None], tuple[int, str]]
"""Runs argv with optional stdin text; (exit code, stdout). Tests pass a recorder."""


@dataclass(frozen=True)
class Change:
    label: str                 # the agent or timer this is for
    path: Path
    before: str | None         # None: the file does not exist
    after: str | None          # None: the file is (or stays) absent
    commands: list[list[str]] = field(default_factory=list)   # run after writing
    stdin: str | None = None   # for a command that takes the text on stdin (crontab -)
    is_file: bool = True       # False: `path` only names the text (a crontab), never written
    commands_first: list[list[str]] = field(default_factory=list)  # run before writing

    @property
    def changed(self) -> bool:
        return self.before != self.after

    @property
    def status(self) -> str:
        if not self.changed:
            return "unchanged"
        if self.before is None:
            return "created"
        return "removed" if self.after is None else "updated"

    def diff(self) -> str:
        """The change as a unified diff (empty when nothing changes), then the commands."""
        out = "".join("$ " + " ".join(argv) + "\n"
                      for argv in (self.commands_first if self.changed else []))
        if self.changed:
            before = (self.before or "").splitlines(keepends=True)
            after = (self.after or "").splitlines(keepends=True)
            out += "".join(line if line.endswith("\n") else line + "\n"
                          for line in difflib.unified_diff(
                              before, after, fromfile=str(self.path) if self.before is not None
                              else "/dev/null", tofile=str(self.path) if self.after is not None
                              else "/dev/null"))
        for argv in self.commands if self.changed else []:
            out += "$ " + " ".join(argv) + "\n"
        return out


def apply(change: Change, runner: Runner) -> None:
    """Write the file (or remove it), then run the commands; a failing command is an error
    that names it (the file stays written: running the command again finishes the job)."""
    if not change.changed:
        return
    for argv in change.commands_first:   # e.g. stop a timer before its unit file goes
        runner(argv, None)               # best effort: it may not be loaded
    if change.after is None:
        if change.path.exists():
            change.path.unlink()
    elif change.is_file:
        _write(change.path, change.after)
    for argv in change.commands:
        code, _ = runner(argv, change.stdin)
        if code != 0:
            raise UsageError(f"`{' '.join(argv)}` failed (exit {code}) while setting up "
                             f"{change.label}; run it by hand to see why")


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        mode = path.stat().st_mode & 0o7777 if path.exists() else 0o644
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                        suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.chmod(temp, mode)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {type(exc).__name__}: {exc}") from None
