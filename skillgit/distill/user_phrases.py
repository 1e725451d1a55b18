"""Phrase-level helpers for reading a follow-up turn against what the agent ran.

- `used_words`: what a shell command uses (programs, subcommands, long flags);
- `mentions`: whether a text names a word as a whole token;
- `challenge`: where a turn questions the agent's choice: "why did/didn't/are you …", "did
  you forget …", "what are you doing", or an elliptical challenge naming what the agent
  just ran or a flag it passed ("why cargo check?", "why --offline?", "hm, go build
  again?"). A question about the code or a tool ("why does f return None?", "why is cargo
  check slow?", "can you run npm test again?") is not;
- `contrast`: "X should be Y, not Z";
- `negated`: a clause negating what the agent just ran ("not pip install.", "no terraform
  apply …").

Each check returns the position of its cue, so the quote is the sentence carrying it. The
table of intents these serve is `intents`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# An apostrophe in a pattern matches a typographic one, or none ("dont", "didnt", "isnt").
_APOSTROPHE = "['\u2019]?"


def rx(pattern: str) -> re.Pattern[str]:
    """Compile case-insensitively; a `'` in `pattern` also matches a typographic apostrophe
    or none at all."""
    return re.compile(pattern.replace("'", _APOSTROPHE), re.IGNORECASE | re.VERBOSE)


# Interjections and politeness a redirect may follow ("hm, …", "plz dont …").
LEAD_WORDS = r"""(?:ok(?:ay)?|hm+|well|sorry|please|pls|plz|but|and|so|uh|um|oh|wait|seriously
    |really|honestly)"""
LEAD = r"^\W*(?:" + LEAD_WORDS + r"\b[\s,!.]*)*"
# A word of thanks or approval ("ok", "thx", "looks good", "go ahead").
ACK_WORD = r"""(?:(?:very|really|so|super)\ )?(?:ok(?:ay|ey)?|k+|yes|yep|yeah|yup|ya|sure|alright
    |right|cool|nice|good|great|perfect|awesome|excellent|amazing|brilliant|wonderful|sweet|neat
    |fine|done|lgtm|ty|tysm|thx|tnx|thnx|thanx|thanks?|thank\s*(?:you|u)|cheers|appreciated?
    |much\ appreciated|appreciate\ it|got\ it|gotcha|understood|noted|makes\ sense|works
    |(?:sounds|looks)\ (?:good|great|fine|perfect)|(?:that|it)\ works|all\ good|well\ done
    |(?:nice|good|great)\ (?:work|job|one)|no\ (?:worries|problem)|go(?:\ on|\ ahead)?|continue
    |proceed|do\ it|next|please|pls|what\ else|anything\ else)
    (?:\ (?:a\ lot|so\ much|very\ much|again|now))?"""
# Where a clause starts: the text start or clause punctuation, then lead words.
CLAUSE = r"(?:^|[.!?;:,\n\u2014]\s*|\s-\s)\W*(?:" + LEAD_WORDS + r"\b[\s,!.]*)*"
_CHALLENGE = rx(r"""\b(?:why\s+(?:did|do|are|were|would|have|is|was)(?:n't|\s+not)?\s+(?:you|u)\b
    |(?:did|have)(?:n't)?\s+(?:you|u)\s+(?:forget|forgotten|even|skip|skipped|ignore|ignored
        |miss|missed)\b
    |what\s+(?:are|were)\s+(?:you|u)\s+doing\b|what\s+(?:did|have)\s+(?:you|u)\s+(?:do|done)\W*$)""")
# Z in "not Z": a thing, not an adverb or a verdict ("not now", "not a big deal").
CONTRAST = rx(r"""[\s,;:\u2014-]*(?:(?:and|but)\s+)?(?:not|never|instead\ of|rather\ than)\s+
    (?!(?:now|yet|today|tonight|tomorrow|just|only|sure|really|quite|too|so|very|even|ever|always
        |needed|necessary|bad
        |working|at\ all|(?:a\ )?(?:big\ )?(?:deal|problem|issue|worry|priority)
        |my|me)\b)[\w./@:<+-]""")  # "instead of my coffee break": the user's own, no Y
_SHOULD_CONTRAST = rx(r"""\b(?:should|must|needs?\ to|has\ to|ought\ to)\b(?!\s+not\b)
    [^.!?;\n]{1,60}?(?<=\S)(?=[\s,;:\u2014-])""" + CONTRAST.pattern)
_SEGMENT = re.compile(r"&&|\|\||[;|\n]")
_PROGRAM = re.compile(r"[a-z][\w.+-]+")
_FLAG = re.compile(r"--?[a-z][\w-]{2,}")
_SKIP_WORDS = frozenset({"sudo", "env", "time", "exec", "command", "nohup"})  # run the next word
_BUILTINS = frozenset({"cd", "echo", "export", "set", "source", "true", "false", "test", "read",
                       "exit", "sleep", "printf"})


def used_words(command: str) -> set[str]:
    """What a shell command uses: its programs ("npm", "npm install", "python3" and "python")
    and its long flags ("--release", "-auto-approve")."""
    names: set[str] = set()
    for segment in _SEGMENT.split(command.lower()):
        names.update(flag.split("=", 1)[0] for flag in segment.split() if _FLAG.match(flag))
        words = [w for w in segment.split() if "=" not in w and w not in _SKIP_WORDS]
        name = words[0].rsplit("/", 1)[-1] if words else ""
        if _PROGRAM.fullmatch(name):
            names.update({name, name.rstrip("0123456789.")} - {""})
            if len(words) > 1 and words[1].isalpha():
                names.add(f"{name} {words[1]}")  # a subcommand: "npm install", "go build"
    return {n for n in names if len(n) >= 2} - _BUILTINS


def mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w.-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE) is not None


def _alternation(used: Iterable[str]) -> str:
    words = sorted(used, key=len, reverse=True)
    return "(?<![\\w.-])(?:" + "|".join(re.escape(w) for w in words) + ")(?![\\w-])"


def challenge(text: str, used: Iterable[str]) -> int | None:
    """Where `text` questions what the agent did or ran, or None."""
    found = _CHALLENGE.search(text)
    starts = [found.start()] if found else []
    names = list(used)
    if names:
        what = _alternation(names)
        elliptical = re.compile(CLAUSE + r"(?P<cue>why\s+" + what + r"[^.!?\n]{0,30}\?"
                                + r"|" + what + r"[^.!?\n]{0,30}?\bagain\W*\?)", re.IGNORECASE)
        starts += [m.start("cue") for m in elliptical.finditer(text)][:1]
    return min(starts, default=None)


def contrast(text: str) -> int | None:
    """Where a sentence of `text` says "X should be Y, not Z", or None."""
    found = _SHOULD_CONTRAST.search(text)
    return None if found is None else found.end() - 1


def negated(text: str, used: Iterable[str]) -> int | None:
    """Where a clause of `text` negates what the agent ran ("not pip install.", "no
    terraform apply"), or None."""
    names = list(used)
    if not names:
        return None
    pattern = re.compile(CLAUSE + r"(?:not|no)\s+(?:(?:run(?:ning)?|us(?:e|ing)|call(?:ing)?"
                         r"|bare|plain|raw|a|the)\s+){0,2}" + _alternation(names),
                         re.IGNORECASE)
    found = pattern.search(text)
    return None if found is None else found.end() - 1
