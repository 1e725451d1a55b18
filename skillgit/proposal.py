"""What mining produces, between its stages: `Candidate` → `Verdict` → `Proposal`.

These types live below both their producers (group/judge/generate) and their consumers
(the git writer, `proposals`, later the GitHub publisher), so neither side imports the other.
Every text field holds redacted text only.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from skillgit.printable import printable

ProposalKind = Literal["new", "update"]
Dimension = Literal["repeatable", "feedback", "repeated-ask"]
SignalKind = Literal["correction", "preference", "env-fix", "env-error", "ask"]
_UUID = re.compile(r"[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")


class Signal(BaseModel):
    """One piece of evidence from one session: a correction, an env failure/fix, or an ask."""

    model_config = ConfigDict(frozen=True)

    kind: SignalKind
    summary: str
    quote: str
    turn: int
    agent: str
    session_id: str
    started_at: datetime | None = None
    main_dir: str | None = None
    command: str | None = None
    fix: str | None = None
    skill: str | None = None  # the existing skill in use when this was said, if any
    contributor: str | None = None  # the teammate's id for a shared digest (never an email)
    corrected_command: str | None = None   # a correction: what the agent ran and was told off
    succeeded_command: str | None = None   # ... and the command that then succeeded

    @property
    def texts(self) -> tuple[str | None, ...]:
        """Every text the signal carries (for the safety screens)."""
        return (self.summary, self.quote, self.command, self.fix, self.corrected_command,
                self.succeeded_command)
    in_use: bool = False  # said inside that skill's outcome window (attribution)

    @property
    def session_ref(self) -> str:
        """`agent day id` (plus `by <contributor-id>` for a shared digest): a UUID shortened to
        its first 8 characters, as git shortens a sha; other ids (opencode's time-ordered
        `ses_…`) in full, since their prefixes repeat. An id is a file name or a field someone
        else wrote: control and bidi characters in it are shown escaped, so it can neither hide
        text nor forge a line where it is cited."""
        day = self.started_at.date().isoformat() if self.started_at else "undated"
        short = self.session_id[:8] if _UUID.fullmatch(self.session_id) else self.session_id[:40]
        by = f" by {self.contributor[:64]}" if self.contributor else ""
        return printable(f"{self.agent} {day} {short}{by}")


class Candidate(BaseModel):
    """A group of signals about one kind of work (and maybe one existing skill)."""

    key: str                      # stable archetype key (sorted content terms)
    title: str                    # human headline
    terms: list[str]              # the content terms the group shares
    skill: str | None = None      # existing skill this is about, if any
    signals: list[Signal] = Field(default_factory=list)
    # signals withheld by the safety screen: class of risk → count (their text is gone)
    withheld: dict[str, int] = Field(default_factory=dict)
    # the sessions those withheld signals came from (ids only): a wholly withheld candidate
    # was still seen in them, and says so
    withheld_sessions: list[str] = Field(default_factory=list)

    @property
    def sessions(self) -> list[str]:
        return sorted({s.session_id for s in self.signals})

    @property
    def seen_in(self) -> int:
        """The sessions it was seen in, withheld signals' included (what a person is told)."""
        return len({s.session_id for s in self.signals} | set(self.withheld_sessions))

    def of_kind(self, *kinds: str) -> list[Signal]:
        return [s for s in self.signals if s.kind in kinds]


class DimensionResult(BaseModel):
    holds: bool
    reason: str
    evidence: list[Signal] = Field(default_factory=list)


class GateCheck(BaseModel):
    """One kill switch as a model judged it: whether it fires, why, and the evidence cited."""

    name: str
    fires: bool
    reason: str
    evidence: list[Signal] = Field(default_factory=list)


