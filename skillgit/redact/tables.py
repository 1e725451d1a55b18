"""Tables: a column named for a secret, its values on the rows below.

- CSV / TSV / `;`-separated rows under a header (`username,password,role`);
- Markdown tables (`| user | password |`, the `|---|` row skipped);
- SQL `INSERT INTO users (email, password) VALUES ('…', '…')`.

The header names the column, so a value needs no secret-shaped name of its own; it must still
look like a value, not a type or a word (`| password | string | required |` stays), and for a
column named `key` it must look random (`| key | value |` tables stay).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.redact.values import assignment_value_ok, random_value
from skillgit.redact.vocab import NAME_ROOTS, root_positions

KIND = "table-credential"

ROOTS = NAME_ROOTS
_DELIMITERS = ",;|\t"
_COLUMN = re.compile(
    r"(?:[a-z0-9]+[ _\-.])?(?:password|passwd|pass|pwd|passphrase|passcode|secret|token|"
    r"api[ _\-]?key|(?P<key>key)|credentials?|client[ _\-]?secret)")
_ROWS = 20
"""Rows under a header that are read."""
REACH = 4000
"""Characters after a header that its rows may fill."""
_HEADER_LENGTH = 1000
"""A header line is shorter than this (keeps every look for one linear)."""
_RULE_ROW = re.compile(r"[\s|:\-+]+")
_QUOTES = "\"'`"


def _cells(line: str, delimiter: str) -> list[tuple[int, str]]:
    """(offset in `line`, text) of each cell; a Markdown row's cells are those between its
    first and last `|`."""
    start, end = 0, len(line)
    if delimiter == "|":
        start, end = line.find("|") + 1, line.rfind("|")
        if end < start:
            return []
    cells: list[tuple[int, str]] = []
    for cell in line[start:end].split(delimiter):
        cells.append((start, cell))
        start += len(cell) + 1
    return cells


def _line_at(text: str, position: int, stop: int) -> tuple[int, int]:
    """(end of the line starting at `position`, start of the next one); a JSON-escaped line
    break (`\\n`) ends a line too."""
    newline = text.find("\n", position, stop)
    escaped = text.find("\\n", position, stop)
    if escaped >= 0 and (newline < 0 or escaped < newline):
        return escaped, escaped + 2
    return (newline, newline + 1) if newline >= 0 else (stop, stop)


def _line_start(text: str, position: int) -> int:
    escaped = text.rfind("\\n", 0, position)
    return max(text.rfind("\n", 0, position) + 1, escaped + 2 if escaped >= 0 else 0)


def _name(cell: str) -> str:
    return cell.strip().strip(_QUOTES).strip()


_CELL_AFTER = re.compile(r"[a-z0-9_\-.]{0,20}[ \"'`]{0,4}(?:[,;|\t\r\n)\\]|$)")
_CELL_BEFORE = re.compile(r"(?:^|[,;|\t\n(\\])[ \"'`]{0,4}[a-z0-9_\-. ]{0,40}$")


def _alone_in_cell(lowered: str, start: int, end: int) -> bool:
    """Whether the word at [start, end) stands in a cell of its own: a short run of name
    characters around it, a delimiter or a line's end on each side (a cheap first test)."""
    return (_CELL_AFTER.match(lowered, end) is not None
            and _CELL_BEFORE.search(lowered, max(0, start - 48), start) is not None)


