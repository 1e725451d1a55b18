"""A follow-up that reports a good result: no correction, however its words look.

"zero data races, no dangling handles. great. next …" negates things, and a "no" clause
about a thing the agent's command named (`-race`) reads like a ban; but what is negated is
a *problem* that did not happen, and the rest is praise and the next step. A turn is such a
report when every clause is one of

- **praise or relief** (`_PRAISE`: "nice", "thanks", "all green", "phew", "finally", "ha");
- **a problem absent**: a clause opening with "no", "no more", "zero", "not a single" or
  "nothing" whose words hold a problem (`PROBLEMS`, as data: errors, warnings, races, leaks,
  flakes, crashes, null refs, timeouts, … and the adjectives that make any thing one:
  leaked, flaky, failing, broken, dangling) and no verb of a rule ("should", "must", "goes",
  "allowed", "ever");
- **a continuation** of the clause before it ("even under load", "in the logs");
- **the next step** ("next port …", "now …", "can you …") or **a question** that does not
  address the agent's doing ("how come it only broke on arm?"; not "why did you …");

and at least one clause is a problem absent or praise. "no tests, no docs. nice." negates
things that should be there (no problem word): it may be an objection and is not read here.
"""

from __future__ import annotations

import re

from skillgit.distill import user_phrases as phrases
from skillgit.distill.user_phrases import rx

PROBLEMS = r"""(?:errors?|errs?|warnings?|failures?|fails?|failing|failed|races?|racy
    |data\ races?|leaks?|leaked|leaking|crash(?:es)?|crashed|crashing|flak(?:es|y|iness)
    |regressions?|panics?|exceptions?|null\ ?refs?|nulls?|npes?|nres?|timeouts?|timed\ out
    |conflicts?|issues?|problems?|bugs?|complaints?|alerts?|pages|ooms?|oom\ kills?
    |deadlocks?|hangs?|hanging|stalls?|lag|jank|glitch(?:es)?|flicker(?:ing|s)?|spikes?
    |dropped|drops|stale|dangling|orphan(?:ed|s)?|zombies?|segfaults?|violations?|broken
    |breakages?|red|noise|spam|dupes?|duplicates?|retries|stack\ ?traces?|tracebacks?
    |5\d\ds|4\d\ds|heisenbugs?|memory\ (?:growth|creep)|lint\ (?:errors|findings))"""
_PROBLEM = rx(r"\b" + PROBLEMS + r"\b")
_ABSENT = rx(r"^(?:no\s+more|no|zero|0|not\s+(?:a|one)\s+single|not\s+one|nothing|none)\b")
_RULE_VERB = rx(r"""\b(?:should|must|shall|need|needs|has\ to|have\ to|allowed|ever|goes|go
    |belongs?|lives?|permitted|accepted|tolerated|merged|committed|shipped)\b""")
_RELIEF = r"""(?:phew|whew|finally|at\ last|ha+|haha+|lol|yay|woo+|wow|sweet|all\ (?:green|good
    |passing|clear)|green|clean|worth\ it|thank\ god|that\ did\ it|that\ fixed\ it)"""
_PRAISE = rx(r"^(?:" + phrases.ACK_WORD + "|" + _RELIEF + r")(?:\W+(?:" + phrases.ACK_WORD
             + "|" + _RELIEF + r"))*\W*$")
_CONTINUATION = rx(r"""^(?:even|still|after|before|since|on|in|with|across|for|at|from|over
    |under|through|again|too|also|locally|here|anywhere|any\ more|anymore|so\ far|this\ time)\b""")
# A rule inside what reads as the next step ("Next time use helm diff …"): no report.
_RULE_MARK = rx(r"""\b(?:always|never|next\ time|from\ now\ on|going\ forward|instead|rather
    |don't|do\ not|should|must|make\ sure)\b""")
_NEXT = rx(r"""^(?:(?:ok(?:ay)?|so|and|then)\s+)*(?:next(?!\s+time)|now|then|can\s+(?:you|u)
    |could\s+(?:you|u)|let's|lets|please|pls|moving\ on|on\ to)\b""")
_ADDRESSED = rx(r"\b(?:you|u|your)\b")
_LEAD = re.compile(r"^\W+")  # emoji, quotes and dashes before the words
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
_CLAUSE = re.compile(r"[^,;:\u2014]+")


def reported(text: str) -> bool:
    """Whether `text` only reports a good result, with praise and a next step (see the
    module docstring)."""
    found = False
    for sentence in _SENTENCE.finditer(text):
        body = sentence.group().strip()
        if body.endswith("?"):
            if _RULE_MARK.search(body) or (_ADDRESSED.search(body)
                                           and not _NEXT.match(_LEAD.sub("", body))):
                return False
            continue
        clauses = [c.group().strip() for c in _CLAUSE.finditer(body.rstrip(".!"))]
        for number, clause in enumerate(c for c in clauses if c):
            if _good_news(clause):
                found = True
            elif _NEXT.match(clause) and number == 0 and not _RULE_MARK.search(body):
                break  # the rest of the sentence is the next step itself
            elif not (number > 0 and _CONTINUATION.match(clause)):
                return False
    return found


def _good_news(clause: str) -> bool:
    """Whether a clause is praise or relief, or says a problem is absent."""
    absent = (_ABSENT.match(clause) is not None and _PROBLEM.search(clause) is not None
              and _RULE_VERB.search(clause) is None)
    return absent or _PRAISE.match(clause) is not None
