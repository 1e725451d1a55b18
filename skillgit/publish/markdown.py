"""Untrusted text rendered inert in GitHub-flavoured Markdown, and bodies that fit GitHub.

`inert(text)` gives one line that GitHub shows as the same characters and nothing more:
- no mention or team ping: every `@` is followed by a zero-width space (GitHub links
  `@name` only when a name character follows the `@` directly);
- no cross-reference: `#` likewise (`#1`, `owner/repo#1`), `GH-1` gets one after the dash,
  and URL schemes / `www.` are broken so nothing autolinks to an issue or a remote page;
- no HTML at all: `<`, `>` and `&` become entities, so no tag, comment (`<!--`, `-->`),
  `</details>` or entity-encoded `@` (`&#64;`) survives;
- no Markdown: `\\`, backticks, `*`, `_`, `[`, `]`, `~`, `|`, `$`, `!` are backslash-escaped,
  so nothing becomes a link, image, code span, math or a new table cell;
- one line: every run of whitespace (newlines included) becomes one space; control,
  format and bidi characters (which could hide text) are shown as `U+XXXX`.

Raw text is cut *before* it is escaped (`clip`), so an escape is never cut in half.
Sizes are measured in UTF-8 bytes (`size`), stricter than GitHub's 65,536-character limit.
"""

from __future__ import annotations

import re
import unicodedata

GITHUB_BODY_LIMIT = 65_536          # characters, for PR, issue and comment bodies
BODY_BUDGET = 60_000                # what we allow ourselves, in UTF-8 bytes
ZWSP = "\u200b"
_MARKDOWN = frozenset("\\`*_[]~|$!")
_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
_GH_REF = re.compile(r"(?i)\b(gh)-(?=\d)")
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*):(?=//)")
_WWW = re.compile(r"(?i)\b(www)\.")


def clip(text: str, limit: int) -> str:
    """At most `limit` characters of raw text (one line), with an ellipsis when cut."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:max(limit - 1, 0)].rstrip() + "\u2026"


def inert_char(char: str) -> str:
    """One character as inert Markdown (see the module's docstring)."""
    if char in _ENTITIES:
        return _ENTITIES[char]
    if char in _MARKDOWN:
        return "\\" + char
    if char in "@#":
        return char + ZWSP
    if not char.isprintable() or unicodedata.category(char) in ("Cf", "Co", "Cs"):
        return f"U+{ord(char):04X}"  # the input's own zero-width characters too
    return char


class InertTable(dict[int, str]):
    """`inert_char` by code point, for `str.translate`: every ASCII character filled in
    advance, any other one computed the first time it is met and kept (up to `MAX_KEPT`
    characters; past that, computed each time). One `translate` per text instead of a Python
    call per character (a dashboard of non-ASCII titles is millions of characters)."""

    MAX_KEPT = 1 << 16

    def __missing__(self, code: int) -> str:
        value = inert_char(chr(code))
        if len(self) < self.MAX_KEPT:
            self[code] = value
        return value


INERT_TABLE = InertTable({code: inert_char(chr(code)) for code in range(128)})


def inert(text: str, limit: int | None = None) -> str:
    """`text` (clipped to `limit` raw characters) as inert, one-line Markdown."""
    flat = clip(text, limit) if limit is not None else " ".join(text.split())
    chars = flat.translate(INERT_TABLE)
    escaped = _GH_REF.sub(rf"\1-{ZWSP}", chars)
    escaped = _SCHEME.sub(rf"\1:{ZWSP}", escaped)
    return _WWW.sub(rf"\1{ZWSP}.", escaped)


def size(text: str) -> int:
    return len(text.encode("utf-8"))


def code(text: str) -> str:
    """A short, trusted-shape value (a sha, a rule id) as a code span: backticks dropped."""
    return "`" + " ".join(text.replace("`", "'").split()) + "`"


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Markdown table lines; cells must already be inert (a space precedes each `|`)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    return lines


def fit_rows(fixed: int, rows: list[str], budget: int = BODY_BUDGET) -> tuple[list[str], int]:
    """As many of `rows` (whole lines, in order) as fit beside `fixed` bytes; and how many
    were left out."""
    used = fixed
    for index, row in enumerate(rows):
        used += size(row) + 1
        if used > budget:
            return rows[:index], len(rows) - index
    return rows, 0
