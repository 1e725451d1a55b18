"""The intents of a follow-up that make it a correction or a preference, as one small table.

A user turn after agent actions corrects them when it *redirects* what the agent did (names
an alternative command, tool, flag, file set or scope), *restricts* it (a narrower scope, a
cheaper run), *forbids* it, states a *standing rule*, *reminds* the agent of an earlier
instruction, or *rejects* the result. Each intent has cues: general ways English expresses
it, never a sample sentence. Most cues only count when the sentence (or, in a turn that
opens no new task, the turn) also points back at what the agent just did (see
`action_context`: a program, flag or file it used, a magnitude its tools reported, another
tool of the same family...). `needs` says how much relation a cue needs:

| intent        | cues (clause-initial unless noted)                                    | needs  |
|---------------|-----------------------------------------------------------------------|--------|
| reminder      | "like/as I said", "I already told you", "for the third time",         | none   |
|               | "you keep …", "remember/keep in mind that", "again:", an ordinal     |        |
|               | count standing alone ("2nd time now.", "third time:")                 |        |
| standing rule | "always", "never <verb>", "from now on", "going forward", "next time",| none   |
|               | "on purpose", "… is not allowed / off limits / a no-go"; not an       |        |
|               | exclamation ("always fun to …")                                       |        |
| standing rule | "… next time / from now on / going forward" closing a clause that     | weak   |
|               | does not defer ("we'll do that next time")                            |        |
| standing rule | "in/for this repo/project/codebase…", "we <habitual verb>" ("we use", | weak   |
|               | "we rebase", "we're on"), "… what we use", "… here"                   |        |
| forbid        | "don't / do not / never / avoid / no more / stop <verb>-ing / let's   | weak*  |
|               | not" (not "don't forget", "don't worry")                              |        |
| reminder      | "don't forget …" about the actions (its operand relates to them)      | weak   |
| restrict      | "only/just <scope>", "<scope> only/alone", "… is enough/plenty/fine", | strong |
|               | "… does it / covers it", "limit/keep it to",                          | /weak* |
|               | "skip", "leave … out", "drop", "without", "no need", "don't need",    |        |
|               | "for a small change", "… is for CI"                                   |        |
| redirect      | "instead" (not "instead of my …": the user's own), "rather than",     | strong |
|               | "revert / undo / roll back / restore",                                |        |
|               | "you should / need / must", "I meant / wanted / asked for" (not       | /weak* |
|               | "exactly / just what I wanted": approval),                            |        |
|               | "X would / could / should have <done>" (what it could have run);      |        |
|               | beyond the table: another tool of the same family (`tool_families`),  |        |
|               | and "use X" clauses (`user_signals`)                                  |        |
| reject        | "bad idea", "not acceptable", "overkill" ("that was the shared/prod …" | none   |
|               | is a fact about the target: `contradictions`)                         |        |
| reject        | "wrong" (not "wrong <things> are …"), "too slow/much/many/…",         | strong |
|               | "takes ages/forever", "a lot", "wasted", "silly",                     | /weak* |
|               | "unnecessary", "redundant", "unreadable", "impossible to", "churn",   |        |
|               | "deprecated", a harm verb ("broke", "wiped", "overwrote", "erased",   |        |
|               | "dropped", "deadlocks")                                               |        |
| reject        | a harm verb whose subject is the agent's action: "that / you / your   | none   |
|               | command overwrote / wiped / deleted …" opening a clause               |        |
| reject        | the failure persists: "still fails/broken/…", "same error",           | none   |
|               | "doesn't/didn't/won't …" opening the turn                             |        |

weak*: a weak relation (the kind of work, the whole tree) is enough in a turn that opens no
new task; in a new task ("add X. don't touch the tests") only a strong one counts, and a
forbid needs none in a turn that opens no task ("plz dont commit straight to main").
Cues inside a question ("why is cargo check slow?") never count: questions that challenge
the agent are read by `user_phrases.challenge`. A discourse opener alone ("No rush",
"Still", "Again", "Stop", "Never" starting an ordinary request) is no cue at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillgit.distill.asides import NARRATION, asides
from skillgit.distill.user_phrases import CLAUSE, rx

NONE, WEAK, STRONG = 0, 1, 2


@dataclass(frozen=True)
class Intent:
    name: str                 # redirect | restrict | forbid | standing rule | reminder | reject
    cue: re.Pattern[str]
    needs: int                # NONE, WEAK or STRONG relation to the agent's actions
    operand: bool = False     # the relation is sought in what follows the cue, to the clause end


@dataclass(frozen=True)
class Cue:
    intent: Intent
    start: int                # where the cue is in the turn text


_BASE_NEVER = r"never\b(?!\s+" + NARRATION + r"|\s+(?:ever|before|again)\b)"
_VERB_ING = r"stop\s+(?:\w+ing\b|it\b|that\b|doing\b)"
# "always" opening a rule, not an exclamation ("always fun to watch", "always a joy").
ALWAYS = r"""always\b(?!\s+(?:so\s+|very\s+|really\s+|such\s+)?(?:nice|good|great|fun|cool
    |glad|happy|funny|interesting|amazing|awesome|impressive|satisfying|lovely|a\ (?:pleasure
    |joy|treat|relief)|weird|surprising|fascinating|helpful)\b)"""

# What goes on in the user's own mind ("I never remember the flag order", "I always forget
# which flag"): a habit of the user's, no rule of the work.
_OWN_MIND = r"""(?:remember|recall|know|understand|get|learn|forget|think|realize|notice
    |manage|feel|find|mix|confuse|wonder|expect|trust|seem|seems|appear)\b"""
# "remember …" addressed to the agent, not said of somebody ("I always forget the …").
_NOT_SAID_OF_SELF = r"(?<!\bi\s)(?<!\bwe\s)(?<!\bnever\s)(?<!\balways\s)"

# "wrong <things> … are": a statement about a class of things, not a verdict on the result.
GENERIC_SUBJECT = r"""(?:ones\b|[\w-]+s\b[^.!?\n]{0,60}?\b(?:are|were|happen|occur|show\ up
    |(?:went\ |are\ |were\ )?(?:down|up)\ by))"""
# "exactly what I wanted", "just what I asked for": approval, not a redirect; "that's why I
# asked for it" gives a reason.
_NOT_APPROVAL = (r"(?<!exactly\swhat\s)(?<!just\swhat\s)(?<!precisely\swhat\s)(?<!is\swhat\s)"
                 r"(?<!why\s)")
# "wrong" said of the user themself ("I was wrong about Redis"): no verdict on the agent.
NOT_SELF = r"(?<!\bi\ was\ )(?<!\bi\ am\ )(?<!\bi.m\ )(?<!\bwe\ were\ )(?<!\bwe.re\ )"

INTENTS: tuple[Intent, ...] = (
    Intent("reminder", rx(r"""\b(?:(?:like|as)\s+(?:i|we)(?:'ve|\s+have)?(?:\s+already)?\s+
            (?:said|told|asked|mentioned|explained|wrote)
        |i(?:'ve|\s+have)?\s+already\s+(?:said|told|asked|mentioned|explained)
        |i(?:'ve|\s+have)?\s+(?:said|told\s+you|mentioned|asked\s+(?:for|you))
            (?:\s+(?:this|that|it))?\s+(?:before|earlier|already|twice|(?:\w+\s+)?times)
        |for\s+the\s+(?:second|third|fourth|fifth|nth|\w+th|last)\s+time
        |how\s+many\s+times\s+(?:do|did|have|must|should)\s+i
        |you\s+keep\s+(?:forgetting|ignoring|doing|using|running|adding|making|breaking
            |missing|changing)
        |""" + _NOT_SAID_OF_SELF + r"""(?:remember|keep\s+in\s+mind)\s+(?:that|to|we|the
            |this)\b)\b"""
                          r"|" + CLAUSE + r"again\s*(?::|!|\u2014|\.\.)"
                          # an ordinal count standing alone ("2nd time now.", "third time:")
                          r"|" + CLAUSE + r"""(?:the\s+|this\s+is\s+the\s+)?(?:second|third
            |fourth|fifth|sixth|nth|\d+(?:nd|rd|th))\s+time(?:\s+(?:now|already|today
            |this\s+week|in\s+a\s+row))?\s*(?:[.!:\u2014]|,(?!\s+(?:and|but)\b)|$)"""),
           NONE),
    Intent("standing rule", rx(CLAUSE + r"(?:(?:please|pls|plz)\s+)?(?:" + ALWAYS + "|"
                               + _BASE_NEVER + r"""|from\ now\ on\b|going\ forward\b
            |in\ (?:the\ )?future\b|next\ time\b)
        |\bon\ purpose\b|\b(?:is|are|'s|'re)\s+(?:not\ allowed|forbidden|off[-\ ]limits
            |a\ no[-\ ]go)\b|\b(?:we|i)\s+(?:always|never)\b(?!\s+""" + NARRATION
                               + r"|\s+" + _OWN_MIND + r")"),
           NONE),
    Intent("standing rule", rx(r"""\b(?:in|for|on|from|across|throughout)\ this
            \ (?:repo\w*|project|codebase|workspace|machine|box|team|code\ ?base|org|package
            |module|crate|service)\b
        |\blike\ (?:every|all\ the|each)\ other\b(?=[^.!?\n]*\b(?:does|do|did)\b)
        |\b(?:this|the|our)\ (?:repo\w*|project|codebase|workspace|machine|box|team)
            \ (?:is|has|uses|runs)\b
        |\b(?:we|we're|we\ are)\s+(?:always\s+|only\s+|usually\s+|normally\s+)?(?:use|run
            |serve|build|rebase|merge|format|keep|manage|deploy|pin|ship|write|return
            |go\ through|stick|on|removed|dropped|moved|switched|test|lint|commit)\b
            (?!(?:[^.!?\n]|\.(?=\S))*\b(?:last\ (?:week|month|year|quarter|sprint|time)
                |yesterday|ago)\b)
        |\b(?:is|are)\ what\ (?:i|we)\ (?:use|want|need|run|meant)\b
        |\bhere\b(?=\s*(?:[.;,!]|$))"""), WEAK),
    Intent("standing rule", rx(CLAUSE + r"""(?![^.!?\n]*?\b(?:we'll|i'll|let's|we\ can|we\ could
            |maybe|perhaps)\b)[^.!?\n]*?\b(?:next\ time|from\ now\ on|going\ forward
            |in\ (?:the\ )?future)\b(?=\s*(?:[,.;!]|$))"""), WEAK),
    Intent("forbid", rx(CLAUSE + r"""(?:(?:please|pls|plz|kindly)\s+)?(?:don't\b(?!\s+(?:worry
            |mind|hesitate|know|think|forget))|do\ not\b(?!\s+forget)|avoid\b|quit\b
            |no\ more\b(?!\s+(?:\w+\s+)?(?:needed|necessary|required|to\ do)\b)
            |let's\ not\b|""" + _BASE_NEVER + "|" + _VERB_ING + r")"), WEAK),
    Intent("reminder", rx(CLAUSE + r"(?:(?:please|pls|plz)\s+)?(?:don't|do\ not)\s+forget\b"),
           WEAK, operand=True),
    Intent("restrict", rx(r"""(?:^|(?<=[\s,;:(]))(?:only|just)\s+(?=-|(?:the|this|that|these
            |those|one|two)\b|[\w.-]*[/.][\w./-]*|[\w.-]+\s+(?:(?:the|these|those)\s+)?
            (?:files?|tests?|specs?|module|package|crate|project|folder|directory|dir|changes?
            |ones?)\b)"""), STRONG, operand=True),
    # "only run the unit tests of the module you touched": a narrower run, said as the verb
    Intent("restrict", rx(CLAUSE + r"""only\s+(?=(?:ever\s+)?(?:run|build|test|lint|check|format
            |compile|rebuild|execute|deploy)\s)"""), STRONG, operand=True),
    Intent("restrict", rx(r"""\b(?:only|alone)\b(?=\s*(?:[,.;:!)]|$))
        |\b(?:is|are|'s|'re|be)\s+(?:enough|plenty|sufficient|fine|ok|okay)\b
            (?!\s+(?:by|with)\s+(?:me|us)\b)
        |(?<=[\w\x27"`)*]\s)(?:does|do|did|would\ have\ done|will\ do|covers?)
            \s+(?:it|this|that|the\ job)\b(?!\s+(?:make|mean|work|need|matter|have|look|seem
            |help))
        |\bcovers\ what\b|\blimit\s+(?:it|this|that|them)?\s*to\b
        |\bkeep\s+(?:it|this|that|them|the\s+[\w-]+(?:\s+[\w-]+)?)\s+to\b|\bskip\b
        |\bleave\s+[\w.-]+(?:\s+[\w.-]+){0,3}\s+out\b
        |\bwithout\b(?!\s+(?:any\s+|a\s+single\s+|a\s+|new\s+)?(?:[\w-]+\s+)?(?:errors?|warnings?
            |issues?|problems?|failures?|hiccups?|hitch|complaints?|incidents?|trouble|downtime
            )\b)  # "parsed without import errors": a report of success
        |\bdrop\b(?!\s+(?:came|comes|is|was|arrived|arrives|landed|lands|has|had)\b)
        |\bno\ need\b|\b(?:don't|do\ not)\ need\b
        |\bfor\ (?:a|this|such\ a)\ (?:change|fix|thing)\b
        |\b(?:is|are)\ for\ (?:ci|the\ pipeline|release|releases|later|the\ end)\b"""), STRONG),
    Intent("redirect", rx(r"""\binstead\b(?!\s+of\s+(?:my|me)\b)|\brather\ than\b
        |\b(?:revert|undo|roll\ ?back|restore|back\ out)\b
        |\byou\ (?:should(?:n't)?|need|must|have\ to)\b
        |""" + _NOT_APPROVAL + r"""\bi\ (?:meant|wanted|asked\ for)\b
        |\b(?:would|could|should)(?:\ just|\ simply)?\ have\ (?:been\ )?(?:\w+ed|done|run
            |found|taken|kept|left|shown|caught|made)\b"""), STRONG),
    Intent("reject", rx(r"""\b(?:bad\ idea|not\ (?:acceptable|what\ i\ (?:asked|wanted|meant
            |said))|unacceptable|overkill|over-?complicat\w*|over-?engineer\w*)\b"""), NONE),
    # The fix only hides the problem ("that just moves the stall", "muting it isn't fixing
    # it"), or is to be undone ("put it back").
    Intent("reject", rx(r"""\b\w+ing(?:\s+[\w.-]+){0,3}?\s+(?:isn't|is\ not|ain't)\s+(?:fixing
            |solving|a\ fix|the\ fix|a\ solution)\b
        |""" + CLAUSE + r"""(?:that|this|it|\w+ing(?:\s+[\w.-]+){0,3}?)\s+(?:just|only|merely)
            \s+(?:moves|hides|spreads
            |masks|shifts|pushes|papers\ over|sweeps|delays|postpones|silences|suppresses
            |swallows|defers)\b
        |(?:^|(?<=[.!?\n]))\s*(?![^.!?\n]*\b(?:once|when|after|later|tomorrow|if)\b)
            (?:[^.!?\n]*?[,;:]\s*)?(?:(?:please|pls|just)\s+)?put\s+(?:it|them|that|those
            |this|these)\s+back\b"""), NONE),
    Intent("reject", rx(r"""\b(?:""" + NOT_SELF + r"""wrong(?!\s+""" + GENERIC_SUBJECT + r""")
            |too\ (?:slow|long|much|many|big|broad|noisy|complex
            |complicated|verbose|heavy)|takes?\ (?:ages|forever|too\ long)|(?:is|was)\ a\ lot
            |wasted?|silly|unnecessary|redundant|not\ needed|unreadable|impossible\ to|churn
            |junk|noise|deprecated|breaks|broke|wiped|dropped\ my|deleted\ my|lost\ my|swept
            |overw(?:rote|ritten)|erased|nuked|trashed
            |litters|deadlocks?|pollutes|clobber\w*|mess(?:es|ed)\ up)\b"""), STRONG),
    Intent("reject", rx(CLAUSE + r"""(?:that|this\ (?:command|change|run)|you|u|your\ (?:command
            |change|edit|script|run))(?:\ just|\ also)?\ (?:broke|wiped|overw(?:rote|ritten)|erased
            |deleted|removed|dropped|nuked|trashed|clobbered|reverted|undid|lost)\b"""), NONE),
    Intent("reject", rx(r"""\bstill\b[^.!?\n]{0,40}?\b(?:fail\w*|broken|crash\w*|error\w*
            |wrong|not\ (?:right|working|fixed))\b
        |\bsame\s+(?:error|issue|problem|bug|failure)\b
        |^\W*(?:it\s+)?(?:still\s+)?(?:doesn't|didn't|isn't|won't|can't)\b"""), NONE),
)


def cues(text: str) -> list[Cue]:
    """Every cue in `text` outside questions and stories, in order of position."""
    questions = asides(text)
    found: list[Cue] = []
    for intent in INTENTS:
        for match in intent.cue.finditer(text):
            start = match.start() if match.group().strip() else match.end()
            start += len(match.group()) - len(match.group().lstrip(" ,;:.!\n\u2014-"))
            if not any(a <= start < b for a, b in questions):
                found.append(Cue(intent, start))
                break
    return sorted(found, key=lambda cue: cue.start)
