"""Group signals into candidates: by existing skill in use, else by kind of work (shared terms).

Four families are grouped apart, because each feeds a different gate dimension: corrections
and preferences made while an existing skill was in use (→ update that skill), other user
feedback, environment lessons, and asks. Inside a family, a signal joins the group holding
one of its identity keys (`identity`: the normalised move of a correction, such as a switch
from `go test` to `make test`, however it was worded), else the group holding the most
similar signal, or starts a new group.

Similarity is a weighted overlap: each shared term counts by how specific it is in this run
(`terms.Specificity`: tools, paths, identifiers and `quoted` code most, plain words less,
everyday words, generic work and version numbers least, and any term many of the run's
signals carry less still). So "pnpm"/"npm" group three differently worded corrections, and
two asks sharing only "keep", "line" and "short" stay apart.

A correction made while a skill was in use is a lesson for that skill only if it recurs (its
group in that family spans two sessions) or is on the skill's topic (shares a specific term
with the skill's name, or with `topics[skill]` when given); any other is ordinary feedback,
which has to earn its second session on its own. The other way round, a lesson of user
feedback that adds the same setting (a flag, `NAME=value`, `key: :value`) as a lesson about an
existing skill joins that skill's lesson ("the migrate step takes --primary", said in a first
prompt before the skill ran, beside the correction made while it was in use).

Cost: linear in the number of signals. A new signal is compared only with earlier signals
that share a term with it, and through each term with at most the `CANDIDATES_PER_TERM` most
recent of them (a term many signals carry still counts in the overlap, but nominates no
one: see `_cluster`). Runs where no term's list exceeds that cap (every family of up to
250 signals, and most larger ones) group exactly as a full comparison would; beyond it, a
signal that recurs is still found through the recent members of its group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import datetime, timezone

from skillgit.mine.identity import BARE_KINDS, Key, identities, loose
from skillgit.mine.rare_tokens import join_by_rare_tokens, openings, rare_tokens
from skillgit.mine.terms import GENERIC_TERMS, PLAIN, Specificity, cues, prior, terms
from skillgit.proposal import Candidate, Signal

JOIN_THRESHOLD = 0.6
MIN_SHARED_WEIGHT = 2.0   # one identifier, or two words, unless the smaller set is all shared
COMMON_TERM_MIN = 50
COMMON_TERM_SHARE = 0.2
CANDIDATES_PER_TERM = COMMON_TERM_MIN  # earlier signals one term nominates, most recent first
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
Member = tuple[Signal, frozenset[str]]   # a signal with its terms


def signal_terms(signal: Signal) -> frozenset[str]:
    if signal.kind in ("env-fix", "env-error"):
        return terms(" ".join(filter(None, [signal.command, signal.summary])))
    return terms(f"{signal.summary} {signal.quote}")


def signal_cues(signal: Signal) -> frozenset[str]:
    """Terms this signal marks as names of things; every word of a command counts."""
    shell = " ".join(filter(None, [signal.command, signal.fix]))
    return cues(f"{signal.summary} {signal.quote}") | (terms(shell) if shell else frozenset())


def family(signal: Signal) -> str:
    if signal.skill and (signal.kind in ("correction", "preference")
                         or (signal.in_use and signal.kind == "env-fix")):
        return f"update:{signal.skill}"
    if signal.kind in ("env-fix", "env-error"):
        return "env"
    if signal.kind == "ask":
        return "ask"
    return "feedback"


def _order(signal: Signal) -> tuple[datetime, str, int]:
    return (signal.started_at or _EPOCH, signal.session_id, signal.turn)


def group(signals: Iterable[Signal],
          topics: Mapping[str, frozenset[str]] | None = None) -> list[Candidate]:
    """Candidates from one run's signals. `topics`: skill name → its topic terms (default:
    the terms of the skill's name)."""
    ordered = sorted(signals, key=_order)
    words = [signal_terms(s) for s in ordered]
    cued: frozenset[str] = frozenset().union(*map(signal_cues, ordered))
    spec = Specificity(words, cued)
    families: dict[str, list[Member]] = {}
    for signal, these in zip(ordered, words, strict=True):
        families.setdefault(family(signal), []).append((signal, these))
    for name in sorted(f for f in families if f.startswith("update:")):
        skill = name.split(":", 1)[1]
        topic = (topics or {}).get(skill) or terms(skill.replace("-", " "))
        kept, strays = _focus(families[name], topic, spec)
        families[name] = kept
        if strays:
            merged = families.get("feedback", []) + strays
            families["feedback"] = sorted(merged, key=lambda m: _order(m[0]))
    candidates: list[Candidate] = []
    lessons: list[tuple[str, list[Member]]] = []
    updates: dict[str, list[Member]] = {}
    for name, members in sorted(families.items()):
        if not members:
            continue
        if name.startswith("update:"):
            updates[name] = members
            continue
        lessons.extend((name, c) for c in _cluster(members, spec))
    joined = join_by_rare_tokens(_one_per_identity(lessons), rare_tokens(ordered),
                                 openings(ordered))
    joined = [(name, sorted(c, key=lambda m: _order(m[0]))) for name, c in joined]
    for name, c in _to_updates(joined, updates):
        candidates.append(make_candidate(name, [s for s, _ in c], None, [t for _, t in c]))
    for name, members in sorted(updates.items()):
        members = sorted(members, key=lambda m: _order(m[0]))
        candidates.append(make_candidate(name, [s for s, _ in members],
                                         skill=name.split(":", 1)[1],
                                         terms_of=[t for _, t in members]))
    return candidates


