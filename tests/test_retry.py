"""The one retry policy of the GitHub and model clients (`skillgit.retry`)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from skillgit.retry import GITHUB, MODELS, RetryPolicy

NOW = datetime(2026, 11, 2, 12, 0, 0, tzinfo=timezone.utc)


def policy(**changes: float) -> RetryPolicy:
    return RetryPolicy.for_models(random=lambda: 0.0, clock=NOW.timestamp, **changes)


@pytest.mark.parametrize("headers, expected", [
    ({"retry-after-ms": "1500"}, 1.5),
    ({"retry-after": "7"}, 7.0),
    ({"retry-after": "Mon, 02 Nov 2026 12:00:30 GMT"}, 30.0),
    ({"retry-after": "Mon, 02 Nov 2026 11:00:00 GMT"}, 0.0),     # in the past: no wait
    ({"retry-after": "soon"}, None),
    ({}, None),
])
def test_the_wait_a_server_asks_for(headers: dict[str, str], expected: float | None) -> None:
    assert policy().server_delay(headers) == expected


def test_backoff_doubles_up_to_its_cap_with_at_most_a_quarter_off() -> None:
    steady = policy()
    assert [steady.backoff(n) for n in range(6)] == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
    jittered = RetryPolicy.for_github(random=lambda: 1.0)
    assert jittered.backoff(0) == 0.75 and jittered.backoff(10) == 12.0


def test_each_client_starts_from_its_own_defaults_of_the_one_policy() -> None:
    from skillgit.github.auth import GitHubSettings, Token
    from skillgit.github.http import GitHubHttp
    from skillgit.llm.http import JsonHttpClient

    github = GitHubHttp(GitHubSettings.from_env({}), Token("ghs_" + "x" * 36, "test"))
    model = JsonHttpClient(service="test", base_url="http://127.0.0.1:9", headers={})
    try:
        assert github.policy == GITHUB and model.retry == MODELS
        assert (GITHUB.max_retries, MODELS.max_retries) == (3, 4)
        assert MODELS.max_total_wait == 90.0 and GITHUB.max_total_wait is None
    finally:
        github.close()
        model.close()
