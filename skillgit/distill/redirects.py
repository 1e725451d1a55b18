"""Corrections said in words: a follow-up that redirects what the agent just did.

`user_signals` asks this module whether a later prompt after agent actions is a
*correction*: it opens with a plain "no," (unless it answers the agent's question or agrees
with it), with a verdict ("that's wrong", "not like that", "I meant …"), approves and then
objects ("great, but the rollback must run first"), questions the agent's choice ("why cargo
check?"), holds a cue of the intents table (`intents`) that points back at the actions,
negates what it ran ("not pip install."), restates its command with other flags or paths
(`restated`), names another tool of the same family (`tool_families`), says "X should be Y,
not Z", a bare "X, not Y", a value in place of one the agent wrote or said ("it's 4.1.0
not 5.0.0"), or an instruction closing on "instead" ("edit the template instead") in a turn
that opens no task; or it is any prompt right after the user stopped the agent. Questions,
stories and other asides (`asides`) never carry a cue, and a hold ("don't merge yet") bans
only what the agent's commands did: else it is a wait for a step it has not taken.
"""

from __future__ import annotations

import re

from skillgit.distill import asides, intents
from skillgit.distill import tool_families as families
from skillgit.distill import user_phrases as phrases
from skillgit.distill.action_context import ActionContext
from skillgit.distill.evidence import sentence_span
from skillgit.distill.restated import restated

_rx = phrases.rx

# A turn opening by approving the result ("great.", "ok, thanks!"): what follows is a
# next step.
_APPROVED = _rx(r"^\W*" + phrases.ACK_WORD + r"(?:\W+" + phrases.ACK_WORD + r")*\s*[.!,]")
# A plain "no" opening the turn: "no, …", "nope.", "no no" (not "No rush", "No problem").
_NO = _rx(phrases.LEAD + r"(?:no|nope|nah)\b(?=\s*(?:[,.!;:\u2014-]|no\b|$))")
# A plain yes or no opening the turn: after the agent asked something, that is an answer.
_ANSWER = _rx(phrases.LEAD + r"(?:no|nope|nah|yes|yeah|yep|sure)\b(?=\s*(?:[,.!;:\u2014-]|$))")
# Telling the agent it did no harm ("you didn't break anything"): no verdict on its actions.
_EXONERATES = r"""(?:break|miss|cause|introduce|mess|lose|screw|hurt|harm|do\ anything
    |change\ anything|touch\ anything)\b"""
# "we don't have a design for it yet": what the team lacks for now, not a rule or a verdict.
_LACK_YET = r"""(?:have|know)\b[^.!?,;\n]*\b(?:yet|for\ now|at\ the\ moment)\b"""
# The user taking the blame ("… was my fault", "my bad"): the wrong thing was theirs.
_SELF_BLAME = _rx(r"""\b(?:my\ (?:fault|bad|mistake|doing|typo)|on\ me\b|i\ (?:messed|screwed|mixed)
    \ (?:it\ |that\ |this\ )?up|(?:that|it)\ was\ me)\b""")
# A verdict or a restatement opening the turn.
_OPENER = _rx(phrases.LEAD + r"""(?:wrong\b(?!\s+""" + intents.GENERIC_SUBJECT
              + r"""|\?\s+(?:no|nope|nah)\b|[^.!?\n]{0,30}\b(?:sorry|oops|my\ bad)\b)|incorrect\b
    |not\s+(?:like\s+)?(?:that|this|quite|really|what|correct|right)\b
    |why\s+(?:(?:did|do|are|would|is|have|were)(?:n't)?\s+you|did(?:n't)?\s+it)\b
    |(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:not(?!\s+your\s+(?:fault|environment|env|machine
        |setup|doing)\b)|wrong|incorrect|bad|broken|a\ bad|backwards|inverted|reversed
        |the\ wrong\ way\ (?:round|around)|upside\ down|the\ other\ way\ (?:round|around))\b
    |(?:that|this|it)\s+(?:isn't|wasn't|does\ not|did\ not)\b
    |you\s+(?:(?:didn't|did\ not)(?!\s+""" + _EXONERATES + r""")|should(?:n't)?|need|have\ to
        |must|forgot|missed|broke
        |misunderstood|were\ supposed\ to)\b
    |i\s+(?:said|told\ you|asked\ you|meant|wanted|did\ not\ ask|didn't\ ask)\b
    |we\s+(?:(?:don't|do\ not)(?!\s+""" + _LACK_YET + r""")|never(?!\s+""" + asides.NARRATION
              + r""")|can't|cannot)\b
    |i\s+(?:don't|do\ not)\s+(?:like|want)\b
    |isn't\s+there\b|shouldn't\s+(?:it|you|this|that)\b
    |undo\b|revert\b|roll\s?back\b|instead\b(?![^.!?\n]*\?))""")
