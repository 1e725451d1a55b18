"""Anthropic Messages API over plain httpx.

Structured output is requested with `output_config.format = {type: json_schema, schema}`
(GA on Claude Haiku 4.5 and newer); the JSON arrives as the text content. The key goes in
the `x-api-key` header with `anthropic-version: 2023-06-01`. Reported input tokens include
cache writes and reads (Anthropic's `input_tokens` counts only the uncached part).
"""

from __future__ import annotations

from typing import Any

import httpx

from skillgit.llm.base import Completion, EngineSettings, EngineUnavailable, T
from skillgit.llm.http import JsonHttpClient
from skillgit.llm.structured import Attempt, complete_with_repair, portable_schema, usage_from
from skillgit.retry import RetryPolicy

DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_MODEL = "claude-haiku-4-5"
API_VERSION = "2023-06-01"


class AnthropicBackend:
    """A structured-output backend speaking the Messages wire format."""

    name = "anthropic"

    def __init__(self, settings: EngineSettings, *,
                 transport: httpx.BaseTransport | None = None,
                 retry: RetryPolicy | None = None) -> None:
        self.base_url = (settings.base_url or DEFAULT_BASE_URL).rstrip("/")
        if self.base_url.endswith("/v1"):
            self.base_url = self.base_url[:-3]
        self._model = settings.model or DEFAULT_MODEL
        key = settings.api_key.get_secret_value() if settings.api_key else ""
        if not key:
            raise EngineUnavailable(
                "anthropic: no API key; set ANTHROPIC_API_KEY or add `anthropic: <key>` to the "
                "keys file ($XDG_CONFIG_HOME/skillgit/keys.yaml, mode 0600)")
        headers = {"x-api-key": key, "anthropic-version": API_VERSION}
        self.http = JsonHttpClient(service="anthropic", base_url=self.base_url, headers=headers,
                                   secrets=[key], timeout=settings.timeout,
                                   transport=transport, retry=retry)

    @property
    def model(self) -> str | None:
        return self._model

    def __repr__(self) -> str:
        return f"AnthropicBackend(base_url={self.base_url!r}, model={self._model!r})"

    def request_body(self, system: str, user: str, schema: type[T],
                     max_output_tokens: int) -> dict[str, Any]:
        return {
            "model": self._model,
            "max_tokens": max_output_tokens,
            "system": system,
            "messages": [{"role": "user", "content": user}],
            "output_config": {"format": {"type": "json_schema",
                                         "schema": portable_schema(schema)}},
        }

    def complete(self, system: str, user: str, schema: type[T], *,
                 max_output_tokens: int = 2048) -> Completion[T]:
        def ask(prompt: str) -> Attempt:
            body = self.request_body(system, prompt, schema, max_output_tokens)
            return read_answer(self.http.post_json("/v1/messages", body),
                               prompt=system + prompt)

        return complete_with_repair(ask, user, schema)


def read_answer(payload: dict[str, Any], *, prompt: str) -> Attempt:
    """The answer text and usage from a Messages response."""
    blocks = payload.get("content")
    texts = [b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text"
             and isinstance(b.get("text"), str)] if isinstance(blocks, list) else []
    text = "".join(texts) if texts else None
    stop = payload.get("stop_reason")
    note = None
    if stop == "refusal":
        note = "the model refused to answer"
    elif stop == "max_tokens":
        note = "the answer was cut off at max_tokens"
    usage_field = payload.get("usage")
    usage = usage_field if isinstance(usage_field, dict) else {}
    input_tokens: object = usage.get("input_tokens")
    if isinstance(input_tokens, int):
        for extra in ("cache_creation_input_tokens", "cache_read_input_tokens"):
            more = usage.get(extra)
            input_tokens += more if isinstance(more, int) else 0
    return Attempt(text=text, note=note, usage=usage_from(
        input_tokens, usage.get("output_tokens"), prompt=prompt, answer=text or ""))


def create(settings: EngineSettings) -> AnthropicBackend:
    """Entry point `anthropic`: the Messages backend."""
    return AnthropicBackend(settings)
