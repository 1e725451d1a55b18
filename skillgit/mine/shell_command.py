"""A shell command taken apart: its program, environment settings, flags and other words.

`parse` reads the first command of a line (`cd dir && terraform apply` runs terraform; env
assignments and wrappers such as `sudo` or `timeout 90` are skipped); `parts` reads every
command of a compound one (`git reset --soft HEAD~1 && ./vendor/bin/pint --dirty`). Codex's
file edits (`apply_patch`) are edits, not programs a lesson moves to.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

_ENV_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=")
_SKIP = frozenset({"sudo", "env", "time", "nice", "exec", "timeout"})
_DURATION = re.compile(r"^\d+(?:\.\d+)?[smhd]?$")
_PROGRAM = re.compile(r"[a-z][a-z0-9._-]*")
_FLAG = re.compile(r"^--?([A-Za-z][\w-]*)(?:=.*)?$")
_QUOTES = "\"'"
_SEPARATOR = re.compile(r"\s*(?:&&|\|\||;|\|)\s*")
EDITS = frozenset({"apply_patch", "applypatch"})


@dataclass(frozen=True)
class Command:
    """A shell command taken apart: its program, env assignments, flags and other words."""

    program: str
    env: frozenset[str]
    flags: frozenset[str]
    words: tuple[str, ...]       # subcommands and targets, in order

    @property
    def subcommand(self) -> str:
        return self.words[0] if self.words else ""


@functools.lru_cache(maxsize=1 << 16)
def parse(command: str | None) -> Command | None:
    """`command` taken apart (its first line), or None when it names no program."""
    tokens = (command or "").strip().split("\n", 1)[0].split()
    if len(tokens) > 3 and tokens[0] == "cd" and tokens[2] in ("&&", ";"):
        tokens = tokens[3:]  # `cd envs/staging && terraform apply` runs terraform
    env: set[str] = set()
    while tokens and (_ENV_ASSIGN.match(tokens[0]) or tokens[0] in _SKIP):
        if match := _ENV_ASSIGN.match(tokens[0]):
            env.add(env_setting(match.group(1), tokens[0][match.end():]))
        if tokens[0] == "timeout" and len(tokens) > 1 and _DURATION.match(tokens[1]):
            tokens = tokens[1:]  # "timeout 90 npm test": its limit is no program
        tokens = tokens[1:]
    if not tokens:
        return None
    program = tokens[0].rsplit("/", 1)[-1].lower()
    if not _PROGRAM.fullmatch(program):
        return None
    flags: set[str] = set()
    words: list[str] = []
    for token in tokens[1:]:
        if token in ("&&", "||", ";", "|"):
            break
        flag = _FLAG.match(token)
        if flag:
            flags.add(flag.group(1).lower())
        else:
            words.append(token.strip("'\""))
    return Command(program, frozenset(env), frozenset(flags), tuple(words))


@functools.lru_cache(maxsize=1 << 16)
def parts(command: str | None) -> tuple[Command, ...]:
    """Every command of `command`'s first line (`a && b | c`), file edits left out."""
    line = (command or "").strip().split("\n", 1)[0]
    found = (parse(part) for part in _SEPARATOR.split(line) if part.strip())
    return tuple(c for c in found if c is not None and c.program not in EDITS)


def env_setting(name: str, value: str) -> str:
    """`NAME=value` as one key, however it was quoted or ended a sentence ("X_Y=1," is X_Y=1)."""
    return f"{name}={value.rstrip('.,;:').strip(_QUOTES).rstrip('.,;:').lower()}"
