"""Near-duplicate skills: a touched skill whose name or description says what another says.

The measure is the Jaccard index (shared / all) of the word sets of name + description:
lower-cased words of three or more letters or digits, minus a short stop list, with the
name's hyphenated parts as words. Two skills are near-duplicates at NEAR_DUPLICATE (0.5) or
more, or when their names' word sets are equal. Simple and explainable, not semantic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skillgit.review.skillset import SkillAt

NEAR_DUPLICATE = 0.5
_WORD = re.compile(r"[a-z0-9]{3,}")
_STOP = frozenset("""the and for with from that this when use used using into your you are
was were will can not but all any its their them then than our out how what which who why
also only each other such via per skill skills""".split())


@dataclass(frozen=True)
class NearDuplicate:
    skill: str          # the touched skill's folder
    other: str          # the folder of the skill it overlaps
    score: float


def words(text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower()) if w not in _STOP)


def near_duplicates(touched: list[SkillAt], everyone: list[SkillAt]) -> list[NearDuplicate]:
    """Pairs (touched, any other skill at the head) that overlap, best first."""
    bags = {s.directory: (words(s.name or ""), words(f"{s.name or ''} {s.description or ''}"))
            for s in everyone}
    out = []
    seen: set[frozenset[str]] = set()
    for skill in touched:
        name_words, all_words = bags.get(skill.directory, (frozenset(), frozenset()))
        if not all_words:
            continue
        for other, (other_name, other_all) in bags.items():
            pair = frozenset((skill.directory, other))
            if other == skill.directory or pair in seen or not other_all:
                continue
            score = len(all_words & other_all) / len(all_words | other_all)
            if score >= NEAR_DUPLICATE or (name_words and name_words == other_name):
                seen.add(pair)
                out.append(NearDuplicate(skill.directory, other, round(score, 2)))
    return sorted(out, key=lambda d: (-d.score, d.skill, d.other))
