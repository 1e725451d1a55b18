"""Heuristic user signals: asks (tasks), corrections, preferences and repeated asks.

Every user turn is read in its place in the conversation, against what the agent did since
the previous prompt (`action_context`):

- the first prompt is an ask, never a correction, whatever words it uses;
- a later prompt after agent actions is a *correction* when it redirects what the agent did:
  it names an alternative to its command, tool, flag, file set or scope, restricts or
  forbids it, reminds it of an earlier instruction, or rejects the result (`redirects`) —
  the intents and their cues are one table (`intents`), and most cues count only when the
  sentence points back at the actions (a program, flag or file the agent used, a magnitude its tools
  reported, another tool of the same family). Beyond the table: a turn opening with a
  plain "no," (unless it answers the agent's question), with a verdict ("that's wrong",
  "not like that", "I meant …"), approving and then objecting ("great, but the rollback
  must run first"), questioning the agent's choice ("why cargo check?"), negating what it
  ran ("not pip install."), a bare "X, not Y" in a turn that opens no task, or any prompt
  right after the user stopped the agent;
- a later prompt stating a standing rule ("always …", "never <verb> …", "from now on …",
  "I prefer …") is a *preference*;
- a later prompt naming the tool to use and the one to drop is read by who "uses". A
  clause opening with the instruction ("[please/can you] use X", "switch to X", "we/I use
  X here", "this repo uses X", "run/do … with X") addresses the agent: it is a *correction*
  when the rest of its sentence names a program the agent just ran ("use uv run pytest,
  not python -m pytest"), and a "use X" clause rejecting a Y ("not / instead of / rather
  than Y") is a *preference* unless the prompt opens a task ("add a flag to use json
  instead of yaml" stays an ask);
- a discourse opener alone ("No rush", "Still", "Again", "Stop", "Never" starting an
  ordinary request) is nothing: only what the turn says about the actions counts;
- a negative constraint inside a new task ("add X. don't touch the tests") stays an ask;
- acknowledgements are neither: a short prompt made only of thanks and approval words,
  emoji and punctuation ("ok", "thx", "perfect, thank you!"), or a lone "no" / "no, thanks";
- a remark the user takes back and then approves ("… disregard that, lgtm") is nothing,
  a turn closing on praise alone that objects nowhere corrects nothing (`retractions`), nor
  does a report of a good result ("zero races, no leaks. great. next …": `result_reports`);
- beyond these phrases (`statements`): a fact contradicting the last action is a
  *correction*, so is a correction in another language, and a team norm is a *preference*;
- the same ask made twice in one session is a *repeated ask*.

Quotes are verbatim slices of the turn text, so each item can be checked against its turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from skillgit.digest import Evidence, FeedbackItem, TaskItem
from skillgit.distill import (
    asides,
    framing,
    habits,
    intents,
    redirects,
    result_reports,
    retractions,
    statements,
)
from skillgit.distill import user_phrases as phrases
from skillgit.distill.action_context import ActionContext
from skillgit.distill.evidence import excerpt, sentence_quote, sentence_span
from skillgit.distill.followed_rules import followed_rule
from skillgit.distill.quote_targets import with_named_target
from skillgit.distill.repeated_asks import repeated_asks
from skillgit.transcripts.model import Conversation, Turn, TurnKind

MAX_TASKS = 12
MAX_USER_FEEDBACK = 12
_rx = phrases.rx

# Only ack words, emoji and punctuation; "no" alone or with thanks (never "no, no").
_ACK = _rx(r"^\W*(?:(?:no|nope|nah)(?:\W+(?:thanks?|thank\ you|thx|ty))?|[a-z0-9]|"
           + phrases.ACK_WORD + r"(?:\W+" + phrases.ACK_WORD + r")*)?\W*$")  # also "👍" alone
MAX_ACK_CHARS = 80
_PREFERENCE = _rx(r"""(?:^|[.!?;:\n]\s*)(?:please\s+)?(?:""" + intents.ALWAYS
                  + r"""|never\b(?!\s+""" + asides.NARRATION + r""")|from\ now\ on|going\ forward
    |in\ (?:the\ )?future|(?:i|we)\ (?:prefer|'d\ prefer|'d\ rather)|prefer)\b""")
# A clause that opens by telling the agent what to use: "[please/can you] use X", "we use X".
_USE_HEAD = _rx(r"""(?:^|[.!?;:,](?=\s)|\n|->|\u2014)\W*
    (?:(?:ok(?:ay)?|no|nope|hmm+|well|please|pls|plz|but|and|so|now|then|just|actually|also|oh
        |(?:can|could|would|will)\ (?:you|u)|you\ (?:should|need\ to|must|have\ to)|let's|lets
        |(?:i\ want|i'd\ like)\ (?:you|u)\ to)\b[\s,!.]*)*
    (?:(?P<rule>use|using|switch\ (?:back\ )?to|stick\ (?:to|with)|go\ with
        |(?:we|i)\ (?:always\ |only\ |just\ )?(?:use|work\ with)
        |(?:this|the|our)\ (?:project|repo\w*|codebase|workspace|team|code)\ uses)
    |(?:run|do|build|install|test|call)\b[^.!?;,\n]{0,40}?\b(?:with|via|through|using)|run)\s+""")
# Where X ends: clause punctuation or the contrast itself.
_X_END = _rx(r"""[,;:.!?](?=\s|$)|\n|->|\u2014
    |\s(?:(?:and|but)\s+)?(?:not|instead\ of|rather\ than)\b""")
_INSTEAD_END = _rx(r"\sinstead\s*$")  # "use X instead" closing the clause
_FILLER = _rx(r"""^\W*(?:(?:think\ hard(?:er)?|please|pls|hey|hi|ok(?:ay)?\ so|so)\b
    [\s,:.!]*)+""")


@dataclass(frozen=True)
class UserSignals:
    tasks: list[TaskItem]
    feedback: list[FeedbackItem]


def user_signals(conversation: Conversation) -> UserSignals:
    """Tasks and user feedback for `conversation`, each with a verbatim quote."""
    tasks: list[tuple[Turn, TaskItem]] = []
    feedback: list[FeedbackItem] = []
    seen_user_turn = stopped = False
    actions: list[Turn] = []  # what the agent did since the last user turn
    for at, turn in enumerate(conversation.turns):
        if turn.kind in (TurnKind.ASSISTANT, TurnKind.TOOL_CALL, TurnKind.SKILL):
            actions.append(turn)
            if turn.result is not None and turn.result.rejected:
                stopped = True
            continue
        if turn.kind is TurnKind.INTERRUPT:
            stopped = True
            continue
        if turn.kind not in (TurnKind.USER, TurnKind.SLASH_COMMAND) or not turn.text.strip():
            continue
        follow_up = seen_user_turn
        seen_user_turn = True
        context = ActionContext.collect(actions, conversation.cwd) if actions else None
        item = _classify(turn, follow_up=follow_up, context=context, after_stop=stopped)
        stopped = False
        actions.clear()
        if isinstance(item, TaskItem):
            tasks.append((turn, item))
            recalled = habits.habit(turn.text)  # "… like always": a rule inside the ask
            if recalled is None:  # "fastlane needs `--env prod` now", then it ran that
                recalled = followed_rule(conversation.turns, at)
            if recalled is not None:
                quote = turn.text[recalled[0]:recalled[1]]
                feedback.append(FeedbackItem(kind="preference", summary=quote, evidence=[
                    Evidence(quote=quote, turn=turn.index)]))
        elif isinstance(item, FeedbackItem):
            feedback.append(item)
    feedback.extend(repeated_asks(tasks))
    return UserSignals(tasks=[task for _turn, task in tasks][:MAX_TASKS],
                       feedback=feedback[:MAX_USER_FEEDBACK])


ASK_QUOTE_CHARS = 40
"""An ask's first sentence shorter than this is quoted with the next one: the request goes on."""


def summarize_ask(text: str) -> str:
    """A normalized one-line ask: fillers dropped, whitespace collapsed, first sentence."""
    text = _FILLER.sub("", text, count=1)
    first = sentence_quote(text, 0) or text
    return " ".join(first.split())[:200]


def _classify(turn: Turn, *, follow_up: bool, context: ActionContext | None,
              after_stop: bool) -> TaskItem | FeedbackItem | None:
    text = turn.text
    if len(text) <= MAX_ACK_CHARS and _ACK.match(text):
        return None
    new_task = redirects.NEW_TASK.match(text.lstrip()) is not None
    if follow_up and context is not None:
        said = asides.without_absolution(statements.without_agreement(text, context))
        found = None if not said.strip() or retractions.retracted(text) else (
                 _preference(said) or _use_clause(said, context.used, acted=True)
                 or redirects.correction(said, context, after_stop=after_stop)
                 or statements.feedback(said, context, new_task=new_task))
        if found is not None and found[0] == "correction" and (
                retractions.praised(text) or framing.framed_remark(text)
                or result_reports.reported(text)):
            found = None  # "… so the 4g heap is plenty. good", "… Wow. Can you add X?",
            # "zero races, no leaks. great. next …"
        if found is not None:
            kind, position = found
            prefix = "after the user stopped the agent: " if after_stop and position < 0 else ""
            return _feedback(kind, turn, max(position, 0), prefix)
    elif follow_up and (found := _preference(text) or _use_clause(text, frozenset())
                        or statements.norm(text, new_task=new_task)):
        return _feedback(found[0], turn, found[1])
    quote = sentence_quote(text, 0, min_chars=ASK_QUOTE_CHARS)
    if not quote:
        return None
    return TaskItem(summary=summarize_ask(text) or quote, evidence=[Evidence(quote=quote,
                                                                             turn=turn.index)])


def _preference(text: str) -> tuple[str, int] | None:
    match = _PREFERENCE.search(text)
    if match is None or redirects.in_question(text, match.end() - 1):
        return None
    return "preference", match.end() - 1


def _use_clause(text: str, ran: frozenset[str], *,
                acted: bool = False) -> tuple[str, int] | None:
    """A clause telling the agent to use X: a correction when the rest of its sentence names
    a program the agent just ran, or, after agent actions (`acted`), when it ends in "instead"
    ("use the fake clock instead": instead of what it did); a preference when a "use X"
    clause rejects some Y."""
    for head in _USE_HEAD.finditer(text):
        stop = _X_END.search(text, head.end())
        x_end = stop.start() if stop else len(text)
        chosen = text[head.end():x_end].lower()
        if not chosen.strip() or len(chosen) > 80:
            continue
        start, end = sentence_span(text, head.end())
        rest = (text[start:head.start()] + "\n" + text[x_end:end]).lower()
        if any(phrases.mentions(rest, p) and not phrases.mentions(chosen, p)
               for p in ran if p[0] != "-"):  # programs, not flags
            return "correction", head.end()
        if (acted and head.group("rule") and _INSTEAD_END.search(chosen)
                and not redirects.in_question(text, head.end())
                and not redirects.NEW_TASK.match(text)):
            return "correction", head.end()
        if (head.group("rule") and phrases.CONTRAST.match(text, x_end)
                and not redirects.NEW_TASK.match(text)):
            return "preference", head.end()
    return None


def _feedback(kind: str, turn: Turn, position: int, prefix: str = "") -> FeedbackItem | None:
    quote = sentence_quote(turn.text, position)
    if kind == "preference" and quote:  # "please always do that": the sentence before too
        start, end = sentence_span(turn.text, position)
        earlier = habits.antecedent(turn.text, start, end)
        quote = excerpt(turn.text, earlier, end) if earlier < start else quote
    if not quote:
        return None
    quote = with_named_target(turn.text, quote)  # "… new deps go into libs.versions.toml"
    return FeedbackItem(kind=kind, summary=prefix + quote,
                        evidence=[Evidence(quote=quote, turn=turn.index)])
