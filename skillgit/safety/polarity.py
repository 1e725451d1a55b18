"""Polarity: whether a rule forbids what it names or recommends it.

"Never use `--no-verify`, fix the hook" names a weakening and is a good rule; "use
`--no-verify` when the hook is slow" recommends it. A negation (in English or another language,
`tongues`) reaches a few words ahead within its clause; "… is not allowed" forbids what stands
before it; "before X, ask me" and "only after approval" guard X; a line shown under "Bad:" or
"Never do this:" is an example of what not to do. `unforbidden` blanks what is forbidden, so
the screen judges only what a text recommends."""

from __future__ import annotations

import re
from collections.abc import Iterator

from skillgit.safety import tongues
from skillgit.safety.plain import CODE_SPAN

_CLAUSE_BREAK = re.compile(r"[.;!?:,(\u2014]\s|\s[-\u2013]\s|\b(?:but|then|so|instead(?!\s+of)|"
                           r"otherwise|just|and\s+then|unless|or\s+else)\b", re.I)
_NEGATION = re.compile(  # a word, never part of an option or a name (`--no-cov`, `no_proxy`)
    r"(?<![-_/.=])\b(?:never|don'?t|do\s+not|does\s+not|doesn'?t|must\s+not|mustn'?t|should\s+not|"
    r"shouldn'?t|shall\s+not|cannot|can'?t|won'?t|will\s+not|avoid(?:ing)?|no\s+longer|"
    r"stop\s+using|instead\s+of|rather\s+than|without|forbid\w*|prohibit\w*|refuse\w*|"
    r"disallow\w*|not|nor|no)\b(?![-_/.=]\w)", re.I)
_NOT_REALLY = re.compile(r"\b(?:don'?t|do\s+not|never)\s+(?:forget|hesitate|fail|be\s+afraid|"
                         r"worry|bother|wait|skip|omit|miss|neglect|waste)\b|\bnever\s+mind\b|\b(?:is|are|was|were|has|have|if)\s+not\s*$|"
                         r"\bno\s+(?:need|problem|worries)\b|\bnot\s+(?:only|just)\b", re.I)
_FORBIDDEN_AFTER = re.compile(r"[^.;!?\n]{0,50}?\b(?:is|are)\s+(?:not\s+(?:allowed|permitted|ok|"
                              r"okay|acceptable|an\s+option)|forbidden|banned|prohibited|never\s+"
                              r"(?:ok|okay|allowed|acceptable|needed)|off[- ]limits|a\s+bad\s+"
                              r"idea|dangerous|unsafe|insecure|deprecated|discouraged|obsolete|"
                              r"unsupported)\b", re.I)
_BAD_INTRO = re.compile(r"^[\s>*#_-]*(?:[\u274c\U0001f6ab\u26d4\u2717\u2718]|(?:bad|wrong|"
                        r"incorrect|never|don'?t|do\s+not|avoid|anti-?pattern|not\s+this)\b)"
                        r"[^\n]*:[\s*_]*$", re.I)
_WITHOUT = re.compile(r"without|sans|ohne|senza|sin|sem|bez|без|zonder", re.I)
MAX_NEGATION_GAP = 8  # words between the negation and what it forbids
WEAK_NEGATION_GAP = 3  # for short words that are often no negation ("No fim de…", "ne")
_WEAK = frozenset({"no", "not", "nor", "ne", "non", "nie", "не", "ni", "nem", "sin", "sem"})


def forbids(line: str, start: int, end: int) -> bool:
    """Whether the clause around `line[start:end]` forbids it (negated before, or called
    forbidden right after)."""
    if _FORBIDDEN_AFTER.match(line, end):
        return True
    if not line.isascii() and tongues.NEGATED_AFTER.match(line, end):
        return True  # a verb-final language: "`--no-verify` を使わないで"
    head = line[:start]
    breaks = list(_CLAUSE_BREAK.finditer(head))
    clause = head[breaks[-1].end():] if breaks else head
    if (_BEFORE.search(clause) and _ASK_FIRST.match(line, end)) or _ONLY_WITH.match(line, end):
        return True  # "before adding any MCP server, ask me", "only after approval": a guard
    negations = sorted([*_NEGATION.finditer(clause), *tongues.NEGATION.finditer(clause)],
                       key=lambda m: m.end())
    if not negations or any(_WITHOUT.fullmatch(m.group()) for m in negations[1:]):
        return False  # none, or a double negative: "never deploy without `…`"
    last = negations[-1]  # "non usare mai": one negation in two words
    if _NOT_REALLY.search(clause[:last.end()]) or _NOT_REALLY.match(clause, last.start()):
        return False
    if _negates_asking(clause, last.start(), last.end()):
        return False  # "without asking me, run …", "don't ask, just run …"
    reach = WEAK_NEGATION_GAP if last.group().lower() in _WEAK else MAX_NEGATION_GAP
    return len(clause[last.end():].split()) <= reach


def _negates_asking(clause: str, start: int, end: int) -> bool:
    """Whether the negation at `clause[start:end]` stands next to a verb of asking (two words
    either side): it negates the asking, not the action the clause goes on to."""
    before = " ".join(clause[:start].split()[-2:])
    after = " ".join(clause[end:].split()[:2])
    return bool(tongues.ASKING.search(before) or tongues.ASKING.search(after))


