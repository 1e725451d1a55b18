"""What a user's words name as the action a correction moves to, tied to what the agent ran.

One lesson is told in many forms: the full command in one session ("this is what I run:
./vendor/bin/pint --dirty"), only its flag in another ("pint with --dirty"), the program's
namespaced command in a third ("do the usual horizon:terminate"). Whatever the words, the
action is the same: a program with a flag, or a namespaced command. These keys say it the
same way every time:

- `("flag", program, flag)` for each long flag of a command the user wrote out (in `code`,
  as an executable path such as `./vendor/bin/pint` or `bin/rails`, or led by a program the
  agent ran), and for each flag of the command the agent then ran that the user's words
  name (`--dirty` said, `pint --dirty` run), a one-word flag also as a word ("as a draft",
  `gh pr create --draft` run);
- `("task", "", name)` for a namespaced command the user names that the agent's commands
  hold (`horizon:terminate` said, `php artisan horizon:terminate` run).

A flag or command the user's words name without a program, and the agent never ran, is no
key here: it stays the loose evidence `identity.said` gives it.
"""

from __future__ import annotations

import functools
import re

from skillgit.mine.named_actions import EVERYDAY_SUBCOMMANDS
from skillgit.mine.shell_command import Command, parse, parts

Key = tuple[str, ...]
LONG_FLAG = re.compile(r"(?<![\w-])--([A-Za-z][\w-]{2,})\b")
# A namespaced command or task ("horizon:terminate", "db:migrate", "test:unit"): lowercase
# parts joined by colons, never a URL scheme, a time of day or a C++ scope.
COLON_COMMAND = re.compile(r"(?<![\w:/.-])([a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*)+)(?![\w:/-])")
_QUOTED = re.compile(r"`([^`\n]{2,200})`")
# An executable written as a path: "./vendor/bin/pint", "bin/rails", "../tools/run".
_EXECUTABLE = re.compile(r"(?<![\w/.~$-])(?:\.{1,2}/[\w./-]*?|(?:[\w.-]+/)*bin/)[a-z][\w.-]*"
                         r"(?![\w/])")
_WORD_FLAG = 5  # letters of a one-word flag named as a word ("draft", not "all")
_CLAUSE_END = re.compile(r"[,;](?=\s)|[.!?](?=\s|$)|\n|\s(?:and|then|but|or)\s")


def _clause(text: str, start: int) -> str:
    end = _CLAUSE_END.search(text, start)
    return text[start:end.start() if end else len(text)]


def written(text: str, programs: frozenset[str]) -> list[Command]:
    """The commands `text` writes out: `code` spans, clauses led by an executable path, and
    clauses led by one of `programs` (the ones the agent ran)."""
    found = [parse(span) for span in _QUOTED.findall(text)]
    found += [parse(_clause(text, m.start())) for m in _EXECUTABLE.finditer(text)]
    for program in sorted(programs):
        pattern = rf"(?<![\w/.$-]){re.escape(program)}(?=\s)"
        found += [parse(_clause(text, m.start())) for m in re.finditer(pattern, text)]
    return [c for c in found if c is not None]


@functools.lru_cache(maxsize=1 << 16)
def told(text: str, dont: str | None, do: str | None) -> frozenset[Key]:
    """The action keys `text` names about a move from the command `dont` to `do`."""
    ran = parts(dont) + parts(do)
    programs = frozenset(c.program for c in ran)
    keys: set[Key] = set()
    for command in written(text, programs):
        keys |= {("flag", command.program, f) for f in command.flags if len(f) > 2}
    named = {flag.lower() for flag in LONG_FLAG.findall(text)}
    before = {f for command in parts(dont) for f in command.flags}
    for command in parts(do):
        keys |= {("flag", command.program, f) for f in command.flags & named}
        # a flag of one word named as a word (no everyday word: "for the build" names no
        # `--build`), the run adding it ("put it up as a draft",
        # then `gh pr create --draft`): what the words move to
        keys |= {("flag", command.program, f) for f in command.flags - before
                 if len(f) >= _WORD_FLAG and f.isalpha() and f not in EVERYDAY_SUBCOMMANDS
                 and re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", text, re.IGNORECASE)}
    words = {word for command in ran for word in command.words}
    keys |= {("task", "", name) for name in COLON_COMMAND.findall(text) if name in words}
    return frozenset(keys)
