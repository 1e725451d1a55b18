"""Robust, streaming JSON Lines reading for transcript files.

Transcripts are written by other programs, often while we read them, and they break in
known ways: a torn last line, a block of NUL bytes after a crash, two records glued onto
one line, invalid UTF-8, a 10 MB line holding a base64 image. The rules here:

- read bytes and split only on ``b"\\n"`` (never ``str.splitlines``: U+2028 is real data);
- read only up to the size the file had when we started (a file being appended to is read
  up to its last complete line; its unfinished tail is ignored, not counted);
- a line that is not one JSON object is counted in ``LineStats.bad_lines`` and skipped;
- a leading NUL block is counted once, and a record following it on the same line is kept;
- lines longer than ``max_line_bytes`` are counted and skipped without being held in memory.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_LINE_BYTES = 10 * 1024 * 1024
_CHUNK = 1024 * 1024
_LONG_MIB = float(1 << 20)


@dataclass
class LineStats:
    """What reading one file cost: lines seen, bad lines skipped, and why."""

    lines: int = 0
    bad_lines: int = 0
    skipped_by_prefilter: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def bad(self, reason: str) -> None:
        self.bad_lines += 1
        self.reasons[reason] = self.reasons.get(reason, 0) + 1


def iter_lines(path: Path, stats: LineStats, *,
               max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """Yield complete lines (without the newline) of `path` as bytes.

    The final line is yielded even without a trailing newline (many files simply lack
    one); if it is a torn record, JSON decoding will reject it. A file that cannot be opened
    raises `OSError`: the caller reports it by name (it is no "bad line").
    """
    limit = os.stat(path).st_size
    handle = open(path, "rb")  # noqa: SIM115 - closed in finally, generator-friendly
    try:
        remaining = limit
        pending = b""
        oversized = False  # inside a line that is already too long: drop until newline
        while remaining > 0:
            chunk = handle.read(min(_CHUNK, remaining))
            if not chunk:
                break
            remaining -= len(chunk)
            start = 0
            while True:
                newline = chunk.find(b"\n", start)
                if newline < 0:
                    break
                if oversized:
                    oversized = False
                else:
                    line = pending + chunk[start:newline] if pending else chunk[start:newline]
                    stats.lines += 1
                    yield line
                pending = b""
                start = newline + 1
            if oversized:
                continue
            pending = pending + chunk[start:] if pending else chunk[start:]
            if len(pending) > max_line_bytes:
                stats.lines += 1
                stats.bad(f"line longer than {max_line_bytes / _LONG_MIB:.0f} MiB")
                pending = b""
                oversized = True
        if pending and not oversized:
            stats.lines += 1
            yield pending
    finally:
        handle.close()


def decode_line(line: bytes, stats: LineStats) -> dict[str, Any] | None:
    """One line as a JSON object, or None (counted as bad) if it is not one."""
    stripped = line.strip()
    if not stripped:
        return None
    if b"\x00" in stripped:
        stats.bad("NUL bytes")
        stripped = stripped[stripped.rfind(b"\x00") + 1:].strip()
        if not stripped:
            return None
        try:
            value = json.loads(stripped)
        except ValueError:  # includes JSONDecodeError and UnicodeDecodeError
            return None
        return value if isinstance(value, dict) else None
    try:
        value = json.loads(stripped)
    except ValueError as exc:
        reason = "invalid UTF-8" if isinstance(exc, UnicodeDecodeError) else _json_reason(exc)
        stats.bad(reason)
        return None
    except RecursionError:
        stats.bad("nesting too deep")
        return None
    if not isinstance(value, dict):
        stats.bad("not a JSON object")
        return None
    return value


def iter_records(path: Path, stats: LineStats, *,
                 prefilter: Callable[[bytes], bool] | None = None,
                 max_line_bytes: int = MAX_LINE_BYTES) -> Iterator[dict[str, Any]]:
    """Yield each good JSON object line of `path`.

    `prefilter(line)` returning True drops a line before JSON decoding: a cheap byte test
    for record kinds the caller never needs (it must never drop a line the caller needs).
    """
    for line in iter_lines(path, stats, max_line_bytes=max_line_bytes):
        if prefilter is not None and prefilter(line):
            stats.skipped_by_prefilter += 1
            continue
        record = decode_line(line, stats)
        if record is not None:
            yield record


def read_head(path: Path, size: int = 64 * 1024) -> bytes:
    """The first `size` bytes of `path` (empty if unreadable); for cheap format sniffing."""
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError:
        return b""


def first_records(path: Path, count: int = 5) -> list[dict[str, Any]]:
    """Up to `count` JSON objects from the first complete lines of `path` (for sniffing)."""
    head = read_head(path)
    records: list[dict[str, Any]] = []
    scratch = LineStats()
    for line in head.split(b"\n")[:-1] if b"\n" in head else [head]:
        record = decode_line(line, scratch)
        if record is not None:
            records.append(record)
            if len(records) >= count:
                break
    return records


def _json_reason(exc: ValueError) -> str:
    message = str(exc)
    if message.startswith("Extra data"):
        return "two records on one line"
    if "Unterminated" in message or "Expecting" in message:
        return "truncated or malformed JSON"
    return "malformed JSON"
