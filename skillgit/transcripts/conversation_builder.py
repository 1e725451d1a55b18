"""Building a `Conversation` turn by turn, with every text field redacted and bounded.

Shared by the Gemini CLI, opencode and Cursor adapters. Adapters decide *what* a record
means; this module makes sure whatever they keep passes through the redactor first and
is cut to the model's size limits afterwards (redact, then cut: cutting first could split
a secret so the redactor no longer recognises it).
"""

from __future__ import annotations

import json
import re
from datetime import datetime

from skillgit.transcripts.model import (
    MAX_INPUT_CHARS,
    MAX_RESULT_CHARS,
    MAX_TEXT_CHARS,
    Conversation,
    Redacting,
    ToolResult,
    Turn,
    TurnKind,
    bounded,
)

# Text beyond this is dropped before redaction, so a 50 MB tool output costs nothing.
_REDACT_WINDOW = 1_000_000
# Input keys that summarize a tool call better than its whole argument object.
_SUMMARY_KEYS = ("command", "cmd")
_SKILL_MD = re.compile(r"([^/\\\s'\"`=:;|&<>(){}\[\]]+)[/\\]SKILL\.md\b")
_READ_VERBS = re.compile(
    r"(?:^|[\s;&|(`'\"])(?:cat|sed|head|tail|less|more|bat|nl|awk|view|Get-Content)\b"
)
_WRITING_TOOL_WORDS = ("write", "edit", "replace", "patch", "create", "delete", "apply", "move")
_READING_TOOL_WORDS = ("read", "view", "open")
_SHELL_TOOL_WORDS = ("bash", "shell", "terminal", "exec", "command")
_SLASH_COMMAND = re.compile(r"/[A-Za-z][\w:.-]*(?=\s|$)")


