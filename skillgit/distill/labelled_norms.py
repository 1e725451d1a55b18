"""Team norms the user labels as such, anywhere in a turn: "For the record, we don't …",
"house style: no …", "convention here is every …", "One thing for every DAG going forward:
… are mandatory", "In this shop X are never …".

A sentence (outside questions) states a norm when it holds

- a **label** of a standing rule (`LABELS`, as data): a label opening a rule ("house style:",
  "team convention is", "for the record,", "just so you know,"), or a scope of the whole
  team anywhere in it ("in this codebase", "in this shop", "going forward", "from now on");
- a **rule word**: a negation, "never / ever / always / only", "every / each / all",
  "must", "mandatory", "banned", "required"; after a label naming a rule a habitual verb is
  one too ("Team convention: async methods end in `Async`"), not after an aside's label
  ("for the record: <a pasted line>");
- a **thing of the work**: a noun of software work (`norms.THINGS`), `code`, a path, a call,
  a snake_case name or a `key=value` setting.

A class of things "here" with a habit ("commits here follow conventional commits") is one
without a label.

Not a norm: a label naming the rule book, not a rule ("our house style guide has a section
on …", "the team standard is in docs/STYLE.md, what does it say?": a question), the past
("we always said we'd …", "we never had X anywhere in the codebase") and a sentence without
a label ("no more changes needed").
"""

from __future__ import annotations

import re

from skillgit.distill.asides import NARRATION
from skillgit.distill.norms import HABITUAL, THINGS
from skillgit.distill.user_phrases import rx

# A label naming a rule, opening it: it must be followed by ":" "," "—" or "is"/"here is".
_RULE_LABELS = (
    r"as\ a\ rule", r"house\ (?:style|rules?)",
    r"team\ (?:conventions?|standards?|rules?|polic(?:y|ies))", r"(?:our|the)\ conventions?",
    r"conventions?\ here", r"the\ rule\ here", r"(?:our|the)\ (?:standard|rule|policy)\ here",
)
# A label of an aside ("for the record: <a line>" may paste anything): a rule word must follow.
_ASIDE_LABELS = (r"for\ the\ record", r"just\ so\ you\ know", r"for\ future\ reference")
# A scope of the whole team, anywhere in the sentence.
_SCOPE_LABELS = (
    r"in\ (?:this|our)\ (?:shop|codebase|code\ base|repo|repository|house|team|org|company"
    r"|project)",
    r"going\ forward", r"from\ now\ on", r"one\ thing\ for\ (?:every|all|each)\ [\w-]+",
    r"how\ (?:this|our)\ (?:shop|team|codebase|repo|project|org|company)\ (?:works|operates"
    r"|does\ (?:it|things))", r"how\ we\ do\ (?:it|things)\ (?:here|around\ here)",
)
_OPENS = r"(?:^|(?<=[.!?;:,\n(]))\W*(?:\w+[\s,]+){0,2}?"
_OPENED = r"(?:\s*[:,\u2014-]|\s+(?:here\s+)?is\b)"
# Any "<whose> rule / convention / policy:" opening a sentence ("Lab rule:", "Repo
# convention —"): with its colon or dash only ("the eslint rule is failing" is no label).
_NAMED_RULE = r"[\w-]+\ (?:rules?|conventions?|polic(?:y|ies)|standards?)\s*[:\u2014]"
_LABEL = rx(r"(?P<rule>" + _OPENS + r"(?:(?:" + "|".join(_RULE_LABELS) + r")" + _OPENED
            + r"|" + _NAMED_RULE + r"))|"
            + _OPENS + r"(?:" + "|".join(_ASIDE_LABELS) + r")" + _OPENED
            + r"|\b(?:" + "|".join(_SCOPE_LABELS) + r")\b")
# "<things> here <habitual verb>": a class of things of this place and its habit ("commits
# here follow …"; not "the tests here pass now").
_HERE_HABIT = rx(r"^\W*(?!(?:the|this|that|these|those|it|my|your)\b)(?:[\w-]+\s+){0,2}?"
                 r"(?:" + THINGS + r"|[a-z]{3,}s)\s+here\s+" + HABITUAL)  # any plural class
_HABITUAL = rx(r"\b" + HABITUAL)
_RULE_WORD = rx(r"""\b(?:don't|do\ not|doesn't|does\ not|never|ever|no|always|only|every|each
    |all|must|mandatory|banned|forbidden|required|not\ allowed)\b""")
_THING = rx(r"\b" + THINGS + r"\b|`[^`\n]+`|\b\w+\(\)|(?<![\w/])[\w.~-]*/[\w./-]+"
            r"|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+=\w+"
            r"|(?<![\w.])[\w-]+\.[a-z][a-z0-9]{1,5}\b(?!\.\w)")  # a file: "prj.conf"
# Code names after a label naming a rule: camelCase, a dotted path, a #directive.
_CODE_NAME = re.compile(r"\b[a-z]+[A-Z]\w*\b|\b\w+(?:\.\w+){2,}\b|(?<!\w)#[A-Za-z]\w+")
_PAST = rx(r"\b(?:said|was|were|did|had|used\ to|would|before)\b|\bwe'd\b"
           r"|(?:^\W*|\b(?:i|we)(?:'ve)?\s+)never\s+" + NARRATION)
_SENTENCE = re.compile(r"(?:[^.!?;\n]|[.!?;](?=\S))+[.!?;]*")
_QUESTION_END = re.compile(r"\?\s*$")
_WORD = re.compile(r"[A-Za-z][\w-]*")
_NOT_NOW = rx(r"\b(?:now|again|anymore|yet|today|currently|right\ now|so\ far)\b")


def labelled(text: str, touched: frozenset[str] = frozenset()) -> int | None:
    """Where a sentence of `text` states a rule the user labels a team's norm, or None.
    `touched`: names of the files and folders the agent worked on, things of the work too
    ("copybooks are never changed in place" after it edited copybooks/CUSTREC.cpy)."""
    for sentence in _SENTENCE.finditer(text):
        body = sentence.group()
        if not body.strip() or _QUESTION_END.search(body) or _PAST.search(body):
            continue
        at = sentence.start() + len(body) - len(body.lstrip())
        if _HERE_HABIT.search(body) and not _NOT_NOW.search(body):
            return at
        label = _LABEL.search(body)
        if label is None:
            continue
        rest = body[:label.start()] + " " * (label.end() - label.start()) + body[label.end():]
        # after a label that opens the rule ("Team convention: …") a habit is the rule
        ruled = _RULE_WORD.search(rest) or (label.group("rule") and _HABITUAL.search(rest))
        thing = (_THING.search(rest) or (label.group("rule") and _CODE_NAME.search(rest))
                 or touched & {w.lower() for w in _WORD.findall(rest) if len(w) >= 4})
        if ruled and thing:
            return at
    return None
