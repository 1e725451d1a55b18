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
|               | "you keep …", "remember/keep in mind that", "again:"                  |        |
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
| redirect      | "instead", "rather than", "revert / undo / roll back / restore",      | strong |
|               | "you should / need / must", "I meant / wanted / asked for",           | /weak* |
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


# A past form after a sentence-initial "never" narrates ("Never used X before"): no rule.
NARRATION = r"""(?:(?:really|actually|quite|even|fully|properly)\s+)?(?:mind|\w+ed|been|seen
    |had|done|heard|known|gotten|got|made|written|run
    |tried|worked|used|thought|felt|understood|taken|given|found|met|read|built|ran|said|say
    |joke|talk|promise|swore|knew)\b"""
_BASE_NEVER = r"never\b(?!\s+" + NARRATION + r"|\s+(?:ever|before|again)\b)"
_VERB_ING = r"stop\s+(?:\w+ing\b|it\b|that\b|doing\b)"
# "always" opening a rule, not an exclamation ("always fun to watch", "always a joy").
ALWAYS = r"""always\b(?!\s+(?:so\s+|very\s+|really\s+|such\s+)?(?:nice|good|great|fun|cool
    |glad|happy|funny|interesting|amazing|awesome|impressive|satisfying|lovely|a\ (?:pleasure
    |joy|treat|relief)|weird|surprising|fascinating|helpful)\b)"""

# What goes on in the user's own mind ("I never remember the borrow rules", "I always forget
# which flag"): a habit of the user's, no rule of the work.
_OWN_MIND = r"""(?:remember|recall|know|understand|get|learn|forget|think|realize|notice
    |manage|feel|find|mix|confuse|wonder|expect|trust)\b"""
# "remember …" addressed to the agent, not said of somebody ("I never remember the …").
_NOT_SAID_OF_SELF = r"(?<!\bi\s)(?<!\bwe\s)(?<!\bnever\s)(?<!\balways\s)"

