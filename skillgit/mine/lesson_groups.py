"""Signals into lessons by hashing: identity keys first, then words, never pairwise.

Each signal arrives with what joining needs, computed once (`Item`): its exact commands, the
programs they run, its identity keys (`identity`) and its terms. A signal joins the first
lesson that holds one of its identity keys; failing that, the first whose phrasings share
its words (an overlap of at least `SAME_LESSON`, found through term postings) unless their
commands contradict (other programs, or another identity taken from commands: a distractor
in the same words is another lesson). Cost: a few look-ups per signal and, for words, the
postings of its terms, at most `WORD_POSTINGS` each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from skillgit.mine.identity import BARE_KINDS, Identities, Key, loose
from skillgit.proposal import Signal

SAME_LESSON = 0.6          # term overlap at which two phrasings are one lesson
WORD_POSTINGS = 200        # earlier phrasings one term nominates (the first ones)
NO_IDENTITY = Identities(frozenset(), frozenset(), frozenset(), False)
Pair = tuple[str | None, ...]


class Item(NamedTuple):
    """One signal with what joining compares."""

    signal: Signal
    key: tuple[str, str] | None         # its exact commands (succeeded, corrected), flat
    programs: Pair | None               # the programs of `key`'s commands
    ident: Identities
    words: frozenset[str]


@dataclass
class _Cluster:
    members: list[Signal] = field(default_factory=list)
    programs: set[Pair] = field(default_factory=set)     # of each member's commands
    seen_words: set[frozenset[str]] = field(default_factory=set)
    ran: set[str] = field(default_factory=set)            # programs its commands run
    by_commands: bool = False                             # an identity came from commands


@dataclass
class _Index:
    clusters: list[_Cluster] = field(default_factory=list)
    strong: dict[Key, int] = field(default_factory=dict)       # key → first cluster with it
    loose: dict[Key, list[int]] = field(default_factory=dict)  # bare flag → clusters
    bare: dict[Key, int] = field(default_factory=dict)         # function named bare → cluster
    postings: dict[str, list[tuple[int, frozenset[str]]]] = field(default_factory=dict)

    def by_identity(self, ident: Identities) -> int | None:
        found = [self.strong[k] for k in ident.strong if k in self.strong]
        found += [self.bare[k] for k in ident.strong if k in self.bare]  # named bare before
        for k in ident.loose | loose(ident.strong):
            for number in self.loose.get(k, ()):
                ran = self.clusters[number].ran
                if not ident.programs or not ran or ident.programs & ran:
                    found.append(number)
                    break
        return min(found) if found else None

    def by_words(self, item: Item) -> int | None:
        """The first cluster saying the same words whose commands do not contradict these."""
        if item.signal.kind in ("env-fix", "env-error"):
            return None  # one lesson per failing command and fix, however it was phrased
        words = item.words
        shared: dict[tuple[int, frozenset[str]], int] = {}
        for word in words:
            for entry in self.postings.get(word, ())[:WORD_POSTINGS]:
                shared[entry] = shared.get(entry, 0) + 1
        best: int | None = None
        for (number, theirs), count in shared.items():
            if best is not None and number >= best:
                continue
            smaller = min(len(words), len(theirs))
            if count < min(2, smaller) or count / smaller < SAME_LESSON:
                continue
            cluster = self.clusters[number]
            if item.programs is not None and cluster.programs and \
                    item.programs not in cluster.programs:
                continue
            if item.ident.from_commands and cluster.by_commands:
                continue  # two identities from commands that differ are two lessons
            best = number
        return best

    def add(self, number: int, item: Item) -> None:
        cluster, ident = self.clusters[number], item.ident
        cluster.members.append(item.signal)
        if item.programs is not None:
            cluster.programs.add(item.programs)
        cluster.ran |= ident.programs
        cluster.by_commands |= ident.from_commands
        for k in ident.strong:
            self.strong.setdefault(k, number)
        bare = {k for k in ident.loose if k[0] in BARE_KINDS}  # joins it, never a mention
        for k in bare:
            self.bare.setdefault(k, number)
        for k in (ident.loose - bare) | loose(ident.strong):
            numbers = self.loose.setdefault(k, [])
            if number not in numbers[-1:]:
                numbers.append(number)
        if item.words and item.words not in cluster.seen_words:
            cluster.seen_words.add(item.words)
            for word in item.words:
                self.postings.setdefault(word, []).append((number, item.words))


def cluster(items: Sequence[Item], max_opened: int) -> list[list[Signal]]:
    """The items' signals grouped by lesson, in the order seen; only the first `max_opened`
    items may open a lesson (later ones join one, or stay out)."""
    index = _Index()
    for number, item in enumerate(items):
        found = index.by_identity(item.ident)
        if found is None:
            found = index.by_words(item)
        if found is None:
            if number >= max_opened:
                continue
            index.clusters.append(_Cluster())
            found = len(index.clusters) - 1
        index.add(found, item)
    return [c.members for c in index.clusters]
