"""Where the credential words stand in a text: found once, used by every finder that starts
from a word (phrases.py, pairs.py, tables.py) and by the sieve, which asks the same finders
where they could match. One pass per root instead of one per finder and root."""

from __future__ import annotations

import functools
import re

from skillgit.redact.vocab import ROOTS

_PATTERNS = {root: re.compile(root) for root in ROOTS}


@functools.lru_cache(maxsize=8)
def root_positions(lowered: str) -> dict[str, tuple[int, ...]]:
    """Every offset of each root in `lowered` (the lower-cased text)."""
    positions: dict[str, tuple[int, ...]] = {}
    for root, pattern in _PATTERNS.items():
        if root in lowered:
            positions[root] = tuple(match.start() for match in pattern.finditer(lowered))
    return positions


@functools.lru_cache(maxsize=128)
def word_positions(lowered: str, word: str) -> tuple[int, ...]:
    """Every offset of `word`, which starts with one of `ROOTS`."""
    root = _ROOT_OF.get(word) or next(root for root in ROOTS if word.startswith(root))
    hits = root_positions(lowered).get(root, ())
    if word == root or not hits:
        return hits
    return tuple(found for found in hits if lowered.startswith(word, found))


_ROOT_OF = {"password": "pass", "passwd": "pass", "passphrase": "pass", "passcode": "pass"}
