"""Group signals into candidates: by existing skill in use, else by kind of work (shared terms).

Four families are grouped apart, because each feeds a different gate dimension: corrections
and preferences made while an existing skill was in use (→ update that skill), other user
feedback, environment lessons, and asks. Inside a family, a signal joins the group holding
the most similar signal (overlap of content terms), or starts a new group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timezone

from skillgit.mine.terms import GENERIC_TERMS, terms
from skillgit.proposal import Candidate, Signal

JOIN_THRESHOLD = 0.6
COMMON_TERM_MIN = 50
COMMON_TERM_SHARE = 0.2
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def signal_terms(signal: Signal) -> frozenset[str]:
    if signal.kind in ("env-fix", "env-error"):
        return terms(" ".join(filter(None, [signal.command, signal.summary])))
    return terms(f"{signal.summary} {signal.quote}")


def family(signal: Signal) -> str:
    if signal.skill and signal.kind in ("correction", "preference"):
        return f"update:{signal.skill}"
    if signal.kind in ("env-fix", "env-error"):
        return "env"
    if signal.kind == "ask":
        return "ask"
    return "feedback"


def _order(signal: Signal) -> tuple[datetime, str, int]:
    return (signal.started_at or _EPOCH, signal.session_id, signal.turn)


def group(signals: Iterable[Signal]) -> list[Candidate]:
    families: dict[str, list[Signal]] = {}
    for signal in sorted(signals, key=_order):
        families.setdefault(family(signal), []).append(signal)
    candidates: list[Candidate] = []
    for name, members in sorted(families.items()):
        if name.startswith("update:"):
            candidates.append(make_candidate(name, members, skill=name.split(":", 1)[1]))
            continue
        clusters = _cluster(members)
        candidates.extend(make_candidate(name, c, None) for c in clusters)
    return candidates


def _cluster(members: list[Signal]) -> list[list[Signal]]:
    """Greedy single-link clustering; an inverted index (term → earlier signals) means only
    signals that share a term are ever compared."""
    clusters: list[list[Signal]] = []
    where: list[int] = []                   # signal number → its cluster
    seen: list[frozenset[str]] = []         # signal number → its terms
    postings: dict[str, list[int]] = {}
    for signal in members:
        words = signal_terms(signal)
        if not words:
            continue
        # Terms carried by a large share of earlier signals do not tell work apart; they
        # still count in the overlap below, but do not nominate candidates on their own.
        common = max(COMMON_TERM_MIN, int(COMMON_TERM_SHARE * len(seen)))
        nominated: set[int] = set()
        for word in words:
            posting = postings.get(word, ())
            if len(posting) <= common:
                nominated.update(posting)
        best, best_score = -1, 0.0
        for other in sorted(nominated):
            count = len(words & seen[other])
            if count < min(2, len(words), len(seen[other])):
                continue
            score = count / min(len(words), len(seen[other]))
            if score > best_score:
                best, best_score = where[other], score
        number = len(seen)
        seen.append(words)
        if best >= 0 and best_score >= JOIN_THRESHOLD:
            clusters[best].append(signal)
            where.append(best)
        else:
            clusters.append([signal])
            where.append(len(clusters) - 1)
        for word in words:
            postings.setdefault(word, []).append(number)
    return clusters


def make_candidate(name: str, members: list[Signal], skill: str | None) -> Candidate:
    counts: Counter[str] = Counter()
    for signal in members:
        counts.update(signal_terms(signal))
    # Deterministic ranking (sets iterate in hash order): frequent, specific, long terms first.
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0] in GENERIC_TERMS,
                                                      -len(item[0]), item[0]))
    shared = [t for t, n in ranked if n >= 2] or [t for t, _ in ranked[:4]]
    top = sorted(shared[:6])
    return Candidate(key=f"{name}:{'+'.join(top)}", title=members[0].summary,
                     terms=shared[:6], skill=skill, signals=members)
