"""Triggers derived from a row's regex: the literals its matches cannot do without.

A table row is a regex, and most rows cannot match a text that lacks some literal (`-pw`, `net`
and `/user:`, one of `serial`/`licen`/`product`/`activation`). `triggers(pattern)` reads the
regex (its parse tree, from the standard library's own parser) and returns a `Gate`: a few
sets of lower-case literals such that every match needs one literal of each set. A row whose
gate is shut for the lower-cased text (`context.lower_same_length`) is never run: its regex
could not match there. Derived, never written by hand, so a row added to a table is gated by
what it really needs.

What counts: a run of literal characters; a small class of literal characters (`[=:]`); the
union over the branches of an alternation (every branch must need something); the content
of a group, of a repeat that must occur at least once, and of a positive lookaround (what it
looks at is in the same string). Every literal is read in lower case. Lower-casing a text
does not turn everything a case-blind `i`, `s` or `k` matches into that letter (dotted and
dotless i, long s, the Kelvin sign: `CASE_FOLD_EXTRAS`, checked by a test against the whole of
Unicode): a text holding one of those is looked at with them folded to their letter. A
non-ASCII character of a regex ends its literal.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from skillgit.redact.lines import (
    REPEATS,
    codes,
    finditer_on_lines,
    line_local,
    literal_lines,
    parser,
)

_parser, _codes, _REPEATS = parser, codes, REPEATS  # the regex parser, as `lines` reads it

_ATOMIC = getattr(_codes, "ATOMIC_GROUP", None)

CASE_FOLD_EXTRAS = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
"""Characters a case-blind regex matches with an ASCII letter, which lower-casing (of the text
`context.lower_same_length` reads) keeps apart from it."""
_FOLD = str.maketrans(CASE_FOLD_EXTRAS)
_FOLDED_CHARS = re.compile("[" + "".join(CASE_FOLD_EXTRAS) + "]")
_MAX_CLASS = 10
"""A character class of more literals than this is no trigger (it holds almost anything)."""
_MAX_LITERALS = 32
_KEPT_SETS = 3
"""The most selective sets a gate keeps (each one costs a search of the text)."""

_MIN_START = 3
"""Start literals shorter than this stand almost everywhere: the regex scans faster alone."""
_ZERO_WIDTH = tuple(getattr(_codes, name) for name in ("AT", "ASSERT", "ASSERT_NOT"))

Needs = tuple[tuple[str, ...], ...]
"""Sets of literals, every set needed: one literal of each."""


@dataclass(frozen=True)
class Gate:
    """What a row needs (nothing known when empty), and the literals one of which every match
    of it starts with (None when unknown or too short to be worth looking for)."""

    needs: Needs
    starts: tuple[str, ...] | None = None
    line_local: bool = False
    """Whether the row finds on each line alone what it finds in the whole text
    (`lines.line_local`): then it runs over the lines holding its literals only."""

    def open(self, lowered: str) -> bool:
        """Whether the row could match the text lower-cased as `lowered`."""
        if not self.needs or not _GATES_ON[0]:
            return True
        if not lowered.isascii():
            lowered = folded(lowered)
        held = _held(lowered)
        for needed in self.needs:
            for literal in needed:  # loops, not any(): no generator per text
                found = held.get(literal)
                if found is None:
                    found = held[literal] = literal in lowered
                if found:
                    break
            else:
                return False
        return True


    def finditer(self, pattern: re.Pattern[str], text: str, lowered: str
                 ) -> Iterator[re.Match[str]]:
        """`pattern.finditer(text)` (`pattern` being the row of this gate): nothing when the gate
        is shut; when every match starts with one of `starts`, the regex is tried only where one
        of them stands (a case-blind regex finds no literal to search for, and tries a branch at
        every character). The same matches in the same order: a match starts nowhere else, and
        each is looked for from the end of the one before."""
        if not self.open(lowered):
            return
        if not _GATES_ON[0]:
            yield from pattern.finditer(text)
            return
        if not lowered.isascii():
            lowered = folded(lowered)
        if self.starts is None:
            if self.line_local:
                yield from finditer_on_lines(pattern, text,
                                             literal_lines(text, lowered, self.needs[0]))
            else:
                yield from pattern.finditer(text)
            return
        positions: set[int] = set()
        for literal in self.starts:
            found = lowered.find(literal)
            while found >= 0:
                positions.add(found)
                found = lowered.find(literal, found + 1)
        end = 0
        for position in sorted(positions):
            if position < end:
                continue
            match = pattern.match(text, position)
            if match is not None:
                end = match.end()  # never empty: it holds the literal it starts with
                yield match


ALWAYS = Gate(())
_GATES_ON = [True]
_LAST_HELD: list[tuple[str, dict[str, bool]]] = [("", {})]
"""The text gates were last opened for and which literals it holds: the rows of one table
are asked in turn about the same text, and many need the same literal (`http`, `config`,
a blank). One (text, answers) pair read and replaced whole, so a thread never reads another
text's answers."""


def _held(lowered: str) -> dict[str, bool]:
    """Whether `lowered` holds each literal asked about so far (filled in by `Gate.open`)."""
    last = _LAST_HELD[0]
    if last[0] is not lowered:
        last = (lowered, {})
        _LAST_HELD[0] = last
    return last[1]


