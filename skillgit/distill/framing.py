"""How a follow-up is framed: praise, relief or a question around its negative words.

A turn's "no", "not" or "wrong" is no objection when the turn as a whole is framed as

- **praise**: it closes on praise or thanks alone ("… Nice.", "… Thanks!", "… Wow."), in a
  sentence of its own, and passes no verdict on the result ("wrong", "broken",
  "incorrect");
- **relief or a realization**: the user names the cause they were hunting ("I can't
  believe that was it", "so that was it the whole time", "first time in weeks", "that
  made it click") — a "wrong X" there is the bug found, not the agent's work;
- **a question for advice**: it ends by asking what the agent would try or suggests
  ("What would you try first?", "any ideas?", "where would you start?"), with no verdict;
- **the user's own account**: the user tells what they did themselves ("I added it by hand
  this morning", "I changed it on purpose yesterday") and then asks for new work ("Can you
  write the migration?"): the state is theirs, the agent is asked for a next step.

and it states no rule and turns nothing against the result (`_OBJECTS`: a modal, "always /
never / don't", "instead", a contrast like "but" or "only thing", "I said", "you forgot",
undo or revert, "use X"). A turn framed so corrects nothing, whatever negative words it
holds; one that also states a rule or objects stays a correction ("Thanks! but that's prod",
"Nice. Next time use pnpm").
"""

from __future__ import annotations

import re

from skillgit.distill.user_phrases import rx

_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=\S))+[.!?]*")
_PRAISE = r"""(?:(?:very|really|so|super)\s+)?(?:nice|great|good|perfect|lovely|sweet|cool
    |awesome|excellent|amazing|brilliant|wow|whoa|phew|whew|yay|finally|thanks|thank\s+you
    |thx|ty|cheers|much\s+appreciated|appreciated|love\s+it|well\s+done|ship\s+it
    |(?:nice|good|great)\s+(?:work|job|one|find|catch))(?:\s+(?:a\s+lot|so\s+much|again))?"""
_PRAISE_ONLY = rx(r"^\W*" + _PRAISE + r"(?:\W+" + _PRAISE + r")*\W*$")
_VERDICT = rx(r"""\b(?:wrong|incorrect|broken|bad|worse|not\s+(?:right|correct|ok(?:ay)?|good
    |what\s+i\s+(?:asked|wanted|meant)))\b""")
_RELIEF = rx(r"""\b(?:(?:i\s+)?can't\s+believe\s+(?:that|it|this)\s+(?:was|is)\b
    |(?:so\s+)?that\s+was\s+it\b|(?:was|is)\s+it\s+the\s+whole\s+time\b
    |first\s+time\s+in\s+(?:weeks|months|days|ages|years|forever)\b
    |(?:that|it)\s+(?:made|makes)\s+it\s+click\b|(?:it\s+)?finally\s+(?:works|passes|green)\b
    |today\s+i\s+learned\b|\btil\b)""")
_ADVICE = rx(r"""(?:what|where|how|which)\s+(?:would|should|do|could)\s+(?:you|we|i)
    \s+(?:try|start|suggest|recommend|look|do|check|go|think|propose|advise|begin)\b
    |\bany\s+(?:ideas|thoughts|suggestions|hunches|guesses|pointers)\b|\bthoughts\b
    |\bwhat\s+(?:do|would)\s+you\s+(?:make\s+of|say)\b|\bwhere\s+to\s+(?:start|look)\b""")
_OWN_ACCOUNT = rx(r"""\bi\s+(?:already\s+|just\s+)?(?:added|changed|created|ran|applied|fixed
    |updated|made|set|put|removed|deleted|wrote|pushed|deployed|installed|moved|renamed
    |bumped|edited)\b[^.!?\n]*?\b(?:by\s+hand|myself|manually|on\s+purpose|yesterday|this
    \s+morning|earlier|last\s+(?:week|night)|during)\b""")
_REQUEST = rx(r"""^\W*(?:(?:ok(?:ay)?|so|now|and|also|then)\W+)*(?:(?:can|could|would|will)
    \s+(?:you|u)|please|pls)\s+(?:please\s+|also\s+|now\s+)?(?:add|write|create|make|generate
    |regenerate|build|set\s+up|implement|draft|commit|open|prepare|document|include|cover
    |give|show|explain|sketch)\b""")
_OBJECTS = rx(r"""\b(?:should|shouldn't|must|mustn't|need\s+to|needs\s+to|has\s+to|have\s+to
    |always|never|don't|do\s+not|instead|rather\s+than|but|however|though|although|except
    |still|only\s+thing|one\s+thing|i\s+(?:said|told|asked|meant)|you\s+(?:forgot|missed
    |broke|skipped|ignored|deleted|removed|dropped|didn't|did\s+not)|undo|revert|roll\s*back
    |put\s+(?:it|that|them)\s+back|go\s+back|use|switch\s+to|stop)\b""")


def framed_remark(text: str) -> bool:
    """Whether `text` is framed as praise, relief, a question for advice or the user's own
    account followed by a request, and objects nowhere (see the module doc)."""
    sentences = [m.group() for m in _SENTENCE.finditer(text) if m.group().strip()]
    if not sentences or _OBJECTS.search(text):
        return False
    last = sentences[-1]
    verdict = _VERDICT.search(text) is not None
    if len(sentences) >= 2 and _PRAISE_ONLY.match(last) and not verdict:
        return True
    if last.rstrip().endswith("?") and _ADVICE.search(last) and not verdict:
        return True
    if _RELIEF.search(text) and (_PRAISE_ONLY.match(last) or _REQUEST.match(last)):
        return True
    return bool(_OWN_ACCOUNT.search(text) and _REQUEST.match(last))
