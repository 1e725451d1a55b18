"""The shape every proposed skill must have, whoever wrote its prose (templates or a model).

- the body carries no provenance: no session id, date, quote block, quoted evidence,
  "Evidence" heading or "mined by" note (the commit message and PR body keep all of that);
- each lesson is stated once: no two rules of the body say the same thing;
- the description says what the skill does and when to use it ("Use when …"), in at most
  MAX_DESCRIPTION characters, and does not end in a bare list of terms.

Each check returns problems as short sentences a model can act on in its repair round.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from skillgit.mine.describe import MAX_DESCRIPTION
from skillgit.mine.terms import terms
from skillgit.proposal import Candidate

SAME_RULE = 0.75             # Jaccard overlap of two rules' terms that makes them one rule
_DATE = re.compile(r"\b(?:19|20)\d\d-[01]\d-[0-3]\d\b")
_UUID = re.compile(r"\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b", re.I)
_QUOTE_BLOCK = re.compile(r"^ {0,3}>", re.M)
_CURLY_QUOTE = re.compile(r"\u201c[^\u201d\n]{3,}\u201d")
_EVIDENCE = re.compile(r"^ {0,3}#{1,6}\s*(?:evidence|sources?|provenance|sessions?)\b", re.I | re.M)
_MINED = re.compile(r"\bmined\b|\bskillgit\b|\b(?:from|in|across)\s+\d+\s+(?:past\s+)?sessions\b"
                    r"|\bthe user (?:said|corrected|asked)\b", re.I)
_USE_WHEN = re.compile(r"\buse (?:it |this skill |this )?when\b", re.I)
_TERM_LIST = re.compile(r"(?:^|[:.]\s*|\bwith\s+)(?:[\w.+#/-]+,\s*){2,}(?:(?:and|or)\s+)?"
                        r"[\w.+#/-]+\.?\s*$", re.I)
_KEYWORDS = re.compile(r"\b(?:keywords?|tags|triggers?)\s*:", re.I)
_RULE = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])\s+(.*)$", re.M)


def _session_refs(candidate: Candidate | None) -> set[str]:
    refs: set[str] = set()
    for signal in candidate.signals if candidate else ():
        sid = signal.session_id
        refs.add(sid)
        if _UUID.fullmatch(sid):
            refs.add(sid[:8])
    return {r for r in refs if len(r) >= 6}


def provenance_problems(body: str, candidate: Candidate | None = None) -> list[str]:
    """What in `body` says where the lesson came from instead of what to do."""
    problems = []
    if any(ref in body for ref in _session_refs(candidate)) or _UUID.search(body):
        problems.append("the body names a session id; leave provenance to the commit message")
    if _DATE.search(body):
        problems.append("the body carries a date; leave provenance to the commit message")
    if _QUOTE_BLOCK.search(body) or _CURLY_QUOTE.search(body):
        problems.append("the body quotes the sessions; state the rule instead of quoting")
    if _EVIDENCE.search(body):
        problems.append("the body has an Evidence/Sources heading; remove it")
    if _MINED.search(body):
        problems.append("the body says how it was mined; state only what to do")
    return problems


def rules_of(body: str) -> list[str]:
    """The list items (bullets and steps) of a body."""
    return [m.group(1).strip() for m in _RULE.finditer(body)]


def repeated_rules(rules: Iterable[str]) -> list[str]:
    """Problems for rules that say what an earlier one says (paraphrases)."""
    seen: list[tuple[str, frozenset[str]]] = []
    problems = []
    for rule in rules:
        words = terms(rule)
        for earlier, theirs in seen:
            union = words | theirs
            if len(union) >= 2 and len(words & theirs) / len(union) >= SAME_RULE:
                problems.append(f"'{rule[:60]}' repeats '{earlier[:60]}'; state each lesson "
                                "once")
                break
        else:
            seen.append((rule, words))
    return problems


def description_problems(description: str) -> list[str]:
    text = " ".join(description.split())
    problems = []
    if len(text) > MAX_DESCRIPTION:
        problems.append(f"the description has {len(text)} characters; keep it within "
                        f"{MAX_DESCRIPTION}")
    if not _USE_WHEN.search(text):
        problems.append("the description must say when to use the skill ('Use when …')")
    if _TERM_LIST.search(text) or _KEYWORDS.search(text):
        problems.append("the description ends in a list of terms; say the task and tools in "
                        "a plain sentence")
    return problems


def new_skill_problems(description: str, body: str,
                       candidate: Candidate | None = None) -> list[str]:
    """Every shape problem of a new skill's description and body."""
    return (description_problems(description) + provenance_problems(body, candidate)
            + repeated_rules(rules_of(body)))


def update_problems(lines: list[str], candidate: Candidate | None = None) -> list[str]:
    """Shape problems of the lines an update adds to an existing body."""
    added = "\n".join(lines)
    return provenance_problems(added, candidate) + repeated_rules(rules_of(added))
