"""The cells under a table column whose header names a credential: the inverse of the public
columns of `public_roles.py`.

Configuration tables and CLI listings give secrets a column rather than a key: PPP's
`chap-secrets` (`# client  server  secret  IP addresses`, then one row per peer), a CLI's
`NAME  SECRET  AGE`. The header names what the column holds, so a cell under it is a secret
whatever its shape, unless it is a placeholder (`*`, `-`, `<none>`, `(hidden)`). A header cell
names a credential as a key would (`apart.credential_name`: `secret`, `password`, `psk`,
`token`, `client_secret`; not `key` alone, not `public_key`). Cells are read by position in
the row's whitespace-separated fields, so tabs and spaces align alike; a row with fewer
fields than the column's place, a blank line or a line of another shape ends the table.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Iterator

from skillgit.redact.apart import credential_name
from skillgit.redact.clause import value_shaped
from skillgit.redact.values import is_placeholder, random_value

KIND = "secret-column"
ROWS = 200
_FIELD = re.compile(r"\"[^\"\n]*\"|'[^'\n]*'|\S+")
_HEADER_CELL = re.compile(r"[A-Za-z][\w-]*")
_GAP = re.compile(r"\t|  ")
"""What separates a table's cells: a tab or two blanks (prose and code use one)."""
_EMPTY = frozenset({"*", "-", "--", "<none>", "(hidden)", "none", "n/a", "null", "''", '""'})
_HEADER_WORDS = ("pass", "pw", "secret", "token", "cred", "pin", "psk", "key")
"""What a cell naming a credential holds, lower-cased: one of `apart.credential_name`'s last
words (`password`, `pwd`, `creds`, `apikey`, …) or `key` (a test checks the list covers them)."""


def _fields(line: str, offset: int) -> list[tuple[int, int]]:
    return [(offset + m.start(), offset + m.end()) for m in _FIELD.finditer(line)]


def _header_lines(lowered: str, starts: list[int]) -> list[int]:
    """The indexes of the lines (starting at `starts`) that hold a word a header cell naming a
    credential holds (`_HEADER_WORDS`): found with one `str.find` pass per word, so that the
    lines of a long text are not each split and read."""
    found: set[int] = set()
    for word in _HEADER_WORDS:
        position = lowered.find(word)
        while position >= 0:
            index = bisect_right(starts, position) - 1
            found.add(index)
            position = lowered.find(word, starts[index + 1] if index + 1 < len(starts)
                                    else len(lowered))
    return sorted(found)


def secret_cells(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each cell under a header cell that names a credential
    (`lowered`: the text lower-cased, of the same length)."""
    lines = text.split("\n")
    starts = [0, *itertools.accumulate(len(line) + 1 for line in lines)][:-1]
    for index in _header_lines(lowered, starts):
        line = lines[index]
        position = starts[index]
        header = line.lstrip("# \t")
        cells = header.split()
        if (len(cells) >= 3 and len(_GAP.findall(header.strip())) >= 2
                and all(_HEADER_CELL.fullmatch(c) and _digits(c) <= 1 for c in cells)):
            columns = [i for i, cell in enumerate(cells) if credential_name(cell, label=True)]
            if columns and len(columns) < len(cells):
                row_start = position + len(line) + 1
                for row in lines[index + 1:index + 1 + ROWS]:
                    if not row.strip() or row.lstrip().startswith("#") or not _GAP.search(
                            row.strip()):
                        break  # (a table's rows are aligned like its header)
                    fields = _fields(row, row_start)
                    if len(fields) <= max(columns):
                        break
                    for column in columns:
                        start, end = fields[column]
                        value = text[start:end].strip("\"'")
                        if value.lower() not in _EMPTY and not is_placeholder(value):
                            quote = 1 if text[start] in "\"'" else 0
                            yield KIND, start + quote, end - quote
                    row_start += len(row) + 1


def _digits(cell: str) -> int:
    """A header's cells are names (`IPv4`, `S3`); a value's cell holds digits (`DAB965E4…`)."""
    return sum(c.isdigit() for c in cell)


_NAMED_ROW = re.compile(r"(?m)^[ \t]*(?P<name>[A-Za-z][\w.\-]{0,60})(?:\t|  )[ \t]*"
                        r"(?:(?P<type>[A-Z][A-Z0-9_]{1,24})(?:\t|  )[ \t]*)?"
                        r"(?P<v>[^\s\"'`<>]{4,256})[ \t]*\r?$")
"""A row of name, maybe a type, and value aligned by blanks or tabs, as `reg query` prints
(`ControlPassword    REG_BINARY    3B2F…`) and settings listings do."""


def named_rows(text: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of the value of each aligned row whose name names a credential;
    the value must still have a value's shape (a word, `Present` or `(null)`, is none)."""
    for row in _NAMED_ROW.finditer(text):
        value = row.group("v")
        if credential_name(row.group("name"), label=True) and value.lower() not in _EMPTY \
                and not is_placeholder(value) and (value_shaped(value) or random_value(value)):
            yield KIND, row.start("v"), row.end("v")
