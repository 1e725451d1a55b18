"""Where a long run is: the stage it is in, and how far along it is.

Core code says `begin("distilling", total=4000, unit="sessions")` when a stage starts and
`advance()` as each item is done. Whoever shows progress (the CLI's `Progress`, on a
terminal) listens for the length of a `listening` block; with no listener (library use,
tests, CI, a pipe) both calls cost next to nothing. Only the thread that began listening is
heard (a worker thread's calls are dropped), so a stage advances where its results arrive.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class Listener(Protocol):
    def begin(self, stage: str, total: int | None, unit: str) -> None: ...

    def advance(self, n: int = 1) -> None: ...


_LISTENER: ContextVar[Listener | None] = ContextVar("skillgit_stage_listener", default=None)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def begin(stage: str, total: int | None = None, unit: str = "") -> None:
    """A stage starts: `total` items of `unit` to do (None: not known in advance)."""
    listener = _LISTENER.get()
    if listener is not None:
        listener.begin(stage, total, unit)


def advance(n: int = 1) -> None:
    """`n` more items of the current stage are done."""
    listener = _LISTENER.get()
    if listener is not None:
        listener.advance(n)
