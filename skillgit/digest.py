# contract: v1
"""The per-conversation digest: what distilling one session yields.

A `Digest` is the Skill Miner's row for one conversation: topics, tasks, skills used,
environment feedback (failures and their fixes) and user feedback (corrections,
preferences, repeated asks). Every task and feedback item carries at least one
`Evidence`: a short redacted quote taken verbatim from a turn, plus that turn's index.

The models are frozen, versioned and JSON-serializable, and hold no raw text beyond
redacted quotes and one-line summaries, so digests can be cached and later shared.
`DigestAnswer` is the part an LLM must return; `Digest` adds the session facts.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.json_schema import SkipJsonSchema

# Every digest schema skillgit ever wrote, and what it added. A reader reads them all
# (`upgrade_schema`): a new version may only add fields whose default means "not recorded",
# or it must say here how older JSON becomes it.
SCHEMA_HISTORY: dict[int, str] = {
    1: "the first schema (shared on refs since share's on-ref format 1)",
    2: "correction items may carry the command the user corrected and the one that then "
       "succeeded; skill_uses (invocations with their outcome windows)",
    3: "feedback items may carry `replay`: the redacted context the agent had seen up to the "
       "action the item is about, and that action (`skillgit verify` replays it where the "
       "session is not at hand); an older digest has none",
}
DIGEST_SCHEMA_VERSION = max(SCHEMA_HISTORY)
READABLE_SCHEMA_VERSIONS: tuple[int, ...] = tuple(sorted(SCHEMA_HISTORY))
# Upper bound for an evidence quote (characters).
MAX_QUOTE_CHARS = 240
# Upper bound for a one-line summary (characters).
MAX_SUMMARY_CHARS = 300

UserFeedbackKind = Literal["correction", "preference", "repeated-ask"]
EnvFeedbackKind = Literal["failure-then-fix", "repeated-error", "failure"]
USER_FEEDBACK_KINDS: tuple[str, ...] = ("correction", "preference", "repeated-ask")
ENV_FEEDBACK_KINDS: tuple[str, ...] = ("failure-then-fix", "repeated-error", "failure")


def one_line(value: object) -> object:
    """Collapse whitespace and cap length, so a summary is one short line."""
    if not isinstance(value, str):
        return value
    text = " ".join(value.split())
    return text if len(text) <= MAX_SUMMARY_CHARS else text[: MAX_SUMMARY_CHARS - 1] + "…"


class Evidence(BaseModel):
    """A short verbatim quote from one turn of the conversation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    quote: str = Field(min_length=1, description="verbatim text from the cited turn, <= 240 chars")
    turn: int = Field(ge=0, description="index of the turn the quote comes from")

    @field_validator("quote", mode="before")
    @classmethod
    def _cap_quote(cls, value: object) -> object:
        # A prefix of a verbatim quote is still verbatim, so over-long quotes are cut, not refused.
        return value[:MAX_QUOTE_CHARS] if isinstance(value, str) else value


ReplayRole = Literal["user", "assistant", "tool_call", "tool_output"]
# Upper bounds of a replay (a shared digest file holds at most 64 KiB): characters of one
# step, steps of one replay.
MAX_REPLAY_STEP_CHARS = 1200
MAX_REPLAY_STEPS = 40


