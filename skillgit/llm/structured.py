"""Structured answers: a portable JSON schema, tolerant parsing, and the one repair retry.

Every backend sends `portable_schema(schema)` where the server supports a schema, and
every answer is parsed into the pydantic model regardless (servers such as llama.cpp or
Ollama Cloud silently skip constraints). An answer that does not validate is retried once
with the validation error appended; a second failure raises `InvalidAnswer`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from skillgit.llm.base import Completion, InvalidAnswer, T, Usage
from skillgit.tokens import estimate_tokens

# Keywords every structured-output server accepts; constraints are enforced by pydantic.
_KEPT_KEYS = frozenset({"type", "properties", "items", "anyOf", "enum", "const",
                        "description", "required", "additionalProperties"})
_FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n(.*?)\n?```\s*$", re.DOTALL)
_NAME_CHARS = re.compile(r"[^a-zA-Z0-9_-]")
MAX_ERROR_CHARS = 1500


def schema_name(schema: type[BaseModel]) -> str:
    """A name OpenAI accepts for `json_schema.name` (`[a-zA-Z0-9_-]{1,64}`)."""
    return _NAME_CHARS.sub("_", schema.__name__)[:64] or "answer"


def portable_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema in the subset OpenAI strict mode, Anthropic, Gemini and the
    OpenAI-compatible servers all accept: refs inlined, every object closed with every
    property required (optional ones are nullable), no defaults, titles or numeric/length
    constraints."""
    raw = schema.model_json_schema()
    defs: dict[str, Any] = raw.get("$defs", {})

    def convert(node: Any, depth: int) -> Any:
        if depth > 20:
            raise ValueError(f"schema for {schema.__name__} is too deep or recursive")
        if isinstance(node, list):
            return [convert(item, depth + 1) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            merged = {**defs[ref.removeprefix("#/$defs/")],
                      **{k: v for k, v in node.items() if k != "$ref"}}
            return convert(merged, depth + 1)
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "properties":
                out[key] = {name: convert(sub, depth + 1) for name, sub in value.items()}
            elif key in _KEPT_KEYS:
                out[key] = convert(value, depth + 1)
        if out.get("type") == "object" or "properties" in out:
            out["type"] = "object"
            out.setdefault("properties", {})
            out["required"] = list(out["properties"])
            out["additionalProperties"] = False
        return out

    converted: dict[str, Any] = convert(raw, 0)
    return converted


def schema_instructions(schema: type[BaseModel]) -> str:
    """A prompt paragraph describing the expected JSON, for servers that do not show the
    schema to the model (llama.cpp) or take none at all (gemini-cli)."""
    compact = json.dumps(portable_schema(schema), separators=(",", ":"))
    return ("Answer with exactly one JSON object and nothing else (no prose, no code fence). "
            f"It must match this JSON Schema: {compact}")


def parse_answer(text: str, schema: type[T]) -> T:
    """Parse `text` into `schema`, tolerating a code fence or prose around one JSON object.

    Raises `ValidationError` (invalid JSON is reported as a validation error too)."""
    candidate = text.strip()
    fenced = _FENCE.match(candidate)
    if fenced:
        candidate = fenced.group(1).strip()
    if not candidate.startswith("{"):
        start, end = candidate.find("{"), candidate.rfind("}")
        if 0 <= start < end:
            candidate = candidate[start:end + 1]
    return schema.model_validate_json(candidate)


def describe_error(exc: ValidationError) -> str:
    """The validation errors, without echoing the input, short enough to send back."""
    parts = []
    for error in exc.errors(include_url=False, include_input=False):
        location = ".".join(str(p) for p in error["loc"]) or "(root)"
        parts.append(f"{location}: {error['msg']}")
    return "; ".join(parts)[:MAX_ERROR_CHARS]


@dataclass(frozen=True)
class Attempt:
    """What one call to the model returned: its text (None for no usable text), usage, and
    a note on why there is no usable text (refusal, truncation)."""

    text: str | None
    usage: Usage
    note: str | None = None


def repair_prompt(user: str, error: str) -> str:
    return (f"{user}\n\n---\nYour previous answer could not be used: {error}\n"
            "Answer again with only one JSON object that matches the required schema.")


def complete_with_repair(ask: Callable[[str], Attempt], user: str,
                         schema: type[T]) -> Completion[T]:
    """Call `ask(user)`; if the answer does not validate, call it once more with the error
    appended; raise `InvalidAnswer` (carrying the usage spent) if that fails too."""
    usage = Usage()
    prompt = user
    error = ""
    raw = ""
    for _ in range(2):
        attempt = ask(prompt)
        usage = usage + attempt.usage
        raw = attempt.text or ""
        if attempt.text is None:
            error = attempt.note or "the answer contained no text"
        else:
            try:
                value = parse_answer(attempt.text, schema)
            except ValidationError as exc:
                error = describe_error(exc)
                if attempt.note:
                    error = f"{attempt.note}; {error}"
            else:
                return Completion(value=value, usage=usage, raw_text=attempt.text)
        prompt = repair_prompt(user, error)
    raise InvalidAnswer(f"answer did not match {schema.__name__} after a repair retry: {error}",
                        usage=usage, raw_text=raw)


def usage_from(input_tokens: object, output_tokens: object, *, prompt: str,
               answer: str) -> Usage:
    """One call's usage from the reported counts; any count missing is estimated."""
    reported_in = _count(input_tokens)
    reported_out = _count(output_tokens)
    return Usage(
        input_tokens=reported_in if reported_in is not None else estimate_tokens(prompt),
        output_tokens=reported_out if reported_out is not None else estimate_tokens(answer),
        calls=1,
        estimated=reported_in is None or reported_out is None,
    )


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
