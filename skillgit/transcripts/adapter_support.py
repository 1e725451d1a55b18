"""Small helpers shared by the Gemini CLI, opencode and Cursor adapters.

Turn collection, redaction and bounding live in `builder`; this module only holds what
those three adapters need on top: tool calls (with SKILL.md-read detection), slash-command
splitting, JSON-ish values as text, and the placeholder for a source that cannot be read.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

from skillgit.transcripts.builder import (
    ConversationBuilder,
    DraftTurn,
    skill_read_in_path,
    skills_read_in_command,
    summarize_input,
)
from skillgit.transcripts.model import Conversation, Redacting, TurnKind

_SLASH_COMMAND = re.compile(r"/[A-Za-z][\w:.-]*(?=\s|$)")
# Argument keys that name the file a read tool opens, across agents.
_PATH_KEYS = ("file_path", "filePath", "path", "target_file", "targetFile", "absolute_path")


def json_text(value: object) -> str:
    """A string as itself; anything else as compact JSON (never raises)."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return str(value)


def parse_json(raw: object) -> Any:
    """`raw` (JSON text or bytes, as stored in a database column) decoded; None if invalid.

    A value that is neither text nor bytes is returned as it is (already decoded).
    """
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", errors="replace")
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


def as_dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def int_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def split_slash_command(text: str) -> tuple[str, str] | None:
    """`("/name", "args")` when `text` is a slash command such as ``/review src``.

    A leading path (``/usr/bin is broken``) is not a command: the name stops at the first
    character that is not a word character, ``:``, ``.`` or ``-`` and must end the text
    or be followed by whitespace.
    """
    stripped = text.strip()
    match = _SLASH_COMMAND.match(stripped)
    if match is None:
        return None
    return match.group(0), stripped[match.end():].strip()


def skills_read_by(tool_name: str, args: object) -> list[str]:
    """Skills whose ``<name>/SKILL.md`` a read tool or a shell reader (cat, sed…) opened."""
    name = tool_name.lower()
    if any(word in name for word in ("write", "edit", "replace", "patch", "delete")):
        return []
    if isinstance(args, dict) and any(word in name for word in ("read", "view", "open")):
        paths = [args[key] for key in _PATH_KEYS if isinstance(args.get(key), str)]
        skill = skill_read_in_path(paths[0]) if paths else None
        return [skill] if skill else []
    if any(word in name for word in ("bash", "shell", "terminal", "exec", "command")):
        command = args.get("command") if isinstance(args, dict) else args
        return skills_read_in_command(command) if isinstance(command, str) else []
    return []


def add_tool_call(builder: ConversationBuilder, name: str, args: object,
                  when: datetime | None) -> DraftTurn:
    """A TOOL_CALL turn, followed by a SKILL turn when the call read a SKILL.md."""
    try:
        summary = summarize_input(args)
    except RecursionError:  # absurdly nested arguments: keep the call, not its input
        summary = ""
    turn = builder.add(TurnKind.TOOL_CALL, "", when, tool_name=name, tool_input=summary)
    for skill in skills_read_by(name, args):
        builder.add(TurnKind.SKILL, "", when, skill_name=skill, invoked_by="SKILL.md read")
    return turn


def unreadable_source(agent: str, path: Path, reason: str, redactor: Redacting,
                      bad_records: int = 1) -> Conversation:
    """A placeholder conversation carrying the warning for a source that could not be read."""
    return Conversation(agent=agent, session_id=path.stem, source_path=str(path), turns=[],
                        parse_warnings=bad_records,
                        warnings=[redactor.redact(f"could not read {path}: {reason}")])


def with_source_problem(conversations: list[Conversation], agent: str, path: Path,
                        problem: str, redactor: Redacting, bad_records: int) -> list[Conversation]:
    """`conversations` with a problem of the whole source (records that belong to no session)
    counted on the first conversation, or on a placeholder when there is none."""
    if not conversations:
        return [unreadable_source(agent, path, problem, redactor, bad_records)]
    first = conversations[0]
    warning = redactor.redact(f"{problem} in {path}")
    first = first.model_copy(update={"parse_warnings": first.parse_warnings + bad_records,
                                     "warnings": [*first.warnings, warning]})
    return [first, *conversations[1:]]
