"""Secrets written in pieces, which no rule that reads one token sees whole.

- escaped bytes: a run of `\\xNN` escapes of many different values (`b"\\x75\\x21\\xb1…"`, a key
  hidden from `strings`), as byte arrays are (`structures._BYTE_ARRAY`);
- a character array spelling a password (`{'T','r','u','s','t','-','9',…}`): the characters
  joined must have a password's shape;
- a secret's name assigned from variables joined (`API_SECRET = _K1 + _K2 + _K3`): the
  quoted values of those variables, wherever the text assigns them, are the pieces.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.clause import value_shaped
from skillgit.redact.values import is_placeholder
from skillgit.redact.vocab import ROOTS

KIND_ESCAPED = "escaped-bytes"
KIND_CHARS = "character-array"
KIND_PIECE = "secret-piece"

MIN_ESCAPES = 12
"""Escaped bytes in a run: a key is 16 or more; a magic number or a separator is a few."""
_ESCAPES = re.compile(r"(?:\\\\?x[0-9a-fA-F]{2}){" + str(MIN_ESCAPES) + ",}")
_CHAR = r"(?:'[^'\\\n]'|\"[^\"\\\n]\")"
_CHARS = re.compile(r"[{\[(]\s*" + _CHAR + r"(?:\s*,\s*" + _CHAR + r"){5,63}\s*[}\])]")
_JOINED = re.compile(r"(?P<name>[A-Za-z_][\w.]{0,60})[\"'\]]?\s*[:=]\s*(?P<parts>[A-Za-z_]\w{0,40}"
                     r"(?:\s*\+\s*[A-Za-z_]\w{0,40})+)")
_NAMES_A_SECRET = re.compile("|".join(ROOTS), re.I)


def assembled(text: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each secret written in pieces."""
    if "\\x" in text:
        for match in _ESCAPES.finditer(text):
            values = re.findall(r"x([0-9a-fA-F]{2})", match.group())
            if len(set(values)) >= MIN_ESCAPES * 2 // 3:
                yield KIND_ESCAPED, match.start(), match.end()
    if "','" in text or "', '" in text or '","' in text or '", "' in text:
        for match in _CHARS.finditer(text):
            joined = "".join(re.findall(r"['\"](.)['\"]", match.group()))
            if value_shaped(joined) and not is_placeholder(joined):
                yield KIND_CHARS, match.start(), match.end()
    for line in _lines_with_plus(text):  # a join is on a line with `+` and `=` or `:`
        sum_of = _JOINED.search(line) if "=" in line or ":" in line else None
        if sum_of is None or not _NAMES_A_SECRET.search(sum_of.group("name")):
            continue
        for part in re.findall(r"[A-Za-z_]\w*", sum_of.group("parts")):
            yield from _assigned_values(text, part)


def _lines_with_plus(text: str) -> Iterator[str]:
    position = text.find("+")
    while position >= 0:
        start = text.rfind("\n", 0, position) + 1
        end = text.find("\n", position)
        end = len(text) if end < 0 else end
        yield text[start:end]
        position = text.find("+", end)


def _assigned_values(text: str, variable: str) -> Iterator[tuple[str, int, int]]:
    pattern = rf"(?<![\w.]){re.escape(variable)}\s*[:=]\s*([\"'])([^\"'\n]{{4,256}})\1"
    for found in re.finditer(pattern, text):
        yield KIND_PIECE, found.start(2), found.end(2)
