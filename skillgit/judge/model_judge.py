"""`ModelJudge`: the gate judged by a model, in batches, grounded, cached, with fallback."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from skillgit import stages
from skillgit.judge.answer import JudgeAnswer, Judgement
from skillgit.judge.cache import (
    VerdictCache,
    candidate_fingerprint,
    from_stored,
    to_stored,
)
from skillgit.judge.ground import problems_of
from skillgit.judge.prices import estimated_cost
from skillgit.judge.prompt import SYSTEM, Item, make_items, skills_block, user_prompt
from skillgit.judge.verdicts import build_verdict, fallback_verdict
from skillgit.llm.base import Backend, InvalidAnswer, Usage
from skillgit.llm.structured import schema_instructions
from skillgit.proposal import Candidate, Verdict
from skillgit.redact import Redactor
from skillgit.tokens import estimate_tokens

LEDGER_KILL = "rejected before (ledger)"


class JudgeSettings(BaseModel):
    min_sessions: int = Field(default=2, ge=1)
    token_budget: int = Field(default=6000, ge=1000)   # prompt tokens per request
    max_candidates: int = Field(default=40, ge=1)      # the best ones by heuristic score
    max_output_tokens: int = 4096


class JudgeReport(BaseModel):
    """What judging cost and did, for the run summary and --json."""

    engine: str = "heuristic"
    candidates: int = 0       # judged by the model (fresh or cached)
    calls: int = 0
    cached: int = 0           # candidates whose judgement came from the cache
    merged: int = 0           # candidates merged into another one
    fallbacks: int = 0        # candidates left with their heuristic verdict
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float | None = None


def judge_label(backend: Backend) -> str:
    return f"{backend.name}/{backend.model}" if backend.model else backend.name


class ModelJudge:
    def __init__(self, backend: Backend, *, redactor: Redactor, cache_dir: Path | None,
                 settings: JudgeSettings | None = None) -> None:
        self.backend, self.redactor = backend, redactor
        self.cache_dir = cache_dir
        self.settings = settings or JudgeSettings()
        self.label = judge_label(backend)
        self.report = JudgeReport(engine=self.label)
        self.refresh = False      # True: judge again, ignoring (but refilling) the cache

    def judge(self, verdicts: list[Verdict], known: list[tuple[str, str]],
              rejected: Callable[[Candidate], bool] = lambda c: False) -> list[Verdict]:
        """The heuristic `verdicts`, judged again by the model (best-first order)."""
        eligible = sorted((v for v in verdicts if v.candidate.signals
                           and not (v.kill or "").startswith(LEDGER_KILL)),
                          key=lambda v: (-v.score, v.candidate.key))
        eligible = eligible[:self.settings.max_candidates]
        chosen = {id(v) for v in eligible}
        kept = [v for v in verdicts if id(v) not in chosen]
        items = {i.cid: i for i in make_items(eligible, self.redactor)}
        prints = {cid: candidate_fingerprint(i.verdict.candidate) for cid, i in items.items()}
        cache = VerdictCache(self.cache_dir, model=self.label,
                             min_sessions=self.settings.min_sessions, skills=known)
        names = [name for name, _ in known]
        skills = skills_block(known, self.redactor)
        done: list[Verdict] = []
        resolved: set[str] = set()
        by_print = {prints[cid]: i for cid, i in items.items()}
        for cid in items:   # the cache first
            if cid in resolved or self.refresh:
                continue
            refused = cache.fallback(prints[cid])
            if refused is not None:  # the model's answer was refused last time: it stands
                resolved.add(cid)
                self.report.cached += 1
                self.report.fallbacks += 1
                done.append(fallback_verdict(items[cid], self.label, refused))
                continue
            entry = cache.get(prints[cid])
            j = from_stored(entry, by_print) if entry is not None else None
            if j is None or problems_of(j, items, resolved, self.settings.min_sessions, names):
                continue
            resolved.update(j.candidates)
            self.report.cached += len(j.candidates)
            done.append(self._verdict(j, items, rejected))
        pending = [i for cid, i in items.items() if cid not in resolved]
        stages.begin("judging with the model", len(pending), "candidates")
        for batch in self._batches(pending, skills):
            good, failed = self._ask(batch, skills, names)
            stages.advance(len(batch))
            for j in map(self._redacted, good):
                cache.put(to_stored(j, items, prints))
                done.append(self._verdict(j, items, rejected))
            for cid, why in failed.items():
                cache.put_fallback(prints[cid], self.redactor.redact(why))
                self.report.fallbacks += 1
                done.append(fallback_verdict(items[cid], self.label, why))
        self.report.candidates = len(items)
        self.report.cost_usd = estimated_cost(self.report.usage, self.backend.model)
        out = kept + done
        return sorted(out, key=lambda v: (not v.accepted, -v.score, v.candidate.key))

    def _redacted(self, j: Judgement) -> Judgement:
        """`j` with every reason redacted, before it is used or cached."""
        data = j.model_dump()
        for key in ("repeatable", "room_to_improve", "repeated_ask"):
            data[key]["reason"] = self.redactor.redact(data[key]["reason"])
        for check in data["kill_switches"]:
            check["reason"] = self.redactor.redact(check["reason"])
        return Judgement.model_validate(data)

    def _verdict(self, j: Judgement, items: dict[str, Item],
                 rejected: Callable[[Candidate], bool]) -> Verdict:
        self.report.merged += len(j.candidates) - 1
        verdict = build_verdict(j, items, self.label, self.redactor)
        if verdict.kill is None and rejected(verdict.candidate):
            verdict = verdict.model_copy(update={
                "kill": f"{LEDGER_KILL} and the evidence has not grown enough"})
        return verdict

    def _batches(self, pending: list[Item], skills: str) -> Iterable[list[Item]]:
        """Consecutive items whose prompt stays within the token budget (one item at least)."""
        # The schema counts too, whether sent as response_format or as instructions.
        overhead = (estimate_tokens(SYSTEM) + estimate_tokens(schema_instructions(JudgeAnswer))
                    + estimate_tokens(user_prompt([], skills, self.settings.min_sessions)) + 50)
        batch: list[Item] = []
        size = overhead
        for item in pending:
            cost = estimate_tokens(item.block) + 1
            if batch and size + cost > self.settings.token_budget:
                yield batch
                batch, size = [], overhead
            batch.append(item)
            size += cost
        if batch:
            yield batch

    def _ask(self, batch: list[Item], skills: str,
             names: list[str]) -> tuple[list[Judgement], dict[str, str]]:
        """(grounded judgements, candidate id → why it falls back): one call, and one repair
        call for the candidates whose judgement was refused or missing."""
        items = {i.cid: i for i in batch}
        good: list[Judgement] = []
        problems: dict[str, list[str]] | None = None
        for _round in range(2):
            asked = [i for i in batch if problems is None or i.cid in problems]
            prompt = user_prompt(asked, skills, self.settings.min_sessions, problems)
            try:
                done = self.backend.complete(SYSTEM, prompt, JudgeAnswer,
                                             max_output_tokens=self.settings.max_output_tokens)
            except InvalidAnswer as exc:
                self._spent(exc.usage)
                return good, {i.cid: "it gave no valid answer" for i in asked}
            self._spent(done.usage)
            asked_items = {i.cid: items[i.cid] for i in asked}
            problems = {}
            taken: set[str] = set()
            for j in done.value.judgements:
                found = problems_of(j, asked_items, taken, self.settings.min_sessions, names)
                if found:
                    for cid in (c for c in j.candidates if c in asked_items):
                        problems.setdefault(cid, []).extend(found)
                    if not any(c in asked_items for c in j.candidates):
                        continue
                else:
                    taken.update(j.candidates)
                    good.append(j)
            for cid in asked_items:
                if cid not in taken and cid not in problems:
                    problems[cid] = ["not judged"]
            for cid in taken:
                problems.pop(cid, None)
            if not problems:
                return good, {}
        failed = problems or {}
        return good, {cid: "; ".join(dict.fromkeys(p))[:300] for cid, p in failed.items()}

    def _spent(self, usage: Usage) -> None:
        self.report.usage = self.report.usage + usage
        self.report.calls += usage.calls
