"""Repeated asks: the same request made more than once in one session.

Two asks are the same when their content words (stop words dropped) overlap by at least
`REPEAT_SIMILARITY` (Jaccard). Each repeated ask is one item citing its first occurrence
and up to two repeats.
"""

from __future__ import annotations

import re

from skillgit.digest import Evidence, FeedbackItem, TaskItem
from skillgit.distill.evidence import excerpt
from skillgit.transcripts.model import Turn

REPEAT_SIMILARITY = 0.6
_WORD = re.compile(r"[a-z][a-z0-9_-]{2,}")
_STOPWORDS = frozenset({
    "the", "and", "for", "that", "this", "with", "from", "into", "have", "there", "need",
    "needs", "about", "what", "when", "then", "than", "them", "they", "their", "will", "would",
    "should", "could", "your", "you", "our", "can", "also", "just", "like", "make", "sure",
    "please", "some", "more", "all", "any", "are", "was", "were", "not", "but", "its", "let",
    "lets", "use", "using"})


def repeated_asks(tasks: list[tuple[Turn, TaskItem]]) -> list[FeedbackItem]:
    """One item per ask made again later in `tasks` (each ask counted in one item only)."""
    words = [(turn, task, _content_words(turn.text)) for turn, task in tasks]
    used: set[int] = set()
    found: list[FeedbackItem] = []
    for i, (turn, task, mine) in enumerate(words):
        if i in used or len(mine) < 3:
            continue
        same = [j for j in range(i + 1, len(words)) if j not in used
                and len(words[j][2]) >= 3 and _similarity(mine, words[j][2]) >= REPEAT_SIMILARITY]
        if not same:
            continue
        used.update(same)
        evidence = [Evidence(quote=excerpt(task.evidence[0].quote), turn=turn.index)]
        evidence += [words[j][1].evidence[0] for j in same[:2]]
        found.append(FeedbackItem(kind="repeated-ask", evidence=evidence,
                                  summary=f"asked {len(same) + 1} times: {task.summary}"))
    return found


def _content_words(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower()) if w not in _STOPWORDS)


def _similarity(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0
