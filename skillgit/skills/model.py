"""A skill directory as a typed model: its SKILL.md document, parsed frontmatter and resources."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import BaseModel, ConfigDict

from skillgit.skills.document import DocumentProblem, SkillDocument
from skillgit.skills.frontmatter import Frontmatter, parse_frontmatter

SKILL_FILE = "SKILL.md"
RESOURCE_DIRS = ("scripts", "references", "assets")
MAX_SKILL_MD_BYTES = 8 * 1024 * 1024


class Skill(BaseModel):
    """A parsed skill. `directory` is absolute but not symlink-resolved: its name is the name
    agents see, so `validate .` from inside a skill compares against the real folder name."""

    model_config = ConfigDict(frozen=True)

    directory: Path
    document: SkillDocument
    frontmatter: Frontmatter

    @property
    def skill_md(self) -> Path:
        return self.directory / SKILL_FILE

    @property
    def directory_name(self) -> str:
        return self.directory.name

    @property
    def name(self) -> str | None:
        value = self.frontmatter.data.get("name")
        return value if isinstance(value, str) else None

    @property
    def description(self) -> str | None:
        value = self.frontmatter.data.get("description")
        return value if isinstance(value, str) else None

    @property
    def fields(self) -> dict[str, Any]:
        return self.frontmatter.data

    @property
    def body(self) -> str:
        return self.document.body

    def resource_dirs(self) -> list[str]:
        """The conventional resource folders (scripts/, references/, assets/) that exist."""
        return [name for name in RESOURCE_DIRS if (self.directory / name).is_dir()]


class SkillLoadError(Exception):
    """SKILL.md could not be read or split; carries the rule id, message and line."""

    def __init__(self, problem: DocumentProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def skill_directory(path: str | os.PathLike[str]) -> Path:
    """The absolute (not symlink-resolved) skill directory for a dir or a SKILL.md path."""
    absolute = Path(os.path.abspath(path))
    if absolute.name == SKILL_FILE:
        return absolute.parent
    return absolute


def read_skill_md(path: str | os.PathLike[str]) -> bytes:
    """Read SKILL.md bytes; every OS-level failure becomes a DocumentProblem."""
    try:
        # O_NONBLOCK: opening a FIFO named SKILL.md must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb", buffering=0) as handle:
            mode = os.fstat(fd).st_mode
            if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):  # a device is read up to the limit
                raise DocumentProblem("file-unreadable", f"cannot read {SKILL_FILE}: it is a "
                                      "pipe or socket, not a regular file")
            data = _read_at_most(handle, MAX_SKILL_MD_BYTES + 1)
    except OSError as exc:
        where = Path(path)
        if where.is_dir():
            raise DocumentProblem("file-unreadable",
                                  f"{SKILL_FILE} is a directory, not a file") from None
        if exc.errno == errno.ELOOP:
            reason = "symlink loop"
        elif exc.errno == errno.ENOENT and where.is_symlink():
            reason = "it is a symlink to a file that does not exist"
        elif exc.errno == errno.ENOENT:
            raise DocumentProblem("skill-file-missing",
                                  f"{SKILL_FILE} not found in {where.parent}") from None
        else:
            reason = exc.strerror or str(exc)
        raise DocumentProblem("file-unreadable", f"cannot read {SKILL_FILE}: {reason}") from None
    if len(data) > MAX_SKILL_MD_BYTES:
        raise DocumentProblem(
            "file-unreadable",
            f"{SKILL_FILE} is larger than {MAX_SKILL_MD_BYTES // (1024 * 1024)} MiB",
        )
    return data


def _read_at_most(handle: BinaryIO, limit: int) -> bytes:
    """The first `limit` bytes of a file. Asks for the file's size (+1, to see the end) rather
    than `limit` bytes at once, which would allocate `limit` bytes for every small file."""
    chunks: list[bytes] = []
    total = 0
    want = min(os.fstat(handle.fileno()).st_size + 1, limit)
    while total < limit:
        chunk = handle.read(min(want, limit - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        want = 64 * 1024
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def misnamed_skill_file(folder: Path) -> str | None:
    """A `skill.md`-like file (wrong case) in a folder that has no SKILL.md, if any."""
    try:
        names = os.listdir(folder)
    except OSError:
        return None
    if SKILL_FILE in names:
        return None
    return next((n for n in sorted(names) if n.lower() == SKILL_FILE.lower()), None)


def load_skill(directory: str | os.PathLike[str]) -> Skill:
    """Parse a skill directory (or a SKILL.md path); raises SkillLoadError with a rule id."""
    folder = skill_directory(directory)
    try:
        data = read_skill_md(os.path.join(folder, SKILL_FILE))
    except DocumentProblem as problem:
        wrong = misnamed_skill_file(folder) if problem.rule == "skill-file-missing" else None
        if wrong is not None:
            problem = DocumentProblem(
                "skill-file-name", f"found '{wrong}': the file must be named exactly {SKILL_FILE}")
        raise SkillLoadError(problem) from None
    return parse_skill_text(folder, data)


def parse_skill_text(directory: Path, data: bytes) -> Skill:
    """Parse SKILL.md bytes as if they lived in `directory` (no file system access)."""
    try:
        document = SkillDocument.from_bytes(data)
        frontmatter = parse_frontmatter(document.frontmatter_raw,
                                        document.frontmatter_first_line)
    except DocumentProblem as problem:
        raise SkillLoadError(problem) from None
    return Skill(directory=directory, document=document, frontmatter=frontmatter)
