# contract: v1
"""The normalized transcript model every agent adapter produces.

One `Conversation` per session file (or per session inside a database file), with its
turns in order. Adapters fill every text field through a redactor while building the
model, so nothing downstream of an adapter ever sees raw secrets. All models are
frozen and JSON-serializable (`conversation.model_dump_json()`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

# Upper bound for a tool result excerpt kept in the model (characters).
MAX_RESULT_CHARS = 2000
# Upper bound for a tool input summary (e.g. a shell command) kept in the model.
MAX_INPUT_CHARS = 2000
# Upper bound for user / assistant text kept per turn.
MAX_TEXT_CHARS = 20000

_ISO_ANY = sys.version_info >= (3, 11)
_FRACTION = re.compile(r"\.(\d+)(?=[+-]\d\d:?\d\d$|$)")


class TurnKind(str, Enum):
    USER = "user"
    ASSISTANT = "assistant"
    TOOL_CALL = "tool_call"
    SKILL = "skill"
    SLASH_COMMAND = "slash_command"
    INTERRUPT = "interrupt"
    COMPACTION = "compaction"


class Deferred(BaseModel):
    """A frozen model whose text fields an adapter may fill on first read (`deferred`).

    Redacting is the costly part of parsing, and much of what a parser keeps is never read
    (`sessions` lists counts and times; a tool result's text matters only when it is shown,
    rendered or distilled). So an adapter builds each turn with its raw, bounded texts held
    back and a function that redacts them; the first read of any field held back (or any
    comparison, copy, dump or pickle) runs it once and stores the redacted values as if they
    had been given. Nothing outside this class can see the raw texts: they live only in the
    function's closure, and every way of reading a field goes through `_settle`."""

    model_config = ConfigDict(frozen=True)

    _pending: Callable[[], dict[str, Any]] | None = PrivateAttr(default=None)

    @classmethod
    def deferred(cls, compute: Callable[[], dict[str, Any]], /, **given: Any) -> Any:
        """An instance with the `given` fields, whose other fields `compute()` returns (all
        of them, already redacted and valid) on first read. `given` is not validated: the
        adapter passes values of the declared types."""
        # what `model_construct` does, without its defaults and hooks (it costs several
        # times more, and adapters make one of these per turn)
        instance = cls.__new__(cls)
        object.__setattr__(instance, "__dict__", given)
        object.__setattr__(instance, "__pydantic_fields_set__", set(cls.model_fields))
        object.__setattr__(instance, "__pydantic_extra__", None)
        object.__setattr__(instance, "__pydantic_private__", {"_pending": compute})
        return instance

    def _settle(self) -> None:
        private = object.__getattribute__(self, "__pydantic_private__")
        compute = private.get("_pending") if private else None
        if compute is not None:
            values = {**self.__dict__, **compute()}
            # one swap, in the declared order (dumps and hashes keep their field order);
            # frozen guards setattr, not how the values are first stored
            object.__setattr__(self, "__dict__", {name: values[name]
                                                  for name in type(self).model_fields})
            private["_pending"] = None

    if not TYPE_CHECKING:  # keep mypy's checks of attribute names
        def __getattr__(self, name: str) -> Any:
            if name in type(self).model_fields:
                self._settle()
                if name in self.__dict__:
                    return self.__dict__[name]
            return super().__getattr__(name)

    @model_serializer(mode="wrap")
    def _serialize(self, handler: SerializerFunctionWrapHandler) -> Any:
        self._settle()
        return handler(self)

    def __eq__(self, other: object) -> bool:
        self._settle()
        if isinstance(other, Deferred):
            other._settle()
        return super().__eq__(other)

    def __hash__(self) -> int:
        self._settle()
        return hash((type(self), *(self.__dict__[name] for name in type(self).model_fields)))

    def __repr_args__(self) -> Any:
        self._settle()
        return super().__repr_args__()

    def __getstate__(self) -> dict[Any, Any]:
        self._settle()
        return super().__getstate__()

    def __copy__(self) -> Any:
        self._settle()
        return super().__copy__()

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
        self._settle()
        return super().__deepcopy__(memo)

    def model_copy(self, *, update: Mapping[str, Any] | None = None,
                   deep: bool = False) -> Any:
        self._settle()
        return super().model_copy(update=update, deep=deep)


class ToolResult(Deferred):
    """What a tool call returned: a redacted, bounded excerpt plus error status."""

    text: str = ""
    is_error: bool = False
    exit_code: int | None = None
    rejected: bool = False
    """The user refused, cancelled or aborted the call (`refusal.refused_by_user`); adapters
    set it from the raw text, and a result built from its text alone derives it."""

    @model_validator(mode="before")
    @classmethod
    def _derive_rejected(cls, data: Any) -> Any:
        if isinstance(data, dict) and "rejected" not in data and isinstance(
                data.get("text"), str):
            from skillgit.transcripts.refusal import refused_by_user

            return {**data, "rejected": refused_by_user(data["text"])}
        return data


class Turn(Deferred):
    """One event in a conversation; which fields are set depends on `kind`."""

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
        if _ISO_ANY:  # 3.11+ reads `Z` and any number of fraction digits itself
            try:
                parsed = datetime.fromisoformat(value)
            except ValueError:
                pass
            else:
                return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)
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
