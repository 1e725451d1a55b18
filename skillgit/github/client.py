"""Typed calls for what `publish` needs, on one repository.

Per new PR the lifecycle costs: find by head branch (1 GET), create (1 POST), labels
(1 POST; missing labels are created once per run, with a colour), reviewers (1 POST).
An unchanged dashboard or comment costs reads only: bodies are compared before any PATCH.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel

from skillgit.errors import SkillgitError, UsageError
from skillgit.forge.errors import NotFound
from skillgit.forge.models import Issue, IssueComment, PullRequest, parse
from skillgit.forge.protocol import Upserted
from skillgit.github.auth import GitHubSettings, resolve_token
from skillgit.github.errors import MaybeDone, ReviewRequestRejected, ValidationFailed
from skillgit.github.http import GitHubHttp
from skillgit.github.repo import RepoRef
from skillgit.hints import flag_hint
from skillgit.retry import RetryPolicy

PULLS = "Pull requests: read and write"
ISSUES = "Issues: read and write (labels, the dashboard issue, comments)"
DEFAULT_LABEL_COLOR = "5319e7"
MAX_LABEL = 50
_COLOR = re.compile(r"[0-9a-fA-F]{6}")
T = TypeVar("T")
Model = TypeVar("Model", bound=BaseModel)


class GitHubClient:
    """The REST calls publish and review make on `repo` (the `forge.Forge` protocol, on
    GitHub). Build with `GitHubClient.connect(...)`."""

    def __init__(self, http: GitHubHttp, repo: RepoRef) -> None:
        self.http = http
        self.repo = repo
        self._labels: set[str] | None = None  # lower-cased names known to exist

    @classmethod
    def connect(cls, repo: RepoRef, environ: Mapping[str, str], *,
                token_env: str | None = None, transport: httpx.BaseTransport | None = None,
                policy: RetryPolicy | None = None) -> GitHubClient:
        """Settings from the environment, the token resolved (see `auth.resolve_token`)."""
        settings = GitHubSettings.from_env(environ)
        token = resolve_token(environ, token_env, settings)
        return cls(GitHubHttp(settings, token, transport=transport, policy=policy), repo)

    def __enter__(self) -> GitHubClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    @property
    def name(self) -> str:
        return str(self.repo)

    @property
    def api_path(self) -> str:
        return self.repo.api_path

    @property
    def web_url(self) -> str:
        return f"{self.http.settings.server_url.rstrip('/')}/{self.repo}"

    def __repr__(self) -> str:
        return f"GitHubClient({self.repo}, {self.http!r})"

    @property
    def _base(self) -> str:
        return self.repo.api_path

    def compare_url(self, base: str, head: str) -> str:
        """Where a human can open the PR by hand (the fallback when Actions may not)."""
        return self.repo.compare_url(self.http.settings.server_url, base, head)

    # -- pull requests ----------------------------------------------------------------------

    def pulls_for_branch(self, branch: str,
                         state: Literal["open", "closed", "all"] = "all") -> list[PullRequest]:
        """PRs whose head is `branch` of this repository, newest first (closed and merged
        ones too with state="all")."""
        items = self.http.paginate(f"{self._base}/pulls", {
            "head": f"{self.repo.owner}:{branch}", "state": state,
            "sort": "created", "direction": "desc"}, needs=PULLS)
        pulls = [parse(PullRequest, item, f"GET {self._base}/pulls") for item in items]
        return [p for p in pulls if p.head.ref == branch and self._ours(p)]

    def open_pulls(self, head_prefix: str = "", label: str | None = None) -> list[PullRequest]:
        """Open PRs from this repository whose head branch starts with `head_prefix` (and
        that carry `label`, when given), oldest first."""
        items = self.http.paginate(f"{self._base}/pulls", {
            "state": "open", "sort": "created", "direction": "asc"}, needs=PULLS)
        pulls = [parse(PullRequest, item, f"GET {self._base}/pulls") for item in items]
        return [p for p in pulls if p.head.ref.startswith(head_prefix) and self._ours(p)
                and (label is None or label.lower() in {n.lower() for n in p.label_names})]

    def _ours(self, pull: PullRequest) -> bool:
        """Not a fork's PR that happens to use the same branch name."""
        repo = pull.head.repo
        return repo is not None and repo.full_name.lower() == str(self.repo).lower()

    def get_pull(self, number: int) -> PullRequest:
        path = f"{self._base}/pulls/{int(number)}"
        return parse(PullRequest, self.http.get_object(path, needs=PULLS), f"GET {path}")

    def _answer(self, model: type[Model], method: str, path: str, needs: str,
                payload: Any) -> Model:
        response = self.http.request(method, path, json=payload, needs=needs)
        return parse(model, self.http.json_object(response), f"{method} {path}")

    def _create(self, make: Callable[[], T], probe: Callable[[], T | None]) -> T:
        """A POST that is not idempotent: when it fails in a way that may hide its success,
        `probe` looks for what it would have created (by a marker, or the head branch)
        before it is tried again, so nothing is ever made twice."""
        attempt = 0
        while True:
            try:
                return make()
            except MaybeDone:
                found = probe()
                if found is not None:
                    return found
                if attempt >= self.http.policy.max_retries:
                    raise
                self.http.policy.sleep(self.http.policy.backoff(attempt))
                attempt += 1

    def create_pull(self, *, title: str, head: str, base: str, body: str,
                    draft: bool = False) -> PullRequest:
        """201 → the PR. `PullRequestExists` when one is open for `head` already;
        `ActionsCannotCreatePullRequests` when the repository setting forbids it."""
        payload = {"title": title, "head": head, "base": base, "body": body, "draft": draft,
                   "maintainer_can_modify": True}

        def probe() -> PullRequest | None:
            found = self.pulls_for_branch(head, "open")
            return found[0] if found else None

        return self._create(lambda: self._answer(PullRequest, "POST", f"{self._base}/pulls",
                                                 PULLS, payload), probe)

    def update_pull(self, number: int, *, title: str | None = None,
                    body: str | None = None) -> PullRequest:
        payload = {k: v for k, v in (("title", title), ("body", body)) if v is not None}
        return self._answer(PullRequest, "PATCH", f"{self._base}/pulls/{int(number)}",
                            PULLS, payload)

    def close_pull(self, number: int) -> PullRequest:
        return self._answer(PullRequest, "PATCH",
                            f"{self._base}/pulls/{int(number)}", PULLS, {"state": "closed"})

    def request_reviewers(self, number: int, reviewers: Sequence[str] = (),
                          team_reviewers: Sequence[str] = ()) -> None:
        """Ask for reviews. `ReviewRequestRejected` (422: the PR's author, or not a
        collaborator) is worth a warning, not a failed run."""
        if not reviewers and not team_reviewers:
            return
        try:
            self.http.request("POST", f"{self._base}/pulls/{int(number)}/requested_reviewers",
                              json={"reviewers": list(reviewers),
                                    "team_reviewers": list(team_reviewers)}, needs=PULLS,
                              retry=True)  # asking twice is asking once
        except ValidationFailed as exc:
            raise ReviewRequestRejected(str(exc), exc.status, exc.details) from None

    # -- labels -----------------------------------------------------------------------------

    def ensure_labels(self, names: Sequence[str], color: str = DEFAULT_LABEL_COLOR,
                      description: str = "Proposed by skillgit") -> list[str]:
        """Create the labels that do not exist yet, with a colour (adding a missing label to
        an issue would create it grey). Lists the repository's labels once per client.
        Returns the names created."""
        if not _COLOR.fullmatch(color):
            raise UsageError(f"label colour: expected six hex digits, got {color!r}")
        for name in names:
            if not name.strip() or len(name) > MAX_LABEL:
                raise UsageError(f"label {name!r}: expected 1 to {MAX_LABEL} characters")
        if self._labels is None:
            self._labels = {str(item.get("name", "")).lower() for item in
                            self.http.paginate(f"{self._base}/labels", needs=ISSUES)}
        created = []
        for name in names:
            if name.lower() in self._labels:
                continue
            try:
                self.http.request("POST", f"{self._base}/labels", needs=ISSUES, json={
                    "name": name, "color": color.lower(), "description": description},
                    retry=True)  # a second try answers "already_exists"
                created.append(name)
            except ValidationFailed as exc:  # created meanwhile: "already_exists" is fine
                if "already_exists" not in " ".join(exc.details) + str(exc):
                    raise
            self._labels.add(name.lower())
        return created

    def add_labels(self, number: int, labels: Sequence[str]) -> None:
        if labels:
            self.http.request("POST", f"{self._base}/issues/{int(number)}/labels",
                              json={"labels": list(labels)}, needs=ISSUES, retry=True)

    def remove_label(self, number: int, label: str) -> None:
        """Take `label` off an issue or PR; one it does not carry (any more) is fine."""
        with contextlib.suppress(NotFound):
            self.http.request("DELETE", f"{self._base}/issues/{int(number)}/labels/"
                              f"{quote(label, safe='')}", needs=ISSUES, retry=True)

    # -- issues (the dashboard) -------------------------------------------------------------

    def find_issue_by_marker(self, marker: str, label: str) -> Issue | None:
        """The newest issue (open or closed, never a PR) carrying `label` whose body holds
        `marker`. The label is the proof it is ours: people without triage rights cannot
        label an issue, so a stranger's issue quoting the marker is never taken for it."""
        return next(self.issues_by_marker(marker, label, "all"), None)

    def issues_by_marker(self, marker: str, label: str,
                         state: Literal["open", "all"] = "open") -> Iterator[Issue]:
        """Every such issue, newest first (read page by page, as far as the caller goes)."""
        params: dict[str, str | int] = {"state": state, "labels": label, "sort": "created",
                                        "direction": "desc"}
        for item in self.http.paginate(f"{self._base}/issues", params, needs=ISSUES):
            issue = parse(Issue, item, f"GET {self._base}/issues")
            if (not issue.is_pull_request and issue.has_label(label)
                    and marker in (issue.body or "")):
                yield issue

    def create_issue(self, title: str, body: str, labels: Sequence[str] = ()) -> Issue:
        payload: dict[str, Any] = {"title": title, "body": body}
        if labels:
            payload["labels"] = list(labels)
        return self._answer(Issue, "POST", f"{self._base}/issues",
                            ISSUES, payload)

    def update_issue(self, number: int, *, title: str | None = None,
                     body: str | None = None) -> Issue:
        payload = {k: v for k, v in (("title", title), ("body", body)) if v is not None}
        return self._answer(Issue, "PATCH", f"{self._base}/issues/{int(number)}",
                            ISSUES, payload)

    def close_issue(self, number: int) -> Issue:
        return self._answer(Issue, "PATCH", f"{self._base}/issues/{int(number)}", ISSUES,
                            {"state": "closed"})

    def upsert_issue_by_marker(self, marker: str, title: str, body: str,
                               label: str = "skillgit") -> tuple[Issue, Upserted]:
        """Create the issue (labelled `label`, created with a colour if missing), or update
        it in place when its title or body changed; unchanged → no write at all. A human
        closed it → left closed and untouched ("closed"). The body must contain `marker`."""
        if marker not in body:
            raise ValueError("the issue body must contain its marker")
        found = self.find_issue_by_marker(marker, label)
        if found is None:
            self.ensure_labels([label])
            return self._create(lambda: self.create_issue(title, body, [label]),
                                lambda: self.find_issue_by_marker(marker, label)), "created"
        if found.state == "closed":
            return found, "closed"
        if found.body == body and found.title == title:
            return found, "unchanged"
        return self.update_issue(found.number, title=title, body=body), "updated"

    # -- comments (sticky, found by a hidden marker) ----------------------------------------

    def find_comment_by_marker(self, number: int, marker: str,
                               author: str | None = None) -> IssueComment | None:
        """The first comment holding `marker`, written by `author` when given (pass the
        bot's login: anyone can quote a marker in a comment of their own)."""
        path = f"{self._base}/issues/{int(number)}/comments"
        for item in self.http.paginate(path, needs=ISSUES):
            comment = parse(IssueComment, item, f"GET {path}")
            if marker in (comment.body or "") and (
                    author is None or (comment.user is not None
                                       and comment.user.login.lower() == author.lower())):
                return comment
        return None

    def comments(self, number: int) -> Iterator[IssueComment]:
        """The comments of pull request `number`; a 404 on a repository that exists means
        there is no pull request `number` (not a wrong repository name)."""
        path = f"{self._base}/issues/{int(number)}/comments"
        try:
            items = list(self.http.paginate(path, needs=PULLS))
        except NotFound:
            try:
                self.http.get_object(self._base)
            except SkillgitError:
                raise  # the repository itself is not there: the first message says so
            raise UsageError(f"there is no pull request #{int(number)} in {self.repo}"
                             + (f"; {hint}" if (hint := flag_hint("--pr N", verb="check "))
                                else "")) from None
        for item in items:
            yield parse(IssueComment, item, f"GET {path}")

    def own_login(self) -> str | None:
        """The token's user (a personal or fine-grained token); None for an Actions or App
        installation token, which cannot ask."""
        try:
            data = self.http.get_object("/user")
        except SkillgitError:
            return None
        login = data.get("login")
        return login if isinstance(login, str) else None

    def create_comment(self, number: int, body: str) -> IssueComment:
        return self._answer(IssueComment, "POST",
                            f"{self._base}/issues/{int(number)}/comments", ISSUES,
                            {"body": body})

    def update_comment(self, comment_id: int, body: str) -> IssueComment:
        return self._answer(IssueComment, "PATCH",
                            f"{self._base}/issues/comments/{int(comment_id)}", ISSUES,
                            {"body": body})

    def upsert_comment_by_marker(self, number: int, marker: str, body: str,
                                 author: str | None = None) -> tuple[IssueComment, Upserted]:
        if marker not in body:
            raise ValueError("the comment body must contain its marker")
        found = self.find_comment_by_marker(number, marker, author)
        if found is None:
            return self._create(lambda: self.create_comment(number, body),
                                lambda: self.find_comment_by_marker(number, marker,
                                                                    author)), "created"
        if found.body == body:
            return found, "unchanged"
        return self.update_comment(found.id, body), "updated"
