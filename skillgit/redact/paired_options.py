"""A password option told apart by the user option beside it, in any option syntax.

`-p` or `/p` means a port, a path or a parent in most programs and a password in a few
(`xfreerdp /u:kiosk /p:…`, `psexec -u admin -p …`, `sqlcmd -U sa -P …`). What gives it away in
every one of them is the pair: a user option on the same command line. So, for any program and
any of the option syntaxes (`/name:value`, `-name:value`, `-name value`, `--name=value`,
`--name value`), when a line holds an option naming a user (`u`, `user`, `username`), the
option `p` (`pw`, `pwd`) of the same family holds a password, unless its value is a number, a
port mapping, an address, a path, a variable or a placeholder (`docker run -u 1000 -p 8080:80`,
`psql -U app -p 5432`, `-p $DB_PASS`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

KIND = "flag-credential"

_OPTION = re.compile(
    r"(?<![\w/\\.:-])(?P<lead>--?|/)(?P<name>[A-Za-z][\w-]{0,15})"
    r"(?:(?P<sep>[:=])|[ \t]+(?!-))(?P<value>'[^'\n]{1,128}'|\"[^\"\n]{1,128}\"|[^\s'\"]{1,128})")
_USER = frozenset({"u", "user", "username", "usr"})
_PASSWORD = frozenset({"p", "pw", "pwd"})
_NOT_A_PASSWORD = re.compile(r"^(?:\[REDACTED:|[\d.:/-]+$|[$%][\w{(]|<[^>]*>$|\*+$|\.\.\.|"
                             r"\u2026|-|~|\.{0,2}/|[A-Za-z]:\\)")


def iter_paired_option_matches(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each password option's value paired with a user option."""
    if " -" not in text and " /" not in text:
        return
    for line_start, line in _lines(text):  # a command at a time
        options = list(_OPTION.finditer(line))
        if len(options) < 2:
            continue
        users = {o.group("lead") for o in options if o.group("name").lower() in _USER}
        for option in options:
            if option.group("name").lower() not in _PASSWORD or option.group("lead") not in users:
                continue
            value = option.group("value")
            bare = value[1:-1] if value[:1] in "'\"" and len(value) > 1 else value
            if _NOT_A_PASSWORD.match(bare):
                continue
            start = option.start("value") + (len(value) != len(bare))
            yield KIND, line_start + start, line_start + start + len(bare)


_COMMAND_BREAK = re.compile(r"\n|&&|\|\||[;|`]")


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """Each command of `text` (its lines, cut at `&&`, `||`, `;`, `|` and the backticks
    around a code span) with its offset."""
    start = 0
    for cut in [*_COMMAND_BREAK.finditer(text), None]:
        end = cut.start() if cut is not None else len(text)
        part = text[start:end]
        if "-" in part or "/" in part:
            yield start, part
        start = cut.end() if cut is not None else end
