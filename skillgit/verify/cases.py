"""Replay cases from a proposal's evidence: the sessions it cites, else their digests.

An evidence item names a session and a turn (`claude-code 2026-11-02 00000000, turn 3`). The
session is resolved exactly (`resolve`): by its full id when the evidence carries it (`mine`
hands its own over); a shortened id read back from a commit message only when one session of
that agent and day starts with it; several: an ambiguous session, noted, never guessed. The
moment it is about is a `Replay` (`distill.replays`): the agent's last tool call at or before
that turn (the action the user corrected, or the command that failed) and what the agent had
seen before it, trimmed to `token_budget`. Where the session is at hand it is built from the
session, parsed by the same adapters as `mine` (so every text is redacted by the parser);
where it is not (team mining), from the replay the digest carries, built the same way when
the digest was made, within the digest's smaller budget. A digest of an older schema carries
none: that case is noted as having no replay context, never guessed. Every text is screened
alone by the final screen (`screen_text`) before it becomes part of a case. The
*expectation* is the proposal's rule the evidence is about (`lesson.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, Protocol, TypeVar

from skillgit.digest import Digest, Replay
from skillgit.distill.replays import replay_at
from skillgit.hints import flag_hint, joined
from skillgit.proposal import Proposal, Signal
from skillgit.redact.screen import screen_text
from skillgit.skills.model import SKILL_FILE
from skillgit.transcripts.model import Conversation
from skillgit.verify.case import CaseFile, Expectation, ReplayCase, Step
from skillgit.verify.lesson import added_rules, best_rule, expectation_of

NO_REPLAY = "no replay context"
AMBIGUOUS = "ambiguous session"


def proposal_rules(proposal: Proposal, before_skill: str | None) -> list[Expectation]:
    """The rules the proposal adds to its SKILL.md (for an update: against `before_skill`)."""
    skill = next((data for path, data in sorted(proposal.change.files.items())
                  if path.endswith("/" + SKILL_FILE) or path == SKILL_FILE), None)
    if skill is None:
        return []
    text = skill.decode("utf-8", "replace")
    return [expectation_of(line, blocks) for line, blocks in added_rules(before_skill, text)]


def short_id(signal: Signal) -> str:
    """The session id as the commit message shows it (without ` by <contributor>`)."""
    return signal.session_id.split(" by ", 1)[0].strip()


class Sessionlike(Protocol):
    @property
    def agent(self) -> str: ...
    @property
    def session_id(self) -> str: ...
    @property
    def started_at(self) -> datetime | None: ...


S = TypeVar("S", bound=Sessionlike)


@dataclass(frozen=True)
class Found(Generic[S]):
    """What an evidence item's session resolves to: the one item, or why there is none."""

    item: S | None = None
    ambiguous: tuple[str, ...] = ()    # the full ids that all match a shortened one


def resolve(signal: Signal, items: Iterable[S]) -> Found[S]:
    """The session `signal` cites among `items`, exactly: its full id when the signal carries
    one (`mine` hands its own evidence over); a shortened id read back from a commit message
    (`acc26000`) only when exactly one session of that agent (and day, when both are known)
    starts with it. Several: ambiguous, never one picked silently."""
    wanted = short_id(signal)
    same_agent = [i for i in items if i.agent == signal.agent]
    exact = [i for i in same_agent if i.session_id == wanted]
    if exact:
        return Found(item=exact[0])
    day = signal.started_at.date() if signal.started_at else None
    matching = [i for i in same_agent if wanted and i.session_id.startswith(wanted)
                and (day is None or i.started_at is None or i.started_at.date() == day)]
    ids = sorted({i.session_id for i in matching})
    if len(ids) > 1:
        return Found(ambiguous=tuple(ids))
    return Found(item=matching[0] if matching else None)


def find_session(signal: Signal, conversations: Iterable[Conversation]) -> Found[Conversation]:
    return resolve(signal, conversations)


def find_digest(signal: Signal, digests: Iterable[Digest]) -> Found[Digest]:
    """The digest of the signal's session (a teammate's: the one it names, when it does)."""
    by = signal.contributor or signal.session_id.partition(" by ")[2].strip()
    kept = list(digests)
    named = [d for d in kept if by and d.contributor == by]
    return resolve(signal, named or kept)


