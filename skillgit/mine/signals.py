"""Flatten digests into `Signal`s: one per correction, environment lesson or ask.

A resumed or forked Claude Code session is a new file holding a copy of the earlier history
(same records, same timestamps). Counted as is, one correction would look like two sessions
of evidence. So digests of one agent with the same opening exchange (`Digest.opening`: the
turns through the first reply, texts and exact timestamps) are one conversation: their
signals carry one session id (the longest digest's), and a quote seen twice in that
conversation counts once. The start time decides nothing: distinct sessions started in the
same second (scripted runs, parallel agents) stay distinct, each citing its own id.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from skillgit.attribution.in_use import in_use_correction
from skillgit.attribution.outcome import DEFAULT_WINDOW, window_bounds
from skillgit.digest import Digest, FeedbackItem, SkillUse, TaskItem
from skillgit.mine.terms import terms
from skillgit.proposal import Signal, SignalKind
from skillgit.safety import without_vocative
from skillgit.transcripts.model import Redacting

_KINDS: dict[str, SignalKind] = {
    "correction": "correction",
    "preference": "preference",
    "repeated-ask": "ask",
    "failure-then-fix": "env-fix",
    "repeated-error": "env-error",
    "failure": "env-error",
}


def _skill_in_use(digest: Digest, text: str) -> str | None:
    """The existing skill a piece of user feedback most likely concerns (None if none used)."""
    if not digest.skills_used:
        return None
    words = terms(text)
    ranked = sorted(enumerate(digest.skills_used),
                    key=lambda item: (len(words & terms(item[1].replace("-", " "))), item[0]))
    return ranked[-1][1]


NameOf = Callable[[Digest, SkillUse], str]   # an invocation → the repository's skill name


def skill_in_window(digest: Digest, turn: int, window: int = DEFAULT_WINDOW,
                    name: NameOf | None = None) -> str | None:
    """The skill whose outcome window holds `turn` (the latest invocation first), by the
    repository's name when `name` maps invocations to it."""
    uses = digest.skill_uses
    for number in range(len(uses) - 1, -1, -1):
        start, end = window_bounds(uses[number], window, uses[number + 1:])
        if start <= turn and (end is None or turn <= end):
            return name(digest, uses[number]) if name else uses[number].skill
    return None


def _signal(digest: Digest, item: FeedbackItem | TaskItem, kind: SignalKind,
            skill: str | None, session_id: str, *, in_use: bool = False,
            quote: str | None = None) -> Signal:
    evidence = item.evidence[0]
    summary, quote = quote or item.summary, quote or evidence.quote
    if kind in _USER_VOICED:  # "Claude, please always …": the rule, not the address
        summary, quote = without_vocative(summary), without_vocative(quote)
    # a task has no commands (asked by type: a missing attribute of a model costs a raise)
    commands = (item.command, item.fix, item.corrected_command, item.succeeded_command) \
        if isinstance(item, FeedbackItem) else (None, None, None, None)
    return Signal(kind=kind, summary=summary, quote=quote,
                  turn=evidence.turn, agent=digest.agent, session_id=session_id,
                  started_at=digest.started_at, main_dir=digest.main_dir,
                  command=commands[0], fix=commands[1],
                  skill=skill, in_use=in_use, contributor=digest.contributor,
                  corrected_command=commands[2], succeeded_command=commands[3])


_USER_VOICED = frozenset({"correction", "preference", "ask"})
"""Signals in the user's own voice: their texts are taken without the name of the agent they
open with (`safety.without_vocative`), so the rule, the quotes and every screen read what the
user asked for; what a tool printed is kept as it was (a name there is text aimed at an
agent)."""
_REDACTED_FIELDS = ("summary", "quote", "command", "fix", "main_dir", "corrected_command",
                    "succeeded_command")
# Signals whose texts are primed together (`Redactor.prime`); their at most 7 texts each stay
# within the redactor's cache of 2048 texts.
_PRIMED = 256


