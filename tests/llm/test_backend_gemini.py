"""The Gemini generateContent backend against a real local HTTP server."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from pydantic import SecretStr
from servers import Reply, ScriptedServer, gemini_reply

from skillgit.digest import DigestAnswer
from skillgit.llm.base import EngineSettings, EngineUnavailable
from skillgit.llm.gemini import GeminiBackend
from skillgit.retry import RetryPolicy

KEY = "AIzaSyTESTKEY-0123456789abcdefghij"
ANSWER = json.dumps({"topics": ["sql"], "tasks": [], "env_feedback": [], "user_feedback": []})


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        yield running


def make(server: ScriptedServer, sleeps: list[float], model: str | None = None,
         base: str = "") -> GeminiBackend:
    settings = EngineSettings(base_url=server.url + base, api_key=SecretStr(KEY), model=model,
                              timeout=5.0)
    return GeminiBackend(settings, retry=RetryPolicy.for_models(sleep=sleeps.append,
                                                                random=lambda: 0.0))


def test_generate_content_wire_format_and_usage(server: ScriptedServer) -> None:
    server.queue(gemini_reply(ANSWER, prompt_tokens=80, candidates_tokens=12, thoughts_tokens=5))
    result = make(server, []).complete("SYS", "USER", DigestAnswer, max_output_tokens=512)
    assert result.value.topics == ["sql"]
    assert (result.usage.input_tokens, result.usage.output_tokens) == (80, 17)
    [request] = server.received
    assert request.path == "/v1beta/models/gemini-2.5-flash:generateContent"
    assert request.headers["x-goog-api-key"] == KEY
    assert "key=" not in request.path and "authorization" not in request.headers
    body = request.json()
    assert body["systemInstruction"] == {"parts": [{"text": "SYS"}]}
    assert body["contents"] == [{"role": "user", "parts": [{"text": "USER"}]}]
    config = body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"]["additionalProperties"] is False
    assert config["maxOutputTokens"] == 512
    assert config["thinkingConfig"] == {"thinkingBudget": 0}
    assert KEY not in request.body.decode()


def test_other_models_get_no_thinking_budget_and_prefix_is_stripped(
        server: ScriptedServer) -> None:
    server.queue(gemini_reply(ANSWER))
    make(server, [], model="models/gemini-2.5-pro", base="/v1beta").complete(
        "s", "u", DigestAnswer)
    request = server.received[0]
    assert request.path == "/v1beta/models/gemini-2.5-pro:generateContent"
    assert "thinkingConfig" not in request.json()["generationConfig"]


def test_503_unavailable_then_success(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    server.queue(Reply(503, {"error": {"code": 503, "status": "UNAVAILABLE",
                                       "message": "The model is overloaded."}}),
                 gemini_reply(ANSWER))
    make(server, sleeps).complete("s", "u", DigestAnswer)
    assert sleeps == [0.5] and len(server.received) == 2


def test_free_tier_without_quota_is_not_retried(server: ScriptedServer) -> None:
    sleeps: list[float] = []
    body = {"error": {"code": 429, "status": "RESOURCE_EXHAUSTED",
                      "message": "Quota exceeded for metric: generate_content_free_tier_requests, "
                                 "limit: 0, model: gemini-2.5-pro"}}
    server.queue(Reply(429, body), gemini_reply(ANSWER))
    with pytest.raises(EngineUnavailable, match="HTTP 429"):
        make(server, sleeps).complete("s", "u", DigestAnswer)
    assert sleeps == [] and len(server.received) == 1


def test_malformed_then_valid(server: ScriptedServer) -> None:
    server.queue(gemini_reply("not json at all"), gemini_reply(ANSWER))
    result = make(server, []).complete("s", "USER", DigestAnswer)
    assert result.usage.calls == 2 and result.value.topics == ["sql"]
    retry_text = server.received[1].json()["contents"][0]["parts"][0]["text"]
    assert retry_text.startswith("USER") and "could not be used" in retry_text


def test_missing_key_is_refused() -> None:
    with pytest.raises(EngineUnavailable, match="GEMINI_API_KEY"):
        GeminiBackend(EngineSettings())
