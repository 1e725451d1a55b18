"""An objection said as mock praise: "Oh great, another `sleep` in a test", "Wow, perfect,
more `any`s", "exactly what our 40 minute suite needed", "love that for us".

A turn is such a correction when, outside questions,

- it opens with an exclamation and mock praise followed by "another / more / yet another"
  and a thing the agent's last actions hold (`ActionContext.relation` is strong, or the
  words are in what it wrote): `_MOCK_OPENING`;
- or it holds an ironic phrase (`_IRONY`, as data: "just what we needed", "exactly what our
  … needed", "love that for us", "thanks, I hate it") and names a thing of those actions.

Not a correction: plain praise of more of a good thing ("great, another green run", "oh
nice, more tests passing, thanks"), praise with thanks, and a question.
"""

from __future__ import annotations

import re

from skillgit.distill.action_context import ActionContext
from skillgit.distill.user_phrases import rx

_EXCLAMATION = r"(?:oh|ooh|wow|ah|yay|ugh|welp)"
_PRAISE = r"(?:great|wonderful|fantastic|perfect|lovely|brilliant|awesome|nice|cool|splendid)"
_MOCK_OPENING = rx(r"^\W*" + _EXCLAMATION + r"\W+(?:" + _PRAISE + r"\W+){1,2}"
                   r"(?:yet\s+)?(?:another|more)\s+(?P<what>(?:`[^`\n]+`|[^.!?,;\n`]){1,60})")
_IRONY_PHRASES = (
    r"(?:just|exactly)\ what\ (?:we|i|our\ [\w\ -]{1,30}?|the\ [\w\ -]{1,30}?|this\ [\w\ -]{1,30}?)"
    r"\ (?:needed|wanted)",
    r"love\ (?:that|this)\ for\ (?:us|me)", r"thanks,?\ i\ hate\ it",
    r"what\ could\ (?:possibly\ )?go\ wrong",
)
_IRONY = rx(r"\b(?:" + "|".join(_IRONY_PHRASES) + r")\b")
# Genuine praise: more of a good thing, or thanks.
_SINCERE = rx(r"""\b(?:thanks|thank\ you|thx|ty|green|passing|passes|pass|works|working|faster
    |cleaner|smaller|coverage|lgtm|ship\ it)\b""")
_QUESTION = re.compile(r"\?\s*$")


def _holds(words: str, context: ActionContext) -> bool:
    """Whether `words` name something of the agent's last actions."""
    if context.relation(words) == "strong":
        return True
    wrote = context.wrote.lower()
    return any(len(token) >= 2 and token in wrote
               for token in re.findall(r"`([^`\n]+)`", words.lower()))


def mock_praise(text: str, context: ActionContext) -> int | None:
    """Where `text` objects to the agent's work by mock praise, or None."""
    if _QUESTION.search(text) or _SINCERE.search(text):
        return None
    opening = _MOCK_OPENING.search(text)
    if opening is not None and _holds(opening.group("what"), context):
        return opening.start("what")
    irony = _IRONY.search(text)
    if irony is not None and _holds(text, context):
        return irony.start()
    return None
