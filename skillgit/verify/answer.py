"""The agent's next action, read the way models give it: JSON for the schema, a tool call
(OpenAI `tool_calls`, Anthropic `tool_use` / `{"name", "input"}`, `{"tool", "command"}`), or
plain text with the command in a code block, in backticks or after `$ `. An answer with none
of these is text only; for an action lesson it is *unparsed*."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

_FENCE = re.compile(r"```[a-zA-Z]*\s*\n(.*?)```", re.DOTALL)
_DOLLAR = re.compile(r"^\s*\$ (.+)$", re.MULTILINE)
_TICKS = re.compile(r"`([^`\n]{2,300})`")
_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
RAW_CHARS = 300


class NextAction(BaseModel):
    """The schema the engine is asked to answer in."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["command", "edit", "message"]
    command: str | None = None
    file: str | None = None
    text: str | None = None


class Action(BaseModel):
    """What the answer says the agent does next; `parsed` False: nothing could be read."""

    model_config = ConfigDict(frozen=True)

    command: str | None = None
    file: str | None = None
    text: str | None = None
    parsed: bool = True

    @property
    def shown(self) -> str:
        return (self.command or self.file or self.text or "")[:RAW_CHARS]


def from_schema(answer: NextAction) -> Action:
    return Action(command=(answer.command or "").strip() or None,
                  file=(answer.file or "").strip() or None,
                  text=(answer.text or "").strip() or None)


def from_text(raw: str, programs: frozenset[str] = frozenset()) -> Action:
    """An action from an answer that did not fit the schema. `programs`: the programs the case
    is about (its commands and the tool calls it shows): a bare one-line answer that runs one
    of them is that command (`pnpm install`); any other bare text is no command."""
    text = raw.strip()
    if not text:
        return Action(parsed=False)
    found = _json_action(text)
    if found is not None:
        return found
    for pattern in (_FENCE, _DOLLAR, _TICKS):
        match = pattern.search(text)
        if match:
            lines = [ln.strip().removeprefix("$ ") for ln in match.group(1).splitlines()]
            command = " && ".join(ln for ln in lines if ln and not ln.startswith("#"))
            if command:
                return Action(command=command, text=text[:RAW_CHARS])
    words = text.split()
    first = next((w for w in words if not _ASSIGN.match(w)), "")
    if "\n" not in text and len(text) <= RAW_CHARS and first in programs:
        return Action(command=text, text=text)
    return Action(text=text[:RAW_CHARS], parsed=False)


def _json_action(text: str) -> Action | None:
    start = text.find("{")
    if start == -1:
        return None
    try:
        value, _ = json.JSONDecoder().raw_decode(text[start:])
    except ValueError:
        return None
    return _from_value(value, 0) if isinstance(value, dict) else None


def _from_value(value: dict[str, Any], depth: int) -> Action | None:
    if depth > 4:
        return None
    calls = value.get("tool_calls")
    if isinstance(calls, list) and calls and isinstance(calls[0], dict):
        function = calls[0].get("function", calls[0])
        if isinstance(function, dict):
            arguments = function.get("arguments", function.get("input"))
            if isinstance(arguments, str):
                try:
                    arguments = json.loads(arguments)
                except ValueError:
                    return Action(command=arguments)
            if isinstance(arguments, dict):
                return _from_value(arguments, depth + 1)
    for key in ("input", "arguments", "args", "parameters"):
        inner = value.get(key)
        if isinstance(inner, dict):
            return _from_value(inner, depth + 1)
    command = value.get("command", value.get("cmd"))
    if isinstance(command, list):
        command = " ".join(str(part) for part in command)
    file = value.get("file", value.get("file_path", value.get("path")))
    text = value.get("text")
    if isinstance(command, str) or isinstance(file, str):
        return Action(command=command if isinstance(command, str) else None,
                      file=file if isinstance(file, str) else None,
                      text=text if isinstance(text, str) else None)
    return None
