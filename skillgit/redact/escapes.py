"""What an escaped text says: a copy with its escape sequences read, at any depth.

JSON inside a JSON string (`{\\"password\\":\\"…\\"}`), a log line holding literal `\\n`
inside a JSON-encoded tool output (`line1\\\\npassword=…`), a quote written `\\u0022` or
`&quot;`: each escape stands for one character, and the rules are written for that
character, not for every spelling of it at every depth. So in a copy of the text each escape
(any run of backslashes before `n`, `r`, `t`, a quote, `/`, or a `\\u00XX` / `\\xXX` code for
a quote, `:`, `=` or a line break; an HTML entity for a quote) becomes the character it
stands for, and the rules read that copy too. A secret found there is replaced in the
original text, escapes inside it included.

Only texts that hold such an escape beyond what the rules already read (a doubled backslash,
a `\\t`, a `\\u00XX` / `\\xXX` code, an HTML quote entity) are copied: most texts hold none, and a
plain JSON escape (`\\"`, `\\n`) is read by the rules themselves.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

_ESCAPE = re.compile(
    r"\\+(?:[nrt\"'/]|u(?![dD][89a-fA-F])[0-9a-fA-F]{4}|x[0-9a-fA-F]{2})"
    r"|&(?:quot|apos|#34|#39|#x22|#x27);",
    re.IGNORECASE)
"""Every escape for one character: a JSON `\\uXXXX` or a `\\xXX` code stands for its
character (`Tern\\u0026Kelp` is `Tern&Kelp`), surrogate halves left as written."""
_MEANING = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "'": "'", "/": "/",
            "22": '"', "27": "'", "3a": ":", "3d": "=", "0a": "\n", "0d": "\r", "09": "\t",
            "quot": '"', "apos": "'", "#34": '"', "#39": "'", "#x22": '"', "#x27": "'"}
_DEEP = re.compile(r"\\\\+[nrt\"'/u]|\\+u[0-9a-f]{4}|\\+x[0-9a-f]{2}|&(?:quot|apos|#)|\\t",
                   re.IGNORECASE)
"""An escape the rules do not read themselves."""


def _meaning(escape: str) -> str:
    lowered = escape.lower()
    if lowered.startswith("&"):
        return _MEANING[lowered[1:-1]]
    body = lowered.lstrip("\\")
    if len(body) > 1:  # `u0026`, `x3d`: the character of that code
        return chr(int(body[1:], 16))
    return _MEANING[body]


@dataclass(frozen=True)
class EscapedCopy:
    """A text with its escapes read (`read`), where each character of `read` starts and ends
    in the text, and where in `read` the characters that were escapes stand (in order)."""

    read: str
    starts: list[int]
    ends: list[int]
    escapes: list[int]


def escaped_copy(text: str) -> EscapedCopy | None:
    """The copy of `text` with its escapes read; None when `text` holds no escape the rules
    miss (the common case, found with two C-speed checks)."""
    if "\\" not in text and "&" not in text:
        return None
    if _DEEP.search(text) is None:
        return None
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    escapes: list[int] = []
    cursor = 0
    for match in _ESCAPE.finditer(text):
        start, end = match.span()
        parts.append(text[cursor:start])
        starts.extend(range(cursor, start))
        ends.extend(range(cursor + 1, start + 1))
        parts.append(_meaning(match.group()))
        escapes.append(len(starts))
        starts.append(start)
        ends.append(end)
        cursor = end
    parts.append(text[cursor:])
    starts.extend(range(cursor, len(text)))
    ends.extend(range(cursor + 1, len(text) + 1))
    return EscapedCopy("".join(parts), starts, ends, escapes)


def unescaped_with_spans(text: str) -> tuple[str, list[int], list[int]] | None:
    """The text with its escapes read, and for each character of it where it starts and
    ends in `text`; None when `text` holds no escape the rules miss."""
    copy = escaped_copy(text)
    return None if copy is None else (copy.read, copy.starts, copy.ends)


NEIGHBOURHOOD = 1024
"""Characters of context read on each side of the escaped lines (widened to whole lines): as
for the redactor's re-check next to a new marker, every rule decides from much less context
around the characters it matches."""


def escaped_windows(copy: EscapedCopy) -> list[tuple[int, int]]:
    """Stretches [low, high) of `copy.read`, in order and apart, that hold every line written
    with an escape (`on_escaped_line`: a line holding one, or next to an escaped line break)
    whole, and whole lines of context up to `NEIGHBOURHOOD` characters on each side of them.
    Most of a long copy (a source file with a few `\\\\n` in its strings) reads as the text
    does, and the rules judged the text itself there."""
    read = copy.read
    size = len(read)
    windows: list[tuple[int, int]] = []
    core_end = -1
    for position in copy.escapes:
        if position < core_end:
            continue  # on escaped lines already kept
        core_start = read.rfind("\n", 0, position) + 1
        core_end = read.find("\n", position + 1)
        core_end = size if core_end < 0 else core_end
        low = read.rfind("\n", 0, max(0, core_start - NEIGHBOURHOOD)) + 1
        high = read.find("\n", min(size, core_end + NEIGHBOURHOOD))
        high = size if high < 0 else high
        if windows and low <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], high))
        else:
            windows.append((low, high))
    return windows


class Finding(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


F = TypeVar("F", bound=Finding)


def escaped_findings(copy: EscapedCopy, find: Callable[[str], Sequence[F]], *,
                     whole: bool = False) -> list[tuple[str, int, int]]:
    """(kind, start, end) in the original text of what `find` finds in the copy on a line
    written with an escape (`on_escaped_line`), in order. `find` reads the escaped lines with
    their context (`escaped_windows`), or the whole copy when `whole` (a user's pattern may
    anchor on the start or end of a text)."""
    read = copy.read
    windows = [(0, len(read))] if whole else escaped_windows(copy)
    found: list[tuple[str, int, int]] = []
    for low, high in windows:
        for match in find(read if (low, high) == (0, len(read)) else read[low:high]):
            start, end = match.start + low, match.end + low
            if on_escaped_line(read, copy.starts, copy.ends, start, end):
                found.append((match.kind, copy.starts[start], copy.ends[end - 1]))
    return found


def on_escaped_line(read: str, starts: list[int], ends: list[int], start: int, end: int) -> bool:
    """Whether the line of `read` holding [start, end) (or a line break next to it) was
    written with an escape: elsewhere the copy reads as the text does, and the rules have
    judged the text itself (a match only the copy shows there is a quirk of a quote the copy
    read, not a secret)."""
    if not read:
        return False
    low = max(0, read.rfind("\n", 0, start))
    high = read.find("\n", end)
    high = len(read) - 1 if high < 0 else high
    return ends[high] - starts[low] != high + 1 - low