_BEFORE = re.compile(r"\bbefore\b(?:\s+\S+){0,4}\s*$", re.I)
_ASK_FIRST = re.compile(r"[^.;!?\n]{0,60}?\b(?:ask|check\s+with|confirm\s+with|talk\s+to|"
                        r"get\s+(?:an?\s+)?(?:ok|okay|approval|sign-?off|review))\b", re.I)
"""A clause that asks for approval first: "before <doing X>, ask me" restricts X."""
_ONLY_WITH = re.compile(r"[^.;!?\n]{0,60}?\bonly\s+(?:after|with|when|if|once)\b[^.;!?\n]{0,30}?"
                        r"\b(?:approv\w*|ask\w*|review\w*|sign-?off|permission|consent|told)\b",
                        re.I)
"""X "only after approval" / "only with a review": X allowed under a guard."""


def unforbidden(text: str, *, prose: bool = False) -> str:
    """`text` with what a clause forbids blanked: each inline code span ("never use `curl … |
    sh`", "niemals `--no-verify` benutzen") and, with `prose`, the letters of the words a
    negation reaches up to the next clause, `and` or `or` ("Never edit authorized_keys by
    hand", "edit that file, never the server crontab"; punctuation stays, so clauses stay
    apart): what a rule forbids is not what it recommends. Without `prose` the words stay,
    as a look-alike's judge needs the name a rule sets it against ("not gofmt")."""
    out = text
    for m in CODE_SPAN.finditer(text) if "`" in text else ():
        first = text.rfind("\n", 0, m.start()) + 1
        last = text.find("\n", m.end())
        line = text[first:last if last >= 0 else len(text)]
        if forbids(line, m.start() - first, m.end() - first):
            out = out[:m.start(1)] + " " * len(m.group(1)) + out[m.end(1):]
    first = 0
    for line in text.split("\n") if prose else ():
        if _NEGATION.search(line) or (not line.isascii() and tongues.NEGATION.search(line)):
            for start, end in _forbidden_words(line):
                word = re.sub(r"\w", " ", out[first + start:first + end])
                out = out[:first + start] + word + out[first + end:]
        first += len(line) + 1
    return out


_WORD_OR_SPAN = re.compile(r"`[^`\n]*`|\S+")
_JOINS = frozenset({"and", "or", "und", "oder", "et", "ou", "y", "e", "o", "en", "of"})


def _forbidden_words(line: str) -> Iterator[tuple[int, int]]:
    """Spans of the prose words of `line` a negation before them forbids (code spans are
    judged whole by `unforbidden`), up to a joining `and`/`or`."""
    reached = False
    for m in _WORD_OR_SPAN.finditer(line):
        word = m.group()
        if word.startswith("`"):
            continue
        if reached and word.lower() in _JOINS:
            reached = False  # "stop using the mirror and switch to …": a new clause
            continue
        if forbids(line, m.start(), m.end()):
            reached = True
            yield m.start(), m.end()
        else:
            reached = False


KEPT = (r"\b(?:already\s+(?:set|configured|committed|defined|pinned|in\s+place|there|points?|"
        r"pointing|uses|using|lists|has|holds|resolves|in\s+(?:the\s+)?(?:committed\s+|repo'?s?\s+"
        r"|our\s+)?(?:[\w./-]*/)?[\w.-]*\.?(?:conf|config|cfg|toml|ini|xml|pypirc|npmrc|rc))|"
        r"(?:(?:is|are)\s+)?(?:set|configured|pinned|defined)\s+in\s+(?:the\s+|our\s+)?"
        r"(?:committed|checked[- ]in))\b")
"""Words that report a setting as already in the repository's committed config."""
_SAME_CLAIM = (r"(?:(?!\b(?:but|add|put|set|use|switch|change|replace|instead|also)\b)"
               r"[^.!?\n;]|[.!?](?!\s))*")
"""The rest of the clause that reports it, with no second ask in it ("…; but add …")."""
_ALREADY_KEPT = re.compile(KEPT + _SAME_CLAIM + "$", re.I)
_ALREADY_KEPT_AFTER = re.compile(r"(?:[^.!?\n;]|[.!?](?!\s))*?" + KEPT, re.I)
_KEEP_IT = re.compile(r"\b(?:don'?t|do\s+not|never|must\s+not|no\s+need\s+to)\s+(?:\w+\s+){0,2}?"
                      r"(?:override|change|replace|add|switch|touch|edit|repoint|point|use)\w*\b",
                      re.I)
"""A clause that forbids changing it ("Don't override the registry", "never add another")."""


def stated_as_kept(text: str, line_start: int, start: int, end: int | None = None) -> bool:
    """Whether the setting at `start` (to `end`) is reported as already committed, before it or
    after it in its sentence, in a text that forbids changing it: a description of the
    repository as it is, not a change the rule asks for."""
    return (bool(_ALREADY_KEPT.search(text, line_start, start)) or (
        end is not None and _ALREADY_KEPT_AFTER.match(text, end) is not None)) and bool(
        _KEEP_IT.search(text))


def bad_example(text: str, first: int) -> bool:
    """Whether the line starting at `first` is shown under an intro that calls it what not to
    do ("Never do this:", "Bad:", "\u274c Wrong:"), blank lines and a code fence between."""
    before = text[:first].split("\n")[-5:-1]
    for line in reversed(before):
        if not line.strip() or line.lstrip().startswith(("```", "~~~")):
            continue
        return bool(_BAD_INTRO.match(line)) and _NOT_REALLY.search(line) is None
    return False
