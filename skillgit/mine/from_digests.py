"""`skillgit mine --from-digests`: the team's shared digests as a source for `mine`.

Fetch and merge every contributor's digests (`share.shared`), plus local sessions when
asked, then the same propose → judge → generate → commit path as `mine`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

from skillgit.config import Config
from skillgit.distill.llm_engine import LLMEngine
from skillgit.distill.run import DistillResult
from skillgit.gitops import GitRepo
from skillgit.judge.model_judge import ModelJudge
from skillgit.llm.base import Engine
from skillgit.mine.run import MineOptions, MineResult, engine_label, mine_digests
from skillgit.redact import Redactor
from skillgit.share.remote import remote_target
from skillgit.share.run import share_remote, since_cutoff
from skillgit.share.shared import SharedRead, read_shared
from skillgit.wire.branches import resolve_base

Warn = Callable[[str], None]


def mine_shared(repo_path: Path, config: Config, options: MineOptions, engine: Engine,
                redactor: Redactor, environ: Mapping[str, str], *, remote: str | None = None,
                since_days: float | None = None,
                local: Callable[[], DistillResult] | None = None,
                on_warning: Warn | None = None, model_judge: ModelJudge | None = None,
                ) -> tuple[DistillResult, MineResult, SharedRead]:
    """Mine the team's shared digests (and local sessions when `local` is given)."""
    warn = on_warning or (lambda _m: None)
    with GitRepo(repo_path) as repo:  # fail fast, before any fetching or distilling
        resolve_base(repo, options.base)
        target = remote_target(repo, share_remote(config, remote), environ)
        distilled = local() if local is not None else DistillResult()
        if distilled.error is not None:
            raise distilled.error
        read = read_shared(repo, target, distilled.digests)
    for problem in read.problems:
        warn(f"shared digests: {problem}")
    if not read.contributors:
        warn(f"no shared digests on {target.label} (refs/skillgit/digests/*): teammates "
             "publish them with `skillgit share`")
    digests = since_cutoff(read.digests, since_days)
    # The sessions mined: the shared digests (merged) and the local ones, not only the local.
    distilled = replace(distilled, stats=replace(distilled.stats, sessions=len(digests)))
    options = options.model_copy(update={"engine": engine_label(engine)})
    writer = engine.backend if isinstance(engine, LLMEngine) else None
    result = mine_digests(repo_path, digests, options, redactor, writer, warn,
                          model_judge=model_judge, env=environ)
    return distilled, result, read
