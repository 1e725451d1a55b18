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


def unescaped_with_spans(text: str) -> tuple[str, list[int], list[int]] | None:
    """The text with its escapes read, and for each character of it where it starts and
    ends in `text`; None when `text` holds no escape the rules miss (the common case, found
    with two C-speed checks)."""
    if "\\" not in text and "&" not in text:
        return None
    if _DEEP.search(text) is None:
        return None
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    cursor = 0
    for match in _ESCAPE.finditer(text):
        start, end = match.span()
        parts.append(text[cursor:start])
        starts.extend(range(cursor, start))
        ends.extend(range(cursor + 1, start + 1))
        parts.append(_meaning(match.group()))
        starts.append(start)
        ends.append(end)
        cursor = end
    parts.append(text[cursor:])
    starts.extend(range(cursor, len(text)))
    ends.extend(range(cursor + 1, len(text) + 1))
    return "".join(parts), starts, ends


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
