"""Retry policy, network faults and secret hygiene of the shared HTTP client, end to end."""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest
from pydantic import SecretStr
from servers import Reply, ScriptedServer, openai_reply

from skillgit.digest import DigestAnswer
from skillgit.llm.base import EngineSettings, EngineUnavailable
from skillgit.llm.openai import OpenAIBackend
from skillgit.llm.structured import portable_schema
from skillgit.retry import RetryPolicy

KEY = "sk-live-SECRETSECRET-0123456789"
OK = openai_reply(json.dumps({"topics": ["t"], "tasks": [], "env_feedback": [],
                              "user_feedback": []}))
NOW = datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone.utc)


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        yield running


def make(url: str, sleeps: list[float], *, timeout: float = 5.0,
         **policy: float) -> OpenAIBackend:
    retry = RetryPolicy.for_models(sleep=sleeps.append, random=lambda: 0.0,
                                   clock=lambda: NOW.timestamp(), **policy)
    settings = EngineSettings(base_url=url + "/v1", model="m", api_key=SecretStr(KEY),
                              timeout=timeout)
    return OpenAIBackend(settings, retry=retry)


def call(backend: OpenAIBackend) -> DigestAnswer:
    return backend.complete("s", "u", DigestAnswer).value


def error_of(backend: OpenAIBackend) -> str:
    with pytest.raises(EngineUnavailable) as caught:
        call(backend)
    assert caught.value.exit_code == 2
    return str(caught.value)


def test_429_with_retry_after_seconds_then_success(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(Reply(429, {"error": {"code": "rate_limit_exceeded", "message": "slow"}},
                       headers={"retry-after": "2"}), OK)
    assert call(make(server.url, sleeps)).topics == ["t"]
    assert sleeps == [2.0] and len(server.received) == 2


def test_retry_after_ms_wins_over_retry_after(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(Reply(429, {}, headers={"retry-after-ms": "1500", "retry-after": "9"}), OK)
    call(make(server.url, sleeps))
    assert sleeps == [1.5]


def test_retry_after_http_date(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    when = format_datetime(NOW + timedelta(seconds=30), usegmt=True)
    server.queue(Reply(429, {}, headers={"retry-after": when}), OK)
    call(make(server.url, sleeps))
    assert sleeps == [30.0]


def test_gemini_style_retry_delay_in_body(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    body = {"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "details": [
        {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "7s"}]}}
    server.queue(Reply(429, body), OK)
    call(make(server.url, sleeps))
    assert sleeps == [7.0]


def test_500_then_success_uses_exponential_backoff(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(Reply(500, {"error": {"message": "boom"}}),
                 Reply(502, "bad gateway"), OK)
    call(make(server.url, sleeps))
    assert sleeps == [0.5, 1.0] and len(server.received) == 3


def test_persistent_5xx_gives_up_after_bounded_retries(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(*[Reply(503, {"error": {"message": "overloaded"}})] * 10)
    message = error_of(make(server.url, sleeps, max_retries=3))
    assert len(server.received) == 4 and sleeps == [0.5, 1.0, 2.0]
    assert "127.0.0.1" in message and "503" in message and "gave up after 4" in message


def test_total_wait_is_capped(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(*[Reply(429, {}, headers={"retry-after": "50"})] * 5)
    message = error_of(make(server.url, sleeps, max_total_wait=90.0))
    assert sleeps == [50.0] and len(server.received) == 2
    assert "would wait" in message


def test_retry_after_beyond_limit_is_not_waited_for(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(Reply(429, {}, headers={"retry-after": "3600"}))
    error_of(make(server.url, sleeps))
    assert sleeps == [] and len(server.received) == 1


@pytest.mark.parametrize("status", [400, 401, 403, 404])
def test_client_errors_are_never_retried(server: ScriptedServer, status: int) -> None:
    sleeps: list[float] = []
    server.queue(Reply(status, {"error": {"message": "nope"}}), OK)
    message = error_of(make(server.url, sleeps))
    assert len(server.received) == 1 and sleeps == []
    assert f"HTTP {status}" in message and "127.0.0.1" in message and "nope" in message


@pytest.mark.parametrize("code", ["insufficient_quota", "enforced_spend_limit_reached"])
def test_quota_429_is_not_retried(server: ScriptedServer, code: str) -> None:
    sleeps: list[float] = []
    server.queue(Reply(429, {"error": {"code": code, "message": "You exceeded your quota"}},
                       headers={"retry-after": "1"}), OK)
    message = error_of(make(server.url, sleeps))
    assert len(server.received) == 1 and sleeps == [] and "429" in message


def test_x_should_retry_false_is_obeyed(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(Reply(500, {}, headers={"x-should-retry": "false"}), OK)
    error_of(make(server.url, sleeps))
    assert len(server.received) == 1


def test_timeout_is_the_budget_of_the_whole_call(server: ScriptedServer) -> None:
    # The timeout covers all attempts: once spent, the call fails (no retry would fit).
    # A budget a loaded machine still sends the request within; replies that never fit it.
    sleeps: list[float] = []
    server.queue(Reply(200, {}, delay=30), Reply(200, {}, delay=30))
    message = error_of(make(server.url, sleeps, timeout=1.0, max_retries=1))
    assert f"{server.url}/v1 did not answer within 1 s" in message
    assert sleeps == []  # no retry was even scheduled
    deadline = time.monotonic() + 30  # the server thread may record the request late
    while not server.received and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(server.received) == 1


def test_connection_refused_names_the_host() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleeps: list[float] = []
    message = error_of(make(f"http://127.0.0.1:{port}", sleeps, max_retries=2))
    assert "cannot reach 127.0.0.1" in message and len(sleeps) == 2


def test_non_json_success_body_is_unavailable(server: ScriptedServer) -> None:
    server.queue(Reply(200, "<html>proxy login</html>", headers={"content-type": "text/html"}))
    assert "not JSON" in error_of(make(server.url, []))


def test_key_never_in_errors_logs_or_reprs(server: ScriptedServer,
                                          caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    sleeps: list[float] = []
    echo = {"error": {"message": f"Incorrect API key provided: {KEY}", "code": "invalid_api_key"}}
    server.queue(Reply(500, {"error": {"message": f"upstream rejected {KEY}"}}),
                 Reply(401, echo))
    backend = make(server.url, sleeps)
    message = error_of(backend)
    assert "401" in message and "***" in message and "check the API key" in message
    texts = [message, caplog.text, repr(backend), repr(backend.http),
             repr(EngineSettings(api_key=SecretStr(KEY))),
             EngineSettings(api_key=SecretStr(KEY)).model_dump_json()]
    assert "retrying" in caplog.text  # the retry was logged, without the key
    for text in texts:
        assert KEY not in text
    assert all(KEY not in r.body.decode() for r in server.received)
    assert server.received[0].headers["authorization"] == f"Bearer {KEY}"


def test_portable_schema_is_closed_and_plain() -> None:
    schema = portable_schema(DigestAnswer)
    text = json.dumps(schema)
    for banned in ("$ref", "$defs", '"default"', '"title"', "minLength", "minItems", "minimum"):
        assert banned not in text

    def walk(node: object) -> int:
        count = 0
        if isinstance(node, dict):
            if node.get("type") == "object":
                assert node["additionalProperties"] is False
                assert node["required"] == list(node["properties"])
                count += 1
            count += sum(walk(v) for v in node.values())
        elif isinstance(node, list):
            count += sum(walk(v) for v in node)
        return count

    assert walk(schema) == 7  # answer, task, feedback x2, evidence x3
