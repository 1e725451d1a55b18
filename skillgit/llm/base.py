# contract: v1
"""The engine and backend contract shared by every LLM backend and by the distill pipeline.

A `Backend` is a structured-output LLM: it takes a system and a user prompt and returns
a pydantic model parsed from the answer. An `Engine` turns a `Conversation` into a
`Digest`. Engines are found only through the `skillgit.engines` entry-point group, exactly
like third-party plugins: a factory returns either an `Engine` (the built-in `heuristic`)
or a bare `Backend`, which `skillgit.distill.engines` wraps in the LLM engine (every
built-in model backend). This package holds model backends only and knows no distill rule.

Secrets: `EngineSettings.api_key` is a `SecretStr`; no repr, log line or exception message
built by skillgit may contain the key itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from skillgit.errors import SkillgitError

if TYPE_CHECKING:
    from skillgit.digest import Digest
    from skillgit.transcripts.model import Conversation

ENTRY_POINT_GROUP = "skillgit.engines"


class Usage(BaseModel):
    """Tokens spent; `estimated` is True when any part was estimated rather than reported."""

    model_config = ConfigDict(frozen=True)

    input_tokens: int = 0
    output_tokens: int = 0
    calls: int = 0
    estimated: bool = False

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            calls=self.calls + other.calls,
            estimated=self.estimated or other.estimated,
        )


T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class Completion(Generic[T]):
    """A parsed answer, what it cost, and the text it was parsed from."""

    value: T
    usage: Usage
    raw_text: str


class InvalidAnswer(Exception):
    """The model's answer was not valid JSON for the schema, even after one repair retry.

    `usage` holds what the failed attempts cost, so callers can still account for it.
    """

    def __init__(self, message: str, *, usage: Usage | None = None, raw_text: str = "") -> None:
        super().__init__(message)
        self.usage = usage if usage is not None else Usage()
        self.raw_text = raw_text


class EngineUnavailable(SkillgitError):
    """The engine cannot be reached or refuses to work (network, auth, quota, missing CLI).

    Exit code 2. The message names the host/program and status, never a key.
    """


class Backend(Protocol):
    """A structured-output LLM.

    `complete` asks for JSON matching `schema` (structured output where the server supports
    it) and parses the answer into `schema`. On invalid JSON or a validation error it retries
    once with the error appended, then raises `InvalidAnswer`. Network faults that persist
    after bounded retries raise `EngineUnavailable`.
    """

    @property
    def name(self) -> str: ...

    @property
    def model(self) -> str | None: ...

    def complete(self, system: str, user: str, schema: type[T], *,
                 max_output_tokens: int = 2048) -> Completion[T]: ...


class Engine(Protocol):
    """What `distill` (and later mining) uses: one `Digest` per conversation."""

    @property
    def name(self) -> str: ...

    @property
    def model(self) -> str | None: ...

    def distill(self, conversation: Conversation) -> tuple[Digest, Usage]: ...


class EngineSettings(BaseModel):
    """Everything an engine factory may need; built by `skillgit.llm.select`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str | None = None
    base_url: str | None = None
    api_key: SecretStr | None = None
    timeout: float = 60.0
    token_budget: int = 6000
    extra: dict[str, str] = Field(default_factory=dict)


# What an entry point's factory makes: an engine, or a backend for the LLM engine to wrap.
EngineOrBackend = Engine | Backend
EngineFactory = Callable[[EngineSettings], EngineOrBackend]


class _EntryPointFactory:
    """Loads the entry point only when the engine is actually created."""

    def __init__(self, entry_point: EntryPoint) -> None:
        self._entry_point = entry_point

    def __call__(self, settings: EngineSettings) -> EngineOrBackend:
        try:
            factory = self._entry_point.load()
        except Exception as exc:  # a broken plugin must not crash the CLI
            raise EngineUnavailable(
                f"engine {self._entry_point.name!r} could not be loaded from "
                f"{self._entry_point.value!r}: {type(exc).__name__}: {exc}") from None
        made: EngineOrBackend = factory(settings)
        return made

    def __repr__(self) -> str:
        return f"<engine factory {self._entry_point.name}={self._entry_point.value}>"


def available_engines() -> dict[str, EngineFactory]:
    """Engine factories by name, from the `skillgit.engines` entry points (first one wins)."""
    found: dict[str, EngineFactory] = {}
    for entry_point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(entry_point.name, _EntryPointFactory(entry_point))
    return dict(sorted(found.items()))
