"""One sticky PR comment per pull request: created on the first run, edited afterwards.

The comment starts with a hidden marker. Anyone can paste that marker into a comment of
their own, so only a comment that starts with it AND was written by a bot account
(github-actions[bot], an App) or by the token's own user is taken as ours; anything else is
left alone and a new comment is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skillgit.errors import SkillgitError, UsageError
from skillgit.github.client import GitHubClient, Upserted
from skillgit.github.errors import NotFound
from skillgit.github.models import IssueComment
from skillgit.github.repo import RepoRef
from skillgit.review.summary import COMMENT_MARKER


def post_comment(client: GitHubClient, number: int, body: str) -> tuple[IssueComment, Upserted]:
    if not body.startswith(COMMENT_MARKER):
        raise ValueError("the comment body must start with its marker")
    me = _own_login(client)
    found = None
    for item in _comments(client, number):
        comment = IssueComment.model_validate(item)
        if (comment.body or "").startswith(COMMENT_MARKER) and comment.user is not None and (
                comment.user.type == "Bot" or comment.user.login.endswith("[bot]")
                or (me is not None and comment.user.login.lower() == me.lower())):
            found = comment
            break
    if found is None:
        return client.create_comment(number, body), "created"
    if found.body == body:
        return found, "unchanged"
    return client.update_comment(found.id, body), "updated"


def _comments(client: GitHubClient, number: int) -> list[dict[str, Any]]:
    """The pull request's comments; a 404 on a repository that exists means there is no
    pull request `number` (not a wrong repository name)."""
    try:
        return list(client.http.paginate(f"{client.repo.api_path}/issues/{int(number)}/comments",
                                         needs="Pull requests: read and write"))
    except NotFound:
        try:
            client.http.get_object(client.repo.api_path)
        except SkillgitError:
            raise  # the repository itself is not there: the first message says so
        raise UsageError(f"there is no pull request #{int(number)} in {client.repo}; "
                         "check --pr N") from None


def _own_login(client: GitHubClient) -> str | None:
    """The token's user (a personal or fine-grained token); None for an Actions or App
    installation token, which cannot ask."""
    try:
        data = client.http.get_object("/user")
    except SkillgitError:
        return None
    login = data.get("login")
    return login if isinstance(login, str) else None


def repository(environ: Mapping[str, str], remote_url: str | None) -> RepoRef:
    """OWNER/NAME from `$GITHUB_REPOSITORY`, else from the remote's URL."""
    named = environ.get("GITHUB_REPOSITORY")
    if named:
        return RepoRef.parse(named, source="GITHUB_REPOSITORY")
    if remote_url is None:
        raise SkillgitError("cannot tell the GitHub repository: set GITHUB_REPOSITORY or add "
                            "an `origin` remote")
    return RepoRef.from_remote_url(remote_url)
