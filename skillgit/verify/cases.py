"""Replay cases from a proposal's evidence and the sessions it cites.

An evidence item names a session and a turn (`claude-code 2026-11-02 00000000, turn 3`). The
case's *action taken* is the agent's last tool call at or before that turn (what the user
corrected, or the command that failed); its *context* is what the agent had seen before it:
the user's first request, then the latest turns (user, assistant, tool calls and their
output), trimmed to `token_budget`. The session is parsed by the same adapters as `mine`, so
every text is redacted by the parser; each one is then screened alone by the final screen
(`screen_text`) before it becomes part of a case. The *expectation* is the proposal's rule the
evidence is about (`lesson.py`).
"""

from __future__ import annotations

from collections.abc import Iterable

from skillgit.hints import flag_hint
from skillgit.proposal import Proposal, Signal
from skillgit.redact.screen import screen_text
from skillgit.skills.model import SKILL_FILE
from skillgit.tokens import estimate_tokens
from skillgit.transcripts.model import Conversation, Turn, TurnKind
from skillgit.verify.case import CaseFile, Expectation, ReplayCase, Step
from skillgit.verify.lesson import added_rules, best_rule, expectation_of

STEP_CHARS = 1200
OUTPUT_CHARS = 600
_USER = (TurnKind.USER, TurnKind.SLASH_COMMAND)


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


def build_cases(proposal: Proposal, fingerprint: str, rules: list[Expectation],
                conversations: list[Conversation], token_budget: int) -> CaseFile:
    """One case per evidence item whose session is at hand; notes say what was left out."""
    cases: list[ReplayCase] = []
    notes: list[str] = []
    if not rules:
        notes.append("the proposal adds no rule line to compare answers with")
        return CaseFile(fingerprint=fingerprint, notes=notes)
    for signal in sorted(proposal.verdict.candidate.signals,
                         key=lambda s: (s.session_ref, s.turn)):
        conversation = find_session(signal, conversations)
        if conversation is None:
            where = flag_hint("--source PATH", "the sessions were not found")
            notes.append(f"{signal.session_ref} turn {signal.turn}: session not found ({where})")
            continue
        anchor = _anchor(conversation.turns, signal.turn)
        end = anchor.index if anchor is not None else signal.turn
        taken = _screened(_action_text(anchor)) if anchor is not None else None
        rule = best_rule(rules, [taken or "", signal.quote])
        assert rule is not None
        cases.append(ReplayCase(
            branch=proposal.branch, fingerprint=fingerprint, session=signal.session_ref,
            turn=signal.turn, context=context_steps(conversation.turns, end, token_budget),
            taken=taken or None, expectation=_screened_expectation(rule)))
    return CaseFile(fingerprint=fingerprint, cases=cases, notes=notes)


def _anchor(turns: list[Turn], turn: int) -> Turn | None:
    """The last tool call at or before `turn`: the action the user corrected (or that failed)."""
    found = None
    for t in turns:
        if t.index > turn:
            break
        if t.kind is TurnKind.TOOL_CALL:
            found = t
    return found


def _action_text(turn: Turn) -> str:
    return (turn.command or turn.tool_input or turn.text or "")[:STEP_CHARS]


def context_steps(turns: list[Turn], end: int, token_budget: int) -> list[Step]:
    """The steps before turn `end`: the first user request, then the latest ones in budget."""
    steps: list[Step] = []
    for t in turns:
        if t.index >= end:
            break
        steps += _steps_of(t)
    first = next((i for i, s in enumerate(steps) if s.role == "user"), None)
    kept: list[Step] = []
    used = estimate_tokens(steps[first].text) if first is not None else 0
    for index in range(len(steps) - 1, -1, -1):
        if index == first:
            continue
        cost = estimate_tokens(steps[index].text)
        if used + cost > token_budget:
            break
        kept.append(steps[index])
        used += cost
    kept.reverse()
    if first is not None:
        kept.insert(0, steps[first])
    return kept


def _steps_of(turn: Turn) -> list[Step]:
    if turn.kind in _USER and turn.text.strip():
        return [Step(role="user", text=_screened(turn.text[:STEP_CHARS]))]
    if turn.kind is TurnKind.ASSISTANT and turn.text.strip():
        return [Step(role="assistant", text=_screened(turn.text[:STEP_CHARS]))]
    if turn.kind is TurnKind.TOOL_CALL:
        out = [Step(role="tool_call", text=_screened(_action_text(turn)),
                    tool=_screened(turn.tool_name or "tool")[:40])]
        if turn.result is not None and turn.result.text.strip():
            out.append(Step(role="tool_output", text=_screened(turn.result.text[:OUTPUT_CHARS])))
        return out
    return []


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