def ambiguous_note(where: str, signal: Signal, ids: Sequence[str]) -> str:
    shown = ", ".join(i[:40] for i in ids[:4]) + (" …" if len(ids) > 4 else "")
    fix = joined("`mine` with a model for verify records the full ids here",
                 flag_hint("--source PATH", verb="narrow "))
    return (f"{where}: {AMBIGUOUS}: {len(ids)} {signal.agent} sessions start with "
            f"{short_id(signal)!r} ({shown}); nothing measured for it rather than a guess "
            f"({fix})")


def digest_replay(digest: Digest, turn: int) -> Replay | None:
    """The replay a digest stored for the feedback item cited at `turn` (None: none stored)."""
    for item in [*digest.user_feedback, *digest.env_feedback]:
        if item.replay is not None and item.evidence and item.evidence[0].turn == turn:
            return item.replay
    return None


def build_cases(proposal: Proposal, fingerprint: str, rules: list[Expectation],
                conversations: list[Conversation], token_budget: int,
                digests: Sequence[Digest] = ()) -> CaseFile:
    """One case per evidence item whose session or stored replay is at hand; notes say what
    was left out and why."""
    cases: list[ReplayCase] = []
    notes: list[str] = []
    if not rules:
        notes.append("the proposal adds no rule line to compare answers with")
        return CaseFile(fingerprint=fingerprint, notes=notes)
    for signal in sorted(proposal.verdict.candidate.signals,
                         key=lambda s: (s.session_ref, s.turn)):
        where = f"{signal.session_ref} turn {signal.turn}"
        session = find_session(signal, conversations)
        replay = None
        if session.ambiguous:
            notes.append(ambiguous_note(where, signal, session.ambiguous))
            continue
        if session.item is not None:
            replay = replay_at(session.item.turns, signal.turn, token_budget)
            full_id = session.item.session_id
        else:
            digest = find_digest(signal, digests)
            if digest.ambiguous:
                notes.append(ambiguous_note(where, signal, digest.ambiguous))
                continue
            if digest.item is None:
                hint = flag_hint("--source PATH", "the sessions were not found")
                notes.append(f"{where}: session not found ({hint})")
                continue
            full_id = digest.item.session_id
            replay = digest_replay(digest.item, signal.turn)
            if replay is None:
                notes.append(f"{where}: {NO_REPLAY}: the session is not here and its digest "
                             "stores no replay of this moment (written by an older skillgit, "
                             "or past the digest's replays); nothing measured for it")
                continue
        cases.append(case_of(proposal, fingerprint, signal, rules, replay, full_id))
    return CaseFile(fingerprint=fingerprint, cases=cases, notes=notes)


def case_of(proposal: Proposal, fingerprint: str, signal: Signal, rules: list[Expectation],
            replay: Replay, session_id: str | None = None) -> ReplayCase:
    taken = _screened(replay.taken) if replay.taken else None
    rule = best_rule(rules, [taken or "", signal.quote])
    assert rule is not None
    return ReplayCase(
        branch=proposal.branch, fingerprint=fingerprint, session=signal.session_ref,
        session_id=_screened(session_id)[:200] if session_id else None,
        turn=signal.turn, taken=taken or None, expectation=_screened_expectation(rule),
        context=[Step(role=s.role, text=_screened(s.text),
                      tool=_screened(s.tool)[:40] if s.tool else None)
                 for s in replay.context])


def _screened(text: str) -> str:
    """One fragment through the final screen, alone (isolation: one fragment never hides or
    withholds another)."""
    return screen_text(text)


def _screened_expectation(rule: Expectation) -> Expectation:
    return Expectation(rule=_screened(rule.rule),
                       expected=_screened(rule.expected) if rule.expected else None,
                       avoided=_screened(rule.avoided) if rule.avoided else None)


def screened_case(case: ReplayCase) -> ReplayCase:
    """A case (from the cache: maybe edited by hand) with every text screened again."""
    return case.model_copy(update={
        "context": [s.model_copy(update={"text": _screened(s.text)}) for s in case.context],
        "taken": _screened(case.taken) if case.taken else None,
        "expectation": _screened_expectation(case.expectation)})
