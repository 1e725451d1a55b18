"""Replay cases from a proposal's evidence: the sessions it cites, else their digests.

An evidence item names a session and a turn (`claude-code 2026-11-02 00000000, turn 3`). The
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

from skillgit.digest import Digest, Replay
from skillgit.distill.replays import replay_at
from skillgit.hints import flag_hint
from skillgit.proposal import Proposal, Signal
from skillgit.redact.screen import screen_text
from skillgit.skills.model import SKILL_FILE
from skillgit.transcripts.model import Conversation
from skillgit.verify.case import CaseFile, Expectation, ReplayCase, Step
from skillgit.verify.lesson import added_rules, best_rule, expectation_of

NO_REPLAY = "no replay context"


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


def find_session(signal: Signal, conversations: Iterable[Conversation]) -> Conversation | None:
    wanted = short_id(signal)
    for conversation in conversations:
        if conversation.agent == signal.agent and conversation.session_id.startswith(wanted):
            return conversation
    return None


def find_digest(signal: Signal, digests: Iterable[Digest]) -> Digest | None:
    """The digest of the signal's session (a teammate's: the one it names, when it does)."""
    wanted, _, by = signal.session_id.partition(" by ")
    found = [d for d in digests
             if d.agent == signal.agent and d.session_id.startswith(wanted.strip())]
    named = [d for d in found if by.strip() and d.contributor == by.strip()]
    return next(iter(named or found), None)


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
        conversation = find_session(signal, conversations)
        replay = None
        if conversation is not None:
            replay = replay_at(conversation.turns, signal.turn, token_budget)
        else:
            digest = find_digest(signal, digests)
            if digest is None:
                hint = flag_hint("--source PATH", "the sessions were not found")
                notes.append(f"{where}: session not found ({hint})")
                continue
            replay = digest_replay(digest, signal.turn)
            if replay is None:
                notes.append(f"{where}: {NO_REPLAY}: the session is not here and its digest "
                             "stores no replay of this moment (written by an older skillgit, "
                             "or past the digest's replays); nothing measured for it")
                continue
        cases.append(case_of(proposal, fingerprint, signal, rules, replay))
    return CaseFile(fingerprint=fingerprint, cases=cases, notes=notes)


def case_of(proposal: Proposal, fingerprint: str, signal: Signal, rules: list[Expectation],
            replay: Replay) -> ReplayCase:
    taken = _screened(replay.taken) if replay.taken else None
    rule = best_rule(rules, [taken or "", signal.quote])
    assert rule is not None
    return ReplayCase(
        branch=proposal.branch, fingerprint=fingerprint, session=signal.session_ref,
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
