"""What a review found: plain data that the renderers (text, json, github, Markdown) share."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillgit.review.changes import Change, ChangedFile
from skillgit.review.placement import Placed
from skillgit.review.similar import NearDuplicate
from skillgit.skills.findings import Level


@dataclass
class SkillResult:
    directory: str                  # at the head (at the base when removed)
    change: Change
    old_directory: str | None = None
    name: str | None = None
    description: str | None = None
    tokens_before: int | None = None
    tokens_after: int | None = None
    findings: list[Placed] = field(default_factory=list)

    def count(self, level: Level) -> int:
        return sum(1 for p in self.findings if p.finding.level is level)

    @property
    def token_delta(self) -> int:
        return (self.tokens_after or 0) - (self.tokens_before or 0)


@dataclass(frozen=True)
class ProposalInfo:
    """What a skillgit proposal commit's trailers say (untrusted text: render it inert)."""

    fingerprint: str
    skill: str | None
    kind: str | None
    evidence: str | None
    engine: str | None


@dataclass
class ReviewResult:
    base: str
    head: str
    files: list[ChangedFile] = field(default_factory=list)
    skills: list[SkillResult] = field(default_factory=list)
    near_duplicates: list[NearDuplicate] = field(default_factory=list)
    proposal: ProposalInfo | None = None

    def count(self, level: Level) -> int:
        return sum(s.count(level) for s in self.skills)

    @property
    def failed(self) -> bool:
        return self.count(Level.ERROR) > 0

    @property
    def token_delta(self) -> int:
        return sum(s.token_delta for s in self.skills)

    def annotations(self) -> list[Placed]:
        return [p for s in self.skills for p in s.findings if p.annotated]
