"""What a follow-up says that is no word to the agent: its asides.

Questions (with or without their mark, and told inside a statement), musings and
realizations, the user's own story, experience and doing (the agent absolved), reports that
nothing is wrong any more, approval for the case at hand, praise by comparison, of the
agent's choice, of what it did ("nice, you went with X instead of Y") or of a state,
the user's own uncertainty ("I've seen both and can't remember which won"), deferrals, work
for some later day and steps for the moment.
`asides` gives their spans, so no cue of the intents table (`intents`) is read inside them;
`without_absolution` blanks the ones that correct nothing the agent did before any rule
reads the turn.
"""

from __future__ import annotations

import re

from skillgit.distill import languages
from skillgit.distill.user_phrases import rx

# A past form after a sentence-initial "never" narrates ("Never used X before"): no rule.
NARRATION = r"""(?:(?:really|actually|quite|even|fully|properly)\s+)?(?:mind|\w+ed|been|seen
    |had|done|heard|known|gotten|got|made|written|run\s+(?:into|across)
    |tried|worked|used|thought|felt|understood|taken|given|found|met|read|built|ran|said|say
    |joke|talk|promise|swore|knew|would|could)\b"""  # "never would have guessed"
_QUESTION = re.compile(r"[^.!?\n]*\?")
# A sentence about the user's own doing, which absolves the agent: "wrong assumption on my
# part", "it isn't your fault, I changed the padding on purpose", "I misread the diff", "it
# was my VPN", "not what I expected" (surprise), "never would have found that myself", a
# button pressed by mistake ("wrong button, i hit reject by accident").
_OWN_DOING = rx(r"""(?:^|(?<=[.!?\n]))[^.!?\n]*?\b(?:on\s+my\s+(?:part|side|end)
    |(?:isn't|is\s+not|'s\s+not|wasn't|was\s+not)\s+your\s+(?:fault|environment|env|machine
        |setup|doing)|my\s+(?:own\s+)?(?:vpn|network|machine
    |laptop|setup|proxy|firewall|typo)|i\s+(?:was\s+sure|misread|misunderstood|mixed\s+up
    |changed\s+[^.!?\n]{0,40}\bon\s+purpose|never\s+(?:really\s+)?(?:understood|knew|got))
    |not\s+(?:what|how)\s+i\s+expected|(?:would\s+)?never\s+(?:would\s+)?have\s+found\s+[^.!?\n]{0,40}?
    \bmyself|nice\s+catch|good\s+catch|my\s+bad|my\s+mistake|in\s+my\s+(?:message|comment|ticket|note)
    |(?:reminder|note)\s+to\s+(?:myself|self)
    |wrong\s+button|mis-?click(?:ed)?|fat[\s-]finger(?:ed|s)?
    |(?:hit|clicked|pressed|rejected|declined|denied)\b[^.!?\n]{0,30}?\b(?:by\s+(?:accident|mistake)
        |accidentally)|accidentally\s+(?:hit|clicked|pressed|rejected|declined|denied)
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
# ("so the leak was in the pool", "Ah, so the _pb.go files are generated"), approval for
# the case at hand ("staging is fine for this"), praise by comparison ("so much faster than
# pip"), the user's own experience ("the same error I got on Friday", "we always end up
# fighting …"), and a deferral ("don't bother now, we'll look at it next sprint").
_SENTENCE_START = r"(?:^|(?<=[.!?\n]))\W*"
_MUSING = rx(_SENTENCE_START + r"""(?:(?:ha|lol|hm+|oh|ah|huh|wow|whoa)\W+)?(?:
    (?:i\s+)?(?:didn't|did\s+not|never)\s+(?:realize|realise|know|expect|think)\b
    |had\s+no\s+idea\b|so\s+(?:the\s+|it\s+)?(?:[\w-]+\s+){0,3}?(?:was|were)\b|
    (?:when|what|why|how(?:\s+(?:long|much|many|often))?|where|which|who)\s+(?:do|does|did|is
      |are|was|were|can|could|would|should|will)\b
    |(?:i'?m|i\s+am)\s+curious|i\s+wonder|just\s+wondering|curious\s+(?:why|how|whether|if)
    |(?:ah|oh),?\s+(?:so|i\s+see|right|ok(?:ay)?)\b|good\s+to\s+know|til\b|today\s+i\s+learned
    |(?:interesting|curious|surprising|neat|cool|nice)\s+(?:that|how)\b
    )[^.!?\n]*""")
_APPROVED_HERE = rx(r"""\b(?:is|are|'s)\s+(?:totally\s+|perfectly\s+|just\s+)?(?:fine|good|ok
    |okay|perfect|great)\s+for\s+(?:this|that|now|these|those|the\s+\w+|local(?:ly)?|dev
    |development|testing|a\s+(?:prototype|spike|demo))\b""")
_PRAISED_OVER = rx(r"""\b(?:so\s+much\s+|way\s+|a\s+lot\s+|much\s+)?(?:faster|better|nicer|quicker
    |cleaner|simpler|easier|lighter|saner)\s+than\s+[\w.+-]+""")
_OWN_EXPERIENCE = rx(_SENTENCE_START + r"""[^.!?\n]*?\b(?:(?:the\s+)?(?:exact\s+)?(?:same|similar)
    \s+(?:\w+\s+){0,2}(?:i|we)\s+(?:got|had|saw|hit|ran\s+into)\b|(?:we|i|they)\s+always\s+end
    \s+up\b|i\s+gave\s+up\b)[^.!?\n]*""")
_DEFERRAL = rx(_SENTENCE_START + r"""[^.!?\n]*?\b(?:we'?ll|well|we\s+will|i'?ll|let'?s)\s+(?:look
    \s+at|pick\s+it\s+up|deal\s+with|get\s+to|revisit|handle)\b[^.!?\n]*?\b(?:next\s+(?:sprint
    |week|time|release)|later|tomorrow|on\s+monday|another\s+day)\b[^.!?\n]*""")
# Work for some later day ("we should do the same in the other module at some point").
_SOMEDAY = rx(_SENTENCE_START + r"""[^.!?\n]*?\b(?:at\s+some\s+point|eventually|some\s?day
    |down\s+the\s+line|one\s+of\s+these\s+days|when\s+we\s+get\s+(?:a\s+chance|time))\b[^.!?\n]*""")
# A task dropped for the day ("skip the docs, not important today", "leave it for today"):
# no other way of doing it, the work is put off.
_DROPPED = rx(_SENTENCE_START + r"""(?:[^.!?\n]*?\b(?:skip|leave|forget|drop|park)\s+(?:it|that
    |this|them|the\s+[\w-]+)\b[^.!?\n]*?\b(?:not\s+(?:important|urgent|a\s+priority)
    |(?:doesn't|does\s+not)\s+matter|for\s+(?:today|now|the\s+day)|another\s+time))[^.!?\n]*""")
# A question told inside a statement ("support wonders whether we could ship X and not Y").
_EMBEDDED_QUESTION = rx(r"""\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?|knows?|explain(?:s|ed
    |ing)?|understand|figure\s+out|not\s+sure)\s+(?:me\s+|us\s+|you\s+)?(?:why|whether|if|how
    |what)\b[^.!?\n]*""")
# A step for the moment with its purpose ("park that case for now so I can check the others"): the
# next move of the work under way, no lesson.
_NEXT_STEP = rx(_SENTENCE_START + r"""[^.!?\n]*?\bfor\s+(?:now|the\s+moment|the\s+time\s+being)
    \b[^.!?\n]*?\bso\s+(?:that\s+)?(?:we|i|you)\s+can\b[^.!?\n]*""")
# Praise of the agent's choice ("smart move touching the template rather than the output"): the
# whole sentence approves what it did (not "good call, but …"). A dot inside a name goes on.
_PRAISED_CHOICE = rx(r"""(?:^|(?<=[.!?\n]))(?:[^.!?\n]|\.(?=\S))*?\b(?:good|nice|smart|great
    |right|wise)\s+(?:call|thinking|move|choice|decision)\b
    (?![^!?\n]*\b(?:but|however|though|except)\b)(?:[^.!?\n]|\.(?=\S))*""")
# Praise opening a sentence that tells what the agent did ("Nice, you went with the pool
# instead of a new client"): a report of its choice approved, no redirect (not "nice, but …").
_PRAISED_DOING = rx(r"""(?:^|(?<=[.!?\n]))\W*(?:(?:oh|wow|ok(?:ay)?)\W+)?(?:nice|great|good
    |perfect|excellent|awesome|sweet|cool|love\ (?:it|that|how)|well\ done)\b[\s,!\u2014-]*
    (?:(?:and\ )?(?:that\ )?you\s+(?:even\s+|actually\s+|also\s+)?(?:\w+ed|went|chose|made
        |kept|found|caught|wrote|took|got|put|left|ran|built|did|stuck|split|brought|reused)\b)
    (?![^.!?\n]*\b(?:but|however|though|except)\b)(?:[^.!?\n]|\.(?=\S))*""")
# The user's own uncertainty ("I've seen both layouts and can't remember which one won",
# "not sure whether we settled that"): wondering aloud, no word to the agent.
_UNSURE = rx(_SENTENCE_START + r"""[^.!?\n]*?\b(?:(?:can't|cannot|don't|do\ not|never)\s+
    (?:remember|recall|tell|know)\s+(?:which|whether|if|what|where|who|how)
    |not\s+sure\s+(?:which|whether|if|what|where|who|how)|i(?:'ve|\s+have)\s+seen\s+both)
    \b(?![^.!?\n]*\b(?:but|however|though|anyway)\b)[^.!?\n]*""")  # "…, but don't use X"
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
                                     _EMBEDDED_QUESTION, _NEXT_STEP, _SOMEDAY, _UNSURE,
                                     _DROPPED)
            for m in pattern.finditer(text)]


def without_absolution(text: str) -> str:
    """`text` with the sentences about the user's own doing, the all-clear reports and the
    praise of the agent's choice blanked (same length): they correct nothing the agent did."""
    patterns = [_OWN_DOING, _ALL_CLEAR, _PRAISED_CHOICE, _PRAISED_STATE, _PRAISED_DOING]
    if languages.languages_of(text)[0]:  # "je savais pas que …", "juste curieux"
        patterns.append(languages.ASIDE_CLAUSE)
    for pattern in patterns:
        for match in pattern.finditer(text):
            text = text[:match.start()] + " " * (match.end() - match.start()) + text[match.end():]
    return text
