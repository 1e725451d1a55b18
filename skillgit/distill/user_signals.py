"""Heuristic user signals: asks (tasks), corrections, preferences and repeated asks.

Every user turn is read in its place in the conversation, against what the agent did since
the previous prompt (`action_context`):

- the first prompt is an ask, never a correction, whatever words it uses;
- a later prompt after agent actions is a *correction* when it redirects what the agent did:
  it names an alternative to its command, tool, flag, file set or scope, restricts or
  forbids it, reminds it of an earlier instruction, or rejects the result — the intents and
  their cues are one table (`intents`), and most cues count only when the sentence points
  back at the actions (a program, flag or file the agent used, a magnitude its tools
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
- beyond these phrases (`statements`): a fact contradicting the last action is a
  *correction*, so is a correction in another language, and a team norm is a *preference*;
- the same ask made twice in one session is a *repeated ask*.

Quotes are verbatim slices of the turn text, so each item can be checked against its turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillgit.digest import Evidence, FeedbackItem, TaskItem
from skillgit.distill import habits, intents, statements
from skillgit.distill import tool_families as families
from skillgit.distill import user_phrases as phrases
from skillgit.distill.action_context import ActionContext
from skillgit.distill.evidence import excerpt, sentence_quote, sentence_span
from skillgit.distill.repeated_asks import repeated_asks
from skillgit.distill.restated import restated
from skillgit.transcripts.model import Conversation, Turn, TurnKind

MAX_TASKS = 12
MAX_USER_FEEDBACK = 12
_rx = phrases.rx

_ACK_WORD = r"""(?:(?:very|really|so|super)\ )?(?:ok(?:ay|ey)?|k+|yes|yep|yeah|yup|ya|sure|alright
    |right|cool|nice|good|great|perfect|awesome|excellent|amazing|brilliant|wonderful|sweet|neat
    |fine|done|lgtm|ty|tysm|thx|tnx|thnx|thanx|thanks?|thank\s*(?:you|u)|cheers|appreciated?
    |much\ appreciated|appreciate\ it|got\ it|gotcha|understood|noted|makes\ sense|works
    |(?:sounds|looks)\ (?:good|great|fine|perfect)|(?:that|it)\ works|all\ good|well\ done
    |(?:nice|good|great)\ (?:work|job|one)|no\ (?:worries|problem)|go(?:\ on|\ ahead)?|continue
    |proceed|do\ it|next|please|pls|what\ else|anything\ else)
    (?:\ (?:a\ lot|so\ much|very\ much|again|now))?"""
# Only ack words, emoji and punctuation; "no" alone or with thanks (never "no, no").
_ACK = _rx(r"^\W*(?:(?:no|nope|nah)(?:\W+(?:thanks?|thank\ you|thx|ty))?|[a-z0-9]|"
           + _ACK_WORD + r"(?:\W+" + _ACK_WORD + r")*)?\W*$")  # also "👍" alone
MAX_ACK_CHARS = 80
# A turn opening by approving the result ("great.", "ok, thanks!"): what follows is a
# next step.
_APPROVED = _rx(r"^\W*" + _ACK_WORD + r"(?:\W+" + _ACK_WORD + r")*\s*[.!,]")
# A plain "no" opening the turn: "no, …", "nope.", "no no" (not "No rush", "No problem").
_NO = _rx(phrases.LEAD + r"(?:no|nope|nah)\b(?=\s*(?:[,.!;:\u2014-]|no\b|$))")
# A plain yes or no opening the turn: after the agent asked something, that is an answer.
_ANSWER = _rx(phrases.LEAD + r"(?:no|nope|nah|yes|yeah|yep|sure)\b(?=\s*(?:[,.!;:\u2014-]|$))")
# Telling the agent it did no harm ("you didn't break anything"): no verdict on its actions.
_EXONERATES = r"""(?:break|miss|cause|introduce|mess|lose|screw|hurt|harm|do\ anything
    |change\ anything|touch\ anything)\b"""
# A verdict or a restatement opening the turn.
_OPENER = _rx(phrases.LEAD + r"""(?:wrong\b(?!\s+""" + intents.GENERIC_SUBJECT
              + r"""|\?\s+(?:no|nope|nah)\b)|incorrect\b
    |not\s+(?:like\s+)?(?:that|this|quite|really|what|correct|right)\b
    |why\s+(?:(?:did|do|are|would|is|have|were)(?:n't)?\s+you|did(?:n't)?\s+it)\b
    |(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:not(?!\s+your\s+(?:fault|environment|env|machine
        |setup|doing)\b)|wrong|incorrect|bad|broken|a\ bad)\b
    |(?:that|this|it)\s+(?:isn't|wasn't|does\ not|did\ not)\b
    |you\s+(?:(?:didn't|did\ not)(?!\s+""" + _EXONERATES + r""")|should(?:n't)?|need|have\ to
        |must|forgot|missed|broke
        |misunderstood|were\ supposed\ to)\b
    |i\s+(?:said|told\ you|asked\ you|meant|wanted|did\ not\ ask|didn't\ ask)\b
    |we\s+(?:don't|do\ not|never|can't|cannot)\b
    |i\s+(?:don't|do\ not)\s+(?:like|want)\b
    |isn't\s+there\b|shouldn't\s+(?:it|you|this|that)\b
    |undo\b|revert\b|roll\s?back\b|instead\b(?![^.!?\n]*\?))""")
# "No," agreeing with the agent ("no, you're right", "no, good point").
_AGREE = _rx(phrases.LEAD + r"""(?:no|nope|nah)\W+(?:i\s+think\s+|actually\s+)?(?:you(?:'re|\s+are)
    \s+(?:right|onto|on\s+to|correct)|that(?:'s|\s+is)\s+(?:right|fine|correct|true|good|ok)
    |good\s+(?:point|catch|call|idea)|i\s+agree|fair\b|exactly|it's\s+fine|all\s+good
    |(?:that|it)(?:'s|\s+is)\s+(?:actually\s+)?(?:right|perfect|exactly\s+right))""")
# Approval, then an objection ("great, but …"); not "nice, but can you also …".
_APPROVE_BUT = _rx(r"""^\W*(?:[\w\x27\u2019-]+\W+){0,6}?
    (?:great|good|nice|fine|ok(?:ay)?|correct|right|works|looks\ (?:good|fine|ok))\b
    [^.!?\n]{0,60}?\b(?:but|however|although|though|except)\b
    (?!\s+(?:(?:can|could|would|will)\s+(?:you|u)|also|please|now|first|then)\b)""")
_PREFERENCE = _rx(r"""(?:^|[.!?;:\n]\s*)(?:please\s+)?(?:""" + intents.ALWAYS
                  + r"""|never\b(?!\s+""" + intents.NARRATION + r""")|from\ now\ on|going\ forward
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
_BARE_CONTRAST = _rx(r"""(?:,|\s(?=instead|rather))""" + phrases.CONTRAST.pattern)
_NEW_TASK = _rx(r"""^\W*(?:(?:please|now|also|next|then|and|great|good|ok(?:ay)?|thanks)\b[\s,!.]*)*
    (?:add|create|implement|write|build|make|generate|update|refactor|rename|move|delete|remove
    |fix|run|test|check|show|explain|analy[sz]e|review|investigate|find|list|set\ ?up|install
    |deploy|migrate|port|convert|prepare|draft|design|document|read|open|commit|push|merge
    |can\ you|could\ you|would\ you|let's|lets|i\ want|i\ need|i'd\ like|we\ need)\b
    (?!\.\w|\s+[\w-]+\s+(?:is|are|was|were)\b)""")  # not "setup.py", "commit msgs are …"
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
    for turn in conversation.turns:
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
            if recalled is not None:
                quote = turn.text[recalled[0]:recalled[1]]
                feedback.append(FeedbackItem(kind="preference", summary=quote, evidence=[
                    Evidence(quote=quote, turn=turn.index)]))
        elif isinstance(item, FeedbackItem):
            feedback.append(item)
    feedback.extend(repeated_asks(tasks))
    return UserSignals(tasks=[task for _turn, task in tasks][:MAX_TASKS],
                       feedback=feedback[:MAX_USER_FEEDBACK])


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
    new_task = _NEW_TASK.match(text.lstrip()) is not None
    if follow_up and context is not None:
        said = intents.without_absolution(statements.without_agreement(text, context))
        found = None if not said.strip() else (
                 _preference(said) or _use_clause(said, context.used)
                 or _correction(said, context, after_stop=after_stop)
                 or statements.feedback(said, context, new_task=new_task))
        if found is not None:
            kind, position = found
            prefix = "after the user stopped the agent: " if after_stop and position < 0 else ""
            return _feedback(kind, turn, max(position, 0), prefix)
    elif follow_up and (found := _preference(text) or _use_clause(text, frozenset())
                        or statements.norm(text, new_task=new_task)):
        return _feedback(found[0], turn, found[1])
    quote = sentence_quote(text, 0)
    if not quote:
        return None
    return TaskItem(summary=summarize_ask(text) or quote, evidence=[Evidence(quote=quote,
                                                                             turn=turn.index)])


def _preference(text: str) -> tuple[str, int] | None:
    match = _PREFERENCE.search(text)
    if match is None or _in_question(text, match.end() - 1):
        return None
    return "preference", match.end() - 1


def _in_question(text: str, position: int) -> bool:
    _start, end = sentence_span(text, position)
    return text[:end].rstrip().endswith("?")


def _use_clause(text: str, ran: frozenset[str]) -> tuple[str, int] | None:
    """A clause telling the agent to use X: a correction when the rest of its sentence names
    a program the agent just ran, a preference when a "use X" clause rejects some Y."""
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
        if head.group("rule") and phrases.CONTRAST.match(text, x_end) and not _NEW_TASK.match(text):
            return "preference", head.end()
    return None


def _correction(text: str, context: ActionContext, *,
                after_stop: bool) -> tuple[str, int] | None:
    if ((_NO.match(text) and not context.asked and not _AGREE.match(text))
            or _OPENER.match(text) or _APPROVE_BUT.match(text)):
        return "correction", 0
    position = phrases.challenge(text, context.used)  # "why cargo check?", "why didnt you …"
    if position is not None:
        return "correction", position
    if context.asked and _ANSWER.match(text):  # "no, not needed." answers the agent's offer
        _start, end = sentence_span(text, 0)
        text = " " * end + text[end:]
    new_task = _NEW_TASK.match(text.lstrip()) is not None
    said = _without_asides(text)
    whole = None if new_task else context.relation(said)
    for cue in intents.cues(text):
        if _counts(cue, text, context, whole=whole, new_task=new_task):
            return "correction", cue.start
    position = _negated(text, context)  # "not pip install.", "no newtonsoft", "no scaffolds"
    if position is not None:
        return "correction", position
    if not new_task:
        # flags or paths for the command just run; "great. now run it with …" is a next step
        position = None if _APPROVED.match(text) else restated(said, context)
        if position is not None:
            return "correction", position
        alternative = families.alternative(said.lower(), context.members)
        if alternative is not None:  # pnpm after npm ran, a debug build after --release
            return "correction", said.lower().find(alternative.split()[0])
        position = phrases.contrast(text)  # "X should be Y, not Z"
        if position is not None and not _in_question(text, position):
            return "correction", position
        for bare in _BARE_CONTRAST.finditer(text):  # "X, not Y" / "X instead of Y"
            if not _in_question(text, bare.start()):
                return "correction", bare.start()
    if after_stop:
        return "correction", -1  # the redirect is the whole prompt
    return None


_NEGATION = _rx(phrases.CLAUSE + r"""(?:not|no)\s+(?:(?:run(?:ning)?|us(?:e|ing)|call(?:ing)?
    |bare|plain|raw|more|a|the)\s+){0,2}(?P<what>[^\s,;.!?]+(?:\s+[^\s,;.!?]+)?)""")


def _negated(text: str, context: ActionContext) -> int | None:
    """Where a clause says "no/not X" of something the agent used or ran, or None."""
    for match in _NEGATION.finditer(text):
        if context.relation(match.group("what")) == "strong":
            return match.start("what")
    return None


def _without_asides(text: str) -> str:
    """`text` with its questions and the user's own stories blanked out."""
    for start, end in intents.asides(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


_CLAUSE_END = re.compile(r"[,;:.!?](?=\s|$)|\s[-\u2014]\s|\n|$")
_LEVEL = {None: intents.NONE, "weak": intents.WEAK, "strong": intents.STRONG}


def _counts(cue: intents.Cue, text: str, context: ActionContext, *, whole: str | None,
            new_task: bool) -> bool:
    """Whether a cue makes the turn a correction, given how the turn relates to the actions."""
    needs = cue.intent.needs
    if needs == intents.NONE or (cue.intent.name == "forbid" and not new_task):
        return True
    start, end = sentence_span(text, cue.start)
    if cue.intent.operand:
        clause_end = _CLAUSE_END.search(text, cue.start)
        start, end = cue.start, clause_end.start() if clause_end else len(text)
    here = _LEVEL[context.relation(text[start:end])]
    level = here if cue.intent.operand else max(here, _LEVEL[whole])
    if new_task:  # a constraint inside a new task is part of the ask
        return False
    return level >= min(needs, intents.WEAK) if needs == intents.WEAK else level >= intents.WEAK


def _feedback(kind: str, turn: Turn, position: int, prefix: str = "") -> FeedbackItem | None:
    quote = sentence_quote(turn.text, position)
    if kind == "preference" and quote:  # "please always do that": the sentence before too
        start, end = sentence_span(turn.text, position)
        earlier = habits.antecedent(turn.text, start, end)
        quote = excerpt(turn.text, earlier, end) if earlier < start else quote
    if not quote:
        return None
    return FeedbackItem(kind=kind, summary=prefix + quote,
                        evidence=[Evidence(quote=quote, turn=turn.index)])
