"""Secrets split into pieces: string literals joined in code, shell variables joined in a word.

A secret written as `'hvs.fGK1…' + '64WVy…'`, `("ab" "cd")`, `concat!("whsec_", …)`,
`['…', '…'].join('')` or `P1='…'; P2='…'; "$P1$P2"` passes the rules piece by piece: each
piece alone is too short or too plain. One engine reads one table of join syntaxes (`_ROWS`):
it finds a run of two or more literals joined by a row's syntax, builds the joined value, and
has the caller's scan (the named rules and the default-deny net, as for any text) read the
run's line with the run replaced by that value. A finding that crosses a boundary between
pieces masks every piece it covers (each piece's content; quotes and operators stay).

Cheap: a row's regex runs only when one of its literals is in the text and its hint (the
join itself, found from its first character) matches; every quantifier is possessive (no
backtracking); a run crosses no blank line (a batch of texts joined by blank
lines, as `Redactor.prime` scans them, holds each text's own runs); and a run is scanned only
when a boundary between its pieces falls inside a token long enough to be a secret.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

MIN_TOKEN = 8
"""Characters without space a token across a boundary needs before the joined value is
scanned: the shortest secret a rule masks alone (`lone.LONE_LINE`)."""
CONTEXT = 160
"""Characters of the run's line kept on each side in the scanned view (a context rule reads
`KEY = "…"` before a value, within far fewer)."""

_LIT = r"(?:\"[^\"\\\n]*+(?:\\.[^\"\\\n]*+)*+\"|'[^'\\\n]*+(?:\\.[^'\\\n]*+)*+')"
"""A string literal on one line, in double or single quotes (escapes kept as written); not
in back quotes, which in a transcript are far more often Markdown's code spans
(`` `a` + `b` ``) than JavaScript's templates (those are read by the template row)."""
_GAP = r"[ \t]*+(?:\\?\r?\n[ \t]*+)?+"
"""Space between pieces: at most one line break (after a Python continuation `\\` too)."""
_LIST = _LIT + r"(?:" + _GAP + r"," + _GAP + _LIT + r")++(?:" + _GAP + r",)?+" + _GAP
_TEMPLATE_TEXT = r"(?:[^`\\$\n]|\\.|\$(?!\{))*+"
_PREFIX = r"(?:[rRbBfFuU]{1,2}+|@|\$)?+"
"""A literal's prefix in an implicit concatenation (Python `f"…"`, `r"…"`; C# `@"…"`)."""
_CONTENT = re.compile(r"\"((?:[^\"\\\n]|\\.)*+)\"|'((?:[^'\\\n]|\\.)*+)'|`((?:[^`\\\n]|\\.)*+)`")
_EMBEDDED = re.compile(r"\$\{[ \t]*+(" + _LIT + r")[ \t]*+\}")


class _Row(NamedTuple):
    needs: tuple[str, ...]
    """The row's regex cannot match unless one of these is in the text."""
    hint: re.Pattern[str] | None
    """Nor unless this matches (the join itself, a fast search from its first character)."""
    whole: bool
    """The joined value stands for the whole match (`concat!(…)`), not only group `p`."""
    syntax: re.Pattern[str]
    """The run: group `p` holds the pieces; group `s`, if any, the literal they are joined
    with. A second form of the row names them `p2`, `s2`. Each row starts with a character
    or a set of them, which `re` then finds without trying every position."""


def _row(needs: tuple[str, ...], hint: str | None, whole: bool, syntax: str) -> _Row:
    return _Row(needs, re.compile(hint) if hint else None, whole, re.compile(syntax))


