"""One retry policy for every HTTP client skillgit has: the GitHub API and the model APIs.

How often a call is tried again, how long to wait in between (exponential backoff with up to
25% jitter), how long a wait the server asks for (`Retry-After`, `retry-after-ms`, a rate
limit's reset) is worth waiting out, and how long all waits of one call may add up to. Each
client keeps what is its own (which answers are worth a retry, GitHub's rate-limit headers,
Gemini's `retryDelay`) and asks the policy for the rest. `sleep`, `clock` and `random` are
injectable, so tests never wait.
"""

from __future__ import annotations

import random as _random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 3
    base_delay: float = 1.0
    max_delay: float = 16.0
    max_server_wait: float = 60.0          # wait out what the server asks up to this long
    max_server_waits: int = 3              # server-asked waits per call (GitHub's rate limits)
    max_total_wait: float | None = None    # all waits of one call together (None: no cap)
    write_interval: float | None = None    # GitHub: between writes; None: as the host needs
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.time  # epoch seconds
    random: Callable[[], float] = _random.random

    @classmethod
    def for_github(cls, **changes: Any) -> RetryPolicy:
        return replace(GITHUB, **changes)

    @classmethod
    def for_models(cls, **changes: Any) -> RetryPolicy:
        return replace(MODELS, **changes)

    def backoff(self, attempt: int) -> float:
        """The wait before retry number `attempt` (0-based)."""
        delay = min(self.base_delay * 2.0**attempt, self.max_delay)
        return delay * (1 - 0.25 * self.random())

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), timezone.utc)

    def server_delay(self, headers: Mapping[str, str]) -> float | None:
        """The wait the server asked for in seconds (`retry-after-ms`, `retry-after` as
        seconds or an HTTP date), or None when it did not say (or said it unreadably)."""
        value = headers.get("retry-after-ms")
        if value is not None:
            try:
                return max(float(value) / 1000, 0.0)
            except ValueError:
                pass
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(float(value), 0.0)
        except ValueError:
            pass
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        return max((when - self.now()).total_seconds(), 0.0)


GITHUB = RetryPolicy()
# The model APIs (like their official SDKs): more, shorter retries; long server-asked waits
# are honoured (a busy model), and every call's waits are capped together.
MODELS = RetryPolicy(max_retries=4, base_delay=0.5, max_delay=8.0, max_server_wait=120.0,
                     max_total_wait=90.0)
