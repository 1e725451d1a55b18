"""`skillgit share` end to end (the CLI only parses), and what `mine --from-digests` reads.

share: contributor id → distill the allow-listed sessions (cached) → rewrite and gate each
digest → append the new or changed files to `refs/skillgit/digests/<id>` in one push.
`mine --from-digests` (`mine/from_digests.py`) reads them back: shared digests are a source
for `mine`, like transcripts, so this package sits below `mine/`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from skillgit.config import Config, repo_root
from skillgit.digest import Digest
from skillgit.distill.cache import DigestCache, default_cache_dir
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions
from skillgit.errors import UsageError
from skillgit.gitops import GitRepo
from skillgit.llm.base import Engine
from skillgit.redact import Redactor
from skillgit.share.collect import ShareSet, share_set
from skillgit.share.contributor import contributor_id
from skillgit.share.projects import AllowList
from skillgit.share.remote import ShareOutcome, forget, remote_target, share_files
from skillgit.share.shared import read_shared
from skillgit.transcripts.discover import SessionQuery

Warn = Callable[[str], None]


@dataclass
class ShareReport:
    contributor: str
    remote: str
    shared: ShareSet
    outcome: ShareOutcome
    outside_folders: str = ""   # where sessions outside the allow-list were (AllowList)


def share_remote(config: Config, remote: str | None) -> str:
    return remote or config.share.remote or config.publish.remote or "origin"


def run_share(repo_path: Path, config: Config, engine: Engine, distill: DistillOptions,
              cache_root: Path, redactor: Redactor, environ: Mapping[str, str], *,
              remote: str | None = None, dry_run: bool = False, forget_ref: bool = False,
              on_warning: Warn | None = None) -> ShareReport:
    root = repo_root(repo_path)
    if root is None:
        raise UsageError(f"{repo_path}: not inside a git repository (share pushes to one of "
                         "its remotes)")
    spec = share_remote(config, remote)
    with GitRepo(root) as repo:
        contributor = contributor_id(repo, config.share.contributor, environ)
        target = remote_target(repo, spec, environ)
        if forget_ref:
            outcome = forget(repo, target, contributor, dry_run=dry_run)
            return ShareReport(contributor, target.label, ShareSet(), outcome)
        allow = AllowList(config.share.projects, root, environ.get("HOME") or str(Path.home()))
        found = share_set(engine, distill, cache_root, redactor, allow, contributor,
                          env=environ, on_warning=on_warning)
        outcome = share_files(repo, target, contributor, found.files, dry_run=dry_run)
    return ShareReport(contributor, target.label, found, outcome, allow.missed_summary())


def since_cutoff(digests: list[Digest], since_days: float | None,
                 now: float | None = None) -> list[Digest]:
    """Digests of sessions started in the last `since_days` days (undated ones are kept)."""
    if since_days is None:
        return digests
    cutoff = datetime.fromtimestamp((time.time() if now is None else now) - since_days * 86400,
                                    tz=timezone.utc)
    return [d for d in digests if d.started_at is None
            or (d.started_at if d.started_at.tzinfo else
                d.started_at.replace(tzinfo=timezone.utc)) >= cutoff]


def team_digests(repo_path: Path, config: Config, remote: str | None,
                 environ: Mapping[str, str], on_warning: Warn | None = None) -> list[Digest]:
    """Every teammate's shared digests on the share remote, merged (`verify --from-digests`
    replays what they stored); a file that cannot be read is a warning, never fatal."""
    with GitRepo(repo_path) as repo:
        target = remote_target(repo, share_remote(config, remote), environ)
        read = read_shared(repo, target)
    for problem in read.problems:
        (on_warning or (lambda _m: None))(f"shared digests: {problem}")
    return read.digests


def local_sessions(engine: Engine, query: SessionQuery, distill: DistillOptions,
                   redactor: Redactor, on_digest: Callable[[Digest], None] | None = None,
                   on_warning: Warn | None = None) -> Callable[[], DistillResult]:
    """Distilling the local sessions `query` selects, to mine with the shared digests."""
    options = DistillOptions(query=query, workers=distill.workers, limit=distill.limit,
                             refresh=distill.refresh, parse_tag=distill.parse_tag)

    def run() -> DistillResult:
        return distill_sessions(engine, options, DigestCache(default_cache_dir()), redactor,
                                on_digest=on_digest, on_warning=on_warning)
    return run