def json_text(value: object) -> str:
    """A string as itself; anything else as compact JSON (never raises)."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return str(value)


def tool_input_summary(args: object) -> str:
    """What a tool was asked to do: the shell command when there is one, else the args."""
    if isinstance(args, dict):
        for key in _SUMMARY_KEYS:
            command = args.get(key)
            if isinstance(command, str) and command:
                return command
            if isinstance(command, list) and command and all(isinstance(c, str) for c in command):
                return " ".join(command)
    return json_text(args)


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


def skills_read_by(tool_name: str, tool_input: str) -> list[str]:
    """Skill names whose SKILL.md a read-only tool call opened (empty for writes and edits).

    A read tool (`read_file`, `read`, `view`…) reading `…/<skill>/SKILL.md`, or a shell
    tool running a reader (`cat`, `sed -n`, `head`…) on one, counts as using that skill.
    """
    if "SKILL.md" not in tool_input:
        return []
    name = tool_name.lower()
    if any(word in name for word in _WRITING_TOOL_WORDS):
        return []
    is_reader = any(word in name for word in _READING_TOOL_WORDS)
    is_shell = any(word in name for word in _SHELL_TOOL_WORDS)
    if not is_reader and not (is_shell and _READ_VERBS.search(tool_input)):
        return []
    found: dict[str, None] = {}
    for match in _SKILL_MD.finditer(tool_input):
        found.setdefault(match.group(1), None)
    return list(found)


class ConversationBuilder:
    """Collects turns for one conversation; every text goes through `redactor` first."""

    def __init__(self, redactor: Redacting) -> None:
        self._redactor = redactor
        self.turns: list[Turn] = []
        self.parse_warnings = 0
        self.injected_dropped = 0
        self.warnings: list[str] = []

    def clean(self, text: str, limit: int = MAX_TEXT_CHARS) -> str:
        """`text` redacted, then cut to `limit` characters."""
        if not text:
            return ""
        return bounded(self._redactor.redact(text[:_REDACT_WINDOW]), limit)

    def clean_optional(self, text: str | None, limit: int = MAX_TEXT_CHARS) -> str | None:
        return None if text is None else self.clean(text, limit)

    def _add(self, kind: TurnKind, timestamp: datetime | None, **fields: object) -> None:
        self.turns.append(
            Turn.model_validate(
                {"index": len(self.turns), "kind": kind, "timestamp": timestamp, **fields}
            )
        )

    def add_user(self, text: str, timestamp: datetime | None) -> None:
        self._add(TurnKind.USER, timestamp, text=self.clean(text))

    def add_assistant(self, text: str, timestamp: datetime | None) -> None:
        self._add(TurnKind.ASSISTANT, timestamp, text=self.clean(text))

    def add_slash_command(self, command: str, args: str, timestamp: datetime | None) -> None:
        self._add(TurnKind.SLASH_COMMAND, timestamp, command=self.clean(command, 200),
                  text=self.clean(args))

    def add_interrupt(self, timestamp: datetime | None, text: str = "") -> None:
        self._add(TurnKind.INTERRUPT, timestamp, text=self.clean(text))

    def add_compaction(self, timestamp: datetime | None, text: str = "") -> None:
        self._add(TurnKind.COMPACTION, timestamp, text=self.clean(text))

    def add_skill(self, name: str, invoked_by: str, timestamp: datetime | None) -> None:
        self._add(TurnKind.SKILL, timestamp, skill_name=self.clean(name, 200),
                  invoked_by=invoked_by)

    def result(self, text: str, *, is_error: bool, exit_code: int | None = None) -> ToolResult:
        failed = is_error or (exit_code is not None and exit_code != 0)
        return ToolResult(text=self.clean(text, MAX_RESULT_CHARS), is_error=failed,
                          exit_code=exit_code)

    def add_tool_call(self, name: str, tool_input: str, result: ToolResult | None,
                      timestamp: datetime | None) -> None:
        """A tool call, followed by a SKILL turn for each SKILL.md it read."""
        self._add(TurnKind.TOOL_CALL, timestamp, tool_name=self.clean(name, 200),
                  tool_input=self.clean(tool_input, MAX_INPUT_CHARS), result=result)
        for skill in skills_read_by(name, tool_input):
            self.add_skill(skill, "SKILL.md read", timestamp)

    def build(self, *, agent: str, session_id: str, source_path: str, cwd: str | None,
              model: str | None = None, agent_version: str | None = None,
              git_branch: str | None = None, started_at: datetime | None = None,
              ended_at: datetime | None = None, is_sidechain: bool = False,
              parent_session_id: str | None = None, source_was_empty: bool = False,
              ) -> Conversation:
        """The finished conversation; warns when a non-empty source gave zero turns."""
        warnings = list(self.warnings)
        if not self.turns and not source_was_empty:
            warnings.append(
                f"zero turns in {source_path} ({agent} version {agent_version or 'unknown'})"
            )
        stamps = [t.timestamp for t in self.turns if t.timestamp is not None]
        return Conversation(
            agent=agent,
            session_id=session_id,
            source_path=source_path,
            cwd=self.clean_optional(cwd, 4096),
            git_branch=self.clean_optional(git_branch, 500),
            model=model,
            agent_version=agent_version,
            started_at=started_at or (min(stamps) if stamps else None),
            ended_at=ended_at or (max(stamps) if stamps else None),
            is_sidechain=is_sidechain,
            parent_session_id=parent_session_id,
            turns=self.turns,
            parse_warnings=self.parse_warnings,
            injected_dropped=self.injected_dropped,
            warnings=warnings,
        )


def unreadable_source(agent: str, source_path: str, session_id: str, reason: str) -> Conversation:
    """A placeholder conversation carrying the warning for a source that could not be read."""
    return Conversation(
        agent=agent,
        session_id=session_id,
        source_path=source_path,
        turns=[],
        parse_warnings=1,
        warnings=[f"could not read {source_path}: {reason}"],
    )
