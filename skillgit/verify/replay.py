"""Replay jobs: one answer of the engine for one case, in one condition, one sample.

A job is answered from the verdict cache when it can (no request), else within the budget:
the engine is asked for the next action (`answer.py` reads whatever form it comes in), and the
answer is decided (`decide.py`). Jobs run in a bounded thread pool (`workers` requests at
once). A job the cap leaves out is `not-run`; an engine that cannot be reached stops the run
(`EngineUnavailable`, exit 2), never a made-up figure.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Literal

from skillgit.llm.base import Backend, InvalidAnswer, Usage
from skillgit.redact.screen import screen_text
from skillgit.verify.answer import Action, NextAction, from_schema, from_text
from skillgit.verify.budget import OUTPUT_TOKENS, WORST_CALLS, Budget
from skillgit.verify.cache import VerifyCache, verdict_key
from skillgit.verify.case import ReplayCase
from skillgit.verify.decide import (
    JUDGE_SYSTEM,
    JudgeAnswer,
    Outcome,
    decide_structural,
    grounded,
    judge_prompt,
    programs_of,
)
from skillgit.verify.loading import PROMPT_VERSION

Condition = Literal["without", "with"]
JobOutcome = Outcome | Literal["not-run"]


@dataclass(frozen=True)
class Job:
    branch: str
    case: ReplayCase
    condition: Condition
    sample: int
    system: str
    user: str

    def as_sent(self) -> dict[str, str]:
        """The two messages exactly as a backend sends them: each through the final screen
        alone (`llm.http` screens every string of the request body, `llm.agent_cli` each
        prompt)."""
        return {"system": screen_text(self.system), "user": screen_text(self.user)}

    def key(self, engine: str) -> str:
        return verdict_key(PROMPT_VERSION, engine, self.system, self.user, self.sample,
                           self.case.expectation.model_dump())


@dataclass(frozen=True)
class JobResult:
    job: Job
    outcome: JobOutcome
    action: str = ""
    cached: bool = False
    usage: Usage = field(default_factory=Usage)


class Replayer:
    def __init__(self, backend: Backend, engine: str, cache: VerifyCache, budget: Budget) -> None:
        self.backend, self.engine, self.cache, self.budget = backend, engine, cache, budget

    def run(self, jobs: list[Job], workers: int) -> list[JobResult]:
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            return list(pool.map(self.one, jobs))

    def cached(self, job: Job) -> JobResult | None:
        found = self.cache.get(job.key(self.engine))
        if found is None or found.get("outcome") not in ("followed", "not-followed", "unparsed"):
            return None
        return JobResult(job, found["outcome"], str(found.get("action", ""))[:300], cached=True)

    def one(self, job: Job) -> JobResult:
        hit = self.cached(job)
        if hit is not None:
            return hit
        worst = WORST_CALLS * (1 if job.case.expectation.structural else 2)
        if not self.budget.reserve(worst):
            return JobResult(job, "not-run")
        usage = Usage()
        try:
            action, usage = self._ask(job)
            outcome: Outcome
            if job.case.expectation.structural:
                outcome = decide_structural(action, job.case.expectation)
            elif not action.shown:
                outcome = "unparsed"
            else:
                outcome, spent = self._judge(job, action)
                usage = usage + spent
        finally:
            self.budget.settle(worst, usage)
        self.cache.put(job.key(self.engine), {"outcome": outcome, "action": action.shown})
        return JobResult(job, outcome, action.shown, usage=usage)

    def _ask(self, job: Job) -> tuple[Action, Usage]:
        try:
            done = self.backend.complete(job.system, job.user, NextAction,
                                         max_output_tokens=OUTPUT_TOKENS)
        except InvalidAnswer as exc:
            return from_text(exc.raw_text, programs_of(job.case)), exc.usage
        return from_schema(done.value), done.usage

    def _judge(self, job: Job, action: Action) -> tuple[Outcome, Usage]:
        try:
            done = self.backend.complete(JUDGE_SYSTEM, judge_prompt(
                job.case.expectation.rule, action), JudgeAnswer, max_output_tokens=OUTPUT_TOKENS)
        except InvalidAnswer as exc:
            return "unparsed", exc.usage
        return grounded(done.value, action), done.usage
