"""The budget: an estimate before anything is sent, and a hard cap on requests.

A replay answer costs one request, or two when the answer does not parse and the backend asks
once more (`llm.structured`); a grounded judgement the same. Each job reserves its worst case
before it starts and gives back what it did not use, so the cap is never exceeded, even with
parallel requests. `verify.max_usd` becomes a cap on requests through the model's list price
and the estimated tokens of one request; with no known price it cannot be enforced, and the
run refuses unless `--max-calls` caps it.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

from skillgit.errors import UsageError
from skillgit.hints import flag_hint, joined
from skillgit.judge.prices import price_of
from skillgit.llm.base import Usage

OUTPUT_TOKENS = 300        # the most a next action may take (max_output_tokens)
WORST_CALLS = 2            # one request and its one repair


@dataclass(frozen=True)
class Estimate:
    requests: int            # requests if every answer parses on the first try
    worst_requests: int      # with every repair retry
    input_tokens: int
    output_tokens: int
    usd: float | None        # None: the model's price is unknown

    def text(self) -> str:
        cost = "unknown cost" if self.usd is None else f"about ${self.usd:.4f}"
        return (f"{self.requests} requests (at most {self.worst_requests}), about "
                f"{self.input_tokens} tokens in and at most {self.output_tokens} out, {cost}")


def estimate(prompt_tokens: list[int], judged: int, model: str | None) -> Estimate:
    """`prompt_tokens`: the tokens of each replay request still to send; `judged`: how many of
    them need the grounded judge too."""
    requests = len(prompt_tokens) + judged
    tokens_in = sum(prompt_tokens) + judged * 400
    tokens_out = requests * OUTPUT_TOKENS
    price = price_of(model)
    usd = None if price is None else (tokens_in * price[0] + tokens_out * price[1]) / 1e6
    return Estimate(requests=requests, worst_requests=requests * WORST_CALLS,
                    input_tokens=tokens_in, output_tokens=tokens_out, usd=usd)


def call_cap(max_calls: int | None, max_usd: float | None, found: Estimate) -> int | None:
    """The hard cap on requests from `--max-calls` and `verify.max_usd` (None: no cap)."""
    caps = [] if max_calls is None else [max_calls]
    if max_usd is not None:
        if found.usd is None:
            if max_calls is None:
                raise UsageError("verify.max_usd is set but the model's price is unknown, so "
                                 "the cost cannot be capped; " + joined(
                                     flag_hint("--max-calls N"), "set verify.max_calls")
                                 + " to cap requests")
        elif found.requests:
            per_request = found.usd / found.requests
            caps.append(math.floor(max_usd / per_request) if per_request > 0 else
                        found.worst_requests)
    return min(caps) if caps else None


class Budget:
    """Requests reserved and spent, under a lock (jobs run in parallel)."""

    def __init__(self, cap: int | None) -> None:
        self.cap = cap
        self.spent = Usage()
        self._reserved = 0
        self._lock = threading.Lock()

    def reserve(self, calls: int) -> bool:
        with self._lock:
            if self.cap is not None and self.spent.calls + self._reserved + calls > self.cap:
                return False
            self._reserved += calls
            return True

    def settle(self, reserved: int, used: Usage) -> None:
        with self._lock:
            self._reserved -= reserved
            self.spent = self.spent + used
