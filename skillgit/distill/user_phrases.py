"""Phrases that make a follow-up turn a correction even when it does not open with one.

After an agent action, a turn that opens no new task is a correction when, in any sentence:

- it questions the agent's choice: "why did/didn't/are you …", "did you forget …", "what
  are you doing", or an elliptical challenge naming what the agent just ran or a flag it
  passed ("why cargo check?", "why --offline?", "hm, go build again?"). A question about
  the code or a tool ("why does f return None?", "why is cargo check slow?", "can you run
  npm test again?") is not;
- it refers back to an earlier instruction ("like I said", "as I told you", "I already
  said", "I've mentioned this before", "for the third time", "you keep …", "again: …");
- a sentence redirects or forbids ("[but] please never …", "don't …", "stop …", "we
  never …", "you need …", "X should be Y, not Z") — checked by the caller only when the
  turn does not open a new task, so a constraint inside a task stays part of the ask;
- a clause negates what the agent just ran ("not pip install.", "no terraform apply …").

Each check returns the position of its cue, so the quote is the sentence carrying it.
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


# Interjections and politeness a redirect may follow ("hm, …", "sigh.. not …", "plz dont …").
LEAD_WORDS = r"""(?:ok(?:ay)?|hm+|well|sorry|please|pls|plz|but|and|so|uh|um|oh|ugh+|argh+|sigh
    |meh|whoa|wait|seriously|really|honestly)"""
LEAD = r"^\W*(?:" + LEAD_WORDS + r"\b[\s,!.]*)*"
# Where a clause starts: the text start or clause punctuation, then lead words.
_CLAUSE = r"(?:^|[.!?;:,\n\u2014]\s*|\s-\s)\W*(?:" + LEAD_WORDS + r"\b[\s,!.]*)*"
_CHALLENGE = rx(r"""\b(?:why\s+(?:did|do|are|were|would|have|is|was)(?:n't|\s+not)?\s+(?:you|u)\b
    |(?:did|have)(?:n't)?\s+(?:you|u)\s+(?:forget|forgotten|even|skip|skipped|ignore|ignored
        |miss|missed)\b
    |what\s+(?:are|were)\s+(?:you|u)\s+doing\b|what\s+(?:did|have)\s+(?:you|u)\s+(?:do|done)\W*$)""")
_REFERS_BACK = rx(r"""\b(?:(?:like|as)\s+(?:i|we)(?:'ve|\s+have)?(?:\s+already)?\s+(?:said|told
        |asked|mentioned|explained|wrote)
    |i(?:'ve|\s+have)?\s+already\s+(?:said|told|asked|mentioned|explained)
    |i(?:'ve|\s+have)?\s+(?:said|told\s+you|mentioned|asked\s+(?:for|you))(?:\s+(?:this|that|it))?
        \s+(?:before|earlier|already|twice|(?:\w+\s+)?times)
    |for\s+the\s+(?:second|third|fourth|fifth|nth|\w+th|last)\s+time
    |how\s+many\s+times\s+(?:do|did|have|must|should)\s+i
    |you\s+keep\s+(?:forgetting|ignoring|doing|using|running|adding|making|breaking|missing))\b
    |""" + _CLAUSE + r"""(?P<cue>again)\b\s*(?:[:,!\u2014-]|\.\.
        |(?:please|pls|plz|use|run|don't|do\s+not|never|no|not|always)\b)""")
_REDIRECT = rx(_CLAUSE + r"""(?:(?:please|pls|plz|kindly)\s+)?(?:don't|do\ not|never(?!\s+mind)
    |stop|avoid|quit|no\ more|instead|no\ need\ (?:to|for)|make\ sure|let's\ not
    |you\ (?:should(?:n't)?|need|must|have\ to)
    |we\ (?:don't|do\ not|never|can't|cannot|shouldn't|should\ not))\b""")
# Z in "not Z": a thing, not an adverb or a verdict ("not now", "not a big deal").
CONTRAST = rx(r"""[\s,;:\u2014-]*(?:(?:and|but)\s+)?(?:not|never|instead\ of|rather\ than)\s+
    (?!(?:now|yet|just|only|sure|really|quite|too|so|very|even|ever|always|needed|necessary|bad
        |working|at\ all|(?:a\ )?(?:big\ )?(?:deal|problem|issue|worry|priority))\b)[\w./@:<+-]""")
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
        elliptical = re.compile(_CLAUSE + r"(?P<cue>why\s+" + what + r"[^.!?\n]{0,30}\?"
                                + r"|" + what + r"[^.!?\n]{0,30}?\bagain\W*\?)", re.IGNORECASE)
        starts += [m.start("cue") for m in elliptical.finditer(text)][:1]
    return min(starts, default=None)


def refers_back(text: str) -> int | None:
    """Where `text` points back to an instruction the user gave before, or None."""
    found = _REFERS_BACK.search(text)
    return None if found is None else found.start(found.lastgroup or 0)


def redirect(text: str, used: Iterable[str]) -> int | None:
    """Where a sentence of `text` forbids or redirects, or negates what the agent ran."""
    starts = [m.end() - 1 for m in (_REDIRECT.search(text), _SHOULD_CONTRAST.search(text)) if m]
    names = list(used)
    if names:
        negated = re.compile(_CLAUSE + r"(?:not|no)\s+(?:(?:run(?:ning)?|us(?:e|ing)|call(?:ing)?"
                             r"|bare|plain|raw|a|the)\s+){0,2}" + _alternation(names),
                             re.IGNORECASE)
        starts += [m.end() - 1 for m in negated.finditer(text)][:1]
    return min(starts, default=None)
