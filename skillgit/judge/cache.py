"""The verdict cache: a re-run on unchanged evidence makes no judge call.

One file per candidate, keyed by the candidate's fingerprint (its evidence and skill), the
judge's model, the prompt version, the minimum sessions and the existing skills' names and
descriptions. An entry holds the judgement in run-independent form: candidates by
fingerprint, evidence by `<fingerprint>#<index>`; merged candidates share one judgement, used
only when every member is in the run again. Reasons are redacted before they are written.
A cached judgement is grounded again when it is read, like a fresh answer.

An answer the judge refused (ungrounded after its repair, or not valid at all) is an outcome
too: "refused; the heuristic verdict stands" is cached under the same key, so an unchanged
scheduled re-run asks nothing. New evidence changes the fingerprint and is asked again;
`--refresh` ignores both kinds of entry.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from skillgit.atomicfile import write_atomic
from skillgit.distill.cache import cache_root
from skillgit.judge.answer import Judgement
from skillgit.judge.prompt import PROMPT_VERSION, Item
from skillgit.proposal import Candidate
from skillgit.redact.screen import screen_value

_Entry = TypeVar("_Entry", bound=BaseModel)


def default_verdict_dir(env: Mapping[str, str] | None = None) -> Path:
    """`$XDG_CACHE_HOME/skillgit/verdicts`, else `~/.cache/skillgit/verdicts`."""
    return cache_root(env) / "verdicts"


def candidate_fingerprint(candidate: Candidate) -> str:
    rows = sorted([s.kind, s.session_id, s.turn, s.summary, s.quote, s.command or "",
                   s.fix or "", s.skill or ""] for s in candidate.signals)
    payload = json.dumps([candidate.skill, rows], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


class CachedJudgement(BaseModel):
    members: list[str]            # candidate fingerprints, in the judgement's order
    judgement: Judgement          # ids in run-independent form


class CachedFallback(BaseModel):
    fallback: str                 # why the model's answer was not used (redacted)


class VerdictCache:
    def __init__(self, root: Path | None, *, model: str, min_sessions: int,
                 skills: list[tuple[str, str]]) -> None:
        self.root = root
        context = json.dumps([PROMPT_VERSION, model, min_sessions, sorted(skills)])
        self._context = hashlib.sha256(context.encode()).hexdigest()

    def _path(self, fingerprint: str, kind: str = "") -> Path | None:
        if self.root is None:
            return None
        key = hashlib.sha256(f"{self._context}:{fingerprint}{kind}".encode()).hexdigest()
        return self.root / key[:2] / f"{key}.json"

    def get(self, fingerprint: str) -> CachedJudgement | None:
        return _read(self._path(fingerprint), CachedJudgement)

    def fallback(self, fingerprint: str) -> str | None:
        """Why the model's answer for this candidate was refused last time, if it was."""
        entry = _read(self._path(fingerprint, _FALLBACK), CachedFallback)
        return entry.fallback if entry is not None else None

    def put(self, entry: CachedJudgement) -> None:
        for fingerprint in entry.members:
            _write(self._path(fingerprint), entry)

    def put_fallback(self, fingerprint: str, why: str) -> None:
        _write(self._path(fingerprint, _FALLBACK), CachedFallback(fallback=why))


_FALLBACK = ":fallback"


def _read(path: Path | None, model: type[_Entry]) -> _Entry | None:
    if path is None:
        return None
    try:
        return model.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, ValueError):
        return None


def _write(path: Path | None, entry: BaseModel) -> None:
    if path is None:
        return
    with contextlib.suppress(OSError):  # a cache that cannot be written costs calls only
        write_atomic(path, json.dumps(screen_value(entry.model_dump(mode="json"))).encode())


def to_stored(j: Judgement, items: dict[str, Item], prints: dict[str, str]) -> CachedJudgement:
    """`j` (grounded, current ids) in run-independent form."""
    where: dict[str, str] = {}
    for cid in j.candidates:
        item = items[cid]
        signals = item.verdict.candidate.signals
        for eid, signal in item.evidence.items():
            where[eid] = f"{prints[cid]}#{signals.index(signal)}"
    return CachedJudgement(members=[prints[c] for c in j.candidates],
                           judgement=_renamed(j, {c: prints[c] for c in j.candidates}, where))


def from_stored(entry: CachedJudgement, by_print: dict[str, Item]) -> Judgement | None:
    """The cached judgement in this run's ids, or None when a member or cited evidence is
    not in this run's prompt items."""
    if not all(p in by_print for p in entry.members):
        return None
    where: dict[str, str] = {}
    for fingerprint in entry.members:
        item = by_print[fingerprint]
        signals = item.verdict.candidate.signals
        for eid, signal in item.evidence.items():
            where[f"{fingerprint}#{signals.index(signal)}"] = eid
    cids = {p: by_print[p].cid for p in entry.members}
    renamed = _renamed(entry.judgement, cids, where)
    cited = {e for r in _cited(renamed) for e in r}
    return renamed if cited <= set(where.values()) else None


def _cited(j: Judgement) -> list[list[str]]:
    return [j.repeatable.evidence, j.room_to_improve.evidence, j.repeated_ask.evidence,
            *[k.evidence for k in j.kill_switches]]


def _renamed(j: Judgement, cids: dict[str, str], eids: dict[str, str]) -> Judgement:
    data = j.model_dump()
    data["candidates"] = [cids.get(c, c) for c in j.candidates]
    for key in ("repeatable", "room_to_improve", "repeated_ask"):
        data[key]["evidence"] = [eids.get(e, e) for e in data[key]["evidence"]]
    for k in data["kill_switches"]:
        k["evidence"] = [eids.get(e, e) for e in k["evidence"]]
    return Judgement.model_validate(data)
