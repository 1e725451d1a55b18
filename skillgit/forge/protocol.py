"""The forge as `publish`, `review` and the dashboard use it: pull requests, labels,
reviewers, issues and comments on one repository.

`github.client.GitHubClient` is the first implementation. Another forge (GitLab merge
requests, Gitea, Bitbucket) implements this protocol, answers with `forge.models` and raises
`forge.errors`; nothing above it changes. Writes are idempotent by a marker (the dashboard
issue, the sticky comment) or by the head branch (one pull request per proposal branch).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Literal, Protocol

from skillgit.forge.models import Issue, IssueComment, PullRequest

Upserted = Literal["created", "updated", "unchanged", "closed"]
PullState = Literal["open", "closed", "all"]


class Forge(Protocol):
    """One repository on a forge. Errors are `forge.errors.ForgeError`s."""

    @property
    def name(self) -> str:
        """OWNER/NAME, as people write it."""
        ...

    @property
    def web_url(self) -> str:
        """The repository's page (pull request N is at `{web_url}/pull/N`)."""
        ...

    @property
    def api_path(self) -> str:
        """Where the forge's API addresses this repository (a dry run names the calls it
        would make below it)."""
        ...

    def close(self) -> None: ...

    def compare_url(self, base: str, head: str) -> str:
        """Where a person opens the pull request by hand when automation may not."""
        ...

    # -- pull requests ----------------------------------------------------------------------
    def pulls_for_branch(self, branch: str, state: PullState = "all") -> list[PullRequest]:
        """Pull requests from `branch` of this repository, newest first."""
        ...

    def open_pulls(self, head_prefix: str = "", label: str | None = None) -> list[PullRequest]:
        """Open pull requests whose head branch starts with `head_prefix`, oldest first."""
        ...

    def create_pull(self, *, title: str, head: str, base: str, body: str,
                    draft: bool = False) -> PullRequest:
        """`PullRequestExists` when one is open for `head`; never creates two."""
        ...

    def update_pull(self, number: int, *, title: str | None = None,
                    body: str | None = None) -> PullRequest: ...

    def close_pull(self, number: int) -> PullRequest: ...

    # -- reviewers and labels ---------------------------------------------------------------
    def request_reviewers(self, number: int, reviewers: Sequence[str] = (),
                          team_reviewers: Sequence[str] = ()) -> None:
        """`ReviewRequestRejected` when the forge refuses a reviewer (worth a warning)."""
        ...

    def ensure_labels(self, names: Sequence[str], color: str = "5319e7",
                      description: str = "Proposed by skillgit") -> list[str]:
        """Create the labels that do not exist yet; returns the names created."""
        ...

    def add_labels(self, number: int, labels: Sequence[str]) -> None: ...

    def remove_label(self, number: int, label: str) -> None:
        """Take `label` off; one the issue or PR does not carry is no error."""
        ...

    # -- issues (the dashboard) -------------------------------------------------------------
    def find_issue_by_marker(self, marker: str, label: str) -> Issue | None: ...

    def issues_by_marker(self, marker: str, label: str,
                         state: Literal["open", "all"] = "open") -> Iterator[Issue]: ...

    def create_issue(self, title: str, body: str, labels: Sequence[str] = ()) -> Issue: ...

    def update_issue(self, number: int, *, title: str | None = None,
                     body: str | None = None) -> Issue: ...

    def close_issue(self, number: int) -> Issue: ...

    def upsert_issue_by_marker(self, marker: str, title: str, body: str,
                               label: str = "skillgit") -> tuple[Issue, Upserted]: ...

    # -- comments ---------------------------------------------------------------------------
    def comments(self, number: int) -> Iterator[IssueComment]:
        """The comments of pull request or issue `number`, oldest first."""
        ...

    def own_login(self) -> str | None:
        """The login the token acts as, when the forge tells (None: an app or CI token)."""
        ...

    def create_comment(self, number: int, body: str) -> IssueComment: ...

    def update_comment(self, comment_id: int, body: str) -> IssueComment: ...

    def upsert_comment_by_marker(self, number: int, marker: str, body: str,
                                 author: str | None = None) -> tuple[IssueComment, Upserted]: ...
