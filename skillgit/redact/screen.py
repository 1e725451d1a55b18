"""The final screen: both detectors over the complete text right before it is written or sent.

Every place where transcript-derived text leaves skillgit calls one of these: digest cache
writes (`screen_value`), engine requests (`screen_value` on the JSON body, `screen_text` on
agent-CLI prompts), the text output of `sessions`, `distill` and `mine` (`screened_output`),
and proposals (`secret_findings`: a proposal with a finding is withheld, not rewritten).
The first detector already ran while parsing; running it again here costs little on these
small texts and catches what was built after parsing. The second detector
(`second.second_opinion`) is independent of the first, so one detector's blind spot is not a
leak.
"""

from __future__ import annotations

import functools
import io
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO, TypeVar

from skillgit.redact.deny import without_public
from skillgit.redact.escapes import escaped_copy, escaped_findings
from skillgit.redact.redactor import marker
from skillgit.redact.scan import SecretMatch, find_secrets
from skillgit.redact.second import merge, second_opinion
from skillgit.redact.visible import visible_with_offsets

T = TypeVar("T")


def secret_findings(text: str) -> list[SecretMatch]:
    """What either detector finds in `text`, also where escapes hide it (`escapes.py`),
    merged: sorted and non-overlapping. Hex standing alone is no finding here (see
    `deny.net_matches`): the redactor masked it where it came from a transcript."""
    found = [*find_secrets(text, bare_hex=False, examples=False), *second_opinion(text)]
    copy = escaped_copy(text)
    if copy is not None:
        found += [SecretMatch(*match) for match in escaped_findings(copy, lambda read: [
            *find_secrets(read, bare_hex=False, examples=False), *second_opinion(read)])]
    return merge(without_public(text, found, examples=False))


def _json_safe(text: str, start: int, end: int) -> tuple[int, int]:
    """Never cut a backslash escape in two (`\\n`, `\\"`): the span grows over a half escape
    at its start and gives back trailing backslashes, so JSON text stays JSON."""
    while end > start and text[end - 1] == "\\":
        end -= 1
    slashes = 0
    while start - slashes > 0 and text[start - slashes - 1] == "\\":
        slashes += 1
    if slashes % 2:
        start += 1
    return start, end


def screen_text(text: str) -> str:
    """`text` with everything either detector finds replaced by its marker, also where
    invisible characters hide a secret (`PASS\u200bWORD=…`; they stay everywhere else, as a
    progress line's terminal escapes do)."""
    if len(text) < 4:
        return text
    view = visible_with_offsets(text)
    if view is not None:
        shown, offsets = view
        hidden = [SecretMatch(m.kind, offsets[m.start], offsets[m.end - 1] + 1)
                  for m in secret_findings(shown)]
        if hidden:
            text = _replaced(text, hidden)
    return _replaced(text, secret_findings(text))


def _replaced(text: str, matches: list[SecretMatch]) -> str:
    """`text` with each of `matches` replaced by its marker (JSON escapes kept whole)."""
    if not matches:
        return text
    parts: list[str] = []
    cursor = 0
    for match in matches:
        start, end = _json_safe(text, max(match.start, cursor), match.end)
        if end <= start:
            continue
        parts.extend((text[cursor:start], marker(match.kind)))
        cursor = end
    parts.append(text[cursor:])
    return "".join(parts)


def screen_value(value: Any) -> Any:
    """A JSON-like value (dicts, lists, strings) with every string screened."""
    if isinstance(value, str):
        return screen_text(value)
    if isinstance(value, dict):
        return {key: screen_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [screen_value(item) for item in value]
    return value


class _ScreenedStream(io.TextIOBase):
    """A text stream that screens everything written through it."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._inner, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self._inner, "errors", None)

    def write(self, text: str) -> int:
        self._inner.write(screen_text(text))
        return len(text)

    def write_composed(self, text: str) -> None:
        self._inner.write(text)

    def flush(self) -> None:
        self._inner.flush()

    def isatty(self) -> bool:
        return self._inner.isatty()

    def fileno(self) -> int:
        return self._inner.fileno()

    def writable(self) -> bool:
        return True


def echo_composed(value: Any) -> None:
    """Print `value` (a JSON-like value) as one line of JSON on stdout, each string screened
    alone (`screen_value`), the way an engine request screens each message. The composed
    line is not screened again as one text: read together, a credential word in one fragment
    ("fix the login form") would make skillgit's own value in another (a proposal's hex
    fingerprint) look like its password, so the output would mask more than was ever sent
    (isolation: fragments are screened alone, then composed)."""
    text = json.dumps(screen_value(value)) + "\n"
    stream = sys.stdout
    if isinstance(stream, _ScreenedStream):
        stream.write_composed(text)
    else:
        stream.write(text)


def screened_output(command: Callable[..., T]) -> Callable[..., T]:
    """Decorate a CLI command so all it prints on stdout and stderr passes the final screen."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> T:
        saved = sys.stdout, sys.stderr
        sys.stdout = _ScreenedStream(saved[0])
        sys.stderr = _ScreenedStream(saved[1])
        try:
            return command(*args, **kwargs)
        finally:
            sys.stdout, sys.stderr = saved

    return run
