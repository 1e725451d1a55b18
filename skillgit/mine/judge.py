"""The gate: repeatable AND (room to do better OR a repeated ask), with kill switches.

- repeatable: the signals come from at least two sessions (a genuine one-off never passes);
- room to do better: user corrections/preferences, or environment failures with a fix (a
  failure nobody got past teaches nothing, and would only repeat the failing command);
- a repeated ask: the same specific request in at least two sessions: two terms beyond
  general vocabulary, one of them concrete (a tool, path, identifier or quoted code).
Kill switches: unsafe content, vague helpers, one-time setup, overlap with an existing skill
that adds nothing, advice any model already knows, and a rejection on record (the ledger).

The safety screen is the costly step (a shell parse of every text), so verdicts are made
lazily, best first (`ranked_verdicts`): screening only ever removes signals, so each
candidate's unscreened counts bound its rank, and a candidate is screened only when it may
be next. A caller that stops after the proposals and the rejections it lists never pays for
the tail of a large run; `judge` takes them all.
"""

from __future__ import annotations

import functools
import heapq
import re
from collections.abc import Callable, Iterable, Iterator

from pydantic import BaseModel

from skillgit.mine.group import make_candidate, signal_terms
from skillgit.mine.terms import GENERIC_TERMS, HIGH, prior, similarity, terms
from skillgit.proposal import Candidate, DimensionResult, Signal, Verdict
from skillgit.safety import refused

MIN_SESSIONS = 2


_SETUP = re.compile(r"(?<![-\w])(install(ing)?|set ?up|configur\w*|init(ialize)?|bootstrap|clone|"
                    r"onboard\w*|create (an? )?account|first[- ]time)\b", re.I)
_GENERIC_ADVICE = re.compile(
    r"\b(best practices?|clean code|readable|descriptive names?|add (more )?comments|"
    r"be (more )?careful|double[- ]check|think (it through|step by step)|"
    r"write (good|more|unit) tests|handle (all )?errors|keep it simple|follow conventions?)\b",
    re.I)
# Judgements of quality with no object: "don't be sloppy", "keep it tidy and well structured".
_VAGUE_QUALITY = re.compile(
    r"\b(sloppy|tidy|neat(ly)?|messy|clean(er|ly)?|well[- ]?(structured|organi[sz]ed|written)|"
    r"organi[sz]ed|elegant|robust|maintainable|readable|professional|high[- ]quality|"
    r"careful(ly)?|thorough(ly)?|properly|good code|nice code)\b", re.I)


class KnownSkill(BaseModel):
    """An existing skill on the base branch, as mining sees it."""

    name: str
    directory: str          # repo-relative; of an install for several agents, the canonical copy
    description: str
    body: str
    copies: tuple[str, ...] = ()  # identical copies for other agents, kept equal on update

    @property
    def topic_terms(self) -> frozenset[str]:
        return terms(f"{self.name.replace('-', ' ')} {self.description}")


def signal_risks(signal: Signal) -> list[str]:
    """The classes of risk any text of the signal carries (empty when it may be quoted).

    A text that the signal's quote holds word for word (the command the user's sentence gave,
    which the agent then ran) is judged inside that sentence, where its context is: "run
    `redis-cli FLUSHDB` against the docker-compose redis" is one rule, and the bare command is
    no more than a part of it. What is written from the signal is screened again as a whole."""
    quote = _QUOTE_MARKS.sub("'", signal.quote or "")
    return sorted({risk for text in signal.texts
                   if not (text and text != signal.quote
                           and _QUOTE_MARKS.sub("'", text).strip() in quote)
                   for risk in _refused(text)})


_QUOTE_MARKS = re.compile(r"[`\"\u2018\u2019\u201c\u201d]")
"""Quotes and backticks, which a quote may show in another form than the command was run."""


_SCREENED = [0]  # distinct texts screened in this process (see `screened_texts`)


@functools.lru_cache(maxsize=1 << 16)
def _refused(text: str | None) -> tuple[str, ...]:
    """`refused`, once per distinct text (a lesson repeated in many sessions is one text)."""
    _SCREENED[0] += 1
    return tuple(refused(text))


