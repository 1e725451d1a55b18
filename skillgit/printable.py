"""Untrusted text made safe to print: the one escaping used by every output.

Session ids, folders, branches, model names, quotes and server messages come from files
and servers written by others. Printed raw, a control character rewrites the terminal
(CSI moves the cursor, OSC 52 writes the clipboard, CR overwrites a line, BEL rings), a
newline forges an extra line (a fake table row, a workflow command in CI), and a bidi
override (U+202E) shows text in an order other than the bytes'. So:

- `printable(text)` shows each such character as a visible escape (``\\x1b``, ``\\r``,
  ``\\u202e``); `multiline=True` keeps newlines (and tabs are always kept) for bodies of
  text that are meant to span lines;
- `home_relative(path)` shows a path under the home folder as ``~/…``;
- `json_printable(document)` does the same inside an encoded JSON document, as ``\\uXXXX``
  escapes, so the JSON still decodes to the very same strings (json.dumps with
  ``ensure_ascii=False`` and pydantic leave C1 controls and bidi characters raw).

Escaped: C0 controls except tab, DEL, C1 controls, lone surrogates, and the invisible
format characters that reorder or hide text (bidi embeddings, overrides and isolates,
LRM/RLM/ALM, zero-width spaces and joiners, word joiner, BOM).
"""

from __future__ import annotations

import os
import re

_INVISIBLE = "\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ud800-\udfff"
_UNSAFE = re.compile(f"[\x00-\x08\x0a-\x1f\x7f-\x9f{_INVISIBLE}]")
_UNSAFE_MULTILINE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_INVISIBLE}]")
# Inside JSON strings every encoder escapes the C0 controls already; raw tab, LF and CR can
# only be the layout between tokens (indentation), and any other raw C0 is escaped too.
_UNSAFE_JSON = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_INVISIBLE}]")
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    character = match.group(0)
    if character in _SHORT:
        return _SHORT[character]
    code = ord(character)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str, *, multiline: bool = False) -> str:
    """`text` with every unsafe character shown as an escape (newlines kept if `multiline`)."""
    pattern = _UNSAFE_MULTILINE if multiline else _UNSAFE
    if pattern.search(text) is None:
        return text
    return pattern.sub(_escape, text)


def json_printable(document: str) -> str:
    """An encoded JSON `document` with unsafe characters as ``\\uXXXX`` escapes."""
    if _UNSAFE_JSON.search(document) is None:
        return document
    return _UNSAFE_JSON.sub(lambda m: f"\\u{ord(m.group(0)):04x}", document)


def home_relative(path: str, home: str | None = None) -> str:
    """`path` as ``~/…`` when it lies under `home` ($HOME by default, or its real path)."""
    home = os.environ.get("HOME", "") if home is None else home
    if not home or not path:
        return path
    for root in dict.fromkeys((home, os.path.realpath(home))):
        root = root.rstrip("/")
        if root and (path == root or path.startswith(root + "/")):
            return "~" + path[len(root):]
    return path