# "wrong <things> … are": a statement about a class of things, not a verdict on the result.
GENERIC_SUBJECT = r"""(?:ones\b|[\w-]+s\b[^.!?\n]{0,60}?\b(?:are|were|happen|occur|show\ up
    |(?:went\ |are\ |were\ )?(?:down|up)\ by))"""
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
                          r"|" + CLAUSE + r"again\s*(?::|!|\u2014|\.\.)"), NONE),
    Intent("standing rule", rx(CLAUSE + r"(?:(?:please|pls|plz)\s+)?(?:" + ALWAYS + "|"
                               + _BASE_NEVER + r"""|from\ now\ on\b|going\ forward\b
            |in\ (?:the\ )?future\b|next\ time\b)
        |\bon\ purpose\b|\b(?:is|are|'s|'re)\s+(?:not\ allowed|forbidden|off[-\ ]limits
            |a\ no[-\ ]go)\b|\b(?:we|i)\s+(?:always|never)\b(?!\s+""" + NARRATION
                               + r"|\s+" + _OWN_MIND + r")"),
           NONE),
    Intent("standing rule", rx(r"""\b(?:in|for|on|from|across|throughout)\ this
            \ (?:repo\w*|project|codebase|workspace|machine|box|team|code\ ?base|org)\b
        |\b(?:this|the|our)\ (?:repo\w*|project|codebase|workspace|machine|box|team)
            \ (?:is|has|uses|runs)\b
        |\b(?:we|we're|we\ are)\s+(?:always\s+|only\s+|usually\s+|normally\s+)?(?:use|run
            |serve|build|rebase|merge|format|keep|manage|deploy|pin|ship|write|return
            |go\ through|stick|on|removed|dropped|moved|switched|test|lint|commit)\b
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
    Intent("restrict", rx(r"""\b(?:only|alone)\b(?=\s*(?:[,.;:!)]|$))
        |\b(?:is|are|'s|'re|be)\s+(?:enough|plenty|sufficient|fine|ok|okay)\b
            (?!\s+(?:by|with)\s+(?:me|us)\b)
        |(?<=[\w\x27"`)*]\s)(?:does|do|did|would\ have\ done|will\ do|covers?)
            \s+(?:it|this|that|the\ job)\b(?!\s+(?:make|mean|work|need|matter|have|look|seem
            |help))
        |\bcovers\ what\b|\blimit\s+(?:it|this|that|them)?\s*to\b
        |\bkeep\s+(?:it|this|that|them|the\s+[\w-]+(?:\s+[\w-]+)?)\s+to\b|\bskip\b
        |\bleave\s+[\w.-]+(?:\s+[\w.-]+){0,3}\s+out\b|\bdrop\b|\bwithout\b
        |\bno\ need\b|\b(?:don't|do\ not)\ need\b
        |\bfor\ (?:a|this|such\ a)\ (?:change|fix|thing)\b
        |\b(?:is|are)\ for\ (?:ci|the\ pipeline|release|releases|later|the\ end)\b"""), STRONG),
    Intent("redirect", rx(r"""\binstead\b|\brather\ than\b
        |\b(?:revert|undo|roll\ ?back|restore|back\ out)\b
        |\byou\ (?:should(?:n't)?|need|must|have\ to)\b
        |\bi\ (?:meant|wanted|asked\ for)\b
        |\b(?:would|could|should)(?:\ just|\ simply)?\ have\ (?:been\ )?(?:\w+ed|done|run
            |found|taken|kept|left|shown|caught|made)\b"""), STRONG),
    Intent("reject", rx(r"""\b(?:bad\ idea|not\ (?:acceptable|what\ i\ (?:asked|wanted|meant
            |said))|unacceptable|overkill|over-?complicat\w*|over-?engineer\w*)\b"""), NONE),
    # The fix only hides the problem ("that just moves the stall", "muting it isn't fixing
    # it"), or is to be undone ("put it back").
    Intent("reject", rx(r"""\b\w+ing(?:\s+[\w.-]+){0,3}?\s+(?:isn't|is\ not|ain't)\s+(?:fixing
            |solving|a\ fix|the\ fix|a\ solution)\b
        |""" + CLAUSE + r"""(?:that|this|it)\s+(?:just|only|merely)\s+(?:moves|hides|spreads
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
_QUESTION = re.compile(r"[^.!?\n]*\?")
# A sentence about the user's own doing, which absolves the agent: "wrong assumption on my
# part", "it isn't your fault, I changed the padding on purpose", "I misread the diff", "it
# was my VPN", "not what I expected" (surprise), "never would have found that myself".
_OWN_DOING = rx(r"""(?:^|(?<=[.!?\n]))[^.!?\n]*?\b(?:on\s+my\s+(?:part|side|end)
    |(?:isn't|is\s+not|'s\s+not|wasn't|was\s+not)\s+your\s+(?:fault|environment|env|machine
        |setup|doing)|my\s+(?:own\s+)?(?:vpn|network|machine
    |laptop|setup|proxy|firewall|typo)|i\s+(?:was\s+sure|misread|misunderstood|mixed\s+up
    |changed\s+[^.!?\n]{0,40}\bon\s+purpose|never\s+(?:really\s+)?(?:understood|knew|got))
    |not\s+(?:what|how)\s+i\s+expected|(?:would\s+)?never\s+(?:would\s+)?have\s+found\s+[^.!?\n]{0,40}?
    \bmyself|nice\s+catch|good\s+catch|my\s+bad|my\s+mistake|in\s+my\s+(?:message|comment|ticket|note)
    |(?:reminder|note)\s+to\s+(?:myself|self)
    |(?:not|n't|nicht|pas|no\s+(?:fue|era)|não\s+(?:foi|era)|non\s+(?:era|è)|niet)\s+(?:your|dein|deine
    |ton|ta|tu|seu|sua|tuo|tua|jouw)\s+(?:fault|fehler|schuld|faute|culpa|erro|culpa|colpa|fout|schuld))
    \b[^.!?\n,;]*""")
# A report that nothing is wrong any more: "no more warnings", "not a single warning",
# "keine Fehler mehr", "every test passes"; and encouragement: "don't stop now".
_ALL_CLEAR = rx(r"""(?:^|(?<=[.!?\n]))\W*(?:(?:nope|ok|okay|great|nice|yes|yep)[,.!\s]+)?
    (?:(?:no|zero|not\s+a\s+single|keine?|aucune?|ningún|ninguna|nessun[oa]?|geen|ingen|žádné)
    \s+(?:more\s+)?(?:warnings?|errors?|failures?|issues?|problems?|fehler|erreurs?|errores
    |errori|fouten|fel|chyby)\b|(?:every|all\s+(?:the\s+)?)tests?\s+(?:passes|pass|green)\b
    |don'?t\s+stop\s+now\b|[^.!?\n]*?\b(?:sem|sin|senza|sans|ohne|zonder|utan|bez|without)\s+(?:any\s+
    |nenhum\s+|ningún\s+|alcun\s+)?(?:erros?|errores?|errori|erreurs?|fehler|fouten|fel|chyb|errors?
    |problemas?|problems?|issues?|failures?|falhas?)\b|funcionou|funktioniert(?:\s+jetzt)?|ça\s+marche|werkt\s+(?:nu|weer)
    |works\s+now)[^.!?\n,;]*""")
# A sentence telling the user's own past ("Never used X before", "I've never seen …").
_STORY = rx(r"""(?:^|(?<=[.!?\n]))\W*(?:i(?:'ve|\s+have)?\s+)?never\s+(?!mind\b)""" + NARRATION
            + r"[^.!?\n]*")


# Sentences that say nothing to the agent beyond the questions and stories above: a question
# without its mark ("what does metaspace even mean here"), wondering aloud, a realization
# ("Ah, so the _pb.go files are generated"), approval for the case at hand ("staging is fine
# for this"), praise by comparison ("so much faster than pip"), the user's own experience
# ("the same error I got on Friday", "we always end up fighting …"), and a deferral ("don't
# bother now, we'll look at it next sprint").
_SENTENCE_START = r"(?:^|(?<=[.!?\n]))\W*"
_MUSING = rx(_SENTENCE_START + r"""(?:(?:ha|lol|hm+|oh|ah|huh|wow|whoa)\W+)?(?:
    (?:i\s+)?(?:didn't|did\s+not|never)\s+(?:realize|realise|know|expect|think)\b
    |had\s+no\s+idea\b|
    (?:when|what|why|how(?:\s+(?:long|much|many|often))?|where|which|who)\s+(?:do|does|did|is
      |are|was|were|can|could|would|should|will)\b
    |(?:i'?m|i\s+am)\s+curious|i\s+wonder|just\s+wondering|curious\s+(?:why|how|whether|if)
    |(?:ah|oh),?\s+(?:so|i\s+see|right|ok(?:ay)?)\b|good\s+to\s+know|til\b|today\s+i\s+learned
    |(?:interesting|curious|surprising|neat|cool|nice)\s+(?:that|how)\b
    )[^.!?\n]*""")
_APPROVED_HERE = rx(r"""\b(?:is|are|'s)\s+(?:totally\s+|perfectly\s+|just\s+)?(?:fine|good|ok
    |okay|perfect|great)\s+for\s+(?:this|that|now|these|those|the\s+\w+)\b""")
_PRAISED_OVER = rx(r"""\b(?:so\s+much\s+|way\s+|a\s+lot\s+|much\s+)?(?:faster|better|nicer|quicker
    |cleaner|simpler|easier|lighter|saner)\s+than\s+[\w.+-]+""")
_OWN_EXPERIENCE = rx(_SENTENCE_START + r"""[^.!?\n]*?\b(?:(?:the\s+)?(?:exact\s+)?(?:same|similar)
    \s+(?:\w+\s+){0,2}(?:i|we)\s+(?:got|had|saw|hit|ran\s+into)\b|(?:we|i|they)\s+always\s+end
    \s+up\b|i\s+gave\s+up\b)[^.!?\n]*""")
_DEFERRAL = rx(_SENTENCE_START + r"""[^.!?\n]*?\b(?:we'?ll|well|we\s+will|i'?ll|let'?s)\s+(?:look
    \s+at|pick\s+it\s+up|deal\s+with|get\s+to|revisit|handle)\b[^.!?\n]*?\b(?:next\s+(?:sprint
    |week|time|release)|later|tomorrow|on\s+monday|another\s+day)\b[^.!?\n]*""")
# A question told inside a statement ("the team keeps asking why we're on X and not Y").
_EMBEDDED_QUESTION = rx(r"""\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?|knows?|explain(?:s|ed
    |ing)?|understand|figure\s+out|not\s+sure)\s+(?:me\s+|us\s+|you\s+)?(?:why|whether|if|how
    |what)\b[^.!?\n]*""")
# A step for the moment with its purpose ("skip it for now so we can see the rest"): the
# next move of the work under way, no lesson.
_NEXT_STEP = rx(_SENTENCE_START + r"""[^.!?\n]*?\bfor\s+(?:now|the\s+moment|the\s+time\s+being)
    \b[^.!?\n]*?\bso\s+(?:that\s+)?(?:we|i|you)\s+can\b[^.!?\n]*""")
# Praise of the agent's choice ("so good call editing the .proto instead of the .pb.go"): the
# whole sentence approves what it did (not "good call, but …"). A dot inside a name goes on.
_PRAISED_CHOICE = rx(r"""(?:^|(?<=[.!?\n]))(?:[^.!?\n]|\.(?=\S))*?\b(?:good|nice|smart|great
    |right|wise)\s+(?:call|thinking|move|choice|decision)\b
    (?![^!?\n]*\b(?:but|however|though|except)\b)(?:[^.!?\n]|\.(?=\S))*""")
# A state praised at the end of its sentence ("no hard-coded colors anywhere, nice."): a report.
_PRAISED_STATE = rx(r"""(?:^|(?<=[.!?\n]))(?:[^.!?\n]|\.(?=\S))*?,\s*(?:nice|great|good|perfect
    |awesome|sweet|lovely|love\ it)(?=\s*(?:[.!]|$))""")


def asides(text: str) -> list[tuple[int, int]]:
    """Spans of `text` that say nothing to the agent: questions (with or without their mark),
    musings, the user's own story and experience, the user's own doing (the agent absolved),
    reports that nothing is wrong any more, approval, praise by comparison, deferrals,
    questions told inside a statement and steps for the moment."""
    return [m.span() for pattern in (_QUESTION, _STORY, _OWN_DOING, _ALL_CLEAR, _MUSING,
                                     _APPROVED_HERE, _PRAISED_OVER, _OWN_EXPERIENCE, _DEFERRAL,
                                     _EMBEDDED_QUESTION, _NEXT_STEP)
            for m in pattern.finditer(text)]


def without_absolution(text: str) -> str:
    """`text` with the sentences about the user's own doing, the all-clear reports and the
    praise of the agent's choice blanked (same length): they correct nothing the agent did."""
    for pattern in (_OWN_DOING, _ALL_CLEAR, _PRAISED_CHOICE, _PRAISED_STATE):
        for match in pattern.finditer(text):
            text = text[:match.start()] + " " * (match.end() - match.start()) + text[match.end():]
    return text


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