def screened_texts() -> int:
    """How many distinct texts the safety screen has read so far (a run's cost measure)."""
    return _SCREENED[0]


def safe_signals(candidate: Candidate) -> Candidate:
    """Drop every signal whose text must never reach a proposal (title and terms follow);
    the candidate remembers how many were withheld and why, never what they said."""
    kept: list[Signal] = []
    withheld: dict[str, int] = {}
    gone: set[str] = set()
    for signal in candidate.signals:
        risks = signal_risks(signal)
        if not risks:
            kept.append(signal)
        else:
            gone.add(signal.session_id)
        for risk in risks:
            withheld[risk] = withheld.get(risk, 0) + 1
    if not withheld:
        return candidate
    if not kept:
        return candidate.model_copy(update={"signals": [], "terms": [], "withheld": withheld,
                                            "withheld_sessions": sorted(gone),
                                            "title": "(withheld: unsafe content)"})
    family = candidate.key.split(":", 1)[0]
    if family == "update":
        family = f"update:{candidate.skill}"
    return make_candidate(family, kept, candidate.skill).model_copy(
        update={"withheld": withheld, "withheld_sessions": sorted(gone)})


def withheld_reason(withheld: dict[str, int]) -> str:
    """"download-and-run (2), exfiltration (1)": why quotes were withheld, without them."""
    return ", ".join(f"{risk} ({n})" for risk, n in sorted(withheld.items()))


def _sessions(signals: Iterable[Signal]) -> int:
    return len({s.session_id for s in signals})


def _specific_terms(candidate: Candidate) -> list[str]:
    return [t for t in candidate.terms if t not in GENERIC_TERMS]


def _dimensions(c: Candidate) -> tuple[DimensionResult, DimensionResult, DimensionResult]:
    n = len(c.sessions)
    repeatable = DimensionResult(
        holds=n >= MIN_SESSIONS,
        reason=f"seen in {n} session{'s' if n != 1 else ''}", evidence=c.signals)
    # A failure counts once something is known to get past it: a fix, or a user's correction.
    lessons = c.of_kind("correction", "preference", "env-fix")
    fixes = c.of_kind("env-fix")
    corrections = c.of_kind("correction", "preference")
    parts = []
    if corrections:
        parts.append(f"{len(corrections)} user correction(s)")
    if c.of_kind("env-fix", "env-error"):
        parts.append(f"{len(c.of_kind('env-fix', 'env-error'))} environment failure(s)"
                     + (f", {len(fixes)} with a working fix" if fixes else ", none with a fix"))
    feedback = DimensionResult(holds=bool(lessons), reason="; ".join(parts) or "none",
                               evidence=lessons)
    asks = c.of_kind("ask")
    ask_sessions = _sessions(asks)
    repeated = DimensionResult(
        holds=(ask_sessions >= MIN_SESSIONS and len(_specific_terms(c)) >= 2
               and any(prior(t) == HIGH for t in c.terms)),
        reason=(f"asked in {ask_sessions} sessions" if asks else "none"), evidence=asks)
    return repeatable, feedback, repeated


def _kill(c: Candidate, known: list[KnownSkill],
          rejected: Callable[[Candidate], bool]) -> str | None:
    if not c.signals:
        return ("unsafe: every quote was withheld and never copied: "
                + (withheld_reason(c.withheld) or "no text left"))
    if not _specific_terms(c) or (c.skill is None and len(c.terms) < 1):
        return "vague helper: nothing specific enough to write down"
    texts = [f"{s.summary} {s.quote}" for s in c.signals]
    if not c.of_kind("correction", "preference", "env-fix", "env-error") and all(
            _SETUP.search(t) for t in texts):
        return "one-time setup step"  # asked for, not corrected: a lesson about setup stays
    if c.of_kind("env-error") and not c.of_kind("correction", "preference", "env-fix", "ask"):
        return "a recurring failure with no fix in any session: nothing to tell the agent yet"
    if all(_GENERIC_ADVICE.search(t) for t in texts) or (
            all(_VAGUE_QUALITY.search(t) for t in texts)
            and not any(_anchored(t) for t in texts)):
        return "generic advice any model already knows"
    target = next((k for k in known if k.name == c.skill), None)
    if target is not None:
        body = terms(target.body) | target.topic_terms  # what it says, description included
        new = [s for s in c.signals if not signal_terms(s) <= body]
        if not new:
            return f"overlaps skill '{target.name}' without extending it"
    if rejected(c):
        return "rejected before (ledger) and the evidence has not grown enough"
    return None


