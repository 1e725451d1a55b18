"""What every command-line finder shares: the span of a flag's or an argument's value, where
a command starts on its line, and whether a value may be a secret (not a placeholder, a help
text's metavariable or a reference).

Read by `flags.py` (named flags) and `command_values.py` (positionals and stdin)."""

from __future__ import annotations

import re

from skillgit.redact.tokens import _pronounceable
from skillgit.redact.values import is_placeholder

_VALUE = re.compile(r"""\\?(["'])(?P<q>(?:(?!\[REDACTED:)(?:[^"'\n\r\\]|\\(?!["']))){1,512})"""
                    r"""\\?\1"""
                    r"""|(?P<u>(?:(?!\[REDACTED:)[^\s"'`\\]){1,512})""")
_SEGMENT_BREAK = re.compile(r"\|\|?|&&|;|\n|\$\(|`")
_REACH = 400
"""How far any finder here looks back or ahead along a line; keeps every scan linear."""
def _segment_start(lowered: str, position: int) -> int:
    """Where the command holding `position` starts (after `|`, `;`, `&&`, a newline), looking
    back at most `_REACH` characters."""
    window = max(0, position - _REACH)
    start = lowered.rfind("\n", window, position) + 1 or window
    for mark in ("|", ";", "&&", "$(", "`"):
        found = lowered.rfind(mark, start, position)
        if found >= 0:
            start = found + len(mark)
    return start


def _value_at(text: str, position: int) -> tuple[int, int] | None:
    """The span of the flag value starting at `position` (quotes excluded), if any."""
    match = _VALUE.match(text, position)
    if match is None:
        return None
    if match.group("q") is not None:
        return match.span("q")
    start, end = match.span("u")
    while end > start and text[end - 1] in ",;)":
        end -= 1
    return start, end


_METAVARIABLE = re.compile(r"[A-Z][A-Z_]*|<[^>]*>?|\[[^\]]*\]?")
"""`--password PASSWORD`, `-p <pass>`: how help texts and docs name a value."""


def _metavariable(value: str) -> bool:
    """A help text's name for a value: `PASSWORD`, `DB_PASS`, `<pass>` (capitals made of
    words); not `KXQWJHZMPV`, a random password of one case."""
    if _METAVARIABLE.fullmatch(value) is None:
        return False
    return not value[:1].isupper() or all(_pronounceable(part) or len(part) <= 4
                                          for part in value.split("_") if part)


def _acceptable(value: str, quoted: bool = False) -> bool:
    """A flag's value that may be a secret (a quoted one may start with `-`: `-P '-!x'`)."""
    return (len(value) >= 3 and (quoted or not value.startswith("-"))
            and not is_placeholder(value)
            and not _metavariable(value)
            and not value.startswith(("$", "<", "{", "%", "*"))
            and value.lower() not in ("true", "false", "none", "null", "stdin", "prompt",
                                      "public"))  # (SNMP's well-known community)
