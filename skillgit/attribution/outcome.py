"""What happened right after a skill ran: its outcome window.

The window of an invocation is the next K user turns (default 3, `attribution.window` in
`.skillgit.yaml`) and every tool result until the last of them. Inside it:

- corrections: the user feedback the engine found (`skillgit.distill`: corrections and
  preferences), plus asks that are reminders or plain statements of a needed fact (`in_use`);
- tool errors, interrupts and rejected tool calls, from the conversation's turns;
- explicit acceptance ("perfect, thanks").
Each event keeps its turn and a short quote (redacted by the parser; the final screen runs on
output). A window ends early where the next invocation of the same skill starts, so no event is
counted twice for one skill.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skillgit.attribution.in_use import in_use_correction, is_acceptance
from skillgit.digest import MAX_QUOTE_CHARS, FeedbackItem, SkillUse, TaskItem
from skillgit.transcripts.model import Conversation, TurnKind

DEFAULT_WINDOW = 3
CORRECTION_KINDS = frozenset({"correction", "preference"})


@dataclass(frozen=True)
class Event:
    """kind: correction | error | interrupt | rejected | accepted."""

    kind: str
    turn: int
    quote: str


@dataclass(frozen=True)
class Outcome:
    use: SkillUse
    events: tuple[Event, ...]

    def of(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]


def window_bounds(use: SkillUse, k: int, later: Sequence[SkillUse] = ()) -> tuple[int, int | None]:
    """(first turn after the invocation, last turn in the window; None: the session end)."""
    end = use.window_end(k)
    for other in later:
        if other.skill == use.skill and other.turn > use.turn:
            end = other.turn - 1 if end is None else min(end, other.turn - 1)
            break
    return use.turn + 1, end


def _inside(turn: int, bounds: tuple[int, int | None]) -> bool:
    start, end = bounds
    return turn >= start and (end is None or turn <= end)


def corrections_in(bounds: tuple[int, int | None], feedback: Sequence[FeedbackItem],
                   tasks: Sequence[TaskItem]) -> list[Event]:
    """Corrections whose evidence lies in the window: the engine's, and reminders or needed
    facts among the asks."""
    found: dict[int, Event] = {}
    for item in feedback:
        if item.kind in CORRECTION_KINDS:
            for evidence in item.evidence:
                if _inside(evidence.turn, bounds):
                    found.setdefault(evidence.turn, Event("correction", evidence.turn,
                                                          evidence.quote))
    for task in tasks:
        for evidence in task.evidence:
            if _inside(evidence.turn, bounds) and evidence.turn not in found:
                quote = in_use_correction(task.summary) or in_use_correction(evidence.quote)
                if quote:
                    found[evidence.turn] = Event("correction", evidence.turn, quote)
    return [found[turn] for turn in sorted(found)]


def outcome(use: SkillUse, k: int, feedback: Sequence[FeedbackItem], tasks: Sequence[TaskItem],
            conversation: Conversation | None = None, later: Sequence[SkillUse] = ()) -> Outcome:
    """The events of `use`'s window; tool errors, interrupts, rejections and acceptance need
    the conversation (a digest alone gives the corrections)."""
    bounds = window_bounds(use, k, later)
    events = corrections_in(bounds, feedback, tasks)
    corrected = {e.turn for e in events}
    if conversation is not None:
        start, end = bounds
        stop = len(conversation.turns) if end is None else min(end + 1, len(conversation.turns))
        for turn in conversation.turns[start:stop]:
            if turn.kind is TurnKind.INTERRUPT:
                events.append(Event("interrupt", turn.index, turn.text or "interrupted"))
            elif turn.result is not None and turn.result.rejected:
                events.append(Event("rejected", turn.index, _short(turn.result.text)))
            elif turn.kind is TurnKind.TOOL_CALL and turn.result is not None and \
                    turn.result.is_error:
                events.append(Event("error", turn.index, _short(turn.result.text)))
            elif (turn.kind is TurnKind.USER and turn.index not in corrected
                  and is_acceptance(turn.text)):
                events.append(Event("accepted", turn.index, _short(turn.text)))
    return Outcome(use=use, events=tuple(sorted(events, key=lambda e: (e.turn, e.kind))))


def _short(text: str) -> str:
    line = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return line[:MAX_QUOTE_CHARS]