def _redacted_texts(signal: Signal) -> list[str]:
    return [value for name in _REDACTED_FIELDS
            if isinstance(value := getattr(signal, name), str)]


def redacted(signal: Signal, redactor: Redacting) -> Signal:
    """The signal with every text field passed through the redactor again (defence in depth:
    digests are built from redacted conversations, but a cached or shared digest may not be);
    the signal itself when the redactor changes none of them (no copy made)."""
    update = {name: clean for name in _REDACTED_FIELDS
              if isinstance(value := getattr(signal, name), str)
              and (clean := redactor.redact(value)) != value}
    return signal.model_copy(update=update) if update else signal


def conversation_ids(digests: Iterable[Digest]) -> dict[str, str]:
    """Session id → the id of the conversation it belongs to, for copies of one history."""
    openings: dict[tuple[str, str], list[Digest]] = {}
    for digest in digests:
        if digest.opening:  # unknown content: never merged on a guess
            openings.setdefault((digest.agent, digest.opening), []).append(digest)
    out: dict[str, str] = {}
    for copies in openings.values():
        if len(copies) > 1:
            longest = min(copies, key=lambda d: (-d.n_user_turns, d.session_id))
            out.update((d.session_id, longest.session_id) for d in copies)
    return out


def signals_from(digests: Iterable[Digest], redactor: Redacting | None = None, *,
                 window: int = DEFAULT_WINDOW, name: NameOf | None = None) -> list[Signal]:
    """Signals of every digest. Feedback inside a skill's outcome window (`window` user turns
    after an invocation) is evidence about that skill (`in_use`): a correction or preference,
    an environment failure with its fix, or an ask that is a reminder or a plain statement of
    a needed fact. Digests without recorded invocations (schema 1) fall back to the skill
    whose name the feedback's words match best."""
    digests = list(digests)
    conversation = conversation_ids(digests)
    out: list[Signal] = []
    for digest in digests:
        sid = conversation.get(digest.session_id, digest.session_id)

        def used(item: FeedbackItem | TaskItem, d: Digest = digest) -> str | None:
            return skill_in_window(d, item.evidence[0].turn, window, name)

        for feedback in digest.user_feedback:
            kind = _KINDS.get(feedback.kind, "correction")
            in_window = used(feedback) if kind in ("correction", "preference") else None
            if in_window is not None:
                out.append(_signal(digest, feedback, kind, in_window, sid, in_use=True))
                continue
            skill = None if kind == "ask" or digest.skill_uses else _skill_in_use(
                digest, feedback.summary)
            out.append(_signal(digest, feedback, kind, skill, sid))
        for feedback in digest.env_feedback:
            kind = _KINDS.get(feedback.kind, "env-error")
            in_window = used(feedback) if kind == "env-fix" else None
            out.append(_signal(digest, feedback, kind, in_window, sid,
                               in_use=in_window is not None))
        for task in digest.tasks:
            in_window = used(task)
            reminder = in_use_correction(task.evidence[0].quote) if in_window else None
            if reminder:
                out.append(_signal(digest, task, "correction", in_window, sid, in_use=True,
                                   quote=reminder))
            else:
                out.append(_signal(digest, task, "ask", None, sid))
    seen: set[tuple[str, str, str]] = set()
    unique = []
    for signal in out:
        key = (signal.session_id, signal.kind, signal.quote)
        if key not in seen:
            seen.add(key)
            unique.append(signal)
    if redactor is None:
        return unique
    prime = getattr(redactor, "prime", None)   # `Redactor.prime`: many texts in one scan
    out = []
    for start in range(0, len(unique), _PRIMED):
        chunk = unique[start:start + _PRIMED]
        if prime is not None:
            prime([text for s in chunk for text in _redacted_texts(s)])
        out += [redacted(s, redactor) for s in chunk]
    return out
