# contract: v1
"""The normalized transcript model every agent adapter produces.

One `Conversation` per session file (or per session inside a database file), with its
turns in order. Adapters fill every text field through a redactor while building the
model, so nothing downstream of an adapter ever sees raw secrets. All models are
frozen and JSON-serializable (`conversation.model_dump_json()`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

# Upper bound for a tool result excerpt kept in the model (characters).
MAX_RESULT_CHARS = 2000
# Upper bound for a tool input summary (e.g. a shell command) kept in the model.
MAX_INPUT_CHARS = 2000
# Upper bound for user / assistant text kept per turn.
MAX_TEXT_CHARS = 20000

_FRACTION = re.compile(r"\.(\d+)(?=[+-]\d\d:?\d\d$|$)")


class TurnKind(str, Enum):
    USER = "user"
    ASSISTANT = "assistant"
    TOOL_CALL = "tool_call"
    SKILL = "skill"
    SLASH_COMMAND = "slash_command"
    INTERRUPT = "interrupt"
    COMPACTION = "compaction"


class ToolResult(BaseModel):
    """What a tool call returned: a redacted, bounded excerpt plus error status."""

    model_config = ConfigDict(frozen=True)

    text: str = ""
    is_error: bool = False
    exit_code: int | None = None


class Turn(BaseModel):
    """One event in a conversation; which fields are set depends on `kind`."""

    model_config = ConfigDict(frozen=True)

    index: int
    kind: TurnKind
    text: str = ""
    timestamp: datetime | None = None
    tool_name: str | None = None
    tool_input: str | None = None
    result: ToolResult | None = None
    skill_name: str | None = None
    skill_sha: str | None = None  # content key of the skill text shown (skill_text.py)
    invoked_by: str | None = None
    command: str | None = None


class Conversation(BaseModel):
    """One agent session, normalized."""

    model_config = ConfigDict(frozen=True)

    agent: str
    session_id: str
    source_path: str
    cwd: str | None = None
    git_branch: str | None = None
    model: str | None = None
    agent_version: str | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    is_sidechain: bool = False
    parent_session_id: str | None = None
    turns: list[Turn] = Field(default_factory=list)
    parse_warnings: int = 0
    injected_dropped: int = 0
    warnings: list[str] = Field(default_factory=list)

    @property
    def user_turns(self) -> list[Turn]:
        return [t for t in self.turns if t.kind is TurnKind.USER]

    @property
    def tool_calls(self) -> list[Turn]:
        return [t for t in self.turns if t.kind is TurnKind.TOOL_CALL]

    @property
    def n_tool_errors(self) -> int:
        return sum(1 for t in self.tool_calls if t.result is not None and t.result.is_error)

    @property
    def skill_turns(self) -> list[Turn]:
        return [t for t in self.turns if t.kind is TurnKind.SKILL]

    @property
    def skills_used(self) -> list[str]:
        """Skills invoked, in order of first use, without repeats (an incidental SKILL.md
        read is no use: see `skillgit.transcripts.skill_use`)."""
        from skillgit.transcripts.skill_use import skills_invoked

        return skills_invoked(self)


class Redacting(Protocol):
    """What adapters need from `skillgit.redact.Redactor`."""

    def redact(self, text: str) -> str: ...


class Adapter(Protocol):
    """The shape every agent adapter module exposes (see `skillgit.transcripts.ADAPTERS`)."""

    AGENT: str

    def default_roots(self, env: Mapping[str, str]) -> list[Path]: ...

    def discover(self, root: Path) -> Iterator[Path]: ...

    def sniff(self, path: Path) -> bool: ...

    def parse(self, path: Path, redactor: Redacting) -> Iterator[Conversation]: ...


def bounded(text: str, limit: int) -> str:
    """Cut `text` to at most `limit` characters, marking the cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 15, 0)] + " …[truncated]"


def parse_timestamp(value: object) -> datetime | None:
    """An ISO-8601 string or epoch seconds/milliseconds as an aware datetime; None if unusable."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        seconds = value / 1000 if value > 1e11 else value
        try:
            return datetime.fromtimestamp(seconds, tz=timezone.utc)
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str) and value:
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        # Python 3.10's fromisoformat wants exactly 3 or 6 fraction digits.
        text = _FRACTION.sub(lambda m: "." + (m.group(1) + "000000")[:6], text, count=1)
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            return None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)
    return None
