"""The sieve: the few stretches of a text where a secret rule could possibly match.

A full scan costs about one pass over the text per rule (31 token rules, 13 context anchors,
the entropy runs), and almost all text is prose that no rule can match. `sieve` finds, with a
handful of C-speed string operations, the stretches that could hold a match:

- every token rule matches only `RUN_CHARS` (ASCII letters and digits, `_-+/=.:`), at least
  `MIN_RUN` of them in a row, and so does every entropy candidate (24 or more). A rule may
  look one character past either end of its match (the bounded check, lookaheads), so a run
  is kept with one neighbour on each side. Non-ASCII characters (`\\d` also matches other
  scripts' digits) and `?` count as run characters, which only ever keeps more;
- every context rule needs a `:` or `=` on its line, or the word `bearer`, and looks back at
  most into the line before (`api` + newline + `key=`), so such a line is kept whole together
  with the line before it. The command-line and prose rules (`flags.py`, `prose.py`) look
  only within their line, and every one of them needs a secret word (`pass`, `token`, `key`,
  …) or a short option (` -p`, ` -a`, …) on it: such lines are kept the same way.

The rules then run over the kept stretches joined by newlines and find exactly the matches
they find in the whole text (a property test checks this on stitched secret-shaped text and on
the real transcripts). Text holding `-----BEGIN` or `Private-Lines:` is not sieved: a PEM
block or a PuTTY key spans lines. Nor
is code or JSON with a separator on every fourth line or more: most of it would be kept, and
the sieve would only add its own cost.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

MIN_RUN = 15
"""The shortest match of any token rule (`xapp-` and ten more characters)."""
RUN_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.:?")
"""`?` stands for every non-ASCII character (see `_classes`)."""
NOT_SIEVED = ("-----BEGIN", "Private-Lines")
_LINE_WORDS = ("bearer", "pass", "pw", "rabbitmq", "<<<", "stdin", "sudo", "machine ")
"""Lower-case needles that make a line worth keeping, besides `:` and `=` (few: each costs a
pass over the text)."""
_LINKS = (" is", " was", " are", " for", " on", " of", " has", " should", " changed", " set",
          " will", " would", " becomes", " reset", " rotated", " updated")
_CHECKED_WORDS = {
    # a credential word in a flag or a dotted key (`--api-key`, `github.token X`), or naming
    # its value in prose (`the token is …`); prose.py, flags.py
    **{word: (("-", ".", "_"), _LINKS) for word in ("token", "key", "secret", "credential",
                                                     "auth")},
    " -": ((), tuple("pawxbu")),  # a short option of flags.py's tools
    "config": ((), (" set", " --", "ure set")),
}
"""Needles that keep a line only with one of the given characters before them or one of the
given strings after them."""
_LOOK_BEHIND = 64
"""Characters kept before a long run: a credential word stands at most this far before the
token it names (`prose._NEAR`)."""
MIN_SIEVED_LENGTH = 256
"""Shorter texts are scanned whole: there is little to skip."""
MAX_KEPT_SHARE = 0.5
"""When more than this share would be kept, the whole text is scanned instead."""

_RUN_TABLE = bytes(0x61 if chr(code) in RUN_CHARS else 0x20 for code in range(256))
_RUN = b"a" * MIN_RUN


@dataclass(frozen=True)
class Sieved:
    """The kept stretches of a text, joined by newlines, and where each came from."""

    text: str
    lowered: str
    starts: list[int]
    """Offset of each stretch in `text`."""
    origins: list[int]
    """Offset of each stretch in the original text."""

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a span inside one stretch back to the original text."""
        index = bisect_right(self.starts, start) - 1
        shift = self.origins[index] - self.starts[index]
        return start + shift, end + shift


def sieve(text: str, lowered: str) -> Sieved | None:
    """The stretches of `text` any rule could match, or None to scan the whole text.

    `lowered` is `lower_same_length(text)`; its stretches are kept alongside."""
    size = len(text)
    if size < MIN_SIEVED_LENGTH or any(marker in text for marker in NOT_SIEVED):
        return None
    if 4 * (text.count(":") + text.count("=")) > text.count("\n") + 1:
        return None  # code or JSON: little to drop
    budget = int(MAX_KEPT_SHARE * size)
    lines = _context_lines(text, lowered, budget)
    if lines is None:
        return None
    merged = _merge(lines + _runs(text))
    if sum(end - start for start, end in merged) > budget:
        return None
    starts: list[int] = []
    position = 0
    for start, end in merged:
        starts.append(position)
        position += end - start + 1
    return Sieved(
        text="\n".join(text[start:end] for start, end in merged),
        lowered="\n".join(lowered[start:end] for start, end in merged),
        starts=starts,
        origins=[start for start, _ in merged],
    )


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans joined, in order."""
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _classes(text: str) -> bytes:
    """One byte per character: `a` for a run character, a space for anything else."""
    return text.encode("ascii", "replace").translate(_RUN_TABLE)


_NAMED_TOKEN = re.compile(r"\d|key-|[0-9a-fA-F]{16}")


def _may_be_named(text: str, start: int, end: int) -> bool:
    """Whether a run could hold a token that a credential word before it names (a digit, a
    `key-` or a long hex part, see `prose._OPAQUE`)."""
    return _NAMED_TOKEN.search(text, start, end) is not None


def _runs(text: str) -> list[tuple[int, int]]:
    """Runs of at least MIN_RUN run characters, with one neighbour after and up to
    `_LOOK_BEHIND` characters of their line before."""
    classes = _classes(text)
    size = len(classes)
    spans: list[tuple[int, int]] = []
    found = classes.find(_RUN)
    while found >= 0:
        start = classes.rfind(b" ", 0, found) + 1
        end = classes.find(b" ", found + MIN_RUN)
        if end < 0:
            end = size
        behind = _LOOK_BEHIND if _may_be_named(text, start, end) else 1
        line_start = text.rfind("\n", max(0, start - behind), start) + 1
        spans.append((max(line_start, start - behind, 0), min(size, end + 1)))
        found = classes.find(_RUN, end)
    return spans


def _context_lines(text: str, lowered: str, budget: int) -> list[tuple[int, int]] | None:
    """Lines with a `:`, `=` or `bearer`, each from the start of the line before it; None as
    soon as those lines alone are longer than `budget`."""
    spans: list[tuple[int, int]] = []
    own = 0
    needles = [(text, ":"), (text, "=")] + [(lowered, word) for word in _LINE_WORDS]
    needles += [(lowered, word) for word in _CHECKED_WORDS]
    for haystack, needle in needles:
        found = haystack.find(needle)
        while found >= 0:
            check = _CHECKED_WORDS.get(needle) if haystack is lowered else None
            if check is not None and not (
                    (found and lowered[found - 1] in check[0])
                    or lowered.startswith(check[1], found + len(needle))):
                found = haystack.find(needle, found + 1)
                continue
            line_start = text.rfind("\n", 0, found) + 1
            newline = text.find("\n", found)
            end = len(text) if newline < 0 else newline + 1
            own += end - line_start
            if own > budget:
                return None
            start = text.rfind("\n", 0, line_start - 1) + 1 if line_start else 0
            spans.append((start, end))
            found = haystack.find(needle, end)
    return spans