class Verdict(BaseModel):
    """The gate applied to one candidate: repeatable AND (feedback OR repeated ask)."""

    candidate: Candidate
    repeatable: DimensionResult
    feedback: DimensionResult
    repeated_ask: DimensionResult
    kill: str | None = None       # the kill switch that fired, if any
    score: float = 0.0
    # Set when a model judged (skillgit.judge): "<backend>/<model>", every kill switch with its
    # reason, how many heuristic candidates it merged; `fallback` says why a model judge's
    # answer was not used and the heuristic verdict stands instead.
    judged_by: str | None = None
    checks: list[GateCheck] = Field(default_factory=list)
    merged: int = 1
    fallback: str | None = None

    @property
    def accepted(self) -> bool:
        return (self.kill is None and self.repeatable.holds
                and (self.feedback.holds or self.repeated_ask.holds))

    @property
    def missed(self) -> str:
        """One line naming what a rejected candidate lacked."""
        if self.kill and not self.candidate.signals:  # every signal withheld as unsafe
            return self.kill
        if not self.repeatable.holds:
            return f"not repeatable: {self.repeatable.reason}"
        if self.kill:
            return self.kill
        return "no room to do better and no repeated ask"


ReviewKind = Literal["unknown-host", "sudo"]


class ReviewItem(BaseModel):
    """Lower-risk content a proposal carries, listed under "Review carefully" (commit message,
    PR body): a URL to a host the repository never names, or privilege elevation."""

    model_config = ConfigDict(frozen=True)

    kind: ReviewKind
    text: str                     # the redacted URL or command line (raw: escape to render)
    source: str                   # which evidence it came from, or "text written by <engine>"

    @property
    def label(self) -> str:
        return {"unknown-host": "URL to a host not named in this repository",
                "sudo": "runs with elevated privileges (sudo)"}[self.kind]


class SkillChange(BaseModel):
    """New content for files of one skill directory (paths relative to the repository)."""

    model_config = ConfigDict(frozen=True)

    skill: str
    directory: str               # repo-relative skill directory, e.g. "skills/pnpm-usage"
    files: dict[str, bytes]      # repo-relative path → new bytes


class MeasuredEffect(BaseModel):
    """What `skillgit verify` measured: how often the agent's next action followed the
    lesson without and with the proposed skill (`unparsed`: answers that could not be read)."""

    model_config = ConfigDict(frozen=True)

    without: int
    with_skill: int
    samples: int                 # answers per condition (cases x samples)
    unparsed: int = 0
    engine: str = ""
    rows: list[str] = Field(default_factory=list)   # one line per case, already escaped

    @property
    def gain(self) -> bool:
        return self.with_skill > self.without

    @property
    def unreadable(self) -> bool:
        """No answer of either condition could be read: nothing was measured."""
        return self.samples > 0 and self.unparsed >= 2 * self.samples


class Proposal(BaseModel):
    """One proposed skill change: what to commit, on which branch, and why."""

    kind: ProposalKind
    skill: str
    summary: str
    change: SkillChange
    verdict: Verdict
    engine: str
    rejected_others: list[str] = Field(default_factory=list)
    review_carefully: list[ReviewItem] = Field(default_factory=list)
    # an update's usage figures: the skill's current version, invocations and corrections
    usage: list[str] = Field(default_factory=list)
    effect: MeasuredEffect | None = None   # `skillgit verify`'s figures (never fingerprinted)

    @property
    def branch(self) -> str:
        return f"skillgit/{self.kind}/{self.skill}"

    @property
    def evidence_sessions(self) -> list[str]:
        return self.verdict.candidate.sessions

    @property
    def fingerprint(self) -> str:
        """Same change + same evidence set → same fingerprint (the idempotency key)."""
        payload = {
            "kind": self.kind,
            "skill": self.skill,
            "files": {p: hashlib.sha256(c).hexdigest() for p, c in
                      sorted(self.change.files.items())},
            "evidence": sorted(f"{s.session_id}:{s.turn}" for s in
                               self.verdict.candidate.signals),
        }
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        return digest[:16]
