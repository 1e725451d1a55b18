"""One sticky PR comment per pull request: created on the first run, edited afterwards.

The comment starts with a hidden marker. Anyone can paste that marker into a comment of
their own, so only a comment that starts with it AND was written by a bot account
(github-actions[bot], an App) or by the token's own user is taken as ours; anything else is
left alone and a new comment is written.
"""

from __future__ import annotations

from skillgit.forge.models import IssueComment
from skillgit.forge.protocol import Forge, Upserted
from skillgit.review.summary import COMMENT_MARKER


def post_comment(client: Forge, number: int, body: str) -> tuple[IssueComment, Upserted]:
    if not body.startswith(COMMENT_MARKER):
        raise ValueError("the comment body must start with its marker")
    me = client.own_login()
    found = None
    for comment in client.comments(number):
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
