"""Ctrl-C and SIGTERM: clean exits (130 / 143), and short sections no signal may cut in two.

`main` turns SIGTERM into `Terminated`, so `finally` blocks (lock files) run as they do for
Ctrl-C's KeyboardInterrupt. Inside `deferred()` both signals are only recorded, then raised
when the section ends: a git write (objects, then the ref) is complete or absent, never half.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import ClassVar

EXIT_INTERRUPTED = 130   # 128 + SIGINT, what shells report for Ctrl-C
EXIT_TERMINATED = 143    # 128 + SIGTERM

PAUSE_ENV = "SKILLGIT_TEST_PAUSE"  # test hook: "<step>" or "<step>#<n>" (see `checkpoint`)
_DEFERRED = (signal.SIGINT, signal.SIGTERM)


class Terminated(BaseException):
    """SIGTERM arrived: unwind like Ctrl-C, then exit 143."""


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block SIGTERM raises `Terminated` (main thread only; elsewhere a no-op)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class _State:
    depth = 0
    pending: ClassVar[list[signal.Signals]] = []


def interrupt_pending() -> bool:
    """True inside `deferred()` once SIGINT or SIGTERM has arrived."""
    return bool(_State.pending)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM until the block ends, then act on the first one that came.

    Re-entrant; outside the main thread (where Python cannot set handlers) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if _State.depth:
        _State.depth += 1
        try:
            yield
        finally:
            _State.depth -= 1
        return
    previous = {sig: signal.getsignal(sig) for sig in _DEFERRED}

    def record(signum: int, frame: FrameType | None) -> None:
        _State.pending.append(signal.Signals(signum))

    for sig in _DEFERRED:
        signal.signal(sig, record)
    _State.depth = 1
    try:
        yield
    finally:
        _State.depth = 0
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        pending = list(_State.pending)
        _State.pending.clear()
        if pending:
            _redeliver(pending[0], previous[pending[0]])


def _redeliver(signum: int, handler: object) -> None:
    if callable(handler):
        handler(signum, None)
    elif signum == signal.SIGINT and handler != signal.SIG_IGN:
        raise KeyboardInterrupt
    elif handler == signal.SIG_DFL:
        os.kill(os.getpid(), signum)


def checkpoint(step: str) -> None:
    """Test hook: pause at `step` when SKILLGIT_TEST_PAUSE names it, so a test can signal.

    The value is `<step>` (every time) or `<step>#<n>` (the n-th time only). A paused process
    prints `skillgit-test: paused at <step>` on stderr and waits up to 120 s, or until a
    deferred signal has arrived (then it finishes the section, which re-raises it)."""
    wanted = os.environ.get(PAUSE_ENV)
    if not wanted:
        return
    name, _, nth = wanted.partition("#")
    if name != step:
        return
    _Counts.seen[step] = _Counts.seen.get(step, 0) + 1
    if nth and str(_Counts.seen[step]) != nth:
        return
    print(f"skillgit-test: paused at {step}", file=sys.stderr, flush=True)
    deadline = time.monotonic() + 120  # a loaded machine may be slow to send the signal
    while time.monotonic() < deadline and not interrupt_pending():
        time.sleep(0.01)


class _Counts:
    seen: ClassVar[dict[str, int]] = {}
