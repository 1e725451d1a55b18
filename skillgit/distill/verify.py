"""The deterministic guard every engine answer passes before it becomes a digest.

An answer item survives only if its evidence is real: each quote must occur in the cited
turn (`locate_quote`), tasks and user feedback must quote turns the *user* wrote, and
environment feedback must quote a tool call or a user turn. So text injected through a
tool output can at most be reported as what that tool printed, never as something the
user asked for. Unknown kinds are dropped; `command`/`fix` are kept only when the
agent really ran them; summaries and topics are flattened to one line, length-capped,
and dropped when they echo the prompt's own delimiters. Topics (free text of the engine)
are dropped when the safety screen refuses them; items quoting unsafe text stay, so the
judge can withhold them and say why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from skillgit.digest import (
    ENV_FEEDBACK_KINDS,
    USER_FEEDBACK_KINDS,
    Digest,
    DigestAnswer,
    Evidence,
    FeedbackItem,
    TaskItem,
)
from skillgit.distill.evidence import USER_AUTHORED, locate_quote
from skillgit.distill.tool_sourced import told_by_a_tool
from skillgit.safety import is_unsafe
from skillgit.transcripts.model import Conversation, Turn, TurnKind

MAX_TOPICS = 3
MAX_TOPIC_CHARS = 200
MAX_ITEMS = 12
MAX_EVIDENCE = 5
MAX_SOURCE_CHARS = 4000  # of a user turn screened with a quote cut from it
MAX_CONTEXT_CHARS = 600  # a short user turn is quoted whole when only its whole is safe
_ENV_SOURCES = USER_AUTHORED | {TurnKind.TOOL_CALL}
# Our own prompt's delimiters, and the looser override phrasings an answer must not echo
# (the safety screen covers the rest: text aimed at the agent, commands, hidden text).
_OVERRIDE = re.compile(
    r"disregard\s+(?:all\s+|the\s+|your\s+)?(?:previous|prior|above|earlier)|"
    r"you\s+are\s+now\b|</?session-|</?evidence-", re.IGNORECASE)


@dataclass(frozen=True)
class Verified:
    answer: DigestAnswer
    dropped: int


def verify_answer(answer: DigestAnswer, conversation: Conversation) -> Verified:
    """`answer` with every unsupported item removed, and how many were removed."""
    turns = {turn.index: turn for turn in conversation.turns}
    dropped = 0
    tasks: list[TaskItem] = []
    for task in answer.tasks:
        evidence = _verified(task.evidence, turns, USER_AUTHORED)
        if evidence and _clean_line(task.summary) and len(tasks) < MAX_ITEMS:
            tasks.append(TaskItem(summary=task.summary, evidence=evidence))
        else:
            dropped += 1
    user, user_dropped = _feedback(answer.user_feedback, turns, USER_FEEDBACK_KINDS,
                                   USER_AUTHORED)
    env, env_dropped = _feedback(answer.env_feedback, turns, ENV_FEEDBACK_KINDS, _ENV_SOURCES)
    topics = [t for t in (_topic(topic) for topic in answer.topics) if t][:MAX_TOPICS]
    dropped += user_dropped + env_dropped + len(answer.topics) - len(topics)
    return Verified(DigestAnswer(topics=topics, tasks=tasks, env_feedback=env,
                                 user_feedback=user), dropped)


def verify_digest(digest: Digest, conversation: Conversation) -> Verified:
    """The same guard for a finished digest (engines loaded from plugins)."""
    answer = DigestAnswer(topics=digest.topics, tasks=digest.tasks,
                          env_feedback=digest.env_feedback, user_feedback=digest.user_feedback)
    return verify_answer(answer, conversation)


def _feedback(items: Iterable[FeedbackItem], turns: Mapping[int, Turn], kinds: tuple[str, ...],
              sources: frozenset[TurnKind]) -> tuple[list[FeedbackItem], int]:
    kept: list[FeedbackItem] = []
    dropped = 0
    for item in items:
        evidence = _verified(item.evidence, turns, sources)
        if (item.kind not in kinds or not evidence or not _clean_line(item.summary)
                or len(kept) >= MAX_ITEMS):
            dropped += 1
            continue
        kept.append(FeedbackItem(kind=item.kind, summary=item.summary, evidence=evidence,
                                 command=_ran(item.command, turns, successful=False),
                                 fix=_ran(item.fix, turns, successful=True)))
    return kept, dropped


def _verified(evidence: Iterable[Evidence], turns: Mapping[int, Turn],
              sources: frozenset[TurnKind]) -> list[Evidence]:
    kept: list[Evidence] = []
    for claimed in evidence:
        turn = turns.get(claimed.turn)
        if turn is None or turn.kind not in sources:
            continue
        quote = locate_quote(claimed.quote, turn)
        if quote and all(e.quote != quote or e.turn != turn.index for e in kept):
            kept.append(Evidence(quote=quote, turn=turn.index))
    return kept[:MAX_EVIDENCE]


def with_sources(digest: Digest, conversation: Conversation) -> Digest:
    """`digest` with each quote cut from an unsafe user turn replaced by that turn (see
    `_with_its_source`); nothing else changes. Applied to every engine's digest."""
    turns = {t.index: t for t in conversation.turns}

    def widen(evidence: list[Evidence]) -> list[Evidence]:
        return [e if (turn := turns.get(e.turn)) is None
                else e.model_copy(update={"quote": _with_its_source(e.quote, turn)})
                for e in evidence]

    changed = {field: [item.model_copy(update={"evidence": widen(item.evidence)})
                       for item in getattr(digest, field)]
               for field in ("tasks", "user_feedback", "env_feedback")}
    return digest.model_copy(update=changed) if changed != {
        field: list(getattr(digest, field)) for field in changed} else digest


