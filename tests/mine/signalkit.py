"""Builders shared by the grouping and identity tests: one signal per session, and the
candidate that holds a given one."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from skillgit.proposal import Candidate, Signal


def signal(n: int, kind: str, text: str, *, agent: str = "claude-code",
           **fields: Any) -> Signal:
    """Signal `n` of its own session (`session-000n`), said on day `n` of November 2026."""
    return Signal(kind=kind, summary=text, quote=text, turn=n,  # type: ignore[arg-type]
                  agent=agent, session_id=f"session-{n:04d}",
                  started_at=datetime(2026, 11, 1 + n, 9, 0, tzinfo=timezone.utc), **fields)


def holding(candidates: list[Candidate], n: int) -> Candidate:
    """The candidate whose signals include signal `n`."""
    return next(c for c in candidates if any(s.turn == n for s in c.signals))
