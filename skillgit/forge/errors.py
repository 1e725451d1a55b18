"""What can go wrong talking to a forge, one type per thing the caller handles differently.

Every message names what to fix. An implementation scrubs its token from every message
before building an exception (GitHub: `github.http.GitHubHttp`), so printing one is safe.
"""

from __future__ import annotations

from datetime import datetime, timezone

from skillgit.errors import SkillgitError


class ForgeError(SkillgitError):
    """A call to the forge failed; exit code 2 (auth, network or config)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class NoToken(ForgeError):
    """No token from --token-env, SKILLGIT_GITHUB_TOKEN, GITHUB_TOKEN or `gh auth token`."""


class BadCredentials(ForgeError):
    """401: the token is wrong, expired or revoked."""


class PermissionDenied(ForgeError):
    """403 "Resource not accessible by …": the token lacks a permission (named in the text)."""


class ActionsCannotCreatePullRequests(ForgeError):
    """GitHub Actions is not permitted to create or approve pull requests (a repository or
    organisation setting). The caller falls back to printing a compare URL per proposal."""


class NotFound(ForgeError):
    """404: the repository (or the thing in it) does not exist, or the token cannot see it."""


class PullRequestExists(ForgeError):
    """422 "A pull request already exists for OWNER:BRANCH": find it and update it instead."""


class ValidationFailed(ForgeError):
    """422 for any other reason (GitHub's `errors[]` are in the message)."""

    def __init__(self, message: str, status: int | None = 422,
                 details: tuple[str, ...] = ()) -> None:
        super().__init__(message, status)
        self.details = details


class ReviewRequestRejected(ValidationFailed):
    """422 on requesting reviewers (the author, or not a collaborator): worth a warning only."""


class NetworkError(ForgeError):
    """GitHub could not be reached, or kept answering 5xx, after the bounded retries."""


class MaybeDone(NetworkError):
    """A write (POST) that failed in a way that may hide its success (5xx, a lost
    connection): never retried blindly; the caller looks for its result first."""


class UnexpectedAnswer(ForgeError):
    """GitHub answered 2xx with a body lacking a field skillgit needs (or of another type)."""


class RateLimited(ForgeError):
    """A rate limit whose reset is further away than we are willing to wait."""

    def __init__(self, message: str, status: int | None, reset_at: datetime | None) -> None:
        super().__init__(message, status)
        self.reset_at = reset_at


def utc_text(epoch: float) -> str:
    """An epoch time as `2026-01-02 03:04:05 UTC`."""
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
