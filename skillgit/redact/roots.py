"""Where the credential words stand in a text: found once, used by every finder that starts
from a word (phrases.py, pairs.py, tables.py) and by the sieve, which asks the same finders
where they could match. One `str.find` pass per root instead of one per finder and root."""

from __future__ import annotations

import functools

ROOTS = ("pass", "pwd", "pw", "pin", "code", "token", "secret", "key", "cred", "auth")


@functools.lru_cache(maxsize=8)
def root_positions(lowered: str) -> dict[str, tuple[int, ...]]:
    """Every offset of each root in `lowered` (the lower-cased text)."""
    positions: dict[str, tuple[int, ...]] = {}
    for root in ROOTS:
        found = lowered.find(root)
        if found < 0:
            continue
        hits: list[int] = []
        while found >= 0:
            hits.append(found)
            found = lowered.find(root, found + 1)
        positions[root] = tuple(hits)
    return positions


@functools.lru_cache(maxsize=128)
def word_positions(lowered: str, word: str) -> tuple[int, ...]:
    """Every offset of `word`, which starts with one of `ROOTS` (or ends in `code`)."""
    if word.endswith((" code", "_code", "-code")):
        offset = len(word) - 4
        return tuple(found - offset for found in root_positions(lowered).get("code", ())
                     if found >= offset and lowered.startswith(word, found - offset))
    root = _ROOT_OF.get(word) or next(root for root in ROOTS if word.startswith(root))
    hits = root_positions(lowered).get(root, ())
    if word == root or not hits:
        return hits
    return tuple(found for found in hits if lowered.startswith(word, found))


_ROOT_OF = {"password": "pass", "passwd": "pass", "passphrase": "pass", "passcode": "pass"}
