"""Tables keyed by row: a row whose first cell names a credential holds it in the next cell.

`wp config list`, `heroku config`, `SHOW VARIABLES`, `php artisan about` and many admin
CLIs print settings as rows of a name and a value in a bordered table (`| DB_PASSWORD | … |`)
rather than as `KEY=value` lines. The name cell, one identifier (a cell of prose, "Tests pass",
is a claim, not a key), names what the row holds (`apart.credential_name`:
`DB_PASSWORD`, `AUTH_KEY`, `api_token`; not `DB_USER`, not `public_key`), so the value cell is a
credential whatever its shape: a WordPress key of every printable class, `|` and brackets
included. Cells are cut where the table's border (`+-----+-----+`) puts its corners, so a value
holding `|` stays whole; without a border, a row is cut at each ` | `. An empty cell, a
placeholder (`********`, `<hidden>`) or a marker is no value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from skillgit.redact.apart import credential_name
from skillgit.redact.values import is_placeholder

KIND = "table-credential"

_BORDER = re.compile(r"^[ \t]*\+(?:-+\+){2,}[ \t]*$", re.M)
_ROW = re.compile(r"^[ \t]*\|(?P<body>.*)\|[ \t]*\r?$", re.M)
_MASKED = re.compile(r"^(?:\*+|\u2022+|x+|-+|\.+|<[^>]*>|\(?hidden\)?|\(?redacted\)?|"
                     r"\[REDACTED:[\w-]+\])$", re.I)


def iter_row_keyed_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each value cell whose row's first cell names a credential."""
    if "|" not in text:
        return
    corners = _corners(text)
    for row in _ROW.finditer(text):
        cells = _cells(text, row, corners)
        if len(cells) < 2:
            continue
        (name_start, name_end), (start, end) = cells[0], cells[1]
        name = text[name_start:name_end].strip()
        if not name or any(c.isspace() for c in name) or not credential_name(name):
            continue
        while start < end and text[start] in " \t":
            start += 1
        while end > start and text[end - 1] in " \t":
            end -= 1
        value = text[start:end]
        if value and not _MASKED.match(value) and not is_placeholder(value):
            yield KIND, start, end


def _corners(text: str) -> dict[int, list[int]]:
    """For each border's length, the offsets of its corners within a line."""
    found: dict[int, list[int]] = {}
    for border in _BORDER.finditer(text):
        line = border.group().rstrip()
        found.setdefault(len(line), [i for i, c in enumerate(line) if c == "+"])
    return found


def _cells(text: str, row: re.Match[str], corners: dict[int, list[int]]) -> list[tuple[int, int]]:
    """(start, end) in `text` of each cell of `row`: cut at the border's corners when a border
    of the row's length has `|` at each of them, else at each ` | `."""
    line = row.group().rstrip()
    base = row.start()
    plus = corners.get(len(line))
    if plus and all(line[i] == "|" for i in plus):
        return [(base + a + 1, base + b) for a, b in pairwise(plus)]
    body = row.start("body")
    cuts = [m.start() + 1 for m in re.finditer(r" \| ", row.group("body"))]
    edges = [-1, *cuts, len(row.group("body"))]
    return [(body + a + 1, body + b) for a, b in pairwise(edges)]
