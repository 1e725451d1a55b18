"""`skillgit mine` after distilling: propose, then write branches under a repository lock."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from pydantic import BaseModel, Field

from skillgit.collector import fewer_collections
from skillgit.digest import Digest
from skillgit.distill.cache import DigestCache
from skillgit.distill.llm_engine import LLMEngine
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions
from skillgit.errors import UsageError
from skillgit.gitops import GitRepo
from skillgit.hints import flag_hint, joined
from skillgit.judge.model_judge import ModelJudge
from skillgit.llm.base import Backend, Engine
from skillgit.mine.propose import ProposalSet, propose
from skillgit.mine.remote_state import adopt_ledger, read_remote_state
from skillgit.mine.write import WriteOutcome, commit_message, write_proposal
from skillgit.proposal import Proposal
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery
from skillgit.wire.branches import resolve_base
from skillgit.wire.commit import DEFAULT_IDENTITY
from skillgit.wire.ledger import LEDGER_BRANCH, Ledger, load_ledger, record_merged
from skillgit.wire.lock import writing


class MineOptions(BaseModel):
    max_proposals: int = 5
    base: str | None = None
    dry_run: bool = False
    skills_dir: str | None = None
    identity: str = DEFAULT_IDENTITY
    engine: str = "heuristic"
    lock_wait_seconds: float = 30.0
    window: int = 3  # outcome window of a skill invocation, in user turns (attribution.window)
    remote: str | None = None   # where the ledger and open proposals live (default: origin)


class MineResult(BaseModel):
    base_branch: str
    base_sha: str
    found: ProposalSet
    outcomes: list[WriteOutcome] = Field(default_factory=list)
    dry_run: bool = False
    engine: str = "heuristic"     # the distill engine's label, "<backend>/<model>"
    notes: list[str] = Field(default_factory=list)   # e.g. the remote could not be read

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)


def check_skills_dir(repo: GitRepo, base_name: str, base_sha: str,
                     skills_dir: str | None) -> None:
    """A skills folder that is a file (in the base commit or the work tree) is a usage error."""
    if not skills_dir:
        return
    in_the_way = repo.file_in_the_way(base_sha, skills_dir)
    if in_the_way is not None:
        raise UsageError(f"the skills folder {skills_dir!r}: {in_the_way!r} is a file in "
                         f"{base_name}, not a folder; choose another "
                         + _skills_dir_keys())
    tree = repo.work_tree
    if tree is not None and (tree / skills_dir).exists() and not (tree / skills_dir).is_dir():
        raise UsageError(f"the skills folder {skills_dir!r} is a file in {tree}, not a folder; "
                         "choose another " + _skills_dir_keys())


def _skills_dir_keys() -> str:
    return joined(flag_hint("--skills-dir", verb=""), "mine.skills_dir", sep=" or ")


def mine_digests(repo_path: Path, digests: Iterable[Digest], options: MineOptions,
                 redactor: Redactor | None = None, writer: Backend | None = None,
                 on_warning: Callable[[str], None] | None = None,
                 model_judge: ModelJudge | None = None,
                 env: Mapping[str, str] | None = None) -> MineResult:
    with GitRepo(repo_path) as repo:
        base_name, base_sha = resolve_base(repo, options.base)
        check_skills_dir(repo, base_name, base_sha, options.skills_dir)
        state = read_remote_state(repo, options.remote, env if env is not None else {})
        found = propose(repo, base_sha, list(digests), max_proposals=options.max_proposals,
                        skills_dir=options.skills_dir, ledger=state.ledger,
                        engine=options.engine, redactor=redactor, writer=writer,
                        on_warning=on_warning, model_judge=model_judge, window=options.window)
        result = MineResult(base_branch=base_name, base_sha=base_sha, found=found,
                            dry_run=options.dry_run, engine=options.engine, notes=state.notes)
        if options.dry_run:
            result.outcomes = [write_proposal(repo, p, base_sha, options.identity, dry_run=True,
                                              remote_tip=state.proposals.get(p.branch))
                               for p in found.proposals]
            return result
        branches = [p.branch for p in found.proposals]
        ledger = [LEDGER_BRANCH] if state.remote_tip is not None or found.merged else []
        with writing(repo, [*branches, *ledger], options.lock_wait_seconds):
            # Re-read the base under the lock: another run may have moved things meanwhile.
            _, base_sha = resolve_base(repo, base_name)
            ledger_tip = adopt_ledger(repo, state)
            # ... and the ledger: a `proposals reject` may have recorded one of these since.
            now, now_tip = load_ledger(repo)
            result.outcomes = [
                _rejected_meanwhile(p) if now_tip != ledger_tip and _blocked(now, p)
                else write_proposal(repo, p, base_sha, options.identity,
                                    remote_tip=state.proposals.get(p.branch))
                for p in found.proposals]
            record_merged(repo, found.merged, options.identity)
        return result


def _blocked(ledger: Ledger, proposal: Proposal) -> bool:
    return ledger.blocks(proposal.kind, proposal.skill, len(proposal.evidence_sessions),
                         proposal.verdict.candidate.key)


def _rejected_meanwhile(proposal: Proposal) -> WriteOutcome:
    return WriteOutcome(branch=proposal.branch, status="rejected",
                        detail="rejected while this run was proposing it (see the ledger); "
                        "not written")


def render_dry_run(proposal: Proposal, base_files: dict[str, bytes], status: str = "") -> str:
    """What `--dry-run` prints for one proposal: branch (and what a real run would do with it),
    message and a unified diff."""
    out = [f"=== {proposal.branch}" + (f" ({status})" if status else ""),
           commit_message(proposal).rstrip(), ""]
    for path, data in sorted(proposal.change.files.items()):
        old = base_files.get(path, b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = data.decode("utf-8", "replace").splitlines(keepends=True)
        out.extend(line.rstrip("\n") for line in difflib.unified_diff(
            old, new, f"a/{path}" if path in base_files else "/dev/null", f"b/{path}"))
    return "\n".join(out) + "\n"


def engine_label(engine: Engine) -> str:
    return f"{engine.name}/{engine.model}" if engine.model else engine.name


def run_mine(repo_path: Path, query: SessionQuery, options: MineOptions, engine: Engine, *,
             cache: DigestCache, redactor: Redactor, distill: DistillOptions | None = None,
             env: Mapping[str, str] | None = None,
             on_digest: Callable[[Digest], None] | None = None,
             on_warning: Callable[[str], None] | None = None,
             model_judge: ModelJudge | None = None) -> tuple[DistillResult, MineResult]:
    """The whole pipeline: discover → parse → redact → distill (cached) → propose → write."""
    with GitRepo(repo_path) as repo:  # fail fast, before any distilling
        base_name, base_sha = resolve_base(repo, options.base)
        check_skills_dir(repo, base_name, base_sha, options.skills_dir)
    settings = distill or DistillOptions()
    with fewer_collections() as settle:  # tens of thousands of long-lived digests and signals
        distilled = distill_sessions(engine, DistillOptions(
            query=query, workers=settings.workers, limit=settings.limit,
            refresh=settings.refresh, parse_tag=settings.parse_tag), cache, redactor, env=env,
            on_digest=on_digest, on_warning=on_warning)
        if distilled.error is not None:
            raise distilled.error  # every digest finished so far is already cached
        settle()   # the digests live until the run ends: no collection need read them again
        options = options.model_copy(update={"engine": engine_label(engine)})
        writer = engine.backend if isinstance(engine, LLMEngine) else None
        return distilled, mine_digests(repo_path, distilled.digests, options, redactor,
                                      writer, on_warning, model_judge, env)


def dry_run_text(repo_path: Path, result: MineResult) -> str:
    status = {o.branch: o.status for o in result.outcomes}
    with GitRepo(repo_path) as repo:
        parts = []
        for proposal in result.found.proposals:
            base_files = {path: data for path in proposal.change.files
                          if (data := repo.read_file(result.base_sha, path)) is not None}
            parts.append(render_dry_run(proposal, base_files, status.get(proposal.branch, "")))
    return "\n".join(parts)