def header_spans(text: str, lowered: str) -> Iterator[tuple[int, int, str, int]]:
    """(line start, line end, delimiter, column) of each header line naming a secret column."""
    seen: set[int] = set()
    positions = root_positions(lowered)
    for root in ROOTS:
        for found in positions.get(root, ()):
            before = lowered[found - 1] if found else " "
            if (before.isalpha() and not (root == "key" and lowered.endswith("api", 0, found))
                    ) or not _alone_in_cell(lowered, found, found + len(root)):
                continue
            low = max(0, found - _HEADER_LENGTH)
            line_start = max(low, _line_start(lowered[low:found], found - low) + low)
            line_end = _line_at(lowered, found, min(len(lowered), found + _HEADER_LENGTH))[0]
            if line_start in seen or (line_start == low and low > 0):
                continue  # no header is that long
            line = lowered[line_start:line_end]
            delimiter = next((d for d in _DELIMITERS if line.count(d) >= (2 if d == "|" else 1)),
                             None)
            if delimiter is None or sum(bool(cell.strip()) for _, cell in _cells(
                    line, delimiter)) < 2:
                continue  # a header names two columns or more
            for column, (_, cell) in enumerate(_cells(line, delimiter)):
                if _COLUMN.fullmatch(_name(cell)):
                    seen.add(line_start)
                    yield line_start, line_end, delimiter, column
                    break


def _rows(text: str, line_end: int, delimiter: str, column: int, width: int
          ) -> Iterator[tuple[int, int]]:
    position = _line_at(text, line_end, len(text))[1]
    stop = min(len(text), line_end + REACH)
    for _ in range(_ROWS):
        if position >= stop:
            return
        end, following = _line_at(text, position, stop)
        line = text[position:end]
        if not line.strip():
            return
        if not _RULE_ROW.fullmatch(line):
            cells = _cells(line, delimiter)
            if len(cells) != width:
                return
            offset, cell = cells[column]
            inner = _name(cell)
            if inner:
                start = position + offset + cell.index(inner)
                yield start, start + len(inner)
        position = following


def _cell_value_ok(value: str) -> bool:
    """A value, not a name, a type or a word: a digit, a symbol or a second case in one word
    (`DOWNLOAD_RUN`, `string`, `required` are not)."""
    if not value or " " in value or not assignment_value_ok(value, False, "="):
        return False
    inner = value[1:]
    return (any(c.isdigit() for c in value) or any(c in _SYMBOLS for c in value)
            or (any(c.isupper() for c in inner) and any(c.islower() for c in value)))


_SYMBOLS = frozenset("!@#$%^&*+=?~")


def _delimited(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    for line_start, line_end, delimiter, column in header_spans(text, lowered):
        header = lowered[line_start:line_end]
        key = _COLUMN.fullmatch(_name(_cells(header, delimiter)[column][1]))
        width = len(_cells(header, delimiter))
        for start, end in _rows(text, line_end, delimiter, column, width):
            value = text[start:end]
            if not _cell_value_ok(value):
                continue
            if key is not None and key.group("key") is not None and not random_value(value):
                continue
            yield start, end


_INSERT = re.compile(r"insert[ \t]+into[ \t]+[\w.\"`\[\]]{1,80}[ \t]*\((?P<columns>[^()\n]{1,400})"
                     r"\)[ \t]*values[ \t]*\(")
_SQL_VALUE = re.compile(r"[ \t]*(?:'(?P<q>(?:[^'\\\n]|''){0,512})'|(?P<u>[^,()'\n]{1,128}))[ \t]*")


def _inserts(text: str, lowered: str) -> Iterator[tuple[int, int]]:
    found = lowered.find("insert")
    while found >= 0:
        match = _INSERT.match(lowered, found)
        found = lowered.find("insert", found + 1)
        if match is None:
            continue
        names = [name.strip().strip("\"`[]") for name in match.group("columns").split(",")]
        wanted = [index for index, name in enumerate(names) if _COLUMN.fullmatch(name)]
        if not wanted:
            continue
        position = match.end()
        for index in range(len(names)):
            value = _SQL_VALUE.match(text, position)
            if value is None:
                break
            group = "q" if value.group("q") is not None else "u"
            if index in wanted and _cell_value_ok(value.group(group).strip()):
                yield value.span(group)
            position = value.end()
            if not text.startswith(",", position):
                break
            position += 1


def iter_table_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each value in a column named for a secret. Run over the whole
    text, not the sieved stretches: rows follow their header for many lines."""
    for start, end in _delimited(text, lowered):
        if end > start:
            yield KIND, start, end
    if "insert" in lowered:
        for start, end in _inserts(text, lowered):
            if end > start:
                yield KIND, start, end
