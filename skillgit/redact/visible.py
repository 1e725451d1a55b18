"""What a reader sees: text without the characters that hide a secret from the rules.

An attacker (or a terminal) can split a key or a value with characters that do not show:
zero-width spaces and joiners, soft hyphens, byte-order marks, bidirectional controls
(`DB_PASS\\u200bWORD=…`), ANSI colour codes around a key or a value
(`\\x1b[1mpassword\\x1b[0m: …`), or write the separator in its full-width form
(`PASSWORD\\uff1d…`). None of them means anything in a transcript kept for review, so they
are removed (full-width `=` and `:` become ASCII) before any rule runs: the rules then see
what a reader sees, and what is kept never hides anything.
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
