"""What can go wrong talking to GitHub, one type per thing the caller handles differently.

Every message names what to fix. Every message is scrubbed of the token before it is built
into an exception (see `http.GitHubHttp`), so printing one is always safe.
"""

from __future__ import annotations

from datetime import datetime, timezone

from skillgit.errors import SkillgitError


class GitHubError(SkillgitError):
    """A GitHub API call failed; exit code 2 (auth, network or config)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class NoToken(GitHubError):
    """No token from --token-env, SKILLGIT_GITHUB_TOKEN, GITHUB_TOKEN or `gh auth token`."""


class BadCredentials(GitHubError):
    """401: the token is wrong, expired or revoked."""


class PermissionDenied(GitHubError):
    """403 "Resource not accessible by …": the token lacks a permission (named in the text)."""


class ActionsCannotCreatePullRequests(GitHubError):
    """GitHub Actions is not permitted to create or approve pull requests (a repository or
    organisation setting). The caller falls back to printing a compare URL per proposal."""


class NotFound(GitHubError):
    """404: the repository (or the thing in it) does not exist, or the token cannot see it."""


class PullRequestExists(GitHubError):
    """422 "A pull request already exists for OWNER:BRANCH": find it and update it instead."""


class ValidationFailed(GitHubError):
    """422 for any other reason (GitHub's `errors[]` are in the message)."""

    def __init__(self, message: str, status: int | None = 422,
                 details: tuple[str, ...] = ()) -> None:
        super().__init__(message, status)
        self.details = details


class ReviewRequestRejected(ValidationFailed):
    """422 on requesting reviewers (the author, or not a collaborator): worth a warning only."""


class NetworkError(GitHubError):
    """GitHub could not be reached, or kept answering 5xx, after the bounded retries."""


class MaybeDone(NetworkError):
    """A write (POST) that failed in a way that may hide its success (5xx, a lost
    connection): never retried blindly; the caller looks for its result first."""


class UnexpectedAnswer(GitHubError):
    """GitHub answered 2xx with a body lacking a field skillgit needs (or of another type)."""


class RateLimited(GitHubError):
    """A rate limit whose reset is further away than we are willing to wait."""

    def __init__(self, message: str, status: int | None, reset_at: datetime | None) -> None:
        super().__init__(message, status)
        self.reset_at = reset_at


def utc_text(epoch: float) -> str:
    """An epoch time as `2026-01-02 03:04:05 UTC`."""
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
