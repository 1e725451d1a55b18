"""What a reader sees: text without the characters that hide a secret from the rules.

An attacker (or a terminal) can split a key or a value with characters that do not show:
zero-width spaces and joiners, soft hyphens, byte-order marks, bidirectional controls
(`DB_PASS\\u200bWORD=…`), ANSI colour codes around a key or a value
(`\\x1b[1mpassword\\x1b[0m: …`), or write the separator in its full-width form
(`PASSWORD\\uff1d…`). None of them means anything in a transcript kept for review, so they
are removed (full-width `=` and `:` become ASCII) in the copy the rules read: the rules
then see what a reader sees. A secret found there is replaced in the original text (with the
hidden characters inside it); those outside stay, for the injection screen (skillgit/safety)
takes them as a sign of hidden text.
"""

from __future__ import annotations

import re

_HIDDEN = re.compile("\x1b\\[[0-9;?]{0,32}[ -/]{0,4}[@-~]"
                     "|\x1b\\][^\x07\x1b]{0,512}(?:\x07|\x1b\\\\)"
                     "|[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
                     "\uff1a\uff1d]")
_FULL_WIDTH = {"\uff1a": ":", "\uff1d": "="}


def _shown(match: re.Match[str]) -> str:
    return _FULL_WIDTH.get(match.group(), "")


_ESCAPED = re.compile(r"\\u(?:00ad|200[b-f]|206[0-4]|feff|001b\[[0-9;]{0,32}[A-Za-z])",
                      re.IGNORECASE)
"""The same characters JSON-escaped (`\\u200b`, `\\u001b[31m`), as tool output may show them."""


def visible(text: str) -> str:
    """`text` without invisible characters and terminal escapes; idempotent."""
    if text.isascii():
        if "\x1b" not in text and ("\\u" not in text or _ESCAPED.search(text) is None):
            return text  # nearly every text: a few C-speed checks
    elif _HIDDEN.search(text) is None and ("\\u" not in text or _ESCAPED.search(text) is None):
        return text
    if "\\u" in text:
        text = _ESCAPED.sub("", text)
    return _HIDDEN.sub(_shown, text)


_ANY = re.compile("(?i:" + _ESCAPED.pattern + ")|" + _HIDDEN.pattern)


def visible_with_offsets(text: str) -> tuple[str, list[int]] | None:
    """`visible(text)` and, for each of its characters and its end, where it stands in
    `text`; None when nothing is hidden (the common case, found cheaply)."""
    shown = visible(text)
    if shown == text:
        return None
    parts: list[str] = []
    offsets: list[int] = []
    cursor = 0
    for match in _ANY.finditer(text):
        parts.append(text[cursor:match.start()])
        offsets.extend(range(cursor, match.start()))
        kept = _FULL_WIDTH.get(match.group(), "")
        if kept:
            parts.append(kept)
            offsets.append(match.start())
        cursor = match.end()
    parts.append(text[cursor:])
    offsets.extend(range(cursor, len(text) + 1))
    return "".join(parts), offsets
