"""Rows that stay on one line, and the lines of a text where a literal stands.

A row whose every part is unable to match a line end (no `\\s`, `.` with DOTALL, `[^x]` or
`\\n`, in the match or in a lookaround; no `\\Z`, no `$` without MULTILINE) and that never
matches empty finds, in a text, exactly what it finds on each line of it alone (read in place:
a lookbehind still sees the line before, `^` still means a line start). When such a row also
needs a literal (`triggers.Gate`), each of its matches lies on a line holding that literal: so
the row runs over those lines only (`Gate.finditer`), found with one `str.find` pass per
literal, instead of trying the regex at every character of the text. Derived from the row's
parse tree (the standard library's own parser), never listed by hand: a row added to a table
is read the same way.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Iterator
from typing import Any

try:  # the regex parser of the standard library: `re._parser` since 3.11, `sre_parse` before
    parser = importlib.import_module("re._parser")
    codes = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover - Python 3.10
    parser = importlib.import_module("sre_parse")
    codes = importlib.import_module("sre_constants")
_parser, _codes = parser, codes

_NEWLINE = ord("\n")
REPEATS = tuple(getattr(codes, name) for name in ("MAX_REPEAT", "MIN_REPEAT",
                                                   "POSSESSIVE_REPEAT") if hasattr(codes, name))
_REPEATS = REPEATS
_ATOMIC = getattr(_codes, "ATOMIC_GROUP", None)
_CATEGORIES_WITH_NEWLINE = frozenset(
    getattr(_codes, name) for name in ("CATEGORY_SPACE", "CATEGORY_NOT_DIGIT",
                                       "CATEGORY_NOT_WORD", "CATEGORY_LINEBREAK"))
_CATEGORIES_WITHOUT_NEWLINE = frozenset(
    getattr(_codes, name) for name in ("CATEGORY_NOT_SPACE", "CATEGORY_DIGIT", "CATEGORY_WORD",
                                       "CATEGORY_NOT_LINEBREAK"))


class _Unknown(Exception):
    """A part of a regex this reader does not know: the row is not taken as line-local."""


def line_local(pattern: re.Pattern[str]) -> bool:
    """Whether `pattern` never matches empty and nothing in it can match or look at a line end
    (see the module's docstring)."""
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
        return parsed.getwidth()[0] > 0 and not _sequence(
            list(parsed), bool(pattern.flags & re.DOTALL), bool(pattern.flags & re.MULTILINE))
    except (re.error, RecursionError, _Unknown):
        return False


def _sequence(items: list[tuple[Any, Any]], dotall: bool, multiline: bool) -> bool:
    """Whether any item of `items` may match, or look past, a line end."""
    return any(_item(op, value, dotall, multiline) for op, value in items)


def _item(op: Any, value: Any, dotall: bool, multiline: bool) -> bool:
    if op is _codes.LITERAL:
        return bool(value == _NEWLINE)
    if op is _codes.NOT_LITERAL:
        return bool(value != _NEWLINE)
    if op is _codes.ANY:
        return dotall
    if op is _codes.IN:
        return _class_has_newline(value)
    if op is _codes.AT:
        if value is _codes.AT_END:
            return not multiline  # `$` alone also matches before a final newline
        return value in (_codes.AT_END_STRING,)
    if op is _codes.BRANCH:
        return any(_sequence(list(branch), dotall, multiline) for branch in value[1])
    if op is _codes.SUBPATTERN:
        _group, added, removed, content = value
        inner_dotall = (dotall or bool(added & re.DOTALL)) and not removed & re.DOTALL
        inner_multiline = (multiline or bool(added & re.MULTILINE)) and not (
            removed & re.MULTILINE)
        return _sequence(list(content), inner_dotall, inner_multiline)
    if op in _REPEATS:
        return _sequence(list(value[2]), dotall, multiline)
    if op in (_codes.ASSERT, _codes.ASSERT_NOT):
        return _sequence(list(value[1]), dotall, multiline)
    if _ATOMIC is not None and op is _ATOMIC:
        return _sequence(list(value), dotall, multiline)
    raise _Unknown(op)  # a back-reference, a conditional group, …


def _class_has_newline(items: list[tuple[Any, Any]]) -> bool:
    negated = False
    found = False
    for op, value in items:
        if op is _codes.NEGATE:
            negated = True
        elif op is _codes.LITERAL:
            found = found or value == _NEWLINE
        elif op is _codes.RANGE:
            found = found or value[0] <= _NEWLINE <= value[1]
        elif op is _codes.CATEGORY:
            if value in _CATEGORIES_WITH_NEWLINE:
                found = True
            elif value not in _CATEGORIES_WITHOUT_NEWLINE:
                raise _Unknown(value)
        else:
            raise _Unknown(op)
    return found != negated


def literal_lines(text: str, lowered: str, literals: tuple[str, ...]) -> list[tuple[int, int]]:
    """The stretches of whole lines of `text` (start, end without its line end) holding one of
    `literals` in `lowered` (same length as `text`), consecutive lines joined, in order."""
    starts: set[int] = set()
    for literal in literals:
        starts.update(_line_starts_of(lowered, literal))
    size = len(text)
    stretches: list[tuple[int, int]] = []
    for start in sorted(starts):
        newline = text.find("\n", start)
        end = size if newline < 0 else newline
        if stretches and start <= stretches[-1][1] + 1:
            stretches[-1] = (stretches[-1][0], end)
        else:
            stretches.append((start, end))
    return stretches


@functools.lru_cache(maxsize=256)
def _line_starts_of(lowered: str, literal: str) -> tuple[int, ...]:
    """The start of every line of `lowered` holding `literal` (several rows ask for the same
    literal in the same text: found once)."""
    starts: list[int] = []
    found = lowered.find(literal)
    while found >= 0:
        start = lowered.rfind("\n", 0, found) + 1
        if not starts or starts[-1] != start:
            starts.append(start)
        newline = lowered.find("\n", found)
        if newline < 0:
            break
        found = lowered.find(literal, newline + 1)
    return tuple(starts)


def finditer_on_lines(pattern: re.Pattern[str], text: str,
                      stretches: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a line-local `pattern` whose every match lies in
    `stretches` (whole lines, in order): the same matches in the same order."""
    for start, end in stretches:
        yield from pattern.finditer(text, start, end)
