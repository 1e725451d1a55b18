"""A working command the user gave right after a failure: the fix came from the user.

When a shell command fails and the user's next prompt gives the command to run instead,
that prompt is the failure's fix, as much as a command the agent found itself. A command
in the prompt is
- a code span or block (`` `uv run pytest -p no:randomly` ``), or a `$ ` line;
- or plain text starting with the failed command's program ("use go generate -tags tools
  ./... instead"), up to the end of its clause, with an argument no word of prose looks like
  (a flag, a path, a value: "pass it to curl here" gives no command).
It is the fix when it differs from the failed command and runs the same program or shares
most of its words (`SIMILARITY`). Text from the transcript is never run: the command is only
quoted, with the user's turn as evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

SIMILARITY = 0.4
MAX_COMMAND_CHARS = 300
_BLOCK = re.compile(r"```[\w+-]*\n(?P<body>.+?)```", re.DOTALL)
_SPAN = re.compile(r"`(?P<body>[^`\n]{2,300})`")
_PROMPT_LINE = re.compile(r"^[ \t]*\$[ \t]+(?P<body>\S.*)$", re.MULTILINE)
# A placeholder in a command the user wrote out: <path>, {file}, ..., FILE.
_PLACEHOLDER = re.compile(r"^(?:<[^>]*>|\{[^}]*\}|\.\.\.|\[[^]]*\]|[A-Z][A-Z_]{2,})$")
# Where a command written in plain text ends.
_PLAIN_END = re.compile(r"[,;!?\n]|(?<![./])\.(?=\s|$)|\s(?:instead|rather|first|then|so"
                        r"|because|otherwise|or|not|please|pls|works?|worked|will|is|does|did"
                        r"|should)\b"
                        r"|[`'\"]", re.IGNORECASE)


def given_command(text: str, failed: str, program: str,
                  succeeded: Sequence[str] = ()) -> tuple[str, int] | None:
    """(command, position in `text`) of the working command the user gave for the failed
    shell command `failed` (whose program, prefixes skipped, is `program`), or None.
    `succeeded` is what the agent ran without error after the prompt: a quoted command it
    then ran (placeholders such as `<path>` filled in) is the fix whatever its program."""
    base = program.split(" ", 1)[0]
    if not base:
        return None
    for command, start in _candidates(text, base):
        command = re.sub(r"(?<![./])\.$", "", command.strip(" \t`'\""))[:MAX_COMMAND_CHARS]
        if not command or command == failed.strip():
            continue
        first = command.split()[0].rsplit("/", 1)[-1]
        if (first == base or _similarity(command, failed) >= SIMILARITY
                or any(_runs(command, later) for later in succeeded)):
            return command, start
    return None


def _runs(given: str, ran: str) -> bool:
    """Whether `ran` is the command `given` (its words before any placeholder) with
    arguments added: `npx vitest --run <path>` and `npx vitest --run src/a.test.ts`."""
    words = []
    for word in given.split():
        if _PLACEHOLDER.match(word):
            break
        words.append(word)
    return len(words) >= 2 and ran.split()[:len(words)] == words


def _candidates(text: str, base: str) -> Iterator[tuple[str, int]]:
    for match in _BLOCK.finditer(text):
        for line in match.group("body").splitlines():
            if line.strip():
                yield line.strip().removeprefix("$ "), match.start("body")
    for pattern in (_SPAN, _PROMPT_LINE):
        for match in pattern.finditer(text):
            yield match.group("body"), match.start("body")
    for match in re.finditer(rf"(?<![\w./`'\"-]){re.escape(base)}\s+\S", text):
        end = _PLAIN_END.search(text, match.end())
        command = text[match.start():end.start() if end else len(text)]
        if any(_ARGUMENT.search(word) for word in command.split()[1:]):
            yield command, match.start()  # (not "curl here": prose after a program's name)


_ARGUMENT = re.compile(r"[-/=.:@\d_$~]")
"""What an argument in plain text has and a word of prose has not: a flag, a path, a value."""


def _similarity(a: str, b: str) -> float:
    left, right = set(a.split()), set(b.split())
    return len(left & right) / len(left | right) if left and right else 0.0
