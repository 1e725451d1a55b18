"""`Redactor`: the one object every stage uses to scrub text before it is kept or sent."""

from __future__ import annotations

import os
import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from skillgit.redact.escapes import escaped_copy, escaped_findings
from skillgit.redact.paths import PathRewriter
from skillgit.redact.scan import SecretMatch, compile_patterns, scan
from skillgit.redact.visible import visible_with_offsets


def marker(kind: str) -> str:
    """The text that replaces a secret of `kind`."""
    return f"[REDACTED:{kind}]"


class Redactor:
    """Replaces secrets with `[REDACTED:<kind>]` and personal path prefixes with `~/`.

    Paths are rewritten first; a secret hidden by invisible characters or terminal escapes is
    found in a copy without them (`visible.py`); then secrets are found and replaced; the
    key of a `KEY=VALUE` pair and the scheme of an `Authorization` header stay. Idempotent:
    `redact(redact(x)) == redact(x)` (for extra patterns too, unless one matches the
    `[REDACTED:...]` markers themselves).
    """

    def __init__(self, *, home: str | os.PathLike[str] | None = None,
                 extra_patterns: Sequence[str] = (),
                 path_roots: Mapping[str, str] | None = None) -> None:
        self._patterns: tuple[re.Pattern[str], ...] = compile_patterns(extra_patterns)
        self._paths = PathRewriter(os.fspath(home) if home is not None else None, path_roots)
        self._done: dict[str, str] = {}
        """Recent results: transcripts repeat texts (Claude Code keeps a tool result twice,
        Codex repeats a command's output in its end event), and `redact` is a pure function of
        the text for a given redactor."""

    @classmethod
    def from_environment(cls, extra_patterns: Sequence[str] = ()) -> Redactor:
        """A redactor for this user: home is $HOME, else the platform's idea of home."""
        home = os.environ.get("HOME")
        if not home:
            try:
                home = str(Path.home())
            except (RuntimeError, KeyError):
                home = None
        # Agents record resolved folders: a symlinked home (/home -> /var/home) is ~ too.
        real = os.path.realpath(home) if home else ""
        roots = {real: "~"} if home and real.rstrip("/") != home.rstrip("/") else None
        return cls(home=home, extra_patterns=extra_patterns, path_roots=roots)

    def redact(self, text: str) -> str:
        done = self._done.get(text)
        if done is not None:
            return done
        result = self._redact(text)
        if len(text) <= _CACHED_LENGTH:
            if len(self._done) >= _CACHED_TEXTS:
                self._done.clear()
            self._done[text] = result
        return result

    def prime(self, texts: Iterable[str]) -> None:
        """Prepare `redact` for `texts`: those without secrets are scanned together, a few
        dozen joined into one string, which costs far less than one scan each (every rule
        has a fixed cost per call). A later `redact` of such a text is a cache hit; texts
        with findings (or near one) are left to `redact` itself. Never changes a result."""
        if self._patterns:
            return  # user patterns may anchor on the start or end of a text
        batch: list[tuple[str, str]] = []
        size = 0
        for text in dict.fromkeys(texts):
            if (len(text) > _CACHED_LENGTH or text in self._done
                    or any(marker in text for marker in _NOT_BATCHED)):
                continue
            rewritten = self._unhidden(self._paths.rewrite(text))
            if len(rewritten) < 4:
                continue
            batch.append((text, rewritten))
            size += len(rewritten)
            if size >= _BATCH_CHARS:
                self._prime_batch(batch)
                batch, size = [], 0
        if batch:
            self._prime_batch(batch)

    def _prime_batch(self, batch: list[tuple[str, str]]) -> None:
        starts: list[int] = []
        position = 0
        for _, rewritten in batch:
            starts.append(position)
            position += len(rewritten) + len(_SEPARATOR)
        dirty: set[int] = set()
        for match in scan(_SEPARATOR.join(rewritten for _, rewritten in batch), self._patterns):
            # every text the match touches, its separator included, is redacted on its own
            first = bisect_right(starts, match.start) - 1
            last = bisect_right(starts, max(match.start, match.end - 1)) - 1
            dirty.update(range(max(0, first - 1), min(len(batch), last + 2)))
        if len(self._done) + len(batch) >= _CACHED_TEXTS:
            self._done.clear()
        for index, (text, rewritten) in enumerate(batch):
            if index not in dirty:
                self._done[text] = rewritten

    def _redact(self, text: str) -> str:
        text = self._unhidden(self._paths.rewrite(text))
        matches = _outside_markers(text, scan(text, self._patterns)) if len(text) >= 4 else []
        for _ in range(_MAX_ROUNDS):
            if not matches:
                break
            text, markers = _replace(text, matches)
            if not self._changed_near(text, markers):
                break
            matches = _outside_markers(text, scan(text, self._patterns))
        return text

    def _unhidden(self, text: str) -> str:
        """`text` with the secrets that invisible characters (`visible.py`) or escapes
        (`escapes.py`) hide from the rules replaced (the hidden characters and escapes
        outside a secret stay)."""
        view = visible_with_offsets(text)
        if view is not None:
            shown, offsets = view
            matches = scan(shown, self._patterns)
            if matches:
                text = _replace(text, [SecretMatch(m.kind, offsets[m.start],
                                                   offsets[m.end - 1] + 1) for m in matches])[0]
        copy = escaped_copy(text)
        if copy is not None:
            found = escaped_findings(copy, lambda read: scan(read, self._patterns),
                                     whole=bool(self._patterns))
            if found:
                text = _replace(text, [SecretMatch(*match) for match in found])[0]
        return text

    def _changed_near(self, text: str, markers: list[tuple[int, int]]) -> bool:
        """Whether a rule now matches next to a new marker (see `_MAX_ROUNDS`)."""
        windows: list[tuple[int, int]] = []
        for start, end in markers:
            low, high = _line_bounds(text, start - _NEIGHBOURHOOD, end + _NEIGHBOURHOOD)
            if windows and low <= windows[-1][1]:
                windows[-1] = (windows[-1][0], high)
            else:
                windows.append((low, high))
        return any(scan(text[low:high], self._patterns) for low, high in windows)


