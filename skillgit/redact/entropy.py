"""The high-entropy backstop: long random-looking tokens that no named rule recognised.

A candidate is a run of base64 / base64url characters at least `MIN_LENGTH` long. It is
reported when it looks random: a digit and a letter, high Shannon entropy, and frequent switches
between upper case, lower case and digits. Things that are long and unique but not secret stay
out: hex strings of any length (git SHAs, sha256 digests, UUIDs, MD5s), paths made of words,
identifiers (snake_case, camelCase, kebab-case), model ids, package integrity hashes and the
opaque ids agents give to messages and tool calls.

The decision depends on the run alone, never on its surroundings, so redacting a run (or a
neighbour) and scanning again gives the same answer: that is what keeps `redact` idempotent.
"""

from __future__ import annotations

import math
import re
from collections import Counter

MIN_LENGTH = 24
ENTROPY_FACTOR = 0.78
"""Minimum Shannon entropy as a share of the most a token of its length can have (log2 of the
length, capped at 64); random base62/base64 tokens fall below it about once in a thousand."""
MIN_SWITCH_RATE = 0.2
"""Share of neighbouring letter/digit pairs that switch class; random base62 scores about 0.44,
camelCase identifiers about 0.15."""
MAX_WORD_COVER = 0.75
"""Share of the token covered by word-like runs (`Thread`, `safe`); random scores about 0.2."""

CANDIDATE_CHAR = re.compile(r"[A-Za-z0-9+/_\-]")
"""A character of a candidate run (`scan._candidate_runs` finds the runs)."""


def run_end(text: str, end: int) -> int:
    """`end` extended over up to two `=` of base64 padding (`=` ends a candidate run, so that
    `s=<hex>` splits)."""
    limit = min(len(text), end + 2)
    while end < limit and text[end] == "=":
        end += 1
    return end
_EDGE_CHARS = "+/=_-"
_SEGMENT_SEPARATORS = re.compile(r"[_\-/+]+")
_STRUCTURED_SEGMENT = re.compile(r".{1,5}|(?:0x)?[0-9a-fA-F]+|[A-Z]?[a-z]+|[A-Z]+")
"""(Hex with its `0x` too: an address written with EIP-55's checksum capitals is hex.)"""
_WORD_RUN = re.compile(r"[A-Z]?[a-z]{3,}")
_MANGLED = re.compile(r"_*ZN?\d")
_DIGIT = re.compile(r"\d")
_LOWER = re.compile(r"[a-z]")
_UPPER = re.compile(r"[A-Z]")
_CLASS_SWITCH = re.compile(r"(?<=[a-z])[A-Z0-9]|(?<=[A-Z])[0-9]|(?<=[0-9])[A-Za-z]")
_WORDISH = re.compile(r"[a-z][a-z0-9]*(?:[_\-.][a-z0-9]+)*|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*|[A-Z]+"
                      r"|\d+")
_ALNUM_PAIRS = re.compile(r"[A-Za-z0-9](?=[A-Za-z0-9])")
NOT_SECRET_PREFIXES = (
    # Subresource-integrity and lockfile hashes.
    "sha1-", "sha256-", "sha384-", "sha512-",
    # Opaque ids from agent transcripts and LLM APIs: unique, not secret.
    "toolu_", "srvtoolu_", "msg_", "req_", "call_", "chatcmpl-", "resp_", "run_", "thread_",
    "asst_", "file-", "batch_", "fc_", "rs_", "cs_",
)


def shannon_entropy(value: str) -> float:
    """Bits per character of `value` (0.0 for the empty string)."""
    if not value:
        return 0.0
    size = len(value)
    return -sum(n / size * math.log2(n / size) for n in Counter(value).values())


def _structured(token: str) -> bool:
    """True when every separated segment is hex, a number or a word: `write_file-1764-a743f9`,
    git SHAs, UUIDs and digests are ids, not secrets."""
    return all(_STRUCTURED_SEGMENT.fullmatch(part)
               for part in _SEGMENT_SEPARATORS.split(token) if part)


def _random_looking(token: str) -> bool:
    """Base62/base64 noise: upper, lower and digits, high entropy, few word-like runs.

    Cheap tests come first: most candidates are hex ids or words and fail early."""
    size = len(token)
    if size < MIN_LENGTH or token.startswith(NOT_SECRET_PREFIXES) or _MANGLED.match(token):
        return False
    if not (_DIGIT.search(token) and _LOWER.search(token) and _UPPER.search(token)):
        return False
    pairs = len(_ALNUM_PAIRS.findall(token))
    switch_rate = len(_CLASS_SWITCH.findall(token)) / pairs if pairs else 0.0
    if switch_rate < MIN_SWITCH_RATE or _structured(token):
        return False
    if shannon_entropy(token) < ENTROPY_FACTOR * math.log2(min(size, 64)):
        return False
    word_cover = sum(len(word) for word in _WORD_RUN.findall(token)) / size
    # Long random tokens switch class steadily; long symbols (C++ mangled names) are mostly words.
    wordy = 0.5 if size >= 48 else 0.6
    return word_cover < MAX_WORD_COVER and not (word_cover >= wordy and switch_rate < 0.3)


def _path_like(token: str) -> bool:
    parts = [part for part in token.split("/") if part]
    words = sum(1 for part in parts if len(part) >= 2 and _WORDISH.fullmatch(part))
    return len(parts) >= 2 and words >= max(2, len(parts) / 2)


def is_high_entropy(run: str) -> tuple[int, int] | None:
    """The (start, end) of the secret inside `run`, or None when the run is not one.

    `run` is a maximal run of candidate characters; edge punctuation is not part of a secret
    (base64 padding `=` is kept)."""
    if not (_DIGIT.search(run) and _UPPER.search(run) and _LOWER.search(run)):
        return None  # most candidates: hex ids, UUIDs, paths of lower-case words
    start, end = 0, len(run)
    while start < end and run[start] in _EDGE_CHARS:
        start += 1
    while end > start and run[end - 1] in "+/_-":
        end -= 1
    token = run[start:end]
    if len(token) < MIN_LENGTH or token.startswith(NOT_SECRET_PREFIXES):
        return None
    if "/" in token and _path_like(token):
        # A path of words: only a long random component makes it a secret (`/api/keys/<key>`);
        # then the whole run goes, so a second scan finds nothing left to report.
        parts = token.split("/")
        return (start, end) if any(_random_looking(part.rstrip("=")) for part in parts) else None
    return (start, end) if _random_looking(token.rstrip("=")) else None
