"""The identity a lesson's sessions share, and which commands carry it.

A lesson joined from several sessions holds one identity key most of them share: the flag a
program needs (`("flag", "pint", "dirty")`), the namespaced command to run (`("task", "",
"horizon:terminate")`), the program to switch to, a setting. Its rule is written from the
commands that carry that key — not from whatever else one session's agent ran after the
correction (`git reset --soft HEAD~1` to undo a commit is how that session repaired its
mistake, not what the lesson teaches) — and from the part of a compound command that
carries it (`php artisan horizon:terminate`, not `… && sleep 5 && php artisan
horizon:status`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from skillgit.mine.identity import Key, identities
from skillgit.mine.runners import inner
from skillgit.mine.shell_command import Command, parse, parts
from skillgit.proposal import Signal

# Key kinds a command can carry, most telling first (ties between keys break by this order).
CARRIED = ("flag", "task", "switch", "env", "runs", "opt")
_SEPARATOR = re.compile(r"\s*(?:&&|\|\||;)\s*")


def shared_key(group: Sequence[Signal]) -> Key | None:
    """The carried key (see `CARRIED`) held by the most sessions of `group`, when at least two
    sessions hold it; None otherwise (a lesson of one session keeps its own commands)."""
    sessions: dict[Key, set[str]] = {}
    for signal in group:
        for key in identities(signal).strong:
            if key[0] in CARRIED:
                sessions.setdefault(key, set()).add(signal.session_id)
    counts = Counter({key: len(held) for key, held in sessions.items() if len(held) >= 2})
    if not counts:
        return None
    return min(counts, key=lambda k: (-counts[k], CARRIED.index(k[0]), k))


def _carries_one(command: Command, key: Key) -> bool:
    kind = key[0]
    if kind == "flag":
        return command.program == key[1] and key[2] in command.flags
    if kind == "task":
        return any(word == key[2] or word.endswith(f":{key[2]}") for word in command.words)
    if kind == "switch":
        return command.program == key[2]
    if kind == "runs":  # `git clang-format`, among the `git add … &&` around it
        return command.program == key[1] and command.subcommand == key[2]
    if kind == "opt":  # `-LE slow`: the option, and its value among the words
        flag, _space, value = key[2].lstrip("-").partition(" ")
        return flag.lower() in {f.lower() for f in command.flags} and value in command.words
    return kind == "env" and key[2] in command.env


def carries(command: str | None, key: Key) -> bool:
    """Whether one of `command`'s parts carries `key`."""
    return any(_carries_one(c, key) for c in parts(command))


def part_carrying(command: str, key: Key) -> tuple[int, str] | None:
    """(index, text) of the part of a compound `command` that carries `key`, None when `command`
    is a single command or no part carries it."""
    line = command.strip().split("\n", 1)[0]
    pieces = [p for p in _SEPARATOR.split(line) if p.strip()]
    if len(pieces) < 2:
        return None
    for index, piece in enumerate(pieces):
        parsed = parse(piece)
        if parsed is not None and _carries_one(parsed, key):
            return index, piece.strip()
    return None


def same_program(do: str | None, dont: str | None) -> bool:
    """Whether `do` runs the program of (the related part of) `dont`, behind any runner:
    such a pair shows the change alone (`mix deps.get` → `mise x -- mix deps.get`), where
    another program's command (`asdf install`) shows it mixed with what else was run."""
    new, old = parse(do), parse(related(dont, do))
    return new is not None and old is not None and inner(new).program == inner(old).program


def related(dont: str | None, do: str | None) -> str | None:
    """The part of a compound `dont` that runs the program `do` runs, behind any runner
    (`flutter --version` of `which flutter && flutter --version`, for `fvm flutter pub
    get`); `dont` itself when it is one command, or when no part or several run it."""
    new = parse(do)
    if not dont or new is None:
        return dont
    line = dont.strip().split("\n", 1)[0]
    pieces = [p.strip() for p in _SEPARATOR.split(line) if p.strip()]
    if len(pieces) < 2:
        return dont
    target = inner(new).program
    running = [p for p in pieces if (c := parse(p)) is not None and inner(c).program == target]
    return running[0] if len(running) == 1 else dont  # several: the whole run was corrected


def focused(do: str | None, dont: str | None, key: Key | None) -> tuple[str | None, str | None]:
    """`do` cut to its part that carries `key`, and `dont` to its part in the same place
    when that runs the same program (`php artisan optimize:clear` for `php artisan
    horizon:terminate`), else None."""
    if key is None or not do:
        return do, dont
    found = part_carrying(do, key)
    if found is None:
        return do, dont
    index, part = found
    pieces = [p for p in _SEPARATOR.split((dont or "").strip().split("\n", 1)[0]) if p.strip()]
    if index < len(pieces):
        old, new = parse(pieces[index]), parse(part)
        if old is not None and new is not None and old.program == new.program:
            return part, pieces[index].strip()
    return part, None
