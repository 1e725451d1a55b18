"""`skillgit init`: write skillgit's files into a skills repository, safely.

Each file is written atomically (a temporary file in the same folder, then `os.replace`), only
inside the repository (a folder or file that is a symlink, or that resolves outside the
repository, is refused), and never over a file with other content unless `force` — which
applies to the files skillgit owns (`.skillgit.yaml`, the workflow), never to the user's
`.pre-commit-config.yaml`, which is only ever extended. A second run changes nothing."""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from skillgit.config import CONFIG_FILE_NAME, repo_root
from skillgit.errors import UsageError
from skillgit.init.config_template import config_template
from skillgit.init.precommit import PRECOMMIT_PATH, add_hook, new_file, snippet
from skillgit.init.workflow import DEFAULT_ACTION, WORKFLOW_PATH, workflow_text

Status = Literal["created", "overwritten", "unchanged", "kept", "extended", "printed"]


@dataclass(frozen=True)
class FileOutcome:
    path: str
    status: Status
    detail: str = ""


@dataclass
class InitResult:
    root: Path
    files: list[FileOutcome] = field(default_factory=list)
    snippet: str = ""                 # the pre-commit entry to paste, when it was not added

    @property
    def refused(self) -> bool:
        return any(f.status == "kept" for f in self.files)


def inside(root: Path, relative: str) -> Path:
    """`root/relative`, refusing any component that is a symlink or leaves `root`."""
    target = root
    for part in Path(relative).parts:
        target = target / part
        if target.is_symlink():
            raise UsageError(f"{target}: is a symlink; skillgit init writes only real files "
                             "inside the repository")
    if not target.resolve().is_relative_to(root.resolve()):
        raise UsageError(f"{target}: resolves outside the repository {root}")
    return target


def read_text(path: Path) -> str | None:
    """The file's text; None when it does not exist. Refuses what is no regular file."""
    if not path.exists():
        return None
    if not path.is_file():
        raise UsageError(f"{path}: exists and is not a regular file")
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {exc}") from None


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                             dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _owned(root: Path, relative: str, text: str, force: bool) -> FileOutcome:
    path = root / relative
    current = read_text(path)
    if current == text:
        return FileOutcome(relative, "unchanged")
    if current is not None and not force:
        return FileOutcome(relative, "kept", "exists with other content; --force overwrites it")
    write_atomic(path, text)
    return FileOutcome(relative, "created" if current is None else "overwritten")


def _precommit(root: Path, result: InitResult) -> FileOutcome:
    path = root / PRECOMMIT_PATH
    current = read_text(path)
    if current is None:
        write_atomic(path, new_file())
        return FileOutcome(PRECOMMIT_PATH, "created")
    edit = add_hook(current)
    if edit.present:
        return FileOutcome(PRECOMMIT_PATH, "unchanged", "the skillgit-validate hook is there")
    if edit.text is None:
        result.snippet = snippet()
        return FileOutcome(PRECOMMIT_PATH, "printed",
                           f"left alone: {edit.reason}; add the entry below to `repos:`")
    write_atomic(path, edit.text)
    return FileOutcome(PRECOMMIT_PATH, "extended", "skillgit-validate appended to `repos:`")


def run_init(cwd: Path, *, force: bool = False, action: str = DEFAULT_ACTION) -> InitResult:
    root = repo_root(cwd)
    if root is None:
        raise UsageError(f"{cwd} is not inside a git repository; run `git init` first, or run "
                         "skillgit init in your skills repository")
    result = InitResult(root)
    workflow = workflow_text(action)      # checks --action before anything is written
    for relative in (CONFIG_FILE_NAME, WORKFLOW_PATH, PRECOMMIT_PATH):
        read_text(inside(root, relative))  # every target checked before anything is written
    result.files.append(_owned(root, CONFIG_FILE_NAME, config_template(), force))
    result.files.append(_owned(root, WORKFLOW_PATH, workflow, force))
    result.files.append(_precommit(root, result))
    return result
