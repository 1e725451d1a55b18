"""A remark the user takes back: "… wait, that's just the linter. ok, disregard that, lgtm",
"my mistake, wrong file … keep going", "typo in my comment … so all good".

A follow-up is retracted when

- it holds a marker of the user taking back their own words (`_TAKEN_BACK`, as data:
  "ignore me", "never mind", "nvm", "scratch that", "disregard that", "false alarm",
  "I misread / misremembered / was confused", "my bad", "in my message / comment");
- and its last sentence approves or lets the agent go on (`_GO_ON`: "looks good", "all
  good", "carry on", "go ahead", "lgtm"), with no objection after the approval.

Whatever objection such a turn opened with, the user withdrew it: it corrects nothing.

Not retracted: the marker without the approval ("never mind the docs, fix the build
first"), and approval with an objection ("my bad, looks good, but rename the flag").
"""

from __future__ import annotations

import re

from skillgit.distill.user_phrases import rx

_TAKEN_BACK = rx(r"""\b(?:ignore\ me|ignore\ (?:that|this|what\ i\ said)|never\s?mind|nvm
    |scratch\ that|disregard\ (?:that|this|me|my\ \w+)|false\ alarm|my\ (?:bad|mistake)
    |i\ (?:misread|misremembered|misspoke|was\ confused|got\ confused|mixed\ (?:it|them)\ up)
    |in\ my\ (?:message|comment|note|ticket|prompt))\b""")
_GO_ON = rx(r"""\b(?:looks?\ (?:good|fine|great|right)|all\ (?:good|fine)|carry\ on|go\ ahead
    |keep\ going|lgtm|proceed|continue|as\ you\ were|we're\ good|you're\ good)\b""")
_OBJECTION = rx(r"\b(?:but|however|except|though|although)\b")
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=\S))+[.!?]*")


_PRAISE_WORD = r"""(?:(?:very|really|so)\s+)?(?:good|great|nice|perfect|lgtm|thanks|thank\s+you
    |thx|cheers|awesome|excellent|love\s+it|ship\s+it|merging|well\s+done|(?:nice|good|great)
    \s+(?:work|job)|all\s+(?:green|good|passing))"""
_PRAISE_ONLY = rx(r"^\W*" + _PRAISE_WORD + r"(?:\W+" + _PRAISE_WORD + r")*\W*$")
# "though" closing a sentence concedes ("the cleanup was worth it though."); opening a
# clause it objects ("though the flag is wrong").
_OBJECTING = rx(r"""\b(?:not|no|don't|never|instead|rather|wrong|should|must|stop|revert|undo
    |but|however|though(?!\s*[.!]+(?:\s|$))|except|only|again|still)\b""")


def praised(text: str) -> bool:
    """Whether the turn closes with praise alone ("… so the 4g heap is plenty. good") and
    objects nowhere (no negation, contrast, "should", "only", "still" …): an approval with
    its reasons, no correction."""
    sentences = [m.group() for m in _SENTENCE.finditer(text) if m.group().strip()]
    return (len(sentences) >= 2 and _PRAISE_ONLY.match(sentences[-1]) is not None
            and _OBJECTING.search(text) is None)


def retracted(text: str) -> bool:
    """Whether the user takes back their own remark and lets the agent go on."""
    if _TAKEN_BACK.search(text) is None:
        return False
    sentences = [m.group() for m in _SENTENCE.finditer(text) if m.group().strip()]
    if not sentences:
        return False
    last = sentences[-1]
    go_on = _GO_ON.search(last)
    return go_on is not None and _OBJECTION.search(last, go_on.end()) is None
