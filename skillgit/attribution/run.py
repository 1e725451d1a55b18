"""`skillgit stats`: read sessions, attribute their skill invocations, count the outcomes.

One walk of the base branch's history builds every skill's versions (`history`); each session
is parsed, classified by the offline heuristic engine (the same rules `distill` uses: offline,
deterministic, no tokens) and its invocations attributed (`attribute`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta, timezone
from pathlib import Path

from skillgit.attribution.attribute import Attributed, attribute_digest
from skillgit.attribution.history import SkillHistory, build_history
from skillgit.attribution.stats import Report, build_report
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.gitops import GitError, GitRepo
from skillgit.transcripts.discover import SessionQuery, iter_conversations
from skillgit.transcripts.model import Redacting


def base_tip(repo: GitRepo, base: str | None) -> tuple[str, str]:
    """(name, sha) of the base: --base, else the checked-out branch, else main/master/HEAD."""
    for name in filter(None, [base] if base else [repo.current_branch(), "main", "master"]):
        sha = repo.ref_sha(name)
        if sha is not None:
            return name, sha
    if base:
        raise GitError(f"base branch {base!r} does not exist")
    if repo.detached_head():
        return "HEAD", repo.resolve("HEAD")
    raise GitError("no base branch: check out a branch with at least one commit, or pass --base")


def load_history(repo_path: Path, base: str | None,
                 skills_dir: str | None) -> tuple[str, SkillHistory]:
    with GitRepo(repo_path) as repo:
        name, sha = base_tip(repo, base)
        return name, build_history(repo, sha, skills_dir)


def collect(repo_path: Path, query: SessionQuery, redactor: Redacting, *, window: int,
            base: str | None = None, skills_dir: str | None = None, only: str | None = None,
            env: Mapping[str, str] | None = None, now: float | None = None,
            on_warning: Callable[[str], None] | None = None) -> Report:
    _, history = load_history(repo_path, base, skills_dir)
    if history.note is not None and on_warning is not None:
        on_warning(history.note)
    engine = HeuristicEngine()
    items: list[Attributed] = []
    sessions = 0
    for conversation in iter_conversations(query, redactor, env=env, on_warning=on_warning,
                                           now=now):
        sessions += 1
        if not conversation.skill_turns:
            continue
        digest, _usage = engine.distill(conversation)
        items.extend(attribute_digest(history, digest, window, conversation))
    since = None
    if query.since_days is not None:
        since = datetime.fromtimestamp(now if now is not None else time.time(),
                                       tz=timezone.utc) - timedelta(days=query.since_days)
    return build_report(history, items, sessions=sessions, window=window, since=since,
                        only=only)