def _anchored(text: str) -> bool:
    """Whether the text names something concrete: a tool, path, identifier or number."""
    return any(prior(term) == HIGH for term in terms(text))


def attach_to_known(c: Candidate, known: list[KnownSkill]) -> Candidate:
    """A new-skill candidate about an existing skill's topic extends that skill instead."""
    if c.skill is not None or not known:
        return c
    words = frozenset(c.terms)
    best = max(known, key=lambda k: (similarity(words, k.topic_terms), k.name))
    if similarity(words, best.topic_terms) >= 0.6:
        return c.model_copy(update={"skill": best.name})
    return c


def score(v: Verdict) -> float:
    c = v.candidate
    return (2.0 * len(c.sessions) + 1.5 * len(c.of_kind("correction", "preference"))
            + 2.0 * len(c.of_kind("env-fix")) + len(c.of_kind("env-error"))
            + len(c.of_kind("ask")) + (3.0 if c.skill else 0.0))


def _verdict(raw: Candidate, known: list[KnownSkill],
             rejected: Callable[[Candidate], bool]) -> Verdict:
    c = attach_to_known(safe_signals(raw), known)
    repeatable, feedback, repeated = _dimensions(c)
    verdict = Verdict(candidate=c, repeatable=repeatable, feedback=feedback,
                      repeated_ask=repeated, kill=_kill(c, known, rejected))
    return verdict.model_copy(update={"score": score(verdict)})


def _bound(c: Candidate, known: list[KnownSkill]) -> tuple[bool, float]:
    """The best rank `c` can reach once screened, as (not accepted, -score): the screen
    only drops signals, and attaching to a known skill adds at most its bonus."""
    sessions = len(c.sessions)
    asks = c.of_kind("ask")
    may_pass = sessions >= MIN_SESSIONS and (
        bool(c.of_kind("correction", "preference", "env-fix")) or _sessions(asks) >= MIN_SESSIONS)
    best = (2.0 * sessions + 1.5 * len(c.of_kind("correction", "preference"))
            + 2.0 * len(c.of_kind("env-fix")) + len(c.of_kind("env-error")) + len(asks)
            + (3.0 if c.skill or known else 0.0))
    return not may_pass, -best


def ranked_verdicts(candidates: Iterable[Candidate], known: list[KnownSkill],
                    rejected: Callable[[Candidate], bool] = lambda c: False
                    ) -> Iterator[Verdict]:
    """Every candidate's verdict, accepted ones first by score (ties: key, then the order
    given), each screened and judged only when the caller asks for the next one."""
    raw = list(candidates)
    bounds = sorted((_bound(c, known), n) for n, c in enumerate(raw))
    ready: list[tuple[bool, float, str, int, Verdict]] = []
    for bound, n in bounds:
        while ready and ready[0][:2] < bound:
            yield heapq.heappop(ready)[-1]
        verdict = _verdict(raw[n], known, rejected)
        heapq.heappush(ready, (not verdict.accepted, -verdict.score, verdict.candidate.key, n,
                               verdict))
    while ready:
        yield heapq.heappop(ready)[-1]


def judge(candidates: Iterable[Candidate], known: list[KnownSkill],
          rejected: Callable[[Candidate], bool] = lambda c: False) -> list[Verdict]:
    """Every candidate with its verdict, accepted ones first by score (deterministic)."""
    return list(ranked_verdicts(candidates, known, rejected))
