"""Gemini `generateContent` over plain httpx.

Structured output is requested with `generationConfig.responseMimeType=application/json`
and `responseJsonSchema`. The key goes in the `x-goog-api-key` header, never in the URL.
Thinking is billed as output, so 2.5 Flash models get `thinkingBudget: 0`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import httpx

from skillgit.llm.base import Completion, EngineSettings, EngineUnavailable, T
from skillgit.llm.http import JsonHttpClient
from skillgit.llm.structured import Attempt, complete_with_repair, portable_schema, usage_from
from skillgit.retry import RetryPolicy

DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com"
DEFAULT_MODEL = "gemini-2.5-flash"
API_VERSION = "v1beta"


class GeminiBackend:
    """A structured-output backend speaking the generateContent wire format."""

    name = "gemini"

    def __init__(self, settings: EngineSettings, *,
                 transport: httpx.BaseTransport | None = None,
                 retry: RetryPolicy | None = None) -> None:
        self.base_url = (settings.base_url or DEFAULT_BASE_URL).rstrip("/")
        if self.base_url.endswith(f"/{API_VERSION}"):
            self.base_url = self.base_url[: -len(API_VERSION) - 1]
        self._model = (settings.model or DEFAULT_MODEL).removeprefix("models/")
        key = settings.api_key.get_secret_value() if settings.api_key else ""
        if not key:
            raise EngineUnavailable(
                "gemini: no API key; set GEMINI_API_KEY (or GOOGLE_API_KEY) or add "
                "`gemini: <key>` to the keys file ($XDG_CONFIG_HOME/skillgit/keys.yaml, mode 0600)")
        self.http = JsonHttpClient(service="gemini", base_url=self.base_url,
                                   headers={"x-goog-api-key": key}, secrets=[key],
                                   timeout=settings.timeout, transport=transport, retry=retry)

    @property
    def model(self) -> str | None:
        return self._model

    def __repr__(self) -> str:
        return f"GeminiBackend(base_url={self.base_url!r}, model={self._model!r})"

    @property
    def path(self) -> str:
        return f"/{API_VERSION}/models/{quote(self._model, safe='-._')}:generateContent"

    def request_body(self, system: str, user: str, schema: type[T],
                     max_output_tokens: int) -> dict[str, Any]:
        config: dict[str, Any] = {
            "responseMimeType": "application/json",
            "responseJsonSchema": portable_schema(schema),
            "maxOutputTokens": max_output_tokens,
            "temperature": 0,
        }
        if "2.5-flash" in self._model:
            config["thinkingConfig"] = {"thinkingBudget": 0}
        return {
            "systemInstruction": {"parts": [{"text": system}]},
            "contents": [{"role": "user", "parts": [{"text": user}]}],
            "generationConfig": config,
        }

    def complete(self, system: str, user: str, schema: type[T], *,
                 max_output_tokens: int = 2048) -> Completion[T]:
        def ask(prompt: str) -> Attempt:
            body = self.request_body(system, prompt, schema, max_output_tokens)
            return read_answer(self.http.post_json(self.path, body), prompt=system + prompt)

        return complete_with_repair(ask, user, schema)


def read_answer(payload: dict[str, Any], *, prompt: str) -> Attempt:
    """The answer text and usage from a generateContent response."""
    candidates = payload.get("candidates")
    candidate = candidates[0] if isinstance(candidates, list) and candidates else {}
    candidate = candidate if isinstance(candidate, dict) else {}
    content = candidate.get("content")
    parts = content.get("parts") if isinstance(content, dict) else None
    texts = [p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str)
             and not p.get("thought")] if isinstance(parts, list) else []
    text = "".join(texts) if texts else None
    note = None
    finish = candidate.get("finishReason")
    feedback = payload.get("promptFeedback")
    if isinstance(feedback, dict) and feedback.get("blockReason"):
        note = f"the prompt was blocked ({feedback['blockReason']})"
    elif finish == "MAX_TOKENS":
        note = "the answer was cut off at maxOutputTokens"
    elif isinstance(finish, str) and finish not in ("STOP", "FINISH_REASON_UNSPECIFIED"):
        note = f"the model stopped early ({finish})"
    meta_field = payload.get("usageMetadata")
    meta = meta_field if isinstance(meta_field, dict) else {}
    output: object = meta.get("candidatesTokenCount")
    thoughts = meta.get("thoughtsTokenCount")
    if isinstance(output, int) and isinstance(thoughts, int):
        output += thoughts
    elif output is None and text is None and isinstance(meta.get("promptTokenCount"), int):
        output = 0
    return Attempt(text=text, note=note, usage=usage_from(
        meta.get("promptTokenCount"), output, prompt=prompt, answer=text or ""))


def create(settings: EngineSettings) -> GeminiBackend:
    """Entry point `gemini`: the generateContent backend."""
    return GeminiBackend(settings)