_MARKER = re.compile(r"\[REDACTED:[^\]\s]{1,64}\]")


def _outside_markers(text: str, matches: list[SecretMatch]) -> list[SecretMatch]:
    """`matches` without those that reach into a marker: a marker is never re-read as a
    value (`"id":"[REDACTED:opaque-value]"` must not become `[REDACTED:[REDACTED:…]`)."""
    if not matches or "[REDACTED:" not in text:
        return matches
    spans = [m.span() for m in _MARKER.finditer(text)]
    return [m for m in matches
            if not any(low < m.end and m.start < high and not (m.start <= low and high <= m.end)
                       for low, high in spans)]


_NOT_BATCHED = ("-----BEGIN", "Private-")
"""Texts that `prime` leaves alone: a PEM block or a PuTTY key spans lines."""
_SEPARATOR = "\n\n"
"""Joins primed texts: every rule stops at a line end, or its match crosses the separator
and both texts are redacted on their own."""
_BATCH_CHARS = 32768
_CACHED_TEXTS = 2048
_CACHED_LENGTH = 65536
"""At most this many results of texts at most this long are kept (a few MB at worst)."""
_MAX_ROUNDS = 4
"""Scans per text. Replacing a secret changes its neighbours (`<token>-----BEGIN ...` becomes
`<token>[REDACTED:...]`), and a rule that the old neighbour blocked may match now. So after
replacing, the text around each new marker is scanned again, and if anything turns up the
whole text is scanned once more: scanning until nothing is found is what makes `redact`
idempotent. Text without secrets is scanned once; text with secrets, once plus its
neighbourhoods."""
_NEIGHBOURHOOD = 1024
"""Characters each side of a marker that the re-check covers; every rule decides from much
less context than this around the changed characters."""


def _line_bounds(text: str, low: int, high: int) -> tuple[int, int]:
    """[low, high) widened to whole lines (within reason), so the re-check never sees a token
    cut in half at its edge."""
    low, high = max(0, low), min(len(text), high)
    newline = text.rfind("\n", max(0, low - 4 * _NEIGHBOURHOOD), low)
    if newline >= 0 or low - 4 * _NEIGHBOURHOOD <= 0:
        low = newline + 1
    newline = text.find("\n", high, high + 4 * _NEIGHBOURHOOD)
    if newline >= 0 or high + 4 * _NEIGHBOURHOOD >= len(text):
        high = newline if newline >= 0 else len(text)
    return low, high


def _replace(text: str, matches: list[SecretMatch]) -> tuple[str, list[tuple[int, int]]]:
    """`text` with each match replaced by its marker, and where the markers now are."""
    parts: list[str] = []
    markers: list[tuple[int, int]] = []
    cursor = 0
    size = 0
    for match in matches:
        before = text[cursor:match.start]
        label = marker(match.kind)
        parts.extend((before, label))
        size += len(before)
        markers.append((size, size + len(label)))
        size += len(label)
        cursor = match.end
    parts.append(text[cursor:])
    return "".join(parts), markers
