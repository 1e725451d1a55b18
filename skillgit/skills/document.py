"""SKILL.md as text: frontmatter and body split on whole delimiter lines, kept byte-exact.

`SkillDocument` keeps every piece of the original text (BOM, delimiter lines with their line
endings, the raw YAML, the body), so `to_bytes()` of an unchanged document gives back the
exact bytes that were parsed. Later stages edit one piece and get a minimal diff.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

BOM = "\ufeff"
DELIMITER = "---"
# A later line that is `---` plus trailing whitespace (what `line.rstrip() == "---"` accepts;
# `[^\S\n]` is exactly the characters for which str.isspace() is true, minus the newline).
_CLOSING = re.compile(r"\n---[^\S\n]*(?:\n|\Z)")


class DocumentProblem(Exception):
    """SKILL.md cannot be split into frontmatter and body (or cannot be decoded)."""

    def __init__(self, rule: str, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.line = line


class SkillDocument(BaseModel):
    """The exact text of a SKILL.md, in four pieces: opening + frontmatter_raw + closing + body."""

    model_config = ConfigDict(frozen=True)

    bom: bool = False
    opening: str = "---\n"
    frontmatter_raw: str = ""
    closing: str = "---\n"
    body: str = ""

    @property
    def newline(self) -> str:
        """The line ending the file uses ("\\r\\n" or "\\n")."""
        return "\r\n" if self.opening.endswith("\r\n") else "\n"

    @property
    def frontmatter_first_line(self) -> int:
        """1-based line number of the first YAML line (the line after the opening `---`)."""
        return 2

    @property
    def body_first_line(self) -> int:
        """1-based line number of the first body line."""
        return 2 + self.frontmatter_raw.count("\n") + 1

    def to_text(self) -> str:
        return self.opening + self.frontmatter_raw + self.closing + self.body

    def to_bytes(self) -> bytes:
        return (BOM if self.bom else "").encode("utf-8") + self.to_text().encode("utf-8")

    @classmethod
    def from_bytes(cls, data: bytes) -> SkillDocument:
        return cls.from_text(decode_utf8(data))

    @classmethod
    def from_text(cls, text: str) -> SkillDocument:
        """Split text into its pieces; raises DocumentProblem when there is no valid frontmatter."""
        bom = text.startswith(BOM)
        if bom:
            text = text[len(BOM):]
        first_end = _line_end(text, 0)
        opening = text[:first_end]
        if _strip_eol(opening).rstrip() != DELIMITER:
            raise DocumentProblem(
                "frontmatter-missing",
                "SKILL.md must start with YAML frontmatter (a first line of exactly '---')",
                line=1,
            )
        closing = _CLOSING.search(text, first_end - 1) if first_end < len(text) else None
        if closing is not None:
            pos, end = closing.start() + 1, closing.end()
            return cls(bom=bom, opening=opening, frontmatter_raw=text[first_end:pos],
                       closing=text[pos:end], body=text[end:])
        raise DocumentProblem(
            "frontmatter-unclosed",
            "SKILL.md frontmatter not properly closed with a line of '---'",
            line=1,
        )


def decode_utf8(data: bytes) -> str:
    """Decode UTF-8 strictly; a bad byte is a DocumentProblem naming its line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DocumentProblem(
            "encoding",
            f"file is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})",
            line=line,
        ) from None


def _line_end(text: str, start: int) -> int:
    """Index just past the newline of the line starting at `start` (or len(text))."""
    nl = text.find("\n", start)
    return len(text) if nl < 0 else nl + 1


def _strip_eol(line: str) -> str:
    if line.endswith("\n"):
        line = line[:-1]
    if line.endswith("\r"):
        line = line[:-1]
    return line
