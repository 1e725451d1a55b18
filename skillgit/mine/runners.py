"""Runners: programs that run another program (`fvm flutter test`, `uv run pytest`, `bundle
exec fastlane internal`, `mise x -- mix test`, `dart run build_runner build`).

A lesson's identity is what the agent's action changes. When a correction puts a runner in
front of the command (`flutter test` → `fvm flutter test`, `pip install` → `uv run …`), what
changes is the runner, whatever program it runs: one lesson ("go through fvm here") in every
session, whether it ran `flutter`, `dart` or `pub`. When the runner stays, what changes is
the program it runs and that program's subcommand and flags, not the runner's first word
(`fvm dart run drift_dev make-migrations` runs drift_dev's `make-migrations`, not `fvm`'s
`dart`).

`ENVIRONMENT` (`distill.runner_table`) lists runners that choose the environment or tool
version the program runs in: putting one in front is a lesson of its own (`via`). `PACKAGE`
lists runners of a package's executable (`dart run build_runner`): they are unwrapped, never a
lesson.
"""

from __future__ import annotations

import re

from skillgit.distill.runner_table import ENVIRONMENT, RUNNERS
from skillgit.mine.shell_command import Command, parse

_PROGRAM = re.compile(r"[a-z][a-z0-9._-]*")
Key = tuple[str, ...]
_MAX_DEPTH = 3


def unwrap(command: Command) -> tuple[str | None, Command]:
    """(the environment runner in front, or None; the command it runs): `fvm dart run
    build_runner build -d` → ("fvm", `build_runner build -d`). A command without a runner is
    returned as it is; flags stay with the command run (their place is not kept)."""
    via: str | None = None
    current = command
    for _depth in range(_MAX_DEPTH):
        forms = RUNNERS.get(current.program)
        if forms is None:
            break
        words = list(current.words)
        if words and words[0] in forms:
            words = words[1:]
        elif "" not in forms:
            break
        while words and words[0] == "--":
            words = words[1:]
        if via is None and current.program in ENVIRONMENT:
            via = current.program  # `uv run` given alone: "put uv run in front"
        if not words or not _PROGRAM.fullmatch(words[0].rsplit("/", 1)[-1].lower()):
            break
        current = Command(words[0].rsplit("/", 1)[-1].lower(), current.env, current.flags,
                          tuple(words[1:]))
    return via, current


def inner(command: Command) -> Command:
    """The command a runner runs (the command itself when none)."""
    return unwrap(command)[1]


def via(command: Command | None) -> str | None:
    """The environment runner in front of `command`, if any."""
    return unwrap(command)[0] if command is not None else None


def runner_named(text: str, dont: str | None, do: str | None) -> frozenset[Key]:
    """`("via", "", runner)` when the words state the runner the agent then ran through,
    with no command corrected ("we always go through fvm here", then `fvm dart test`); a
    correction's own move says it otherwise (`identity.move`)."""
    if dont is not None:
        return frozenset()
    command = parse(do)
    runner = via(command)
    if command is None or runner is None:
        return frozenset()
    # the runner as a word of its own, not as the first word of a command written out
    # ("`fvm dart run build_runner build -d`" dictates a build, not "go through fvm")
    words = _CODE.sub(" ", text)
    ran = re.escape(inner(command).program)
    if not re.search(rf"(?<![\w./-]){re.escape(runner)}(?![\w-])(?!\s+(?:\w+\s+)?{ran}\b)",
                     words, re.IGNORECASE):
        return frozenset()
    return frozenset({("via", "", runner)})


_CODE = re.compile(r"`[^`\n]*`")


def initials(dont: str | None, do: str | None) -> tuple[frozenset[Key], frozenset[Key]]:
    """(strong, loose) keys saying which flags the move to `do` adds by their initial, on the
    program run and its subcommand: a one-letter flag is the short form of a long flag with
    that initial (`build_runner build -d` is `--delete-conflicting-outputs`). A short flag
    gives `("initial", program, subcommand, letter)` as a strong key, a long flag the same
    key loose: the two forms join, two long flags sharing an initial never do."""
    new = parse(do)
    if new is None:
        return frozenset(), frozenset()
    command = inner(new)
    old = parse(dont)
    before = inner(old).flags if old is not None else frozenset()
    added = command.flags - before
    key = ("initial", command.program, command.subcommand)
    short = frozenset((*key, f) for f in added if len(f) == 1 and f.isalpha())
    long = frozenset((*key, f[0]) for f in added if len(f) > 3)
    return short, long - short
