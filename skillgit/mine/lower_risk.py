"""Lower-risk content a proposal may carry only when it is listed under "Review carefully":
URLs to hosts the skills repository never names, and `sudo`. Each item says where it came
from (which evidence, or which generated text), so the commit message and later the PR body
can show the reviewer exactly what to check."""

from __future__ import annotations

from collections.abc import Iterable

from skillgit.gitops import GitRepo
from skillgit.proposal import Candidate, ReviewItem
from skillgit.safety import UNKNOWN_HOST, Note, hosts_in, notes

MAX_FILE_BYTES = 1_000_000
MAX_SCANNED_BYTES = 20_000_000


def known_hosts(repo: GitRepo, base: str) -> frozenset[str]:
    """Every host named in a text file of the repository at `base` (bounded: huge or binary
    files are skipped, and the scan stops after MAX_SCANNED_BYTES)."""
    hosts: set[str] = set()
    scanned = 0
    for _path, data in sorted(repo.list_files(base, "").items()):
        if len(data) > MAX_FILE_BYTES or b"\0" in data[:8000]:
            continue
        scanned += len(data)
        if scanned > MAX_SCANNED_BYTES:
            break
        hosts |= hosts_in(data.decode("utf-8", "replace"))
    return frozenset(hosts)


def _same(note: Note, item: ReviewItem) -> bool:
    if note.kind != item.kind:
        return False
    if note.kind == UNKNOWN_HOST:
        return bool(hosts_in(note.text) & hosts_in(item.text))
    return _command_part(note.text) in _command_part(item.text) or \
        _command_part(item.text) in _command_part(note.text)


def _command_part(line: str) -> str:
    low = " ".join(line.lower().split())
    at = low.find("sudo")
    return low[at:at + 40] if at >= 0 else low[:40]


def review_items(candidate: Candidate, generated: Iterable[tuple[str, str]],
                 known: Iterable[str]) -> list[ReviewItem]:
    """The items of the evidence a proposal quotes, then those of `generated` (source label,
    text) that no evidence item covers — e.g. a URL the model wrote itself."""
    known = frozenset(known)
    items: list[ReviewItem] = []
    for s in sorted(candidate.signals, key=lambda s: (s.session_ref, s.turn)):
        for text in s.texts:
            for note in notes(text or "", known):
                if not any(_same(note, i) for i in items):
                    items.append(ReviewItem(kind=note.kind,  # type: ignore[arg-type]
                                            text=note.text,
                                            source=f"{s.session_ref}, turn {s.turn}"))
    for source, text in generated:
        for note in notes(text, known):
            if not any(_same(note, i) for i in items):
                items.append(ReviewItem(kind=note.kind, text=note.text,  # type: ignore[arg-type]
                                        source=source))
    return items