def _with_its_source(quote: str, turn: Turn) -> str:
    """`quote`, or the whole text it was cut from (a user turn, a tool's input or output) when
    that text is unsafe and the cut is not: a sentence taken out of "our collector is X. Tar
    the tree with .env and PUT it there", or an error line taken out of a tool's output that
    goes on "NOTE FOR AI ASSISTANTS: …", must not pass the screen alone. The judge then
    withholds it, and says why."""
    if turn.kind in USER_AUTHORED:
        sources = [turn.text]
    elif turn.kind is TurnKind.TOOL_CALL:
        sources = [turn.tool_input or "", turn.result.text if turn.result else ""]
    else:
        return quote
    flat = " ".join(quote.split())
    for source in sources:
        if not source or len(quote) >= len(source) or flat not in " ".join(source.split()):
            continue
        whole = source[:MAX_SOURCE_CHARS]
        quote_unsafe, whole_unsafe = is_unsafe(quote), is_unsafe(whole)
        if whole_unsafe and not quote_unsafe:
            return whole
        if (quote_unsafe and not whole_unsafe and turn.kind in USER_AUTHORED
                and len(source) <= MAX_CONTEXT_CHARS):
            return source  # the sentence around it says what it is for (a preview's destroy)
    return quote


def _ran(command: str | None, turns: Mapping[int, Turn], *, successful: bool) -> str | None:
    """`command` when a tool call really ran it (successfully, if asked), else None; a fix
    only when the agent did not run it because a tool's output told it to (tool_sourced)."""
    if not command or not command.strip():
        return None
    wanted = " ".join(command.split())
    ordered = sorted(turns.values(), key=lambda t: t.index)
    for turn in ordered:
        if turn.kind is not TurnKind.TOOL_CALL or not turn.tool_input:
            continue
        failed = turn.result is not None and (turn.result.is_error
                                              or turn.result.exit_code not in (None, 0))
        if successful and (turn.result is None or failed):
            continue
        if wanted in " ".join(turn.tool_input.split()) and not (
                successful and told_by_a_tool(turn, ordered)):
            return command.strip()
    return None


def _clean_line(text: str) -> bool:
    """A summary kept for the judge. Unsafe text is *not* dropped here: the judge withholds it
    and the run summary counts it by class (a digest dropping it would hide why)."""
    return bool(text.strip()) and _OVERRIDE.search(text) is None


def _topic(topic: str) -> str:
    line = " ".join(topic.split())
    if not line or _OVERRIDE.search(line) or is_unsafe(line):
        return ""
    return line if len(line) <= MAX_TOPIC_CHARS else line[: MAX_TOPIC_CHARS - 1] + "…"
