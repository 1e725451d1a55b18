"""The Anthropic Messages backend against a real local HTTP server."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from pydantic import SecretStr
from servers import Reply, ScriptedServer, anthropic_reply

from skillgit.digest import DigestAnswer
from skillgit.llm.anthropic import AnthropicBackend
from skillgit.llm.base import EngineSettings, EngineUnavailable, InvalidAnswer
from skillgit.retry import RetryPolicy

KEY = "sk-ant-api03-TESTKEY-abcdefghijklmnop"
ANSWER = json.dumps({"topics": ["docker"], "tasks": [], "user_feedback": [], "env_feedback": [
    {"kind": "failure-then-fix", "summary": "port in use", "command": "docker run -p 80:80 x",
     "fix": "use -p 8080:80", "evidence": [{"quote": "address already in use", "turn": 4}]}]})


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        yield running


def make(server: ScriptedServer, sleeps: list[float], base: str = "") -> AnthropicBackend:
    settings = EngineSettings(base_url=server.url + base, api_key=SecretStr(KEY), timeout=5.0)
    return AnthropicBackend(settings, retry=RetryPolicy.for_models(sleep=sleeps.append,
                                                                   random=lambda: 0.0))


def test_messages_wire_format_and_usage(server: ScriptedServer) -> None:
    server.queue(anthropic_reply(ANSWER, input_tokens=100, output_tokens=40, cache_read=7,
                                 cache_write=3))
    result = make(server, []).complete("SYS", "USER", DigestAnswer, max_output_tokens=900)
    item = result.value.env_feedback[0]
    assert (item.kind, item.command, item.fix) == \
        ("failure-then-fix", "docker run -p 80:80 x", "use -p 8080:80")
    assert (result.usage.input_tokens, result.usage.output_tokens) == (110, 40)
    assert result.usage.estimated is False
    [request] = server.received
    assert request.path == "/v1/messages"
    assert request.headers["x-api-key"] == KEY
    assert request.headers["anthropic-version"] == "2023-06-01"
    assert "authorization" not in request.headers
    body = request.json()
    assert body["model"] == "claude-haiku-4-5" and body["max_tokens"] == 900
    assert body["system"] == "SYS"
    assert body["messages"] == [{"role": "user", "content": "USER"}]
    schema_format = body["output_config"]["format"]
    assert schema_format["type"] == "json_schema"
    assert schema_format["schema"]["additionalProperties"] is False
    assert "tools" not in body
    assert KEY not in request.body.decode()


def test_base_url_with_v1_suffix_is_normalized(server: ScriptedServer) -> None:
    server.queue(anthropic_reply(ANSWER))
    make(server, [], base="/v1").complete("s", "u", DigestAnswer)
    assert server.received[0].path == "/v1/messages"


def test_529_overloaded_is_retried(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(Reply(529, {"type": "error", "error": {"type": "overloaded_error",
                                                        "message": "Overloaded"}}),
                 anthropic_reply(ANSWER))
    make(server, sleeps).complete("s", "u", DigestAnswer)
    assert sleeps == [0.5] and len(server.received) == 2


def test_truncated_answer_then_valid(server: ScriptedServer) -> None:
    server.queue(anthropic_reply(ANSWER[:40], stop_reason="max_tokens"), anthropic_reply(ANSWER))
    result = make(server, []).complete("s", "u", DigestAnswer)
    assert result.usage.calls == 2
    retry_prompt = server.received[1].json()["messages"][0]["content"]
    assert "cut off at max_tokens" in retry_prompt


def test_refusal_twice_is_invalid(server: ScriptedServer) -> None:
    server.queue(anthropic_reply("", stop_reason="refusal"),
                 anthropic_reply("", stop_reason="refusal"))
    with pytest.raises(InvalidAnswer, match="refused"):
        make(server, []).complete("s", "u", DigestAnswer)


def test_auth_error_names_host_and_status_not_key(server: ScriptedServer) -> None:
    server.queue(Reply(401, {"type": "error", "error": {"type": "authentication_error",
                                                        "message": "invalid x-api-key"}}))
    with pytest.raises(EngineUnavailable) as caught:
        make(server, []).complete("s", "u", DigestAnswer)
    message = str(caught.value)
    assert message.startswith("anthropic: 127.0.0.1 answered HTTP 401")
    assert "invalid x-api-key" in message and KEY not in message


def test_missing_key_is_refused_with_a_hint() -> None:
    with pytest.raises(EngineUnavailable, match="ANTHROPIC_API_KEY"):
        AnthropicBackend(EngineSettings())