class ReplayStep(BaseModel):
    """One thing the agent had seen: a user or assistant turn, a tool call or its output."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: ReplayRole
    text: str
    tool: str | None = None

    @field_validator("text", mode="before")
    @classmethod
    def _cap(cls, value: object) -> object:
        # a screen's markers may lengthen a text: cut, as quotes are, never refused
        return value[:MAX_REPLAY_STEP_CHARS] if isinstance(value, str) else value

    @field_validator("tool", mode="before")
    @classmethod
    def _cap_tool(cls, value: object) -> object:
        return value[:40] if isinstance(value, str) else value


class Replay(BaseModel):
    """The moment a feedback item is about, as `skillgit verify` replays it: the redacted
    context up to the action (the user's first request, then the latest steps within a token
    budget) and the action the agent took (the last tool call at or before the item's turn).
    What the lesson expects is not stored: it is the proposed skill's rule."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    context: list[ReplayStep] = Field(default_factory=list, max_length=MAX_REPLAY_STEPS)
    taken: str | None = None

    @field_validator("taken", mode="before")
    @classmethod
    def _cap(cls, value: object) -> object:
        return value[:MAX_REPLAY_STEP_CHARS] if isinstance(value, str) else value


class FeedbackItem(BaseModel):
    """A piece of feedback: from the user (corrections) or the environment (failures)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str = Field(description="user: correction | preference | repeated-ask; "
                      "env: failure-then-fix | repeated-error | failure")
    summary: str = Field(min_length=1)
    evidence: list[Evidence] = Field(min_length=1)
    command: str | None = None
    fix: str | None = None
    # User feedback only, taken from the tool calls around it (never from an engine's answer,
    # so they stay out of the answer schema): what the agent ran that the user corrected,
    # and the command that then succeeded.
    corrected_command: SkipJsonSchema[str | None] = None
    succeeded_command: SkipJsonSchema[str | None] = None
    # Taken from the conversation too (never from an engine's answer): see `Replay`.
    replay: SkipJsonSchema[Replay | None] = None

    @field_validator("summary", mode="before")
    @classmethod
    def _one_line(cls, value: object) -> object:
        return one_line(value)


class TaskItem(BaseModel):
    """Something the user asked the agent to do."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    summary: str = Field(min_length=1)
    evidence: list[Evidence] = Field(min_length=1)

    @field_validator("summary", mode="before")
    @classmethod
    def _one_line(cls, value: object) -> object:
        return one_line(value)


class SkillUse(BaseModel):
    """One skill invocation: the SKILL turn, how the agent loaded it, the content key of the
    text it was shown (when the transcript shows it), and the indices of the user turns that
    followed it (the outcome window is the first K of them)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    skill: str = Field(min_length=1)
    turn: int = Field(ge=0)
    how: str = ""
    at: datetime | None = None
    content_sha: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    next_user_turns: list[int] = Field(default_factory=list, max_length=10)

    def window_end(self, k: int) -> int | None:
        """The last turn of the outcome window of `k` user turns (None: to the session end)."""
        return self.next_user_turns[k - 1] if len(self.next_user_turns) >= k else None

    def covers(self, turn: int, k: int) -> bool:
        end = self.window_end(k)
        return turn > self.turn and (end is None or turn <= end)


class DigestAnswer(BaseModel):
    """What an engine (LLM or heuristic) returns about one conversation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    topics: list[str] = Field(default_factory=list)
    tasks: list[TaskItem] = Field(default_factory=list)
    env_feedback: list[FeedbackItem] = Field(default_factory=list)
    user_feedback: list[FeedbackItem] = Field(default_factory=list)


class Digest(BaseModel):
    """One distilled conversation: session facts plus the engine's answer."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = DIGEST_SCHEMA_VERSION
    agent: str
    session_id: str
    started_at: datetime | None = None
    main_dir: str | None = None
    n_user_turns: int = 0
    opening: str | None = Field(default=None, description=(
        "fingerprint of the opening exchange (turns through the first reply, texts and "
        "timestamps): equal in copies of one history (a resumed or forked session), "
        "different in distinct sessions, even ones that start in the same second"))
    topics: list[str] = Field(default_factory=list)
    tasks: list[TaskItem] = Field(default_factory=list)
    skills_used: list[str] = Field(default_factory=list)
    skill_uses: list[SkillUse] = Field(default_factory=list)
    env_feedback: list[FeedbackItem] = Field(default_factory=list)
    user_feedback: list[FeedbackItem] = Field(default_factory=list)
    engine: str
    model: str | None = None
    prompt_version: str
    contributor: str | None = Field(default=None, description=(
        "the id of the teammate who shared it (`skillgit share`), never a name or an email; "
        "None for the user's own sessions"))


class DigestSchemaError(ValueError):
    """A digest in a schema this skillgit cannot read; the text says which and what to do."""


def upgrade_schema(body: dict[str, Any]) -> dict[str, Any]:
    """A digest's JSON in any schema skillgit ever wrote, as the current schema's JSON.

    Teammates on two skillgit versions share digests: an older schema is read (the fields it
    lacks keep their defaults); a newer one is refused with a message that says to upgrade."""
    version = body.get("schema_version")
    if type(version) is not int:
        raise DigestSchemaError(f"no digest schema_version (got {version!r})")
    if version > DIGEST_SCHEMA_VERSION:
        raise DigestSchemaError(
            f"digest schema {version} is newer than this skillgit reads "
            f"({_versions()}); upgrade skillgit (`pip install --upgrade skillgit`) to read it")
    if version not in READABLE_SCHEMA_VERSIONS:
        raise DigestSchemaError(f"digest schema {version}: skillgit never wrote it "
                                f"(it reads {_versions()})")
    while version < DIGEST_SCHEMA_VERSION:
        body = {**body, "schema_version": version + 1}
        version += 1
    return body


def _versions() -> str:
    low, high = READABLE_SCHEMA_VERSIONS[0], READABLE_SCHEMA_VERSIONS[-1]
    return f"{low} to {high}" if low != high else str(high)

