"""The replay of a feedback item: what the agent had seen up to the action the item is about.

`skillgit verify` replays each proposal's evidence: the moment the user corrected the agent
(or a command failed). Built from the session when it is at hand, and stored in the digest
(`FeedbackItem.replay`) so a teammate's shared digest can be replayed where the session is
not. Both go through `replay_at`, so a case is the same whichever it was built from (within
the digest's smaller budget).

- the *action taken* is the agent's last tool call at or before the item's turn;
- the *context* is what came before it: the user's first request, then the latest turns
  (user, assistant, tool calls, and the output of those that failed, each cut to a few
  lines; a successful call's output is never read, as distilling never reads it) within a token
  budget.

Texts come from the parsed, redacted conversation. The final screen then runs over each one
alone (isolation) wherever it goes: the digest as cached (`as_cached`, also for a fresh
digest) or shared, and each text of a replay case (`verify.cases`); it is not run here, so
distilling pays for it once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skillgit.digest import (
    MAX_REPLAY_STEP_CHARS,
    MAX_REPLAY_STEPS,
    FeedbackItem,
    Replay,
    ReplayStep,
)
from skillgit.tokens import estimate_tokens
from skillgit.transcripts.model import Conversation, Turn, TurnKind

OUTPUT_CHARS = 600
# A digest's replays: the budget of each, and how many items of one digest carry one (the
# rest are replayed from the session, or reported as having no replay context).
DIGEST_REPLAY_TOKENS = 600
MAX_REPLAYS_PER_DIGEST = 8
# The kinds of feedback a proposal may cite (an environment failure without a fix may not).
REPLAYED_KINDS = frozenset({"correction", "preference", "repeated-ask", "failure-then-fix"})
_USER = (TurnKind.USER, TurnKind.SLASH_COMMAND)


def anchor(turns: Sequence[Turn], turn: int) -> Turn | None:
    """The last tool call at or before `turn`: the action the user corrected (or that failed)."""
    found = None
    for t in turns:
        if t.index > turn:
            break
        if t.kind is TurnKind.TOOL_CALL:
            found = t
    return found


def action_text(turn: Turn) -> str:
    return (turn.command or turn.tool_input or turn.text or "")[:MAX_REPLAY_STEP_CHARS]


def replay_at(turns: Sequence[Turn], turn: int, token_budget: int) -> Replay:
    """The replay of the moment at `turn` (see the module docstring)."""
    action = anchor(turns, turn)
    end = action.index if action is not None else turn
    taken = _cut(action_text(action)) if action is not None else ""
    return Replay(context=context_steps(turns, end, token_budget), taken=taken or None)


def context_steps(turns: Sequence[Turn], end: int, token_budget: int) -> list[ReplayStep]:
    """The steps before turn `end`: the first user request, then the latest ones in budget."""
    before = [t for t in turns if t.index < end]
    request = next((t for t in before if t.kind in _USER and t.text.strip()), None)
    first = _steps_of(request) if request is not None else []
    used = sum(estimate_tokens(s.text) for s in first)
    kept: list[ReplayStep] = []
    for turn in reversed(before):   # the latest first: only what fits is read
        if turn is request:
            continue
        for step in reversed(_steps_of(turn)):
            cost = estimate_tokens(step.text)
            if used + cost > token_budget or len(first) + len(kept) >= MAX_REPLAY_STEPS:
                return first + kept[::-1]
            kept.append(step)
            used += cost
    return first + kept[::-1]


def _failed(turn: Turn) -> bool:
    result = turn.result
    return result is not None and (result.is_error or result.exit_code not in (None, 0))


def _steps_of(turn: Turn) -> list[ReplayStep]:
    """A turn as steps. A tool's output is kept when the call failed (what the agent had to
    get past); a successful call's output is left unread, as distilling leaves it."""
    if turn.kind in _USER and turn.text.strip():
        return [ReplayStep(role="user", text=_cut(turn.text))]
    if turn.kind is TurnKind.ASSISTANT and turn.text.strip():
        return [ReplayStep(role="assistant", text=_cut(turn.text))]
    if turn.kind is TurnKind.TOOL_CALL:
        out = [ReplayStep(role="tool_call", text=_cut(action_text(turn)),
                          tool=(turn.tool_name or "tool")[:40])]
        if _failed(turn) and turn.result is not None and turn.result.text.strip():
            out.append(ReplayStep(role="tool_output",
                                  text=_cut(turn.result.text[:OUTPUT_CHARS])))
        return out
    return []


def _cut(text: str) -> str:
    return text[:MAX_REPLAY_STEP_CHARS]


def with_replays(conversation: Conversation, user_feedback: Iterable[FeedbackItem],
                 env_feedback: Iterable[FeedbackItem]
                 ) -> tuple[list[FeedbackItem], list[FeedbackItem]]:
    """Both lists with a replay on their first `MAX_REPLAYS_PER_DIGEST` items that may become
    a proposal's evidence, the user's feedback first (whatever an engine said about a replay
    is replaced; the rest carry none). An environment failure nobody got past never becomes
    one (a kill switch), so it carries none. Items at one turn share one replay: it depends
    only on the turn."""
    left = [MAX_REPLAYS_PER_DIGEST]
    built: dict[int, Replay] = {}

    def filled(items: Iterable[FeedbackItem]) -> list[FeedbackItem]:
        out = []
        for item in items:
            replay = None
            turn = item.evidence[0].turn if item.evidence else None
            wanted = item.kind in REPLAYED_KINDS
            if wanted and turn is not None and (turn in built or left[0] > 0):
                if turn not in built:
                    built[turn] = replay_at(conversation.turns, turn, DIGEST_REPLAY_TOKENS)
                    left[0] -= 1
                replay = built[turn]
            out.append(item.model_copy(update={"replay": replay}))
        return out

    return filled(user_feedback), filled(env_feedback)
