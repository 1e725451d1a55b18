"""Scoring one run against `expected.yaml`: recall, spurious proposals, traps, leaks."""

from __future__ import annotations

from pydantic import BaseModel, Field

from skillgit.eval.labelled import Expected, Lesson
from skillgit.llm.base import Usage


class Proposed(BaseModel):
    """One proposal of the run: what it adds, as the scorer reads it."""

    branch: str
    kind: str
    skill: str
    text: str                    # the text the proposal adds (an update: only the new lines)


class Turned(BaseModel):
    """A candidate the run did not propose, as the scorer reads it: its own texts (title and
    quotes, matched against a lesson's keywords, never shown) and the gate's or screen's
    reason."""

    texts: str
    reason: str


class Score(BaseModel):
    lessons: int
    found: list[str] = Field(default_factory=list)       # lesson ids matched
    missed: list[str] = Field(default_factory=list)
    why_missed: dict[str, str] = Field(default_factory=dict)   # lesson id → why
    spurious: list[str] = Field(default_factory=list)    # branches matching no lesson
    traps: list[str] = Field(default_factory=list)       # trap ids proposed
    leaks: list[str] = Field(default_factory=list)       # "secret #2 in <where>"
    proposals: int = 0
    usage: Usage = Field(default_factory=Usage)
    judge_usage: Usage = Field(default_factory=Usage)
    judge_calls: int = 0
    estimated_cost_usd: float | None = None
    engine: str = "heuristic"
    judge: str = "heuristic"
    matched: dict[str, str] = Field(default_factory=dict)   # lesson id -> its branch
    # lesson id -> `skillgit verify`'s figures ("without 0/6, with 6/6"), with --verify-llm
    effects: dict[str, str] = Field(default_factory=dict)

    @property
    def recall(self) -> float:
        return len(self.found) / self.lessons if self.lessons else 1.0


def _has_all(text: str, keywords: list[str]) -> bool:
    low = text.lower()
    return all(k.lower() in low for k in keywords)


def _matches(lesson: Lesson, p: Proposed) -> bool:
    return (p.kind == lesson.kind and (lesson.kind == "new" or p.skill == lesson.skill)
            and _has_all(p.text, lesson.keywords))


def why_missed(lesson: Lesson, proposed: list[Proposed], turned: list[Turned],
               not_listed: int = 0, withheld: dict[str, int] | None = None) -> str:
    """Why no proposal matched `lesson`: the reasons of the candidates that held its keywords
    (the gate's dimension, the screen's risk, the limit), a proposal of the wrong kind or
    skill, or that no candidate held them at all."""
    reasons = list(dict.fromkeys(t.reason for t in turned if _has_all(t.texts, lesson.keywords)))
    if reasons:
        return "; ".join(reasons)
    other = next((p for p in proposed if _has_all(p.text, lesson.keywords)), None)
    if other is not None:
        expected = lesson.kind + (f" {lesson.skill}" if lesson.skill else "")
        return f"proposed as {other.kind} {other.skill} on {other.branch}, expected {expected}"
    why = f"no candidate of the run held its keywords ({', '.join(lesson.keywords)})"
    if withheld:  # their texts are gone: the lesson may be among them, which cannot be told
        why += (f"; the safety screen withheld {sum(withheld.values())} quote(s) of this run "
                f"({', '.join(f'{risk}: {n}' for risk, n in sorted(withheld.items()))})")
    if not_listed:
        why += f"; {not_listed} lower-ranked candidate(s) were neither judged nor listed"
    return why


def score(expected: Expected, proposed: list[Proposed],
          outputs: dict[str, str], turned: list[Turned] | None = None,
          not_listed: int = 0, withheld: dict[str, int] | None = None) -> Score:
    """Each proposal matches at most one lesson (first in `expected` order); `outputs`:
    where → text of everything the run wrote (searched for the planted secrets); `turned`:
    the candidates the run did not propose, which say why a lesson was missed."""
    result = Score(lessons=len(expected.lessons), proposals=len(proposed))
    used: set[str] = set()
    for lesson in expected.lessons:
        hit = next((p for p in proposed if p.branch not in used and _matches(lesson, p)), None)
        if hit is None:
            result.missed.append(lesson.id)
            result.why_missed[lesson.id] = why_missed(lesson, proposed, turned or [],
                                                      not_listed, withheld)
        else:
            used.add(hit.branch)
            result.found.append(lesson.id)
            result.matched[lesson.id] = hit.branch
    result.spurious = [p.branch for p in proposed if p.branch not in used]
    result.traps = [t.id for t in expected.traps
                    if any(_has_all(p.text, t.keywords) for p in proposed)]
    for n, secret in enumerate(expected.secrets, 1):
        result.leaks += [f"secret #{n} in {where}" for where, text in sorted(outputs.items())
                         if secret in text]
    return result
