"""What `skillgit review` takes from GitHub Actions when the options are not given.

In a `pull_request` run: the base is `origin/$GITHUB_BASE_REF` (what actions/checkout
fetches with `fetch-depth: 0`), else the event's base sha, else the branch of that name; the
head is HEAD; the PR number and the head commit (whose trailers mark a skillgit proposal) come
from the event JSON at `$GITHUB_EVENT_PATH`. Outside Actions the base is `main`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skillgit.errors import UsageError
from skillgit.gitobjects import GitError
from skillgit.gitobjects.diff import resolve_revision
from skillgit.gitops import GitRepo

LOCAL_BASE = "main"


@dataclass(frozen=True)
class PullRequestEvent:
    number: int | None = None
    base_sha: str | None = None
    head_sha: str | None = None


def read_event(environ: Mapping[str, str]) -> PullRequestEvent:
    """The pull request of `$GITHUB_EVENT_PATH` (an empty one outside a pull_request run)."""
    path = environ.get("GITHUB_EVENT_PATH")
    if not path:
        return PullRequestEvent()
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot read the GitHub event file {path!r} (GITHUB_EVENT_PATH): "
                         f"{exc}") from None
    pull = data.get("pull_request") if isinstance(data, dict) else None
    if not isinstance(pull, dict):
        return PullRequestEvent()
    number = pull.get("number", data.get("number"))
    return PullRequestEvent(number if isinstance(number, int) and number > 0 else None,
                            _sha(pull.get("base")), _sha(pull.get("head")))


def _sha(side: Any) -> str | None:
    sha = side.get("sha") if isinstance(side, dict) else None
    return sha if isinstance(sha, str) and sha.isalnum() else None


def resolve_base(repo: GitRepo, given: str | None, environ: Mapping[str, str],
                 event: PullRequestEvent) -> str:
    if given is not None:
        return _resolve(repo, given, "--base")
    base_ref = environ.get("GITHUB_BASE_REF")
    if not base_ref:
        return _resolve(repo, LOCAL_BASE, "the default base (use --base REF)")
    tried = [f"origin/{base_ref}", *([event.base_sha] if event.base_sha else []), base_ref]
    for name in tried:
        try:
            return resolve_revision(repo, name)
        except GitError:
            continue
    raise UsageError(f"cannot find the pull request's base ({', '.join(tried)}) in this "
                     "clone: check out with `fetch-depth: 0` (actions/checkout), or pass "
                     "--base REF")


def resolve_head(repo: GitRepo, given: str | None) -> str:
    return _resolve(repo, given or "HEAD", "--head")


def trailer_commit(repo: GitRepo, head: str, head_given: bool,
                   event: PullRequestEvent) -> str:
    """The commit whose trailers say whether this is a skillgit proposal: the PR's own head
    (Actions checks out a merge commit whose message is not the proposal's)."""
    if not head_given and event.head_sha:
        try:
            return resolve_revision(repo, event.head_sha)
        except GitError:
            pass
    parents = repo.commit_info(head).parents
    return parents[-1] if not head_given and len(parents) == 2 and event.number else head


def _resolve(repo: GitRepo, name: str, what: str) -> str:
    """The commit `name` names; a `UsageError` saying how to fetch it when this clone does not
    hold it (a shallow clone: `actions/checkout` fetches one commit by default)."""
    try:
        sha = resolve_revision(repo, name)
        repo.commit_info(sha)
    except GitError as exc:
        if "not in this repository" in str(exc) and is_shallow(repo):
            raise missing_history(repo, f"{what} {name}") from None
        raise UsageError(f"{what}: {exc}") from None
    except KeyError:
        raise missing_history(repo, f"{what} {name}") from None
    return sha


def missing_history(repo: GitRepo, what: str) -> UsageError:
    """The error for a commit this clone lacks: fetch more history."""
    return UsageError(
        f"{what}: that commit is not in this clone"
        + (" (it is a shallow clone)" if is_shallow(repo) else "")
        + ": fetch more history first, e.g. `git fetch --deepen=100` or "
        "`git fetch --unshallow`; in GitHub Actions, check out with `fetch-depth: 0` "
        "(actions/checkout)")


def is_shallow(repo: GitRepo) -> bool:
    """A clone made with `--depth` (`actions/checkout` by default)."""
    return (repo.control_dir / "shallow").is_file()