_ROUTED_KINDS = frozenset({"flag", "env", "option"})


def _settings(members: list[Member], kinds: tuple[str, ...]) -> set[Key]:
    """The settings the members' corrections of `kinds` move to, program-free ("--primary",
    NAME=value, key: :value)."""
    keys: set[Key] = set()
    for signal, _terms in members:
        if signal.kind in kinds:
            ident = identities(signal)
            keys |= ident.strong | ident.loose | loose(ident.strong)
    return {k for k in keys if k[0] in _ROUTED_KINDS and not k[1]}


def _to_updates(lessons: list[tuple[str, list[Member]]],
                updates: dict[str, list[Member]]) -> list[tuple[str, list[Member]]]:
    """The lessons that stay new: a lesson of user feedback adding the same setting as a
    lesson about an existing skill ("the migrate step takes --primary", said before the skill
    was invoked) is that skill's lesson, and joins it (the first such skill, by name)."""
    keys = {name: _settings(members, ("correction", "preference", "env-fix"))
            for name, members in updates.items()}
    kept: list[tuple[str, list[Member]]] = []
    for name, members in lessons:
        mine = _settings(members, ("correction", "preference")) if name == "feedback" else set()
        into = next((u for u in sorted(keys) if mine & keys[u]), None)
        if into is None:
            kept.append((name, members))
        else:
            updates[into] = updates[into] + members
    return kept


def _one_per_identity(clusters: list[tuple[str, list[Member]]]
                      ) -> list[tuple[str, list[Member]]]:
    """A failure fixed by `make test` and a correction to `make test` are one lesson: user
    feedback and environment groups sharing an identity key become one group (in the family
    of the first), each once."""
    owner: dict[Key, int] = {}
    merged: list[tuple[str, list[Member]]] = []
    for name, members in clusters:
        keys = ({k for s, _ in members for k in identities(s).strong}
                if name in _MERGED_FAMILIES else set())
        into = min((owner[k] for k in keys if k in owner), default=None)
        if into is None:
            merged.append((name, list(members)))
            into = len(merged) - 1
        else:
            joined = merged[into][1] + members
            merged[into] = (merged[into][0], sorted(joined, key=lambda m: _order(m[0])))
        for k in keys:
            owner.setdefault(k, into)
    return merged


_MERGED_FAMILIES = frozenset({"feedback", "env"})


def _focus(members: list[Member], topic: frozenset[str],
           spec: Specificity) -> tuple[list[Member], list[Member]]:
    """(lessons for the skill, the rest): a lesson recurs in two sessions or is on topic."""
    anchors = {t for t in topic if prior(t, spec.cued) >= PLAIN}
    recurring: set[int] = set()
    for cluster in _cluster(members, spec):
        if len({s.session_id for s, _ in cluster}) >= 2:
            recurring.update(id(s) for s, _ in cluster)
    kept: list[Member] = []
    strays: list[Member] = []
    for member in members:
        on_topic = (member[0].in_use or id(member[0]) in recurring  # in use: about it
                    or bool(anchors & member[1]))
        (kept if on_topic else strays).append(member)
    return kept, strays


