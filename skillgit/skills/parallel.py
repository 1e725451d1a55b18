"""Map a function over many items on every core with plain `os.fork` (Linux).

Each of `workers` processes takes every n-th item (interleaved, so large and small items spread
evenly); the parent does its own share instead of waiting. A child inherits the items and the
function at fork time, so nothing is sent to it; it sends back one pickle of its results. A
child that fails or dies is not an error: the parent computes that share itself. An exception
raised by `func` in the parent propagates, as in a plain loop.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def fork_map(func: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """[func(item) for item in items], computed by `workers` processes (1: no fork)."""
    workers = max(1, min(workers, len(items)))
    if workers == 1 or not hasattr(os, "fork"):
        return [func(item) for item in items]
    children: list[tuple[int, int]] = []  # (pid, read end of its pipe), child k = share k + 1
    shares: list[list[R] | None] = [None] * workers
    try:
        for share in range(1, workers):
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:  # pragma: no cover - runs in the child, which never returns
                os.close(read_end)
                _child(func, items[share::workers], write_end)
            os.close(write_end)
            children.append((pid, read_end))
        shares[0] = [func(item) for item in items[0::workers]]
        for share, (_pid, read_end) in enumerate(children, start=1):
            shares[share] = _receive(read_end)
    except BaseException:
        for pid, _ in children:
            _kill(pid)
        raise
    finally:
        for pid, read_end in children:
            _close(read_end)
            _reap(pid)
    results: list[Any] = [None] * len(items)
    for share, got in enumerate(shares):
        if got is None or len(got) != len(items[share::workers]):  # that child failed
            got = [func(item) for item in items[share::workers]]
        results[share::workers] = got
    return results


def _child(func: Callable[[T], R], items: Sequence[T], write_end: int) -> None:
    """Compute a share, write its pickle, and leave without running the parent's cleanup."""
    code = 1
    try:
        import pickle  # here, not at the top: a run that never forks never needs it

        data = pickle.dumps([func(item) for item in items], protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as out:
            out.write(data)
        code = 0
    except BaseException:  # the parent redoes this share; it reports any real error itself
        pass
    finally:
        os._exit(code)


def _receive(read_end: int) -> list[Any] | None:
    """A child's results, or None when it sent nothing usable."""
    import pickle

    chunks: list[bytes] = []
    try:
        while chunk := os.read(read_end, 1 << 20):
            chunks.append(chunk)
        results = pickle.loads(b"".join(chunks))
    except Exception:
        return None
    return results if isinstance(results, list) else None


def _close(fd: int) -> None:
    with contextlib.suppress(OSError):
        os.close(fd)


def _kill(pid: int) -> None:
    import signal

    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


def _reap(pid: int) -> None:
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)
