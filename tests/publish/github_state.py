"""The in-memory repository behind the GitHub REST stand-in: PRs, labels, issues, comments.

`GitHubState.handle(method, path, query, body)` answers one request the way GitHub's REST API
documents it (status codes, JSON shapes, the `Validation Failed` 422s) for the endpoints
skillgit uses. Pagination is done by the server (`github_server.py`), which gets lists back.
Tests also call the "human" methods (`close_pull`, `merge_pull`, `add_pull`) directly.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any
from urllib.parse import unquote

Answer = tuple[int, Any]  # (status, JSON body; a list is paginated by the server)
DOCS = "https://docs.github.com/rest"
BOT = "skillgit-bot"


def now_iso() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def validation_failed(*errors: dict[str, str]) -> Answer:
    return 422, {"message": "Validation Failed", "errors": list(errors),
                 "documentation_url": DOCS, "status": "422"}


NOT_FOUND: Answer = (404, {"message": "Not Found", "documentation_url": DOCS, "status": "404"})


@dataclass
class GitHubState:
    """One repository, `owner/name`, as GitHub would hold it."""

    owner: str = "acme"
    name: str = "skills"
    server_url: str = "http://127.0.0.1"
    login: str = BOT                     # who the token belongs to (author of what it creates)
    # head branch → its tip sha, or None when the branch is not on the remote (the lead wires
    # this to the git test server; by default every branch exists)
    branch_sha: Callable[[str], str | None] = lambda branch: "f" * 40
    pulls: dict[int, dict[str, Any]] = field(default_factory=dict)
    issues: dict[int, dict[str, Any]] = field(default_factory=dict)
    labels: dict[str, dict[str, Any]] = field(default_factory=dict)   # lower name → label
    comments: dict[int, dict[str, Any]] = field(default_factory=dict)
    next_number: int = 1
    next_comment_id: int = 1001
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    def _repo(self) -> dict[str, Any]:
        return {"full_name": self.full_name, "name": self.name,
                "owner": {"login": self.owner}}

    # -- the humans' side (tests call these directly) ---------------------------------------

    def add_pull(self, head: str, title: str = "a PR", body: str = "", *, base: str = "main",
                 user: str = "someone", fork: str | None = None) -> dict[str, Any]:
        """A PR opened by someone else (from `fork` = "other/name", or this repository)."""
        with self.lock:
            pull = self._new_pull(title, head, base, body, False, user)
            if fork:
                pull["head"]["repo"] = {"full_name": fork}
                pull["head"]["label"] = f"{fork.split('/')[0]}:{head}"
            return pull

    def close_pull(self, number: int) -> None:
        with self.lock:
            self.pulls[number].update(state="closed", closed_at=now_iso())

    def merge_pull(self, number: int, sha: str | None = None) -> None:
        with self.lock:
            pull = self._fresh(self.pulls[number])
            pull.update(state="closed", closed_at=now_iso(), merged=True,
                        merged_at=now_iso(), merge_commit_sha=sha or pull["head"]["sha"])

    def add_issue(self, title: str, body: str, user: str = "someone",
                  labels: tuple[str, ...] = ()) -> dict[str, Any]:
        with self.lock:
            saved, self.login = self.login, user
            try:
                return self._create_issue(body={"title": title, "body": body,
                                                "labels": list(labels)})[1]
            finally:
                self.login = saved

    def add_comment(self, number: int, body: str, user: str = "someone") -> dict[str, Any]:
        with self.lock:
            saved, self.login = self.login, user
            try:
                return self._create_comment(str(number), body={"body": body})[1]
            finally:
                self.login = saved

    def add_label(self, name: str, color: str = "ededed") -> None:
        with self.lock:
            self.labels[name.lower()] = self._label(name, color, "")

    # -- shapes -----------------------------------------------------------------------------

    def _label(self, name: str, color: str, description: str) -> dict[str, Any]:
        return {"id": len(self.labels) + 1, "name": name, "color": color,
                "description": description, "default": False}

    def _new_pull(self, title: str, head: str, base: str, body: str, draft: bool,
                  user: str) -> dict[str, Any]:
        number = self.next_number
        self.next_number += 1
        pull = {
            "id": 9000 + number, "node_id": f"PR_{number}", "number": number,
            "url": f"/repos/{self.full_name}/pulls/{number}",
            "html_url": f"{self.server_url}/{self.full_name}/pull/{number}",
            "state": "open", "locked": False, "title": title, "body": body, "draft": draft,
            "user": {"login": user, "type": "User"}, "labels": [],
            "created_at": now_iso(), "updated_at": now_iso(), "closed_at": None,
            "merged": False, "merged_at": None, "merge_commit_sha": None,
            "requested_reviewers": [], "requested_teams": [],
            "head": {"label": f"{self.owner}:{head}", "ref": head,
                     "sha": self.branch_sha(head) or "0" * 40, "repo": self._repo()},
            "base": {"label": f"{self.owner}:{base}", "ref": base,
                     "sha": self.branch_sha(base) or "0" * 40, "repo": self._repo()},
        }
        self.pulls[number] = pull
        return pull

    def _fresh(self, pull: dict[str, Any]) -> dict[str, Any]:
        """An open PR's head follows its branch (GitHub updates `head.sha` on a push)."""
        if pull["state"] == "open":
            tip = self.branch_sha(pull["head"]["ref"])
            if tip is not None:
                pull["head"]["sha"] = tip
        return pull

    def _as_listed(self, pull: dict[str, Any]) -> dict[str, Any]:
        """A PR as list endpoints show it: GitHub leaves `merged` out there."""
        return {k: v for k, v in self._fresh(pull).items() if k != "merged"}

    def _as_issue(self, pull: dict[str, Any]) -> dict[str, Any]:
        return {"number": pull["number"], "html_url": pull["html_url"],
                "state": pull["state"], "title": pull["title"], "body": pull["body"],
                "labels": pull["labels"], "user": pull["user"],
                "pull_request": {"url": pull["url"], "merged_at": pull["merged_at"]}}

    # -- routing ----------------------------------------------------------------------------

    def handle(self, method: str, path: str, query: dict[str, str], body: Any) -> Answer:
        if path == "/user" and method == "GET":  # who the token belongs to
            return 200, {"login": self.login, "type": "User"}
        prefix = f"/repos/{self.owner}/{self.name}"
        if path.lower() != prefix.lower() and not path.lower().startswith(prefix.lower() + "/"):
            return NOT_FOUND
        rest = path[len(prefix):]
        with self.lock:
            for pattern, verb, handler in self._routes():
                match = re.fullmatch(pattern, rest)
                if match and verb == method:
                    return handler(*match.groups(), query=query, body=body or {})
        return NOT_FOUND

    def _routes(self) -> list[tuple[str, str, Callable[..., Answer]]]:
        return [
            (r"/pulls", "GET", self._list_pulls), (r"/pulls", "POST", self._create_pull),
            (r"/pulls/(\d+)", "GET", self._get_pull),
            (r"/pulls/(\d+)", "PATCH", self._update_pull),
            (r"/pulls/(\d+)/requested_reviewers", "POST", self._request_reviewers),
            (r"/labels", "GET", lambda **_: (200, list(self.labels.values()))),
            (r"/labels", "POST", self._create_label),
            (r"/issues", "GET", self._list_issues), (r"/issues", "POST", self._create_issue),
            (r"/issues/(\d+)", "PATCH", self._update_issue),
            (r"/issues/(\d+)/labels", "POST", self._add_labels),
            (r"/issues/(\d+)/labels/([^/]+)", "DELETE", self._remove_label),
            (r"/issues/(\d+)/comments", "GET", self._list_comments),
            (r"/issues/(\d+)/comments", "POST", self._create_comment),
            (r"/issues/comments/(\d+)", "PATCH", self._update_comment),
        ]

    def _list_pulls(self, *, query: dict[str, str], body: Any) -> Answer:
        state = query.get("state", "open")
        pulls = [p for p in self.pulls.values() if state == "all" or p["state"] == state]
        if "head" in query:
            pulls = [p for p in pulls if p["head"]["label"] == query["head"]]
        if query.get("direction", "desc" if "sort" in query else "asc") == "desc":
            pulls = pulls[::-1]
        return 200, [self._as_listed(p) for p in pulls]

    def _get_pull(self, number: str, **_: Any) -> Answer:
        pull = self.pulls.get(int(number))
        return (200, self._fresh(pull)) if pull else NOT_FOUND

    def _create_pull(self, *, body: dict[str, Any], **_: Any) -> Answer:
        missing = [k for k in ("title", "head", "base") if not body.get(k)]
        if missing:
            return validation_failed(*({"resource": "PullRequest", "field": k,
                                        "code": "missing_field"} for k in missing))
        head = str(body["head"]).split(":")[-1]
        if self.branch_sha(head) is None:
            return validation_failed({"resource": "PullRequest", "field": "head",
                                      "code": "invalid"})
        if self.branch_sha(str(body["base"])) is None:
            return validation_failed({"resource": "PullRequest", "field": "base",
                                      "code": "invalid"})
        if any(p["head"]["label"] == f"{self.owner}:{head}" and p["state"] == "open"
               for p in self.pulls.values()):
            return validation_failed({"resource": "PullRequest", "code": "custom",
                                      "message": f"A pull request already exists for "
                                                 f"{self.owner}:{head}."})
        pull = self._new_pull(str(body["title"]), head, str(body["base"]),
                              str(body.get("body") or ""), bool(body.get("draft")), self.login)
        return 201, pull

    def _update_pull(self, number: str, *, body: dict[str, Any], **_: Any) -> Answer:
        pull = self.pulls.get(int(number))
        if pull is None:
            return NOT_FOUND
        for key in ("title", "body", "state", "base"):
            if key in body:
                pull[key] = body[key] if key != "base" else {**pull["base"], "ref": body[key]}
        pull["updated_at"] = now_iso()
        return 200, pull

    def _request_reviewers(self, number: str, *, body: dict[str, Any], **_: Any) -> Answer:
        pull = self.pulls.get(int(number))
        if pull is None:
            return NOT_FOUND
        if pull["user"]["login"] in body.get("reviewers", []):
            return validation_failed({"resource": "PullRequest", "code": "custom",
                                      "message": "Review cannot be requested from pull "
                                                 "request author."})
        pull["requested_reviewers"] += [{"login": u} for u in body.get("reviewers", [])]
        pull["requested_teams"] += [{"slug": t} for t in body.get("team_reviewers", [])]
        return 201, pull

    def _create_label(self, *, body: dict[str, Any], **_: Any) -> Answer:
        name = str(body.get("name") or "")
        if not name:
            return validation_failed({"resource": "Label", "field": "name",
                                      "code": "missing_field"})
        if name.lower() in self.labels:
            return validation_failed({"resource": "Label", "field": "name",
                                      "code": "already_exists"})
        label = self._label(name, str(body.get("color") or "ededed"),
                            str(body.get("description") or ""))
        self.labels[name.lower()] = label
        return 201, label

    def _add_labels(self, number: str, *, body: dict[str, Any], **_: Any) -> Answer:
        target = self.pulls.get(int(number)) or self.issues.get(int(number))
        if target is None:
            return NOT_FOUND
        for name in body.get("labels", []):
            label = self.labels.setdefault(name.lower(), self._label(name, "ededed", ""))
            if label not in target["labels"]:
                target["labels"].append(label)
        return 200, target["labels"]

    def _remove_label(self, number: str, name: str, **_: Any) -> Answer:
        """GitHub answers 404 "Label does not exist" when the issue does not carry it."""
        target = self.pulls.get(int(number)) or self.issues.get(int(number))
        wanted = unquote(name).lower()
        if target is None or wanted not in {x["name"].lower() for x in target["labels"]}:
            return NOT_FOUND
        target["labels"] = [x for x in target["labels"] if x["name"].lower() != wanted]
        return 200, target["labels"]

    def _list_issues(self, *, query: dict[str, str], **_: Any) -> Answer:
        state = query.get("state", "open")
        items = sorted([*self.issues.values(), *(self._as_issue(p) for p in
                                                 self.pulls.values())],
                       key=lambda i: i["number"])
        items = [i for i in items if state == "all" or i["state"] == state]
        for wanted in filter(None, query.get("labels", "").split(",")):
            items = [i for i in items
                     if wanted.lower() in {x["name"].lower() for x in i["labels"]}]
        if query.get("direction", "desc") == "desc":
            items = items[::-1]
        return 200, items

    def _create_issue(self, *, body: dict[str, Any], **_: Any) -> Answer:
        if not body.get("title"):
            return validation_failed({"resource": "Issue", "field": "title",
                                      "code": "missing_field"})
        number = self.next_number
        self.next_number += 1
        labels = [self.labels.setdefault(n.lower(), self._label(n, "ededed", ""))
                  for n in body.get("labels", [])]
        issue = {"id": 7000 + number, "number": number, "state": "open",
                 "html_url": f"{self.server_url}/{self.full_name}/issues/{number}",
                 "title": body["title"], "body": body.get("body") or "", "labels": labels,
                 "user": {"login": self.login}, "created_at": now_iso()}
        self.issues[number] = issue
        return 201, issue

    def _update_issue(self, number: str, *, body: dict[str, Any], **_: Any) -> Answer:
        issue = self.issues.get(int(number))
        if issue is None:
            return NOT_FOUND
        issue.update({k: body[k] for k in ("title", "body", "state") if k in body})
        return 200, issue

    def _list_comments(self, number: str, **_: Any) -> Answer:
        if int(number) not in self.issues and int(number) not in self.pulls:
            return NOT_FOUND
        return 200, [c for c in self.comments.values() if c["issue_number"] == int(number)]

    def _create_comment(self, number: str, *, body: dict[str, Any], **_: Any) -> Answer:
        if int(number) not in self.issues and int(number) not in self.pulls:
            return NOT_FOUND
        comment_id = self.next_comment_id
        self.next_comment_id += 1
        comment = {"id": comment_id, "issue_number": int(number),
                   "html_url": f"{self.server_url}/{self.full_name}/issues/{number}"
                               f"#issuecomment-{comment_id}",
                   "body": str(body.get("body") or ""), "user": {"login": self.login}}
        self.comments[comment_id] = comment
        return 201, comment

    def _update_comment(self, comment_id: str, *, body: dict[str, Any], **_: Any) -> Answer:
        comment = self.comments.get(int(comment_id))
        if comment is None:
            return NOT_FOUND
        comment["body"] = str(body.get("body") or "")
        return 200, comment