def _cluster(members: list[Member], spec: Specificity) -> list[list[Member]]:
    """Greedy single-link clustering; an inverted index (term → earlier signals) means only
    signals that share a term are ever compared, at most `CANDIDATES_PER_TERM` per term."""
    clusters: list[list[Member]] = []
    where: list[int] = []                   # signal number → its cluster
    seen: list[frozenset[str]] = []         # signal number → its terms
    mass: list[int] = []                    # signal number → the weight of its terms
    postings: dict[str, list[int]] = {}
    by_identity: dict[Key, int] = {}        # identity key → the first cluster holding it
    by_bare: dict[Key, int] = {}            # a function named bare → the first cluster
    for member in members:
        words = member[1]
        if not words:
            continue
        ident = identities(member[0])
        keys = ident.strong
        bare = {k for k in ident.loose if k[0] in BARE_KINDS}  # joins a lesson doing it
        known = ([by_identity[k] for k in keys | bare if k in by_identity]
                 + [by_bare[k] for k in keys if k in by_bare])
        best = _by_terms(member, seen, mass, where, postings, spec) if not known else min(
            known)  # one identity is one lesson, however it was phrased (issue 25)
        number = len(seen)
        seen.append(words)
        mass.append(sum(map(spec.units, words)))
        if best < 0:
            clusters.append([])
            best = len(clusters) - 1
        clusters[best].append(member)
        where.append(best)
        for k in keys:
            by_identity.setdefault(k, best)
        for k in bare:
            by_bare.setdefault(k, best)
        for word in words:
            postings.setdefault(word, []).append(number)
    return clusters


def _by_terms(member: Member, seen: list[frozenset[str]], mass: list[int], where: list[int],
              postings: dict[str, list[int]], spec: Specificity) -> int:
    """The cluster of the earlier signal sharing the most specific weight with `member`
    (at least `JOIN_THRESHOLD` of the smaller set), or -1."""
    words = member[1]
    units = spec.units
    min_shared, plain = round(MIN_SHARED_WEIGHT * 1000), round(PLAIN * 1000)
    # Terms carried by a large share of earlier signals do not tell work apart; they
    # still count in the overlap below, but do not nominate candidates on their own.
    # The shared weight of every nominated signal is summed along the postings.
    common = max(COMMON_TERM_MIN, int(COMMON_TERM_SHARE * len(seen)))
    shared: dict[int, list[int]] = {}   # signal number → [shared weight, shared terms]
    frequent = []
    for word in words:
        posting = postings.get(word, ())
        if len(posting) > common:
            frequent.append(word)
            continue
        weight = units(word)
        for other in posting[-CANDIDATES_PER_TERM:]:
            tally = shared.get(other)
            if tally is None:
                shared[other] = [weight, 1]
            else:
                tally[0] += weight
                tally[1] += 1
    weight = sum(map(units, words))
    frequent_weight = sum(map(units, frequent))
    # What the frequent terms could add at most: when even that is not enough to join,
    # the candidate is out, and its frequent terms need not be looked up.
    hopeful = []
    for other, (shared_weight, _) in shared.items():
        other_mass = mass[other]
        if (shared_weight + frequent_weight) / (
                weight if weight < other_mass else other_mass) >= JOIN_THRESHOLD:
            hopeful.append(other)
    best, best_score = -1, 0.0
    for other in sorted(hopeful):
        shared_weight, count = shared[other]
        smaller = min(weight, mass[other])
        if (shared_weight + frequent_weight) / smaller <= best_score:
            continue  # cannot beat the best so far (ties keep the earlier)
        for word in frequent:
            if word in seen[other]:
                shared_weight += units(word)
                count += 1
        # Enough specific weight in common, or all of a tiny set when it is not only
        # everyday words ("keep it short" is no anchor).
        if shared_weight < min_shared and (
                count < min(len(words), len(seen[other])) or shared_weight < plain):
            continue
        score = shared_weight / smaller
        if score > best_score:
            best, best_score = where[other], score
    return best if best >= 0 and best_score >= JOIN_THRESHOLD else -1


def make_candidate(name: str, members: list[Signal], skill: str | None,
                   terms_of: list[frozenset[str]] | None = None) -> Candidate:
    """The candidate for one group; `terms_of`: each member's `signal_terms`, if known."""
    counts: Counter[str] = Counter()
    for words in terms_of if terms_of is not None else map(signal_terms, members):
        counts.update(words)
    # Deterministic ranking (sets iterate in hash order): frequent, specific, long terms first.
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0] in GENERIC_TERMS,
                                                      -len(item[0]), item[0]))
    shared = [t for t, n in ranked if n >= 2] or [t for t, _ in ranked[:4]]
    top = sorted(shared[:6])
    return Candidate(key=f"{name}:{'+'.join(top)}", title=members[0].summary,
                     terms=shared[:6], skill=skill, signals=members)
