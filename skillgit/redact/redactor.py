"""`Redactor`: the one object every stage uses to scrub text before it is kept or sent."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from skillgit.redact.paths import PathRewriter
from skillgit.redact.scan import SecretMatch, compile_patterns, scan


def marker(kind: str) -> str:
    """The text that replaces a secret of `kind`."""
    return f"[REDACTED:{kind}]"


class Redactor:
    """Replaces secrets with `[REDACTED:<kind>]` and personal path prefixes with `~/`.

    Paths are rewritten first, then secrets are found in the rewritten text and replaced; the
    key of a `KEY=VALUE` pair and the scheme of an `Authorization` header stay. Idempotent:
    `redact(redact(x)) == redact(x)` (for extra patterns too, unless one matches the
    `[REDACTED:...]` markers themselves).
    """

    def __init__(self, *, home: str | os.PathLike[str] | None = None,
                 extra_patterns: Sequence[str] = (),
                 path_roots: Mapping[str, str] | None = None) -> None:
        self._patterns: tuple[re.Pattern[str], ...] = compile_patterns(extra_patterns)
        self._paths = PathRewriter(os.fspath(home) if home is not None else None, path_roots)

    @classmethod
    def from_environment(cls, extra_patterns: Sequence[str] = ()) -> Redactor:
        """A redactor for this user: home is $HOME, else the platform's idea of home."""
        home = os.environ.get("HOME")
        if not home:
            try:
                home = str(Path.home())
            except (RuntimeError, KeyError):
                home = None
        return cls(home=home, extra_patterns=extra_patterns)

    def redact(self, text: str) -> str:
        text = self._paths.rewrite(text)
        for _ in range(_MAX_ROUNDS):
            matches = scan(text, self._patterns) if len(text) >= 4 else []
            if not matches:
                break
            text = _replace(text, matches)
        return text


_MAX_ROUNDS = 4
"""Scans per text. A second scan runs only when the first found something: replacing a secret
changes its neighbours (`<token>-----BEGIN ...` becomes `<token>[REDACTED:...]`), and a rule
that the neighbour blocked may then match; scanning until nothing is found is what makes
`redact` idempotent. Text without secrets is scanned once."""


def _replace(text: str, matches: list[SecretMatch]) -> str:
    parts: list[str] = []
    cursor = 0
    for match in matches:
        parts.append(text[cursor:match.start])
        parts.append(marker(match.kind))
        cursor = match.end
    parts.append(text[cursor:])
    return "".join(parts)
