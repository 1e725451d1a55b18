"""Hints that name a flag, worded for the command that is running.

Core code raises the same error for several commands, and the commands do not share their
flags: `review` has no `--repo`, `share` no `--token-env`, `eval` no `--base`. A hint that
names a flag therefore asks `flag_hint`, which names the flag only when the running command
has it and otherwise gives the fix that command does have (a config key, an environment
variable, a remote).

The CLI says which command runs (`enter`, called once per invocation with the flags from
click's command tree); outside the CLI (a library call, a test of a core function) every flag
is offered.
`tests/test_hints.py` walks every message in the source and checks each flag or key it names
against click's command tree and the config models.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_FLAGS: ContextVar[frozenset[str] | None] = ContextVar("skillgit_command_flags", default=None)


def enter(flags: Iterable[str]) -> None:
    """From now on (until the enclosing `scope` ends), hints are worded for a command with
    exactly these long flags."""
    _FLAGS.set(frozenset(flags))


@contextmanager
def scope() -> Iterator[None]:
    """Whatever `enter` says inside the block is forgotten when it ends."""
    token = _FLAGS.set(_FLAGS.get())
    try:
        yield
    finally:
        _FLAGS.reset(token)


@contextmanager
def running(flags: Iterable[str]) -> Iterator[None]:
    """While the block runs, hints are worded for a command with exactly these long flags."""
    with scope():
        enter(flags)
        yield


def has_flag(flag: str) -> bool:
    """Whether the running command has `flag` (always, outside the CLI)."""
    flags = _FLAGS.get()
    return flags is None or flag in flags


def flag_hint(flag: str, otherwise: str = "", *, verb: str = "pass ") -> str:
    """`pass --repo OWNER/NAME` when the running command has `--repo`, else `otherwise`.

    `flag` is the flag and its metavar as the hint shows it; `otherwise` is the whole fix for
    a command without that flag (empty: no hint at all)."""
    name = flag.split(" ", 1)[0].split("=", 1)[0]
    return f"{verb}{flag}" if has_flag(name) else otherwise


def joined(*fixes: str, sep: str = ", or ") -> str:
    """The fixes that apply, in order, without the empty ones."""
    return sep.join(fix for fix in fixes if fix)
