"""Progress of a long run on a terminal's stderr: stage, count of total, rate and ETA.

    distilling: 1,234/4,000 sessions  (31%, 41.2/s, ETA 1m07s)
    judging: 12/40 candidates  (30%, 3.1/s, ETA 9s)

One line, redrawn in place at most `REDRAW_PER_SECOND` times a second, listening to the stages
the core reports (`skillgit.stages`). Silent where nobody watches: when stderr is not a
terminal, in CI (`CI` set, as GitHub Actions, GitLab and most others do) or when `--json`
output is asked for; the line is wiped when the run ends, so the summary starts clean.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping
from typing import TextIO

REDRAW_PER_SECOND = 8
MIN_SECONDS_FOR_RATE = 0.5     # a rate (and an ETA) only once it means something


def wanted(stream: TextIO | None = None, env: Mapping[str, str] | None = None) -> bool:
    """Whether a person is watching `stream` (stderr): a terminal, and not CI."""
    stream = stream if stream is not None else sys.stderr
    env = env if env is not None else os.environ
    if env.get("CI", "").strip().lower() not in ("", "0", "false"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def duration(seconds: float) -> str:
    """`9s`, `1m07s`, `2h05m`."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def status_line(stage: str, count: int, total: int | None, unit: str, elapsed: float) -> str:
    """The line shown for a stage: count of total, percentage, rate and ETA when known."""
    noun = f" {unit}" if unit else ""
    if total is None and not count:
        return f"{stage}…"
    if total is None or count > total:
        head = f"{stage}: {count:,}{noun}"
    else:
        head = f"{stage}: {count:,}/{total:,}{noun}"
    facts = []
    if total and count <= total:
        facts.append(f"{count * 100 // total}%")
    if elapsed >= MIN_SECONDS_FOR_RATE and count:
        rate = count / elapsed
        facts.append(f"{rate:.1f}/s")
        if total and count < total:
            facts.append(f"ETA {duration((total - count) / rate)}")
    return head + (f"  ({', '.join(facts)})" if facts else "")


class Progress:
    """A `skillgit.stages` listener drawing one status line on a terminal."""

    def __init__(self, *, enabled: bool, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled, self.stream, self.clock = enabled, stream, clock
        self.stage, self.unit = "", ""
        self.total: int | None = None
        self.count, self.started, self.drawn_at = 0, clock(), float("-inf")
        self.width = 0

    def begin(self, stage: str, total: int | None, unit: str) -> None:
        self.stage, self.total, self.unit = stage, total, unit
        self.count, self.started = 0, self.clock()
        self._draw(force=True)

    def advance(self, n: int = 1) -> None:
        self.count += n
        self._draw(force=self.total is not None and self.count >= self.total)

    def done(self) -> None:
        """Wipe the line (the run's own summary follows)."""
        if self.enabled and self.width:
            self._write("\r" + " " * self.width + "\r")
            self.width = 0

    def _draw(self, *, force: bool) -> None:
        if not self.enabled or not self.stage:
            return
        now = self.clock()
        if not force and now - self.drawn_at < 1 / REDRAW_PER_SECOND:
            return
        self.drawn_at = now
        line = status_line(self.stage, self.count, self.total, self.unit, now - self.started)
        self._write("\r" + line.ljust(self.width))
        self.width = max(self.width, len(line))

    def _write(self, text: str) -> None:
        stream = self.stream if self.stream is not None else sys.stderr
        try:
            stream.write(text)
            stream.flush()
        except (OSError, ValueError):
            self.enabled = False  # the terminal went away: the run goes on silently
