"""A replay case: data, stable and inspectable (`skillgit verify --dry-run` prints it).

Every text in a case is redacted by the parser and passed the final screen when the case was
built (`cases.py`); a case loaded from the cache is screened again before it is used, so a
case file edited by hand cannot carry a secret into a request either.
"""

from __future__ import annotations

import hashlib
import json
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

CASE_FORMAT = 1
StepRole = Literal["user", "assistant", "tool_call", "tool_output"]


class Step(BaseModel):
    """One thing the agent had seen before the corrected action."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: StepRole
    text: str
    tool: str | None = None


class Expectation(BaseModel):
    """What the lesson expects. `expected` / `avoided`: commands (an action lesson, decided
    structurally); `rule`: the lesson's words (decided by the grounded judge when there is no
    command to compare)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    expected: str | None = None
    avoided: str | None = None

    @property
    def structural(self) -> bool:
        return self.expected is not None or self.avoided is not None


class ReplayCase(BaseModel):
    """One evidence item of one proposal, ready to replay."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: int = CASE_FORMAT
    branch: str
    fingerprint: str
    session: str                 # the evidence's session reference (agent, day, short id)
    session_id: str | None = None   # the full id it was resolved to (None: an older case)
    turn: int
    context: list[Step] = Field(default_factory=list)
    taken: str | None = None     # the action the agent took and was corrected for
    expectation: Expectation

    @property
    def case_id(self) -> str:
        parts: list[object] = [self.fingerprint, self.session, self.turn]
        if self.session_id:   # two sessions shortened alike are two cases
            parts.append(self.session_id)
        payload = json.dumps(parts, sort_keys=True)
        return hashlib.sha256(payload.encode()).hexdigest()[:12]

    def texts(self) -> list[str]:
        """Every text the case carries (for the screens)."""
        out = [s.text for s in self.context] + [self.expectation.rule]
        return out + [t for t in (self.taken, self.expectation.expected,
                                  self.expectation.avoided) if t]


class CaseFile(BaseModel):
    """The cases of one proposal, as cached (`$XDG_CACHE_HOME/skillgit/verify/cases`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: int = CASE_FORMAT
    fingerprint: str
    cases: list[ReplayCase] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
