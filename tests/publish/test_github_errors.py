"""Errors name what to fix; retries and rate-limit waits are bounded; the token never shows."""

from __future__ import annotations

import base64
import logging
import socket
import time

import httpx
import pytest
from github_server import GitHubStub
from test_github_client import REPO, FakeClock, connect

from skillgit.errors import EXIT_USAGE
from skillgit.github.auth import GitHubSettings, Token
from skillgit.github.client import GitHubClient
from skillgit.github.errors import (
    ActionsCannotCreatePullRequests,
    BadCredentials,
    GitHubError,
    NetworkError,
    NotFound,
    PermissionDenied,
    RateLimited,
    ValidationFailed,
)
from skillgit.github.http import GitHubHttp

NOT_PERMITTED = "GitHub Actions is not permitted to create or approve pull requests."


def create(client: GitHubClient) -> None:
    client.create_pull(title="t", head="skillgit/new/a", base="main", body="b")


def test_bad_token_is_401_naming_its_source_not_its_value(github: GitHubStub) -> None:
    env = {**github.env, "GITHUB_TOKEN": "ghp_wrongwrongwrong"}
    with GitHubClient.connect(REPO, env, policy=FakeClock().policy()) as client, \
            pytest.raises(BadCredentials) as caught:
        client.open_pulls()
    text = str(caught.value)
    assert "GITHUB_TOKEN" in text and "ghp_wrong" not in text and "401" in text
    assert caught.value.exit_code == EXIT_USAGE


def test_missing_permission_names_it(github: GitHubStub) -> None:
    github.fail_next("POST /repos/*/pulls", 403,
                     message="Resource not accessible by integration")
    with connect(github) as client, pytest.raises(PermissionDenied) as caught:
        create(client)
    assert "Pull requests: read and write" in str(caught.value)
    github.fail_next("POST /repos/*/issues", 403,
                     message="Resource not accessible by personal access token")
    with connect(github) as client, pytest.raises(PermissionDenied, match="Issues: read"):
        client.create_issue("t", "b")


@pytest.mark.parametrize("status", [403, 422])
def test_actions_not_permitted_is_its_own_type(github: GitHubStub, status: int) -> None:
    github.fail_next("POST /repos/*/pulls", status, body={
        "message": "Validation Failed" if status == 422 else NOT_PERMITTED,
        "errors": [{"resource": "PullRequest", "code": "custom", "message": NOT_PERMITTED}]})
    with connect(github) as client, pytest.raises(ActionsCannotCreatePullRequests) as caught:
        create(client)
    assert "Allow GitHub Actions to create and approve pull requests" in str(caught.value)
    assert client.compare_url("main", "skillgit/new/a").endswith(
        "/acme/skills/compare/main...skillgit/new/a?expand=1")


def test_unknown_repository_is_404_naming_repo_and_scope(github: GitHubStub) -> None:
    with GitHubClient.connect(REPO.parse("acme/nope"), github.env,
                              policy=FakeClock().policy()) as client, \
            pytest.raises(NotFound) as caught:
        client.open_pulls()
    assert "--repo" in str(caught.value) and "can see it" in str(caught.value)


def test_other_422_carries_githubs_errors(github: GitHubStub) -> None:
    github.state.branch_sha = lambda branch: None if branch == "skillgit/new/a" else "a" * 40
    with connect(github) as client, pytest.raises(ValidationFailed) as caught:
        create(client)
    assert "PullRequest head invalid" in str(caught.value)


def test_5xx_is_retried_with_backoff_then_succeeds(github: GitHubStub) -> None:
    clock = FakeClock()
    github.fail_next("GET /repos/*/pulls", 502, times=2)
    with connect(github, clock) as client:
        client.open_pulls()
    assert [e.status for e in github.log] == [502, 502, 200]
    assert clock.sleeps == [1.0, 2.0]


def test_a_post_that_may_have_been_done_is_looked_for_before_it_is_retried(
        github: GitHubStub) -> None:
    clock = FakeClock()
    github.fail_next("POST /repos/*/pulls", 502, times=2)
    with connect(github, clock) as client:
        create(client)
    assert github.routes() == ["POST /repos/acme/skills/pulls", "GET /repos/acme/skills/pulls"
                               ] * 2 + ["POST /repos/acme/skills/pulls"]
    assert [e.status for e in github.log] == [502, 200, 502, 200, 201]
    assert clock.sleeps == [1.0, 2.0]


def test_5xx_retries_are_bounded(github: GitHubStub) -> None:
    clock = FakeClock()
    github.fail_next("GET /repos/*/pulls", 503, times=10)
    with connect(github, clock) as client, pytest.raises(NetworkError, match="try again"):
        client.open_pulls()
    assert len(github.log) == 4 and len(clock.sleeps) == 3


