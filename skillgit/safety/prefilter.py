"""Skip a table's patterns that cannot match a text, proved from the patterns themselves.

Each pattern of a table is read once (by the `re` module's own parser) for the literal text
any match of it must contain: a run of literal characters it always matches, or one of each
branch's runs for an alternation. A pattern whose required text is absent from a text cannot
match anywhere in it, so the engine need not run it; a pattern with no such text (it starts
with a class, everything in it is optional) is always run. Nothing here is written by hand
beside the tables: a new row is read the same way, and a pattern the reader does not
understand is simply always run. The verdict is unchanged by construction: the prefilter only
ever skips a search that would have found nothing.

Case: a run read under `re.IGNORECASE` is kept as its longest stretch of ASCII characters,
lower-cased, and looked for in the text folded the way the engine compares: lower case, and
the four non-ASCII letters the engine takes for ASCII ones under IGNORECASE (`FOLDED`).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

Needle = tuple[str, bool]          # (text, read ignoring case: then lower case ASCII)
Required = frozenset[Needle]       # a match contains at least one of these

FOLDED = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
"""The non-ASCII letters `re.IGNORECASE` matches to ASCII ones (the `re` documentation's
capital I with a dot, dotless i, long s and the Kelvin sign), mapped to those; `str.lower`
does the rest (tests/safety/test_prefilter.py checks the list against the engine)."""
_FOLD = str.maketrans(FOLDED)


def _sre() -> ModuleType:
    try:
        return importlib.import_module("re._parser")   # Python 3.11+
    except ImportError:  # pragma: no cover - Python 3.10
        return importlib.import_module("sre_parse")


def fold(text: str) -> str:
    """`text` as an IGNORECASE needle is looked for in it."""
    return text.translate(_FOLD).lower()


def required(pattern: re.Pattern[str]) -> Required | None:
    """Texts one of which every match of `pattern` contains, or None when none is known."""
    try:
        parser = _sre()
        parsed = parser.parse(pattern.pattern, pattern.flags)
        return _Reader(parser).sequence(parsed, bool(parsed.state.flags & re.IGNORECASE))
    except Exception:  # a syntax this reader does not know: the pattern is always run
        return None


class _Reader:
    def __init__(self, parser: ModuleType) -> None:
        self.p = parser
        self.repeats = tuple(getattr(parser, name) for name in
                             ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                             if hasattr(parser, name))

    def sequence(self, items: Iterable[tuple[Any, Any]], ignore_case: bool) -> Required | None:
        """The most selective requirement among a sequence's literal runs and its parts."""
        p = self.p
        best: Required | None = None
        run: list[str] = []
        for op, arg in items:
            if op is p.LITERAL:
                run.append(chr(arg))
                continue
            best = _better(best, _needles("".join(run), ignore_case))
            run = []
            if op is p.SUBPATTERN:
                _, add, remove, inner = arg
                scoped = (ignore_case or bool(add & re.IGNORECASE)) \
                    and not remove & re.IGNORECASE
                best = _better(best, self.sequence(inner, scoped))
            elif op is getattr(p, "ATOMIC_GROUP", None):
                best = _better(best, self.sequence(arg, ignore_case))
            elif op is p.BRANCH:
                branches = [self.sequence(branch, ignore_case) for branch in arg[1]]
                if all(b is not None for b in branches):
                    best = _better(best, frozenset().union(*(b for b in branches if b)))
            elif op in self.repeats and arg[0] >= 1:
                best = _better(best, self.sequence(arg[2], ignore_case))
            # anything else (a class, an anchor, a lookaround, a back reference) requires
            # no text of its own here
        return _better(best, _needles("".join(run), ignore_case))


def _needles(run: str, ignore_case: bool) -> Required | None:
    if ignore_case:  # only ASCII letters have a known fold (see FOLDED)
        run = max(re.findall(r"[\x00-\x7f]+", run), key=len, default="").lower()
    return frozenset({(run, ignore_case)}) if run else None


def _better(a: Required | None, b: Required | None) -> Required | None:
    """The more selective requirement: the longer shortest needle, then fewer needles."""
    if a is None or b is None:
        return a if b is None else b
    rank_a = (min(len(t) for t, _ in a), -len(a))
    rank_b = (min(len(t) for t, _ in b), -len(b))
    return a if rank_a >= rank_b else b


_ByStart = dict[str, list[tuple[str, list[int]]]]   # a needle's first two characters → it


class Prefilter:
    """For a table of patterns: which of them may match a given text."""

    def __init__(self, patterns: Sequence[re.Pattern[str]]) -> None:
        self.patterns = list(patterns)
        self.always: list[int] = []
        self.by_needle: dict[Needle, list[int]] | None = None   # read on first use
        # (needles by their first two characters, folded or as written: a text is looked up
        # by its own pairs, so a needle whose start is absent costs nothing)
        self.starts: tuple[_ByStart, _ByStart] = ({}, {})

    def _index(self) -> dict[Needle, list[int]]:
        by_needle: dict[Needle, list[int]] = {}
        for n, pattern in enumerate(self.patterns):
            needles = required(pattern)
            if needles is None:
                self.always.append(n)
            for needle in sorted(needles or ()):
                by_needle.setdefault(needle, []).append(n)
        for (word, ignore_case), numbers in by_needle.items():
            self.starts[ignore_case].setdefault(word[:2], []).append((word, numbers))
        self.by_needle = by_needle
        return by_needle

    def possible(self, text: str) -> set[int]:
        """Numbers of the patterns that may match somewhere in `text` (a superset of those
        that do)."""
        if self.by_needle is None:
            self._index()
        out = set(self.always)
        for ignore_case, haystack in ((False, text), (True, fold(text))):
            starts = self.starts[ignore_case]
            pairs = {haystack[i:i + 2] for i in range(len(haystack))}
            pairs.update(haystack)   # (a needle of one character)
            for pair in pairs.intersection(starts):
                for needle, numbers in starts[pair]:
                    if needle in haystack:
                        out.update(numbers)
        return out
