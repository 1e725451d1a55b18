"""OpenAI Chat Completions over plain httpx, for any OpenAI-compatible base URL.

Works with OpenAI, OpenRouter, Ollama, vLLM, llama.cpp and LM Studio. Structured output
is requested as `response_format: {type: json_schema, json_schema: {name, strict, schema}}`;
servers that do not show the schema to the model (llama.cpp) also get it in the system
prompt. `extra.response_format` may be `json_schema` (default), `json_object` or `none` for
servers that reject the default; `extra.temperature` sets a temperature (none is sent by
default, since reasoning models reject anything but their own).
"""

from __future__ import annotations

from typing import Any

import httpx

from skillgit.hints import flag_hint, joined
from skillgit.llm.base import Completion, EngineSettings, EngineUnavailable, T
from skillgit.llm.http import JsonHttpClient
from skillgit.llm.structured import (
    Attempt,
    complete_with_repair,
    portable_schema,
    schema_instructions,
    schema_name,
    usage_from,
)
from skillgit.retry import RetryPolicy

DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_MODEL = "gpt-4.1-mini"
RESPONSE_FORMATS = ("json_schema", "json_object", "none")


class OpenAIBackend:
    """A structured-output backend speaking the Chat Completions wire format."""

    name = "openai"

    def __init__(self, settings: EngineSettings, *,
                 transport: httpx.BaseTransport | None = None,
                 retry: RetryPolicy | None = None) -> None:
        self.base_url = (settings.base_url or DEFAULT_BASE_URL).rstrip("/")
        host = httpx.URL(self.base_url).host
        self.official = host == "api.openai.com"
        self.openrouter = host == "openrouter.ai" or host.endswith(".openrouter.ai")
        self._model = settings.model or (DEFAULT_MODEL if self.official else None)
        if self._model is None:
            raise EngineUnavailable(
                f"openai: no model set for {host or self.base_url}; "
                + joined(flag_hint("--model M"), "set SKILLGIT_MODEL",
                         "set llm.model in .skillgit.yaml", sep=", or "))
        key = settings.api_key.get_secret_value() if settings.api_key else ""
        if not key and self.official:
            raise EngineUnavailable(
                "openai: no API key; set OPENAI_API_KEY or add `openai: <key>` to the keys "
                "file ($XDG_CONFIG_HOME/skillgit/keys.yaml, mode 0600)")
        self.response_format = settings.extra.get("response_format", "json_schema")
        if self.response_format not in RESPONSE_FORMATS:
            raise EngineUnavailable(f"openai: extra.response_format must be one of "
                                    f"{', '.join(RESPONSE_FORMATS)}")
        self.temperature = _float_or_none(settings.extra.get("temperature"))
        headers = {"authorization": f"Bearer {key}"} if key else {}
        self.http = JsonHttpClient(service="openai", base_url=self.base_url, headers=headers,
                                   secrets=[key], timeout=settings.timeout,
                                   transport=transport, retry=retry)

    @property
    def model(self) -> str | None:
        return self._model

    def __repr__(self) -> str:
        return f"OpenAIBackend(base_url={self.base_url!r}, model={self._model!r})"

    def request_body(self, system: str, user: str, schema: type[T],
                     max_output_tokens: int) -> dict[str, Any]:
        if not self.official:
            system = f"{system}\n\n{schema_instructions(schema)}"
        body: dict[str, Any] = {
            "model": self._model,
            "messages": [{"role": "system", "content": system},
                         {"role": "user", "content": user}],
        }
        if self.response_format == "json_schema":
            body["response_format"] = {"type": "json_schema", "json_schema": {
                "name": schema_name(schema), "strict": True, "schema": portable_schema(schema)}}
        elif self.response_format == "json_object":
            body["response_format"] = {"type": "json_object"}
        # OpenAI deprecated max_tokens (o-series reject it); compatible servers know max_tokens.
        body["max_completion_tokens" if self.official else "max_tokens"] = max_output_tokens
        if self.temperature is not None:
            body["temperature"] = self.temperature
        if self.openrouter:
            body["provider"] = {"require_parameters": True}
        return body

    def complete(self, system: str, user: str, schema: type[T], *,
                 max_output_tokens: int = 2048) -> Completion[T]:
        def ask(prompt: str) -> Attempt:
            body = self.request_body(system, prompt, schema, max_output_tokens)
            return read_answer(self.http.post_json("/chat/completions", body),
                               prompt=system + prompt)

        return complete_with_repair(ask, user, schema)


def read_answer(payload: dict[str, Any], *, prompt: str) -> Attempt:
    """The answer text and usage from a Chat Completions response."""
    usage_field = payload.get("usage")
    usage = usage_field if isinstance(usage_field, dict) else {}
    choices = payload.get("choices")
    choice = choices[0] if isinstance(choices, list) and choices else {}
    message = choice.get("message") if isinstance(choice, dict) else None
    message = message if isinstance(message, dict) else {}
    content = message.get("content")
    text = content if isinstance(content, str) else None
    note = None
    if isinstance(message.get("refusal"), str) and message["refusal"]:
        note = f"the model refused: {message['refusal'][:200]}"
    elif isinstance(choice, dict) and choice.get("finish_reason") == "length":
        note = "the answer was cut off at the output token limit"
    elif not choices:
        note = "the response had no choices"
    return Attempt(text=text, note=note, usage=usage_from(
        usage.get("prompt_tokens"), usage.get("completion_tokens"),
        prompt=prompt, answer=text or ""))


def _float_or_none(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        raise EngineUnavailable(f"openai: extra.temperature is not a number: {value!r}") from None


def create(settings: EngineSettings) -> OpenAIBackend:
    """Entry point `openai`: the OpenAI-compatible backend."""
    return OpenAIBackend(settings)