# A question about the agent's choice disarmed by the user: curiosity, no objection; or the
# user's disclaimer of their own request ("not asking you to turn it on yet").
_DISARMED = _rx(r"""\b(?:just|only|purely|genuinely)\s+curious\b|\bout\s+of\s+curiosity\b
    |\bnot\s+(?:saying|that)\s+(?:it's|it\s+is|it\s+was|you're|you\s+are|that's)\s+(?:wrong
        |bad|a\ problem)\b|\bnot\s+a\s+complaint\b|\bno\s+judge?ment\b
    |\b(?:i'm\s+|i\s+am\s+)?not\s+(?:asking|telling|suggesting|requesting)\b[^.!?,;\n]*""")
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
_BARE_CONTRAST = _rx(r"""(?:,|\s(?=instead|rather))""" + phrases.CONTRAST.pattern)
NEW_TASK = _rx(r"""^\W*(?:(?:please|now|also|next|then|and|great|good|ok(?:ay)?|thanks)\b[\s,!.]*)*
    (?:add|create|implement|write|build|make|generate|update|refactor|rename|move|delete|remove
    |fix|run|test|check|show|explain|analy[sz]e|review|investigate|find|list|set\ ?up|install
    |deploy|migrate|port|convert|prepare|draft|design|document|read|open|commit|push|merge
    |can\ you|could\ you|would\ you|let's|lets|i\ want|i\ need|i'd\ like|we\ need)\b
    (?!\.\w|\s+[\w-]+\s+(?:is|are|was|were)\b)""")  # not "setup.py", "commit msgs are …"


def _opens_task(text: str, position: int) -> bool:
    """Whether the sentence holding `position` opens a next task ("Next, bump …")."""
    start, _end = sentence_span(text, position)
    sentence = text[start:].lstrip()
    return NEW_TASK.match(sentence) is not None or _NEXT.match(sentence) is not None


_NEXT = _rx(r"^\W*next\b\s*[,:]?\s+[a-z]+\b")  # "Next, bump the Gradle wrapper to 8.8."


def in_question(text: str, position: int) -> bool:
    """Whether the sentence of `text` holding `position` is a question."""
    _start, end = sentence_span(text, position)
    return text[:end].rstrip().endswith("?")


def correction(text: str, context: ActionContext, *,
               after_stop: bool) -> tuple[str, int] | None:
    """("correction", position) when `text` redirects the agent's last actions, or None
    (position -1: the whole prompt, after the user stopped the agent)."""
    disarmed = _DISARMED.search(text) is not None  # "… not saying it's wrong, just curious"
    text = _DISARMED.sub(lambda m: " " * len(m.group()), text)
    if ((_NO.match(text) and not context.asked and not _AGREE.match(text))
            or (_OPENER.match(text) and not disarmed) or _APPROVE_BUT.match(text)):
        return "correction", 0
    position = None if disarmed else phrases.challenge(text, context.used)  # "why cargo check?"
    if position is not None:
        return "correction", position
    if context.asked and _ANSWER.match(text):  # "no, not needed." answers the agent's offer
        _start, end = sentence_span(text, 0)
        text = " " * end + text[end:]
    new_task = NEW_TASK.match(text.lstrip()) is not None
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
        at = -1 if alternative is None else said.lower().find(alternative.split()[0])
        if at >= 0 and not _opens_task(said, at):  # pnpm after npm ran, a debug build
            return "correction", at  # after --release ("Next, bump the wrapper" is a task)
        position = phrases.contrast(text)  # "X should be Y, not Z"
        if position is not None and not in_question(text, position):
            return "correction", position
        spans = asides.asides(text)
        for bare in _BARE_CONTRAST.finditer(text):  # "X, not Y" / "X instead of Y"
            inside = any(a <= bare.start() < b for a, b in spans)  # "so it was X, not Y"
            if not in_question(text, bare.start()) and not inside:
                return "correction", bare.start()
        position = _value_denied(text, context)  # "it's 4.1.0 not 5.0.0" after 5.0.0
        if position is not None:
            return "correction", position
        for other in _DO_INSTEAD.finditer(text):  # "edit the template instead."
            if not in_question(text, other.start("verb")):
                return "correction", other.start("verb")
    if after_stop:
        return "correction", -1  # the redirect is the whole prompt
    return None


_NEGATION = _rx(phrases.CLAUSE + r"""(?:not|no)\s+(?:(?:run(?:ning)?|us(?:e|ing)|call(?:ing)?
    |bare|plain|raw|more|a|the)\s+){0,2}(?P<what>[^\s,;.!?]+(?:\s+[^\s,;.!?]+)?)""")


def _negated(text: str, context: ActionContext) -> int | None:
    """Where a clause says "no/not X" of something the agent used or ran, or None."""
    written = {name.rsplit(".", 1)[1] for name in context.edited if "." in name.strip(".")}
    for match in _NEGATION.finditer(text):
        what = match.group("what")
        if context.relation(what) == "strong" or what.split()[0].lower() in written:
            return match.start("what")  # also the kind of file it wrote: "not a rake task"
    return None