_ROWS = (
    # 'a' + 'b' (JS, Python, Go, Java, C#, PowerShell)
    _row(("+",), r"[\"']" + _GAP + r"\+" + _GAP + r"[\"']", False,
         r"(?P<p>" + _LIT + r"(?:" + _GAP + r"\+" + _GAP + _LIT + r")++)"),
    # x = ("a" "b"), f("a"\n "b") (Python, C implicit concatenation)
    _row(("=", "("), r"[\"'](?:[ \t]++|[ \t]*+\\?\r?\n[ \t]*+)" + _PREFIX + r"[\"']", False,
         r"[=(][ \t]*+(?:\r?\n[ \t]*+)?+(?P<p>" + _PREFIX + _LIT + r"(?:" + _GAP + _PREFIX + _LIT
         + r")++)"),
    # 'a''b', 'a'"b" (shell words)
    _row(("''", "'\""), r"'(?<=[^'\s(=,\[]')['\"](?=[^'\s,;)\]}])", False,
         r"(?P<p>'[^'\n]*+'(?:'[^'\n]*+'|\"[^\"\\\n]*+\")++)"),
    # ['a', 'b'].join('') (JS), ''.join(['a', 'b']) (Python)
    _row((".join(",), r"\][ \t\r\n]*+\.join\(|\.join\([ \t]*+[\[(]", True,
         r"\[" + _GAP + r"(?P<p>" + _LIST + r")\]" + _GAP + r"\.join\([ \t]*+(?P<s>" + _LIT
         + r")[ \t]*+\)|(?P<s2>" + _LIT + r")\.join\([ \t]*+[\[(]" + _GAP + r"(?P<p2>" + _LIST
         + r")[\])][ \t]*+\)"),
    # concat!("a", "b") (Rust), string.Concat("a", "b") (C#), "a".concat("b", "c") (JS)
    _row(("concat!(", "tring.Concat(", ".concat("), None, True,
         r"(?:concat!|[sS]tring\.Concat)\(" + _GAP + r"(?P<p>" + _LIST + r")\)"
         r"|(?P<p2>" + _LIT + r"\.concat\(" + _GAP + _LIST + r"\))"),
    # `abc${'def'}ghi` (JS template pieces)
    _row(("${",), r"\$\{[ \t]*+[\"']", False,
         r"(?P<p>`" + _TEMPLATE_TEXT + r"(?:\$\{[ \t]*+" + _LIT + r"[ \t]*+\}" + _TEMPLATE_TEXT
         + r")++`)"),
)


class Run(NamedTuple):
    """Pieces joined into one value: the span the value stands for, each piece's content
    span and what joins them."""

    start: int
    end: int
    pieces: tuple[tuple[int, int], ...]
    separator: str


def iter_runs(text: str) -> Iterator[Run]:
    """Every run of two or more literals joined by a row's syntax, in order (where two rows
    read overlapping runs, the first found)."""
    runs: list[Run] = []
    for row in _ROWS:
        for need in row.needs:  # a loop, not any(): no generator per row and text
            if need in text:
                if row.hint is None or row.hint.search(text) is not None:
                    runs.extend(_row_runs(text, row))
                break
    if not runs:
        return
    end = 0
    for run in sorted(runs):
        if run.start >= end:
            end = run.end
            yield run


def _row_runs(text: str, row: _Row) -> Iterator[Run]:
    for match in row.syntax.finditer(text):
        low, high = match.span("p") if match.group("p") is not None else match.span("p2")
        separator = ""
        for group in ("s", "s2"):
            if group in row.syntax.groupindex and match.group(group) is not None:
                separator = match.group(group)[1:-1]
        if text[low] == "`":
            pieces = _template_pieces(text, low, high)
        else:
            pieces = tuple(m.span(m.lastindex or 0) for m in _CONTENT.finditer(text, low, high))
        if len(pieces) >= 2:
            yield Run(*(match.span() if row.whole else (low, high)), pieces, separator)


def _template_pieces(text: str, low: int, high: int) -> tuple[tuple[int, int], ...]:
    pieces: list[tuple[int, int]] = []
    cursor = low + 1
    for embedded in _EMBEDDED.finditer(text, low + 1, high - 1):
        pieces.append((cursor, embedded.start()))
        pieces.append((embedded.start(1) + 1, embedded.end(1) - 1))
        cursor = embedded.end()
    pieces.append((cursor, high - 1))
    return tuple(piece for piece in pieces if piece[1] > piece[0])


# ---------------------------------------------------------------- shell variables
_ASSIGN = re.compile(r"(?<![\w$.\-])([A-Za-z_]\w*+)=(?:'([^'\n]*+)'|\"([^\"\\$`\n]*+)\""
                     r"|([^\s;'\"$`|&<>(){}\\]++))")
_NAME_REF = r"\$(?:\{[A-Za-z_]\w*+\}|[A-Za-z_]\w*+)"
_REFS = re.compile(_NAME_REF + r"(?:\"{0,2}+" + _NAME_REF + r")++")
"""Names joined in one word: `$A$B`, `${A}${B}`, `"$A""$B"`."""
_REF = re.compile(r"\$\{?([A-Za-z_]\w*)")


