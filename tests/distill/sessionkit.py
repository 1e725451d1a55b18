"""Builders for distill tests: conversations in the normalized model, and Claude Code files.

`Talk` builds a `Conversation` turn by turn (for rule tests that should not depend on an
adapter); `ClaudeSession` writes a real Claude Code JSONL transcript (for pipeline, cache
and CLI tests that go through discovery, parsing and redaction).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from skillgit.transcripts.model import Conversation, ToolResult, Turn, TurnKind

START = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


class Talk:
    """A conversation in the model, one call per turn."""

    def __init__(self, session_id: str = "s-1", cwd: str | None = "/work/proj") -> None:
        self.session_id, self.cwd = session_id, cwd
        self.turns: list[Turn] = []

    def _add(self, kind: TurnKind, **fields: Any) -> Talk:
        self.turns.append(Turn(index=len(self.turns), kind=kind, **fields))
        return self

    def user(self, text: str) -> Talk:
        return self._add(TurnKind.USER, text=text)

    def say(self, text: str) -> Talk:
        return self._add(TurnKind.ASSISTANT, text=text)

    def interrupt(self) -> Talk:
        return self._add(TurnKind.INTERRUPT, text="[Request interrupted by user]")

    def tool(self, name: str, command: str, output: str = "", *, error: bool = False,
             exit_code: int | None = None) -> Talk:
        return self._add(TurnKind.TOOL_CALL, tool_name=name, tool_input=command,
                         result=ToolResult(text=output, is_error=error, exit_code=exit_code))

    def build(self) -> Conversation:
        return Conversation(agent="claude-code", session_id=self.session_id,
                            source_path="/nowhere.jsonl", cwd=self.cwd, started_at=START,
                            turns=self.turns)


class ClaudeSession:
    """A Claude Code transcript file, written with `write`."""

    def __init__(self, session_id: str, cwd: str = "/work/proj",
                 start: datetime = START) -> None:
        self.session_id, self.cwd, self.start = session_id, cwd, start
        self.records: list[dict[str, Any]] = []
        self._tools = 0

    def _record(self, kind: str, **fields: Any) -> dict[str, Any]:
        when = self.start + timedelta(seconds=len(self.records))
        record: dict[str, Any] = {
            "parentUuid": None, "isSidechain": False, "userType": "external", "cwd": self.cwd,
            "sessionId": self.session_id, "version": "2.0.76", "gitBranch": "main",
            "type": kind, "uuid": f"u-{len(self.records)}",
            "timestamp": when.isoformat().replace("+00:00", "Z")}
        record.update(fields)
        self.records.append(record)
        return record

    def user(self, text: str) -> ClaudeSession:
        self._record("user", message={"role": "user", "content": text})
        return self

    def say(self, text: str) -> ClaudeSession:
        self._record("assistant", message={
            "id": f"m-{len(self.records)}", "model": "claude-test", "role": "assistant",
            "type": "message", "content": [{"type": "text", "text": text}]})
        return self

    def bash(self, command: str, output: str, *, error: bool = False) -> ClaudeSession:
        return self.tool("Bash", {"command": command}, output, error=error)

    def tool(self, name: str, tool_input: dict[str, Any], output: str, *,
             error: bool = False) -> ClaudeSession:
        self._tools += 1
        tool_id = f"toolu_{self._tools:04d}"
        self._record("assistant", message={
            "id": f"m-{len(self.records)}", "model": "claude-test", "role": "assistant",
            "type": "message",
            "content": [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}]})
        self._record("user", message={"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": tool_id, "content": output,
             "is_error": error}]})
        return self

    def write(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.session_id}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in self.records), encoding="utf-8")
        return path


def sample_session(session_id: str, *, topic: str = "the parser",
                   start: datetime = START) -> ClaudeSession:
    """A small realistic session: an ask, a failing command and its fix, a correction."""
    return (ClaudeSession(session_id, start=start)
            .user(f"Add tests for {topic} and run them.")
            .bash("python -m pytest -q", "Exit code 127\n/bin/sh: python: command not found",
                  error=True)
            .bash("python3 -m pytest -q", "3 passed in 0.12s")
            .say("Added three tests; they pass.")
            .user("no, put the tests in tests/unit instead of tests/"))