def gated() -> bool:
    """Whether rows run only where they can match (False within `every_row_runs`)."""
    return _GATES_ON[0]


@contextmanager
def every_row_runs() -> Iterator[None]:
    """Within: every gate is open, so every row runs on every text (the full path that the
    property tests compare the gated path with)."""
    _GATES_ON[0] = False
    try:
        yield
    finally:
        _GATES_ON[0] = True


def triggers(pattern: re.Pattern[str]) -> Gate:
    """The gate of `pattern`: shut only for texts where it cannot match."""
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except (re.error, RecursionError):  # pragma: no cover - the pattern compiled once
        return ALWAYS
    sets = _sequence(list(parsed))
    starts = _starts(list(parsed))
    if starts is not None and min(map(len, starts)) < _MIN_START:
        starts = None
    needs = tuple(tuple(sorted(_fewest(found))) for found in sets)
    return Gate(needs, tuple(sorted(starts)) if starts is not None else None,
                bool(needs) and line_local(pattern))


@functools.lru_cache(maxsize=8)
def folded(lowered: str) -> str:
    """`lowered` with `CASE_FOLD_EXTRAS` folded to their ASCII letters (same length)."""
    return lowered if _FOLDED_CHARS.search(lowered) is None else lowered.translate(_FOLD)


def _fewest(found: frozenset[str]) -> frozenset[str]:
    """`found` without the literals that hold another of it (`mysql_connect` holds `connect`,
    `passphrase` holds `pass`): a text holds one of the rest exactly when it holds one of
    `found`, and so does a line (`lines.literal_lines`)."""
    return frozenset(literal for literal in found
                     if not any(other != literal and other in literal for other in found))


def _quality(found: frozenset[str]) -> tuple[int, int]:
    """Longer shortest literal first, then fewer literals."""
    return min(map(len, found)), -len(found)


def _best(sets: list[frozenset[str]]) -> list[frozenset[str]]:
    unique = list(dict.fromkeys(sets))
    return sorted(unique, key=_quality, reverse=True)[:_KEPT_SETS]


def _char(code: int) -> str | None:
    """The lower-case literal for one matched character, or None if lower-casing the text
    may not turn what matches it into that literal."""
    char = chr(code)
    if not char.isascii():
        return None
    return char.lower()


def _sequence(items: list[tuple[Any, Any]]) -> list[frozenset[str]]:
    """What a concatenation needs: every item's needs (consecutive literals are one literal)."""
    sets: list[frozenset[str]] = []
    run = ""
    for op, value in items:
        char = _char(value) if op is _codes.LITERAL else None
        if char is not None:
            run += char
            continue
        if run:
            sets.append(frozenset((run,)))
            run = ""
        sets.extend(_item(op, value))
    if run:
        sets.append(frozenset((run,)))
    return _best(sets)


def _item(op: Any, value: Any) -> list[frozenset[str]]:
    if op is _codes.IN:
        found = _class(value)
        return [found] if found else []
    if op is _codes.BRANCH:
        union: set[str] = set()
        for branch in value[1]:
            needed = _sequence(list(branch))
            if not needed:
                return []  # a branch that needs nothing: the alternation needs nothing
            union.update(needed[0])
        return [frozenset(union)] if len(union) <= _MAX_LITERALS else []
    if op is _codes.SUBPATTERN:
        return _sequence(list(value[3]))  # (group, added flags, removed flags, content)
    if op in _REPEATS:
        low, _high, content = value
        return _sequence(list(content)) if low >= 1 else []
    if op is _codes.ASSERT:
        _direction, content = value
        return _sequence(list(content))
    if _ATOMIC is not None and op is _ATOMIC:
        return _sequence(list(value))
    return []  # anything else (a negated class, `.`, an anchor, a back-reference) needs nothing


def _class(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    chars: set[str] = set()
    for op, value in items:
        char = _char(value) if op is _codes.LITERAL else None
        if char is None:
            return None  # a range, a category, a negation or a character lower-casing hides
        chars.add(char)
    return frozenset(chars) if 0 < len(chars) <= _MAX_CLASS else None


def _starts(items: list[tuple[Any, Any]]) -> frozenset[str] | None:
    """Literals one of which every match of the concatenation `items` starts with: those of
    its first item that consumes text (anchors and lookarounds before it consume nothing)."""
    for index, (op, value) in enumerate(items):
        if op in _ZERO_WIDTH:
            continue
        if op is _codes.LITERAL:
            run = ""
            for next_op, next_value in items[index:]:
                char = _char(next_value) if next_op is _codes.LITERAL else None
                if char is None:
                    break
                run += char
            return frozenset((run,)) if run else None
        if op is _codes.BRANCH:
            union: set[str] = set()
            for branch in value[1]:
                found = _starts(list(branch))
                if found is None:
                    return None
                union.update(found)
            return frozenset(union) if len(union) <= _MAX_LITERALS else None
        if op is _codes.SUBPATTERN:
            return _starts(list(value[3]))
        if op in _REPEATS:
            low, _high, content = value
            return _starts(list(content)) if low >= 1 else None
        if op is _codes.IN:
            return _class(value)
        return None
    return None
