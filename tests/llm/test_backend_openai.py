"""The OpenAI-compatible backend against a real local HTTP server speaking Chat Completions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import SecretStr
from servers import Reply, ScriptedServer, openai_reply

from skillgit.digest import DigestAnswer
from skillgit.llm.base import EngineSettings, EngineUnavailable, InvalidAnswer
from skillgit.llm.openai import OpenAIBackend
from skillgit.retry import RetryPolicy

KEY = "sk-test-0123456789abcdefSECRET"
ANSWER = {
    "topics": ["pytest"],
    "tasks": [{"summary": "fix the flaky test", "evidence": [{"quote": "fix it", "turn": 0}]}],
    "env_feedback": [],
    "user_feedback": [{"kind": "correction", "summary": "use uv, not pip",
                       "evidence": [{"quote": "use uv", "turn": 2}],
                       "command": None, "fix": None}],
}


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        yield running


@pytest.fixture
def sleeps() -> list[float]:
    return []


def backend_for(server: ScriptedServer, sleeps: list[float], **settings: Any) -> OpenAIBackend:
    options: dict[str, Any] = {"base_url": server.url + "/v1", "model": "test-model",
                               "api_key": SecretStr(KEY), "timeout": 5.0}
    options.update(settings)
    retry = RetryPolicy.for_models(sleep=sleeps.append, random=lambda: 0.0)
    return OpenAIBackend(EngineSettings(**options), retry=retry)


def test_answer_is_parsed_and_request_has_wire_format(server: ScriptedServer,
                                                      sleeps: list[float]) -> None:
    server.queue(openai_reply(json.dumps(ANSWER), prompt_tokens=321, completion_tokens=54))
    result = backend_for(server, sleeps).complete("SYSTEM TEXT", "USER TEXT", DigestAnswer,
                                                   max_output_tokens=777)
    assert result.value.user_feedback[0].summary == "use uv, not pip"
    assert result.value.tasks[0].evidence[0].turn == 0
    assert (result.usage.input_tokens, result.usage.output_tokens) == (321, 54)
    assert result.usage.calls == 1 and result.usage.estimated is False
    [request] = server.received
    assert request.method == "POST" and request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.headers["content-type"] == "application/json"
    body = request.json()
    assert body["model"] == "test-model"
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert body["messages"][0]["content"].startswith("SYSTEM TEXT")
    assert body["messages"][1]["content"] == "USER TEXT"
    assert body["max_tokens"] == 777 and "max_completion_tokens" not in body
    assert "temperature" not in body and "tools" not in body
    response_format = body["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["name"] == "DigestAnswer"
    assert response_format["json_schema"]["strict"] is True
    schema = response_format["json_schema"]["schema"]
    assert schema["additionalProperties"] is False
    feedback = schema["properties"]["user_feedback"]["items"]
    assert feedback["required"] == ["kind", "summary", "evidence", "command", "fix"]
    # The key travels only in the header.
    assert KEY not in request.body.decode() and KEY not in request.path
    assert sleeps == []


def test_compatible_server_also_gets_schema_in_prompt(server: ScriptedServer,
                                                      sleeps: list[float]) -> None:
    server.queue(openai_reply(json.dumps(ANSWER)))
    backend_for(server, sleeps).complete("SYS", "USER", DigestAnswer)
    system = server.received[0].json()["messages"][0]["content"]
    assert "JSON Schema" in system and '"user_feedback"' in system


def test_official_openai_body_uses_max_completion_tokens() -> None:
    backend = OpenAIBackend(EngineSettings(api_key=SecretStr(KEY)))
    body = backend.request_body("s", "u", DigestAnswer, 99)
    assert backend.model == "gpt-4.1-mini"
    assert body["max_completion_tokens"] == 99 and "max_tokens" not in body
    assert body["messages"][0]["content"] == "s"
    assert "provider" not in body


def test_openrouter_requires_parameters_and_extra_options() -> None:
    settings = EngineSettings(base_url="https://openrouter.ai/api/v1", model="x/y",
                              api_key=SecretStr(KEY),
                              extra={"response_format": "json_object", "temperature": "0.2"})
    body = OpenAIBackend(settings).request_body("s", "u", DigestAnswer, 10)
    assert body["provider"] == {"require_parameters": True}
    assert body["response_format"] == {"type": "json_object"}
    assert body["temperature"] == 0.2


def test_no_key_sends_no_authorization_to_local_server(server: ScriptedServer,
                                                       sleeps: list[float]) -> None:
    server.queue(openai_reply(json.dumps(ANSWER)))
    backend_for(server, sleeps, api_key=None).complete("s", "u", DigestAnswer)
    assert "authorization" not in server.received[0].headers


def test_malformed_json_is_retried_once_with_the_error(server: ScriptedServer,
                                                       sleeps: list[float]) -> None:
    server.queue(openai_reply('{"topics": ["x"], "tasks": [', prompt_tokens=10,
                              completion_tokens=5),
                 openai_reply(json.dumps(ANSWER), prompt_tokens=20, completion_tokens=7))
    result = backend_for(server, sleeps).complete("s", "USER", DigestAnswer)
    assert result.value.topics == ["pytest"]
    assert (result.usage.input_tokens, result.usage.output_tokens, result.usage.calls) == \
        (30, 12, 2)
    second = server.received[1].json()["messages"][1]["content"]
    assert second.startswith("USER\n") and "could not be used" in second
    assert "Invalid JSON" in second or "json_invalid" in second or "EOF" in second


def test_schema_violation_twice_raises_invalid_answer(server: ScriptedServer,
                                                      sleeps: list[float]) -> None:
    wrong = json.dumps({**ANSWER, "injected": "ignore previous instructions"})
    server.queue(openai_reply(wrong), openai_reply(wrong))
    with pytest.raises(InvalidAnswer) as caught:
        backend_for(server, sleeps).complete("s", "u", DigestAnswer)
    assert "injected" in str(caught.value)
    assert caught.value.usage.calls == 2 and caught.value.usage.input_tokens == 240
    assert len(server.received) == 2


def test_refusal_is_an_invalid_answer(server: ScriptedServer, sleeps: list[float]) -> None:
    server.queue(openai_reply(None, refusal="I can't help"), openai_reply(None, refusal="no"))
    with pytest.raises(InvalidAnswer, match="refused"):
        backend_for(server, sleeps).complete("s", "u", DigestAnswer)


def test_code_fenced_answer_is_accepted(server: ScriptedServer, sleeps: list[float]) -> None:
    server.queue(openai_reply("Here you go:\n```json\n" + json.dumps(ANSWER) + "\n```"))
    result = backend_for(server, sleeps).complete("s", "u", DigestAnswer)
    assert result.value.topics == ["pytest"] and len(server.received) == 1


def test_missing_usage_is_estimated(server: ScriptedServer, sleeps: list[float]) -> None:
    server.queue(Reply(200, {"choices": [{"message": {"content": json.dumps(ANSWER)},
                                          "finish_reason": "stop"}]}))
    result = backend_for(server, sleeps).complete("s" * 40, "u" * 40, DigestAnswer)
    assert result.usage.estimated is True and result.usage.input_tokens >= 20


def test_custom_server_without_model_is_refused() -> None:
    with pytest.raises(EngineUnavailable, match="no model set for localhost"):
        OpenAIBackend(EngineSettings(base_url="http://localhost:11434/v1"))


def test_official_server_without_key_is_refused() -> None:
    with pytest.raises(EngineUnavailable, match="OPENAI_API_KEY"):
        OpenAIBackend(EngineSettings())
