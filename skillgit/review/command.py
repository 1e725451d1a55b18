"""`skillgit review` from options to effects: resolve the commits, review, then write the
summary file and the sticky comment when asked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from skillgit.errors import UsageError
from skillgit.gitobjects.diff import remote_url_of
from skillgit.gitops import GitRepo
from skillgit.review.actions import (
    read_event,
    resolve_base,
    resolve_head,
    trailer_commit,
)
from skillgit.review.model import ReviewResult
from skillgit.review.run import review
from skillgit.review.summary import render_summary


@dataclass(frozen=True)
class ReviewOptions:
    base: str | None = None
    head: str | None = None
    summary: str | None = None
    comment: bool = False
    pr: int | None = None
    token_env: str | None = None
    profile: str = "spec"


@dataclass
class ReviewOutcome:
    result: ReviewResult
    notes: list[str] = field(default_factory=list)


def run_review(cwd: Path, options: ReviewOptions, environ: Mapping[str, str],
               transport: httpx.BaseTransport | None = None) -> ReviewOutcome:
    event = read_event(environ)
    with GitRepo(cwd) as repo:
        base = resolve_base(repo, options.base, environ, event)
        head = resolve_head(repo, options.head)
        trailers = trailer_commit(repo, head, options.head is not None, event)
        result = review(repo, base, head, options.profile, trailers)
        remote_url = remote_url_of(repo, "origin")
    outcome = ReviewOutcome(result)
    summary_path = options.summary or environ.get("GITHUB_STEP_SUMMARY") or None
    if summary_path:
        _append(summary_path, render_summary(result))
        outcome.notes.append(f"summary written to {summary_path}")
    if options.comment:
        number = options.pr or event.number
        if number is None:
            raise UsageError("--comment needs the pull request: pass --pr N, or run in a "
                             "pull_request workflow (GITHUB_EVENT_PATH)")
        outcome.notes.append(_comment(number, render_summary(result, marker=True), environ,
                                      remote_url, options.token_env, transport))
    return outcome


def _append(path: str, text: str) -> None:
    try:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write the summary to {path!r}: "
                         f"{exc.strerror or exc}") from None


def _comment(number: int, body: str, environ: Mapping[str, str], remote_url: str | None,
             token_env: str | None, transport: httpx.BaseTransport | None) -> str:
    from skillgit.github.client import GitHubClient
    from skillgit.review.comment import post_comment, repository

    repo_ref = repository(environ, remote_url)
    with GitHubClient.connect(repo_ref, environ, token_env=token_env,
                              transport=transport) as client:
        comment, status = post_comment(client, number, body)
    return f"pull request comment {status}: {comment.html_url or comment.id}"
