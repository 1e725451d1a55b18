"""GitHub's names for the forge errors (`skillgit.forge.errors`), which the GitHub client raises;
`GitHubError` is the forge's base error."""

from __future__ import annotations

from skillgit.forge.errors import (
    ActionsCannotCreatePullRequests,
    BadCredentials,
    MaybeDone,
    NetworkError,
    NotFound,
    NoToken,
    PermissionDenied,
    PullRequestExists,
    RateLimited,
    ReviewRequestRejected,
    UnexpectedAnswer,
    ValidationFailed,
    utc_text,
)
from skillgit.forge.errors import ForgeError as GitHubError

__all__ = ["ActionsCannotCreatePullRequests", "BadCredentials", "GitHubError", "MaybeDone",
           "NetworkError", "NoToken", "NotFound", "PermissionDenied", "PullRequestExists",
           "RateLimited", "ReviewRequestRejected", "UnexpectedAnswer", "ValidationFailed",
           "utc_text"]
