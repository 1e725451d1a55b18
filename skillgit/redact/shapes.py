"""Where a row of `structures.py` that no literal starts can match, found at C speed.

A row led by a lookbehind or a class (`_SPACED_BYTES`) or anchored at a line start (`^` in
multiline mode: `LONE_LINE`) has no literal the regex engine can search for: it is tried at
every character of every text, which costs more than the rest of the row's work. Here:

- `holds_spaced_hex(text)`: whether the text holds sixteen pairs of hex digits separated by
  single blanks, which every match of `_SPACED_BYTES` holds, looked for as one byte string in
  the text's class map (one byte per character: `h` for an ASCII hex digit, a blank for a
  blank, `.` for anything else; a non-ASCII character is no hex digit of the row's);
- `line_matches(row, text)`: `row.finditer(text)` for a row that can only match at the start
  of a line, tried at the first character and after each newline (found by the engine's own
  literal search for `\\n`), never elsewhere.

Both give the matches of the row itself in the same order: within `triggers.every_row_runs`
the rows run over the whole text (the property tests compare both paths).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.triggers import gated

_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_HEX_MAP = bytes(0x68 if chr(code) in _HEX_DIGITS else 0x20 if code == 0x20 else 0x2E
                 for code in range(256))
SPACED_HEX = b"hh " * 15 + b"hh"
"""Sixteen hex pairs read out with blanks, in the class map (`structures._SPACED_BYTES`)."""


def holds_spaced_hex(text: str) -> bool:
    """Whether `text` holds `SPACED_HEX` (always True within `every_row_runs`)."""
    if not gated():
        return True
    return SPACED_HEX in text.encode("ascii", "replace").translate(_HEX_MAP)


_NEWLINE_LED: dict[re.Pattern[str], re.Pattern[str]] = {}


def line_matches(row: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """`row.finditer(text)` for a multiline row that starts with `^` and whose matches never
    hold a newline: tried only at line starts."""
    if not gated():
        yield from row.finditer(text)
        return
    led = _NEWLINE_LED.get(row)
    if led is None:
        if not row.pattern.startswith("^") or not row.flags & re.M:
            raise ValueError(f"not a row anchored at line starts: {row.pattern!r}")
        led = _NEWLINE_LED[row] = re.compile("\n" + row.pattern[1:], row.flags)
    match = row.match(text)
    if match is not None:
        yield match
    for line in led.finditer(text):
        match = row.match(text, line.start() + 1)
        if match is not None:
            yield match


def lines_below(text: str, commands: list[re.Match[str]], index: int
                ) -> Iterator[tuple[int, int]]:
    """(start, end) of each line printed below command line `commands[index]`, up to the next
    command line (or the text's end): a command's output, line by line."""
    stop = commands[index + 1].start() if index + 1 < len(commands) else len(text)
    position = commands[index].end() + 1
    while position < stop:
        end = text.find("\n", position, stop)
        end = stop if end < 0 else end
        yield position, end
        position = end + 1

