"""`skillgit review` from options to effects: resolve the commits, review, then write the
summary file and the sticky comment when asked."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from skillgit.errors import UsageError
from skillgit.forge.protocol import Forge
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


# The forge of the pull request's repository, from the `origin` remote's URL (None: no such
# remote); GitHub: `github.connect.for_pull_request`.
ForgeFor = Callable[[str | None], Forge]


def run_review(cwd: Path, options: ReviewOptions, environ: Mapping[str, str],
               forge_for: ForgeFor) -> ReviewOutcome:
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
        outcome.notes.append(_comment(number, render_summary(result, marker=True),
                                      remote_url, forge_for))
    return outcome


def _append(path: str, text: str) -> None:
    try:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write the summary to {path!r}: "
                         f"{exc.strerror or exc}") from None


def _comment(number: int, body: str, remote_url: str | None, forge_for: ForgeFor) -> str:
    from skillgit.review.comment import post_comment

    client = forge_for(remote_url)
    try:
        comment, status = post_comment(client, number, body)
    finally:
        client.close()
    return f"pull request comment {status}: {comment.html_url or comment.id}"