def iter_variable_runs(text: str) -> Iterator[Run]:
    """Shell variables assigned (`P1='…'`) and then joined in one word (`"$P1$P2"`,
    `${A}${B}`): the values each name had last before the word are the pieces."""
    if "$" not in text or "=" not in text:
        return
    words = list(_REFS.finditer(text))
    if not words:
        return
    at: dict[str, list[int]] = {}
    spans: dict[str, list[tuple[int, int]]] = {}
    for match in _ASSIGN.finditer(text):
        at.setdefault(match.group(1), []).append(match.start())
        spans.setdefault(match.group(1), []).append(match.span(match.lastindex or 0))
    for word in words:
        pieces: list[tuple[int, int]] = []
        for name in _REF.findall(word.group()):
            last = bisect_left(at.get(name, ()), word.start()) - 1
            if last < 0:
                break
            pieces.append(spans[name][last])
        else:
            if len(set(pieces)) >= 2:
                yield Run(word.start(), word.end(), tuple(pieces), "")


# ---------------------------------------------------------------- judging a run
Scan = Callable[[str], Iterable[tuple[str, int, int]]]
"""The caller's scan: (kind, start, end) of what it finds in a text."""


def joined_matches(text: str, scan: Scan) -> list[tuple[str, int, int]]:
    """(kind, start, end) of each piece's content to mask: the pieces that one finding of
    `scan` in their joined value covers, when it covers two or more."""
    found: list[tuple[str, int, int]] = []
    for run in (*iter_runs(text), *iter_variable_runs(text)):
        found.extend(_judge(text, run, scan))
    return found


def _judge(text: str, run: Run, scan: Scan) -> Iterator[tuple[str, int, int]]:
    values = [text[start:end] for start, end in run.pieces]
    if any("[REDACTED:" in value for value in values) or not _crosses_a_token(
            values, run.separator):
        return  # (a masked piece: its run was judged before it was masked)
    joined = run.separator.join(values)
    start, end = _grouped_by_parentheses(text, run.start, run.end)
    line_start = max(text.rfind("\n", 0, start) + 1, start - CONTEXT)
    line_end = text.find("\n", end)
    line_end = min(len(text) if line_end < 0 else line_end, end + CONTEXT)
    # the value as a rule reads it written out (`ConvertTo-SecureString <value> -AsPlainText`,
    # `TOKEN = <value>`): the code's quotes and parentheses were the join's
    view = text[line_start:start] + joined + text[end:line_end]
    low = start - line_start
    starts: list[int] = []
    cursor = low
    for value in values:
        starts.append(cursor)
        cursor += len(value) + len(run.separator)
    for kind, start, end in scan(view):
        first = max(0, bisect_right(starts, start) - 1)
        if first < len(values) and starts[first] + len(values[first]) <= start:
            first += 1  # the finding starts after this piece (in the separator)
        covered = [index for index in range(first, bisect_left(starts, end))
                   if values[index]]
        if len(covered) >= 2:
            for index in covered:
                yield (kind, *run.pieces[index])


_SPACE_AFTER = re.compile(_GAP)
_SPACE_BEFORE = re.compile(r"(?:[ \t]*+\r?\n)?+[ \t]*+\Z")


def _grouped_by_parentheses(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) widened to the parentheses that group it alone (`x = ("a" "b")`), not
    those of a call (`f("a" + "b")`). Across one line break at most, as a run."""
    before = _SPACE_BEFORE.search(text, max(0, start - CONTEXT), start)
    low = before.start() if before else start
    after = _SPACE_AFTER.match(text, end)
    high = after.end() if after else end
    if (low and text[low - 1] == "(" and high < len(text) and text[high] == ")"
            and (low < 2 or not (text[low - 2].isalnum() or text[low - 2] in "_!$"))):
        return low - 1, high + 1
    return start, end


def _crosses_a_token(values: list[str], separator: str) -> bool:
    """Whether a boundary between two pieces lies inside a run of `MIN_TOKEN` or more
    characters without space: otherwise joining them changes no token a rule reads."""
    if separator and (separator[0].isspace() or separator[-1].isspace()):
        return False
    for left, right in itertools.pairwise(values):
        if not left.strip() or not right.strip() or left[-1].isspace() or right[0].isspace():
            continue
        if len(left.split()[-1]) + len(separator) + len(right.split()[0]) >= MIN_TOKEN:
            return True
    return False