def test_network_errors_are_retried_then_reported() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    clock = FakeClock()
    env = {"GITHUB_API_URL": f"http://127.0.0.1:{port}", "GITHUB_TOKEN": "ghp_secretvalue"}
    with GitHubClient.connect(REPO, env, policy=clock.policy()) as client, \
            pytest.raises(NetworkError) as caught:
        client.open_pulls()
    assert "cannot reach GitHub" in str(caught.value) and "4 attempts" in str(caught.value)
    assert len(clock.sleeps) == 3


def test_primary_rate_limit_waits_for_a_near_reset(github: GitHubStub) -> None:
    clock = FakeClock(time.time())
    github.rate_limit_next(reset_in=0)
    with connect(github, clock) as client:
        create(client)
    assert [e.status for e in github.log] == [403, 201]
    assert len(clock.sleeps) == 1 and 0 < clock.sleeps[0] <= 2.0


def test_primary_rate_limit_far_away_stops_with_the_reset_time(github: GitHubStub) -> None:
    clock = FakeClock(time.time())
    github.rate_limit_next(reset_in=3600)
    with connect(github, clock) as client, pytest.raises(RateLimited) as caught:
        create(client)
    assert clock.sleeps == [] and "UTC" in str(caught.value) and len(github.log) == 1
    assert caught.value.reset_at is not None


@pytest.mark.parametrize("status", [403, 429])
def test_secondary_rate_limit_honours_retry_after(github: GitHubStub, status: int) -> None:
    clock = FakeClock()
    github.secondary_limit_next(retry_after=7, status=status)
    with connect(github, clock) as client:
        create(client)
    assert clock.sleeps == [7.0] and [e.status for e in github.log] == [status, 201]


def test_secondary_rate_limit_too_long_or_too_often_stops(github: GitHubStub) -> None:
    clock = FakeClock()
    github.secondary_limit_next(retry_after=600)
    with connect(github, clock) as client, pytest.raises(RateLimited, match="secondary"):
        create(client)
    assert clock.sleeps == []
    github.secondary_limit_next(retry_after=1, times=10)
    with connect(github, clock) as client, pytest.raises(RateLimited):
        create(client)
    assert clock.sleeps == [1.0, 1.0, 1.0]


def test_secondary_limit_without_retry_after_waits_a_minute(github: GitHubStub) -> None:
    clock = FakeClock()
    github.fail_next("*", 403, message="You have exceeded a secondary rate limit.")
    with connect(github, clock) as client:
        create(client)
    assert clock.sleeps == [60.0]


def test_the_token_is_scrubbed_from_every_message(github: GitHubStub,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    token = github.token
    encoded = base64.b64encode(f"x-access-token:{token}".encode()).decode()
    github.fail_next("POST /repos/*/pulls", 500, times=4,
                     message=f"echo Bearer {token} {encoded}")
    caplog.set_level(logging.DEBUG)
    with connect(github) as client, pytest.raises(GitHubError) as caught:
        create(client)
    everything = f"{caught.value} {caught.value!r} {client!r} {client.http!r} {caplog.text}"
    assert token not in everything and encoded not in everything
    assert "echo Bearer ***" in str(caught.value)


def test_pagination_never_follows_a_link_to_another_host(github: GitHubStub) -> None:
    github.fail_next("GET /repos/*/pulls", 200, body=[],
                     headers={"link": '<https://evil.example/steal?page=2>; rel="next"'})
    with connect(github) as client, pytest.raises(GitHubError, match="another host"):
        client.open_pulls()
    assert len(github.log) == 1


def test_writes_are_spaced_on_github_com_only() -> None:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.method)
        return httpx.Response(201, json={"id": 1, "html_url": "h", "body": "b"})

    def client_for(api_url: str, clock: FakeClock) -> GitHubClient:
        http = GitHubHttp(GitHubSettings(api_url=api_url), Token("t0k3n-value", "test"),
                          transport=httpx.MockTransport(handler), policy=clock.policy())
        return GitHubClient(http, REPO)

    dotcom, ghes = FakeClock(), FakeClock()
    for clock, url in ((dotcom, "https://api.github.com"), (ghes, "https://ghe.local/api/v3")):
        with client_for(url, clock) as client:
            for _ in range(3):
                client.create_comment(1, "x")
    assert dotcom.sleeps == [1.0, 1.0] and ghes.sleeps == []
    assert seen == ["POST"] * 6


def test_a_redirect_to_another_host_does_not_carry_the_token() -> None:
    seen: list[tuple[str, str | None]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append((request.url.host, request.headers.get("authorization")))
        if request.url.host == "api.github.com":
            return httpx.Response(301, headers={"location": "https://elsewhere.example/x"})
        return httpx.Response(200, json=[])

    http = GitHubHttp(GitHubSettings(), Token("t0k3n-value", "test"),
                      transport=httpx.MockTransport(handler), policy=FakeClock().policy())
    with GitHubClient(http, REPO) as client:
        assert client.open_pulls() == []
    assert seen == [("api.github.com", "Bearer t0k3n-value"), ("elsewhere.example", None)]
