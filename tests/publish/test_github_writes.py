"""A POST that may have been done is never retried blindly (issue 24): a lost connection after
the request left, or a 5xx, makes the client look for what it would have created first."""

from __future__ import annotations

import json

import httpx
import pytest
from test_github_client import REPO, FakeClock

from skillgit.github.client import GitHubClient
from skillgit.github.errors import MaybeDone

PULL = {"number": 7, "html_url": "https://github.com/acme/skills/pull/7", "state": "open",
        "title": "t", "body": "b", "head": {"ref": "skillgit/new/a", "sha": "a" * 40,
                                            "repo": {"full_name": "acme/skills"}},
        "base": {"ref": "main", "sha": "b" * 40, "repo": {"full_name": "acme/skills"}}}
ENV = {"GITHUB_API_URL": "https://api.example.invalid", "GITHUB_TOKEN": "ghp_secretvalue"}


def client_with(handler: httpx.MockTransport) -> GitHubClient:
    return GitHubClient.connect(REPO, ENV, transport=handler, policy=FakeClock().policy())


def create(client: GitHubClient) -> int:
    return client.create_pull(title="t", head="skillgit/new/a", base="main", body="b").number


def test_a_lost_connection_after_the_post_left_looks_before_trying_again() -> None:
    created: list[dict[str, object]] = []
    seen: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request.method)
        if request.method == "POST":
            created.append(PULL)                # done on the server ...
            raise httpx.ReadTimeout("no answer", request=request)  # ... the answer lost
        return httpx.Response(200, json=created)

    with client_with(httpx.MockTransport(handle)) as client:
        assert create(client) == 7
    assert seen == ["POST", "GET"] and len(created) == 1


def test_a_post_that_never_left_is_retried_as_before() -> None:
    seen: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request.method)
        if len(seen) == 1:
            raise httpx.ConnectError("refused", request=request)
        return httpx.Response(201, json={**PULL, "body": json.loads(request.content)["body"]})

    with client_with(httpx.MockTransport(handle)) as client:
        assert create(client) == 7
    assert seen == ["POST", "POST"]


def test_a_post_failing_every_time_gives_up_bounded_and_says_it_may_be_done() -> None:
    seen: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request.method)
        if request.method == "POST":
            return httpx.Response(502, json={"message": "Bad Gateway"})
        return httpx.Response(200, json=[])

    with client_with(httpx.MockTransport(handle)) as client, \
            pytest.raises(MaybeDone, match="may or may not have been done"):
        create(client)
    assert seen == ["POST", "GET"] * 4
