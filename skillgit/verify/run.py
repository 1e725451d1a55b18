"""`skillgit verify`: replay each proposal's evidence without and with its skill.

Per proposal branch: read the proposal back from its commit (as `publish` does), find its
replay cases (cached by fingerprint, else built from the sessions it cites), plan the jobs
(each case, both conditions, `samples` answers each), estimate, run them within the cap, and
write the figures into the commit. `dry_run` stops after the estimate: no request, no write.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from skillgit.digest import Digest
from skillgit.errors import UsageError
from skillgit.gitops import GitRepo
from skillgit.llm.base import Backend, Usage
from skillgit.proposal import MeasuredEffect, Signal
from skillgit.publish.proposals import (
    BranchProposal,
    LocalBranch,
    local_branches,
    read_proposal,
)
from skillgit.skills.model import SKILL_FILE
from skillgit.tokens import estimate_tokens
from skillgit.transcripts.model import Conversation
from skillgit.verify.budget import Budget, Estimate, call_cap, estimate
from skillgit.verify.cache import VerifyCache
from skillgit.verify.case import CaseFile
from skillgit.verify.cases import build_cases, proposal_rules, screened_case
from skillgit.verify.effect import row
from skillgit.verify.loading import LoadedSkill, loaded_skill, system_prompt, user_prompt
from skillgit.verify.replay import Condition, Job, JobResult, Replayer
from skillgit.verify.rewrite import write_effect

Sessions = Callable[[], list[Conversation]]   # the sessions, parsed on first need
Digests = Callable[[], Sequence[Digest]]      # digests with stored replays, read on first need
Evidence = Mapping[str, Sequence[Signal]]     # fingerprint -> its evidence, full session ids
CASES_RESOLVED = "sessions: exact"
"""Part of the case cache's key: cases resolved to sessions by their full ids, never reused
from a skillgit that matched a session by the first 8 characters of its id."""


def with_signals(proposal: BranchProposal, signals: Sequence[Signal]) -> BranchProposal:
    """The proposal with its evidence as `mine` had it (full session ids)."""
    candidate = proposal.verdict.candidate.model_copy(update={"signals": list(signals)})
    verdict = proposal.verdict.model_copy(update={"candidate": candidate})
    return proposal.model_copy(update={"verdict": verdict})


@dataclass(frozen=True)
class VerifyOptions:
    samples: int = 3
    max_calls: int | None = None
    max_usd: float | None = None
    workers: int = 4
    token_budget: int = 2000
    dry_run: bool = False
    identity: str = "skillgit <skillgit@users.noreply.invalid>"
    context: str = ""
    """What replay cases are built from besides the proposal (the sessions searched, the
    redaction patterns, the token budget): part of their cache key, so a case built from
    other sessions or redacted with other patterns is never reused."""


@dataclass
class ProposalResult:
    branch: str
    cases: CaseFile
    effect: MeasuredEffect | None = None
    status: str = "measured"        # measured | no-cases | incomplete | foreign | planned
    written: str = ""               # written | unchanged | moved | foreign | would-write
    jobs: list[JobResult] = field(default_factory=list)
    planned: list[Job] = field(default_factory=list)   # a dry run: what would be asked
    tip: str = ""                   # the branch's tip after the figures were written


@dataclass
class VerifyReport:
    engine: str
    estimate: Estimate
    cap: int | None
    proposals: list[ProposalResult] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    cached: int = 0


def pick_branches(repo: GitRepo, names: tuple[str, ...], identity: str) -> list[LocalBranch]:
    """The proposal branches named (a branch or a skill name), else every one."""
    found = local_branches(repo, identity)
    if not names:
        return found
    out = []
    for name in names:
        match = [b for b in found if name in (b.branch, b.skill)]
        if not match:
            raise UsageError(f"no proposal branch {name!r} (see `skillgit proposals`)")
        out += [b for b in match if b not in out]
    return out


def _skill_files(repo: GitRepo, local: LocalBranch, directory: str) -> tuple[bytes | None,
                                                                          bytes | None]:
    path = posixpath.join(directory, SKILL_FILE) if directory else SKILL_FILE
    parent = repo.commit_info(local.sha).parents[0]
    return repo.read_file(parent, path), repo.read_file(local.sha, path)


def plan(repo: GitRepo, local: LocalBranch, cache: VerifyCache, sessions: Sessions,
         options: VerifyOptions, digests: Digests | None = None,
         evidence: Evidence | None = None) -> tuple[ProposalResult, list[Job]]:
    proposal = read_proposal(repo, local)
    exact = (evidence or {}).get(local.fingerprint) or cache.evidence(local.fingerprint)
    if exact:   # the full session ids, where the commit message shows them shortened
        proposal = with_signals(proposal, exact)
    before, after = _skill_files(repo, local, proposal.change.directory)
    context = f"{options.context}|{options.token_budget}|{CASES_RESOLVED}"
    cases = cache.cases(local.fingerprint, context)
    if cases is None or not cases.cases:
        rules = proposal_rules(proposal, before.decode("utf-8", "replace") if before else None)
        cases = build_cases(proposal, local.fingerprint, rules, sessions(),
                            options.token_budget, digests() if digests is not None else ())
        if cases.cases and not options.dry_run:
            cache.put_cases(cases, context)
    cases = cases.model_copy(update={"cases": [screened_case(c) for c in cases.cases]})
    result = ProposalResult(branch=local.branch, cases=cases)
    if not cases.cases:
        result.status = "no-cases"
        return result, []
    without = loaded_skill(before, local.skill) if local.kind == "update" else None
    with_skill = loaded_skill(after, local.skill)
    conditions: list[tuple[Condition, LoadedSkill | None]] = [("without", without),
                                                              ("with", with_skill)]
    jobs = [Job(local.branch, case, condition, sample, system_prompt(skill, case),
                user_prompt(case))
            for case in cases.cases
            for condition, skill in conditions
            for sample in range(options.samples)]
    return result, jobs


def verify(repo: GitRepo, branches: list[LocalBranch], backend: Backend, engine: str,
           cache: VerifyCache, sessions: Sessions, options: VerifyOptions,
           on_estimate: Callable[[Estimate, int | None], None] | None = None,
           digests: Digests | None = None, evidence: Evidence | None = None) -> VerifyReport:
    """Replay `branches`: cases from `sessions` where they are at hand, else from the
    replays `digests` stored (team mining)."""
    planned: list[tuple[ProposalResult, list[Job]]] = []
    for local in branches:
        if not local.ours:
            planned.append((ProposalResult(local.branch, CaseFile(fingerprint=local.fingerprint),
                                           status="foreign"), []))
            continue
        planned.append(plan(repo, local, cache, sessions, options, digests, evidence))
    budget = Budget(None)
    replayer = Replayer(backend, engine, cache, budget)
    todo = [j for _, jobs in planned for j in jobs if replayer.cached(j) is None]
    found = estimate([estimate_tokens(j.system + j.user) for j in todo],
                     sum(1 for j in todo if not j.case.expectation.structural), backend.model)
    cap = call_cap(options.max_calls, options.max_usd, found)
    if on_estimate is not None:
        on_estimate(found, cap)
    report = VerifyReport(engine=engine, estimate=found, cap=cap)
    budget.cap = cap
    for result, jobs in planned:
        report.proposals.append(result)
        if options.dry_run or not jobs:
            result.status = "planned" if jobs else result.status
            result.planned = jobs
            continue
        result.jobs = replayer.run(jobs, options.workers)
        if any(r.outcome == "not-run" for r in result.jobs):
            result.status = "incomplete"   # the cap stopped it: no figure, nothing written
            continue
        result.effect = effect_of(result.jobs, engine)
        local = next(b for b in branches if b.branch == result.branch)
        result.written, result.tip = write_effect(repo, local.branch, local.sha, result.effect,
                                                  options.identity)
    report.usage = budget.spent
    report.cached = sum(1 for p in report.proposals for j in p.jobs if j.cached)
    return report


@dataclass(frozen=True)
class Verifier:
    """What `skillgit eval` needs to measure the effect of the proposals it made."""

    backend: Backend
    engine: str
    options: VerifyOptions

    def measure(self, repo: GitRepo, branches: list[str], cache: VerifyCache,
                sessions: Sessions, evidence: Evidence | None = None
                ) -> dict[str, MeasuredEffect]:
        """branch -> its measured effect (branches whose replay was incomplete are left out)."""
        report = self.report(repo, branches, cache, sessions, evidence=evidence)
        return {p.branch: p.effect for p in report.proposals
                if p.effect is not None and p.status == "measured"}

    def report(self, repo: GitRepo, branches: list[str], cache: VerifyCache,
               sessions: Sessions, digests: Digests | None = None,
               evidence: Evidence | None = None) -> VerifyReport:
        picked = pick_branches(repo, tuple(branches), self.options.identity) if branches else []
        return verify(repo, picked, self.backend, self.engine, cache, sessions, self.options,
                      digests=digests, evidence=evidence)


def effect_of(results: list[JobResult], engine: str) -> MeasuredEffect:
    """The figures of one proposal: followed per condition, unparsed, one row per case."""
    def count(rs: list[JobResult], condition: str) -> tuple[int, int, int]:
        mine = [r for r in rs if r.job.condition == condition and r.outcome != "not-run"]
        return (sum(r.outcome == "followed" for r in mine), len(mine),
                sum(r.outcome == "unparsed" for r in mine))

    rows = []
    by_case: dict[str, list[JobResult]] = {}
    for r in results:
        by_case.setdefault(r.job.case.case_id, []).append(r)
    for rs in by_case.values():
        case = rs[0].job.case
        cells = []
        for condition in ("without", "with"):
            followed, ran, unparsed = count(rs, condition)
            cells.append(f"{followed}/{ran}" + (f" ({unparsed} unparsed)" if unparsed else ""))
        rows.append(row(f"{case.session} turn {case.turn}", cells[0], cells[1]))
    without, n, u1 = count(results, "without")
    with_skill, _, u2 = count(results, "with")
    return MeasuredEffect(without=without, with_skill=with_skill, samples=n, unparsed=u1 + u2,
                          engine=engine, rows=rows)
