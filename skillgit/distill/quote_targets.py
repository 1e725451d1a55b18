"""A correction's quote carries what the rule moves to: the sentence naming its target.

The cue that makes a turn a correction often sits in one sentence ("not queue:restart, on
this stack that does nothing useful.") and the thing the agent should do instead in a later
one ("after you touch a job it's horizon:terminate, …"). A quote of the cue sentence alone
would lose the lesson's identity, and every session of one lesson would look like another
lesson. So a quote is extended, in this order of preference, to

1. the sentence right after it, when that one names a file, command, flag, call or
   namespaced command (`NAMED`) the quote does not;
2. a later sentence (up to `LATER_SENTENCES`) writing out a setting (`SETTING`:
   "GRADLE_OPTS=-Xmx2g, every time", "with `strategy: :eager`");
3. a later sentence naming an action the agent can take (`ACTION`: a `code` span, a flag, a
   call such as `$this->withoutVite()` or a namespaced command such as `horizon:terminate`)
   when the quote names none.

The quote runs from its start to that sentence when both fit in one quote, else it is that
sentence alone. A sentence that asks something or opens a new task is never taken: it is
another request, not where this rule moves to.
"""

from __future__ import annotations

import re

from skillgit.digest import MAX_QUOTE_CHARS
from skillgit.distill import redirects
from skillgit.distill.evidence import sentence_span
from skillgit.redact.vocab import PASSWORD_WORDS, SECRET_WORDS

LATER_SENTENCES = 4
# A namespaced command or task ("horizon:terminate", "db:migrate", "test:unit"), never a
# URL scheme, a time of day or a C++ scope (a letter follows its colon, no slash after it).
_COLON_COMMAND = r"(?<![\w:/.-])[a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*)+(?![\w:/-])"
# A call written in code: "withoutVite()", "$this->withoutVite()", "Queue::fake()".
_CALL = r"(?:\$?\w+(?:->|::|\.))?[A-Za-z_]\w*\(\)"
# What a rule is about: a path, a file name with its extension, `code`, a flag, a call, or a
# namespaced command.
NAMED = re.compile(r"`[^`\n]+`|(?<![\w-])--?[a-z][\w-]+|[\w.~-]*/[\w./@*-]+"
                   rf"|\b[\w-]+\.[a-z]{{2,5}}\b|{_CALL}|{_COLON_COMMAND}", re.IGNORECASE)
# What the agent can run or write: `code`, a long flag, a call, a namespaced command.
ACTION = re.compile(rf"`[^`\n]+`|(?<![\w-])--[a-z][\w-]+|{_CALL}|{_COLON_COMMAND}",
                    re.IGNORECASE)
# A setting written out: an environment variable assigned, a keyword option given a symbol, or
# a symbol of two or more words ("RAILS_MAX_THREADS=5", "dependent: :destroy", ":not_found").
SETTING = re.compile(r"(?<![\w$./-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+=(?=[\w\"'-])"
                     r"|(?<![^\s(,{`]):[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w:])"
                     r"|(?<![^\s(,{`])[a-z][a-z0-9_]*:\s+:[a-z][a-z0-9_]*(?![\w:])")


def with_named_target(text: str, quote: str) -> str:
    """`quote` (a slice of `text`) extended to the sentence naming where its rule moves to
    (see the module's docstring); `quote` itself when no later sentence does."""
    at = text.find(quote)
    end = at + len(quote)
    rest = text[end:]
    if at < 0 or not rest.strip():
        return quote
    begin = end + len(rest) - len(rest.lstrip())
    _start, next_end = sentence_span(text, begin)
    following = text[begin:next_end]
    named = {m.group() for m in NAMED.finditer(following)} - {
        m.group() for m in NAMED.finditer(quote)}
    if (named and not _aside(following)
            and len(text[at:next_end].strip()) <= MAX_QUOTE_CHARS):
        quote = text[at:next_end].strip()
        rest = text[next_end:]
        begin = next_end + len(rest) - len(rest.lstrip())
    if SETTING.search(quote):
        return quote
    found = _later(text, quote, at, begin, SETTING)
    if found != quote or ACTION.search(quote):
        return found
    return _later(text, quote, at, begin, ACTION)


def _aside(sentence: str) -> bool:
    """A question, a new task, or a sentence about a credential (a value given in passing
    never rides along as evidence): never where a rule moves to."""
    return (sentence.rstrip().endswith("?") or redirects.NEW_TASK.match(sentence) is not None
            or CREDENTIAL.search(sentence) is not None)


# A sentence naming a credential, in the words the redactor knows for one in any language.
CREDENTIAL = re.compile(
    r"(?<![^\W_])(?:pass(?:word|wd|phrase|code)?|pwd|tokens?|secrets?|credentials?|auth"
    r"|(?:api|access|secret|private|ssh|deploy)[ _-]?keys?|"
    + "|".join(map(re.escape, (*PASSWORD_WORDS, *SECRET_WORDS))) + r")(?![^\W_])",
    re.IGNORECASE)


def _later(text: str, quote: str, at: int, begin: int, wanted: re.Pattern[str]) -> str:
    """`quote` run to the first of the next `LATER_SENTENCES` sentences holding `wanted`, or
    that sentence alone when both do not fit in one quote; `quote` when none holds it."""
    for _ in range(LATER_SENTENCES):
        if begin >= len(text):
            break
        start, end = sentence_span(text, begin)
        sentence = text[start:end]
        if wanted.search(sentence) and not _aside(sentence):
            whole = text[at:end].strip()
            alone = sentence.strip()
            if len(whole) <= MAX_QUOTE_CHARS:
                return whole
            return alone if len(alone) <= MAX_QUOTE_CHARS else quote
        rest = text[end:]
        begin = end + len(rest) - len(rest.lstrip())
    return quote