# An instruction closing on "instead": instead of what the agent just did.
_DO_INSTEAD = _rx(phrases.CLAUSE + r"""(?:(?:please|pls|just)\s+)?(?P<verb>use|edit|change|patch
    |run|call|put|move|write|add|keep|make|switch|point|set|pass|go|do|try|fix|mock|stub|read
    |pin|install|build|deploy|push|merge|import|wait|poll|await|check|assert|return|raise|throw
    |catch|log|store|send|query|fetch|load|render|validate|inject|extend|wrap|reuse|derive
    |bind|map|parse)\b(?:[^.!?;\n]|\.(?=\S)){0,80}?\sinstead\s*(?=[.!;]|$)""")
_VALUED = r"[\w.@:/+-]*\d[\w.@:/+-]*"
_VALUE_CONTRAST = _rx(r"(?<![\w.@:/+-])(?P<said>" + _VALUED + r")\s*,?\s+(?:and\s+|but\s+)?"
                      r"not\s+(?P<denied>" + _VALUED + ")")


def _value_denied(text: str, context: ActionContext) -> int | None:
    """Where the turn puts a value in place of one the agent wrote or said ("4.1.0 not
    5.0.0", "port 8443 not 8080"), outside questions, or None."""
    for pair in _VALUE_CONTRAST.finditer(text):
        said, denied = (pair.group(n).rstrip(".,;:") for n in ("said", "denied"))
        written = re.search(rf"(?<![\w.]){re.escape(denied)}(?!\w|\.\d)", context.wrote)
        if said != denied and written and not in_question(text, pair.start()):
            return pair.start()
    return None


def _without_asides(text: str) -> str:
    """`text` with its questions and the user's own stories blanked out."""
    for start, end in asides.asides(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


_CLAUSE_END = re.compile(r"[,;:.!?](?=\s|$)|\s[-\u2014]\s|\n|$")
_LEVEL = {None: intents.NONE, "weak": intents.WEAK, "strong": intents.STRONG}
# A hold for a while ("don't merge yet", "do not deploy until QA signs off"): a ban only of
# what the agent has done (its commands name it), else a wait for a step it has not taken.
_HOLD = _rx(r"\b(?:yet|until|till|for\ now|for\ the\ moment|for\ the\ time\ being)\b")
_HELD_VERB = _rx(r"""\W*(?:(?:please|pls|plz|kindly)\s+)?(?:don't|do\ not|never|let's\ not|avoid)
    \s+(?:(?:just|even|actually)\s+)?(?P<verb>[a-z]+)""")


_TASK_SWITCH = _rx(r"""\blet'?s\s+(?:look\s+at|work\s+on|move\s+on\s+to|focus\s+on|tackle
    |pick\s+up|get\s+to|dig\s+into)\b[^.!?\n]*$""")
_FINE = _rx(r"(?:is|are|'s|'re|be)\s+(?:fine|ok|okay)\b")
# A subject that is a value or a conclusion ("6s", "so match"), closing the text before "is".
# Or the agent's own work ("your change is fine, merge it"): approval, no scope.
_APPROVED_SUBJECT = _rx(r"""(?:(?<![\w.])\d[\w.]*|\bso\s+[\w.-]+
    |\byour\s+(?:[\w-]+\s+)?(?:change|changes|fix|patch|diff|pr|version|edit|edits|refactor
        |implementation|approach|solution|code)\s*)\s*$""")


def _counts(cue: intents.Cue, text: str, context: ActionContext, *, whole: str | None,
            new_task: bool) -> bool:
    """Whether a cue makes the turn a correction, given how the turn relates to the actions."""
    needs = cue.intent.needs
    start, end = sentence_span(text, cue.start)
    if cue.intent.name == "forbid":
        clause_end = _CLAUSE_END.search(text, cue.start)
        held = text[cue.start:clause_end.start() if clause_end else len(text)]
        verb = _HELD_VERB.match(held)
        ran = {word for used in context.used for word in used.split()} | context.words
        if _HOLD.search(held) and not (verb and verb.group("verb").lower() in ran):
            return False  # "don't merge yet": a wait for what the agent has not done
    if needs == intents.NONE or (cue.intent.name == "forbid" and not new_task):
        return True
    if cue.intent.name == "reject" and _SELF_BLAME.search(text, start, end):
        return False  # "the wrong profile was my fault": the user's mistake, not the agent's
    if cue.intent.name == "restrict" and _FINE.match(text, cue.start) and \
            _APPROVED_SUBJECT.search(text, start, cue.start):
        return False  # "6s is fine", "your fix is fine": approval of a value or the work
    if cue.intent.name == "redirect" and _TASK_SWITCH.search(text, start, cue.start):
        return False  # "let's look at the flaky test instead": another task, not another way
    if cue.intent.operand:
        clause_end = _CLAUSE_END.search(text, cue.start)
        start, end = cue.start, clause_end.start() if clause_end else len(text)
    here = _LEVEL[context.relation(text[start:end])]
    level = here if cue.intent.operand else max(here, _LEVEL[whole])
    if new_task:  # a constraint inside a new task is part of the ask
        return False
    return level >= min(needs, intents.WEAK) if needs == intents.WEAK else level >= intents.WEAK
