"""What a user says while a skill is in use that the general engine reads as a plain ask.

Right after a skill ran, "remember to run the migrations first" or "the staging deploy needs
--region eu-west-1" is not a new task: it is the step the skill left out. The heuristic engine
(`skillgit.distill`) classifies turns without knowing a skill is in use, so it sees an ask; inside
an invocation's outcome window these two shapes count as corrections of the skill:

- a reminder: "remember to …", "don't forget …", "make sure …", "you forgot …";
- a plain statement of a needed fact: a declarative sentence (not a question) saying something
  needs, requires, must or has to be something.
Acceptance is a short approval with nothing else in it ("perfect, thanks", "lgtm").
"""

from __future__ import annotations

import re

from skillgit.distill.evidence import sentence_quote, sentence_span

_REMINDER = re.compile(
    r"\b(?:remember\s+(?:to|that)|don['\u2019]?t\s+forget|do\s+not\s+forget|make\s+sure|"
    r"you\s+(?:forgot|missed|left\s+out|skipped)|forgot\s+to|you\s+(?:still\s+)?(?:need|have)\s+to|"
    r"as\s+always|every\s+time)\b", re.I)
_NEEDED_FACT = re.compile(
    r"\b(?:needs?|requires?|has\s+to|have\s+to|must|only\s+works|is\s+required|are\s+required|"
    r"won['\u2019]?t\s+work\s+without|doesn['\u2019]?t\s+work\s+without)\b", re.I)
_QUESTION = re.compile(r"\?\s*$")
_ACCEPT = re.compile(
    r"^\W*(?:(?:that|this|it)\s+)?(?:perfect|great|excellent|awesome|nice|lgtm|looks\s+(?:good|great)|"
    r"works(?:\s+now)?|(?:that|it)\s+works|exactly|well\s+done|good\s+job|great\s+job|"
    r"thanks?|thank\s+you|ship\s+it|approved?)\b[\W\w]{0,40}$", re.I)
_NEGATION = re.compile(r"\b(?:no|not|don['\u2019]?t|doesn['\u2019]?t|isn['\u2019]?t|wrong|but|"
                       r"instead|still|again|fail\w*|error|broken)\b", re.I)


def in_use_correction(text: str) -> str | None:
    """The quote of a reminder or a needed fact in `text`, or None."""
    for pattern in (_REMINDER, _NEEDED_FACT):
        for match in pattern.finditer(text):
            start, end = sentence_span(text, match.start())
            if _QUESTION.search(text[start:end]):
                continue
            quote = sentence_quote(text, match.start())
            if quote:
                return quote
    return None


def is_acceptance(text: str) -> bool:
    """A short approval and nothing more."""
    stripped = text.strip()
    return len(stripped) <= 80 and bool(_ACCEPT.match(stripped)) and not _NEGATION.search(
        stripped)
