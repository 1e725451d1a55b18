"""Finding secrets in text: token rules, context rules, user patterns, then the entropy backstop.

Overlapping findings from the first three sources merge into one span (the union, so nothing
is half-redacted) named by the most specific kind: a vendor token inside `API_KEY=...` is
reported as that vendor's kind, with the key left outside the span. The entropy backstop then
looks only at what is left between those spans.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from skillgit.redact.complement import iter_complement_matches
from skillgit.redact.configs import iter_config_matches
from skillgit.redact.context import iter_context_matches, lower_same_length
from skillgit.redact.deny import net_matches, without_public
from skillgit.redact.echoed import iter_echoed_matches
from skillgit.redact.entropy import (
    CANDIDATE_CHAR,
    MIN_LENGTH,
    is_high_entropy,
    run_end,
)
from skillgit.redact.flags import iter_flag_matches
from skillgit.redact.paired_options import iter_paired_option_matches
from skillgit.redact.pairs import iter_named_pair_matches, iter_pair_matches
from skillgit.redact.phrases import iter_phrase_matches
from skillgit.redact.pieces import joined_matches
from skillgit.redact.prose import iter_prose_matches
from skillgit.redact.row_keyed import iter_row_keyed_matches
from skillgit.redact.rules import TOKEN_CHARS, TOKEN_RULES
from skillgit.redact.sieve import MIN_RUN, _classes, class_runs, sieve
from skillgit.redact.tables import iter_table_matches
from skillgit.redact.vocab import foreign_words_in

CUSTOM_KIND = "custom"
HIGH_ENTROPY_KIND = "high-entropy"

# Lower number wins when spans overlap.
_TOKEN_PRIORITY = 0
_CUSTOM_PRIORITY = 1
_CONTEXT_PRIORITY = 2


@dataclass(frozen=True)
class SecretMatch:
    """A secret found in scanned text: its kind and its [start, end) offsets."""

    kind: str
    start: int
    end: int


@functools.lru_cache(maxsize=256)
def compile_pattern(pattern: str) -> re.Pattern[str]:
    """Compile a user-supplied pattern; a bad one raises ValueError naming it."""
    try:
        return re.compile(pattern)
    except (re.error, RecursionError, OverflowError) as exc:
        raise ValueError(f"invalid secret pattern {pattern!r}: {exc}") from exc


def compile_patterns(patterns: Iterable[str]) -> tuple[re.Pattern[str], ...]:
    return tuple(compile_pattern(pattern) for pattern in patterns)


_SPACED_TOKENS = ("-----BEGIN", "Private-")
"""The token rules whose match may hold a space (a PEM block, a PuTTY key) start so."""


def _token_stretches(text: str) -> list[tuple[int, int]] | None:
    """Where a token rule could match, or None for the whole text. Every other token rule
    matches `MIN_RUN` or more run characters in a row (see sieve.py) and looks at most one
    character past either end: so each such run is kept with one neighbour on each side."""
    if any(marker in text for marker in _SPACED_TOKENS):
        return None
    size = len(text)
    stretches: list[tuple[int, int]] = []
    for found, end in class_runs(_classes(text), MIN_RUN):
        start = max(0, found - 1)
        if stretches and start <= stretches[-1][1]:
            start = stretches.pop()[0]
        stretches.append((start, min(size, end + 1)))
    return stretches


def _token_candidates_in_runs(text: str) -> Iterable[tuple[int, int, int, str]]:
    """`_token_candidates(text)`, found in its long runs only (each rule costs a pass)."""
    stretches = _token_stretches(text)
    if stretches is None or sum(end - start for start, end in stretches) * 2 > len(text):
        yield from _token_candidates(text)
        return
    # One string, the stretches joined by newlines (no match can cross one: it sits next to
    # a kept neighbour that is no run character), so that each rule still costs one pass.
    joined = "\n".join(text[low:high] for low, high in stretches)
    starts: list[int] = []
    position = 0
    for low, high in stretches:
        starts.append(position)
        position += high - low + 1
    for priority, start, end, kind in _token_candidates(joined):
        index = bisect_right(starts, start) - 1
        shift = stretches[index][0] - starts[index]
        yield priority, start + shift, end + shift, kind


def _token_candidates(text: str) -> Iterable[tuple[int, int, int, str]]:
    size = len(text)
    for rule in TOKEN_RULES:
        match = rule.pattern.search(text)  # one fast literal-prefix scan; usually None
        while match is not None:
            start, end = match.span()
            position = end if end > start else end + 1
            if rule.bounded and ((start and text[start - 1] in TOKEN_CHARS)
                                 or (end < size and text[end] in TOKEN_CHARS)):
                match = rule.pattern.search(text, position)
                continue
            if "s" in rule.pattern.groupindex:
                start, end = match.span("s")
            if rule.accept is None or rule.accept(text[start:end]):
                yield _TOKEN_PRIORITY, start, end, rule.kind
            match = rule.pattern.search(text, position)


def _custom_candidates(text: str, patterns: Sequence[re.Pattern[str]]
                       ) -> Iterable[tuple[int, int, int, str]]:
    for pattern in patterns:
        group = "secret" if "secret" in pattern.groupindex else 0
        for match in pattern.finditer(text):
            start, end = match.span(group)
            if end > start >= 0:
                yield _CUSTOM_PRIORITY, start, end, CUSTOM_KIND


def _merge(candidates: Iterable[tuple[int, int, int, str]]) -> list[SecretMatch]:
    """Union overlapping spans; each union takes the kind of its highest-priority member."""
    merged: list[SecretMatch] = []
    best = _CONTEXT_PRIORITY + 1
    for priority, start, end, kind in sorted(candidates, key=lambda c: (c[1], c[0], -c[2])):
        if merged and start < merged[-1].end:
            last = merged[-1]
            if priority >= best:
                kind = last.kind
            best = min(best, priority)
            merged[-1] = SecretMatch(kind, last.start, max(last.end, end))
        else:
            merged.append(SecretMatch(kind, start, end))
            best = priority
    return merged


_CANDIDATE_TABLE = bytes(0x61 if CANDIDATE_CHAR.fullmatch(chr(code)) else 0x20
                         for code in range(256))


def _candidate_runs(text: str) -> list[tuple[int, int]]:
    """Where the entropy backstop looks: maximal runs of candidate characters, in order
    (non-ASCII characters become `?`, which is no candidate character, as in the regex)."""
    return class_runs(text.encode("ascii", "replace").translate(_CANDIDATE_TABLE), MIN_LENGTH)


def _entropy_matches(text: str, taken: list[SecretMatch],
                     runs: list[tuple[int, int]]) -> list[SecretMatch]:
    """High-entropy `runs` outside `taken`; a run cut by a taken span is judged piece by piece,
    exactly as a second scan would see it once the span is replaced by a marker."""
    found: list[SecretMatch] = []
    index = 0
    size = len(text)
    for run_start, run_stop in runs:
        if run_stop < size and text[run_stop] == "=":
            run_stop = run_end(text, run_stop)
        while index < len(taken) and taken[index].end <= run_start:
            index += 1
        pieces = [(run_start, run_stop)]
        if index < len(taken) and taken[index].start < run_stop:
            pieces = []
            cursor = run_start
            probe = index
            while probe < len(taken) and taken[probe].start < run_stop:
                pieces.append((cursor, taken[probe].start))
                cursor = max(cursor, taken[probe].end)
                probe += 1
            pieces.append((cursor, run_stop))
        for start, end in pieces:
            if 0 < start < end and text[start - 1] == "\\" and text[start] in "nrt":
                start += 1  # the letter of a JSON/C escape such as \n is not part of a token
            if end - start < MIN_LENGTH:
                continue
            span = is_high_entropy(text[start:end])
            if span is not None:
                found.append(SecretMatch(HIGH_ENTROPY_KIND, start + span[0], start + span[1]))
    return found


def scan(text: str, patterns: Sequence[re.Pattern[str]] = (), *,
         sieved: bool = True, bare_hex: bool = True, examples: bool = True
         ) -> list[SecretMatch]:
    """All secrets in `text`: non-overlapping, sorted by start.

    The rules run over the stretches the sieve keeps: the same matches as over the whole
    text (`sieved=False`, kept for tests and benchmarks), found several times faster. User
    patterns always run over the whole text. A secret split into joined pieces (string
    literals, shell variables) is found in the joined value (`pieces.py`)."""
    found = _scan(text, patterns, sieved, bare_hex, examples)
    joined = joined_matches(text, lambda view: [
        (m.kind, m.start, m.end) for m in _scan(view, patterns, sieved, bare_hex, examples)])
    if not joined:
        return found
    return _merge([*((_TOKEN_PRIORITY, m.start, m.end, m.kind) for m in found),
                   *((_CONTEXT_PRIORITY, start, end, kind) for kind, start, end in joined)])


def _scan(text: str, patterns: Sequence[re.Pattern[str]], sieved: bool, bare_hex: bool,
          examples: bool) -> list[SecretMatch]:
    lowered = lower_same_length(text)
    view = sieve(text, lowered) if sieved else None
    if view is not None and not view.text:  # nothing a sieved rule could match
        return _with_net(text, lowered, _merge([*_custom_candidates(text, patterns),
                                                *_whole_text_candidates(text, lowered)]),
                         bare_hex, examples)
    if view is None:
        candidates = list(_token_candidates_in_runs(text) if sieved else _token_candidates(text))
        candidates.extend(_custom_candidates(text, patterns))
        candidates.extend(_context_candidates(text, lowered))
        candidates.extend(_whole_text_candidates(text, lowered))
        runs = _candidate_runs(text)
    else:
        mapped = view.to_original
        candidates = [(priority, *mapped(start, end), kind)
                      for priority, start, end, kind in _token_candidates(view.text)]
        candidates.extend(_custom_candidates(text, patterns))
        candidates.extend(_whole_text_candidates(text, lowered))
        candidates.extend((priority, *mapped(start, end), kind) for priority, start, end, kind
                          in _context_candidates(view.text, view.lowered,
                                                 foreign_words_in(lowered)))
        runs = [mapped(start, end) for start, end in _candidate_runs(view.text)]
    taken = _merge(candidates)
    found = _entropy_matches(text, taken, runs)
    if found:
        taken = sorted(taken + found, key=lambda m: m.start)
    return _with_net(text, lowered, taken, bare_hex, examples)


def _with_net(text: str, lowered: str, taken: list[SecretMatch], bare_hex: bool,
              examples: bool) -> list[SecretMatch]:
    """`taken` without what is known to be public, plus what the default-deny net masks
    between them (`deny.py`)."""
    taken = without_public(text, taken, examples=examples)
    netted = net_matches(text, _gaps(taken, len(text)), bare_hex=bare_hex, lowered=lowered)
    if not netted:
        return taken
    return _merge([*((_CONTEXT_PRIORITY + 1, m.start, m.end, m.kind) for m in taken),
                   *((_CONTEXT_PRIORITY + 1, start, end, kind) for kind, start, end in netted)])


def _gaps(taken: list[SecretMatch], size: int) -> list[tuple[int, int]]:
    """The stretches of the text between `taken` spans: where the default-deny net looks."""
    gaps: list[tuple[int, int]] = []
    cursor = 0
    for match in taken:
        if match.start > cursor:
            gaps.append((cursor, match.start))
        cursor = max(cursor, match.end)
    if cursor < size:
        gaps.append((cursor, size))
    return gaps


_COMMAND_OR_PROSE_HINTS = ("pass", "pw", "token", "key", "secret", "auth", "cred", "bearer", " -",
                           "<<<", "stdin", "sudo", "machine", "config", "rabbitmq", "keygen",
                           "openssl")
"""Every flag and prose rule needs one of these (or a foreign word for password,
`vocab.foreign_words_in`); most messages hold none."""


def _whole_text_candidates(text: str, lowered: str) -> Iterable[tuple[int, int, int, str]]:
    """Tables and named pairs: their parts stand lines apart, so they read the whole text
    (as user patterns do) rather than the sieved stretches."""
    for finder in (iter_named_pair_matches, iter_table_matches):
        for kind, start, end in finder(text, lowered):
            yield _CONTEXT_PRIORITY, start, end, kind
    for finder in (iter_complement_matches, iter_echoed_matches, iter_paired_option_matches,
                   iter_row_keyed_matches):
        for kind, start, end in finder(text, lowered):  # a rule naming the value names its kind
            yield _CONTEXT_PRIORITY + 1, start, end, kind


def _context_candidates(text: str, lowered: str, foreign: bool = True
                        ) -> Iterable[tuple[int, int, int, str]]:
    """`foreign=False`: `text` is a view of a text that holds no foreign word for password
    (`vocab.foreign_words_in`), nor then does the view (its stretches are joined by newlines,
    which no word holds): it is not looked for again."""
    finders = [iter_context_matches, iter_config_matches, iter_pair_matches, iter_phrase_matches]
    for hint in _COMMAND_OR_PROSE_HINTS:  # a loop, not any(): no generator per text
        if hint in lowered:
            finders += [iter_flag_matches, iter_prose_matches]
            break
    else:
        if foreign and foreign_words_in(lowered):
            finders += [iter_flag_matches, iter_prose_matches]
    for finder in finders:
        for kind, start, end in finder(text, lowered):
            yield _CONTEXT_PRIORITY, start, end, kind


def find_secrets(text: str, extra_patterns: Sequence[str] = (), *,
                 bare_hex: bool = True, examples: bool = True) -> list[SecretMatch]:
    """Non-overlapping matches, sorted by start. Pure, fast, never raises on any str.

    `extra_patterns` are regexes from config; a named group `secret` limits the match to that
    group. An invalid pattern raises ValueError naming it (a config error, not an input error).
    """
    patterns = compile_patterns(extra_patterns)
    if len(text) < 4:
        return []
    return scan(text, patterns, bare_hex=bare_hex, examples=examples)
