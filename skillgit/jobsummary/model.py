"""The documents one Action run collected, read into typed rows.

Each reader takes what `json.loads` gave (any shape) and keeps only fields of the expected
type: a field that is missing or odd becomes None or empty, so a report never fails a run.
Strings stay raw here; `render` makes them inert and `result` emits them as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _dicts(value: object) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


@dataclass
class RunDocuments:
    """What the Action ran and what skillgit printed (`None`: not run or no JSON)."""

    mode: str
    exit_code: int = 0
    mine: dict[str, Any] | None = None
    publish: dict[str, Any] | None = None
    stats: dict[str, Any] | None = None
    checked: dict[str, Any] | None = None      # validate / review --format json
    notes: list[str] = field(default_factory=list)   # the Action's own words (trusted)


@dataclass
class ProposalRow:
    skill: str
    kind: str
    branch: str
    summary: str = ""
    evidence_sessions: int | None = None
    always_loaded: int | None = None
    body: int | None = None
    status: str = ""             # publish's outcome, else mine's
    number: int | None = None
    url: str = ""
    detail: str = ""


@dataclass
class RejectedRow:
    title: str
    missed: str
    sessions: int | None


@dataclass
class FindingRow:
    path: str
    line: int | None
    level: str
    rule: str
    message: str


def proposals(docs: RunDocuments) -> list[ProposalRow]:
    """mine's proposals joined with publish's outcomes by branch; in publish mode (no mine
    document) the outcomes alone."""
    outcomes = {_str(o.get("branch")): o for o in _dicts((docs.publish or {}).get("outcomes"))}
    rows: list[ProposalRow] = []
    for p in _dicts((docs.mine or {}).get("proposals")):
        cost = _dict(p.get("context_tokens"))
        row = ProposalRow(skill=_str(p.get("skill")), kind=_str(p.get("kind")),
                          branch=_str(p.get("branch")), summary=_str(p.get("summary")),
                          evidence_sessions=_int(p.get("evidence_sessions")),
                          always_loaded=_int(cost.get("always_loaded")),
                          body=_int(cost.get("body")), status=_str(p.get("status")))
        _join(row, outcomes.pop(row.branch, None))
        rows.append(row)
    for branch, outcome in outcomes.items():
        kind, _, skill = branch.removeprefix("skillgit/").partition("/")
        row = ProposalRow(skill=skill or branch, kind=kind if skill else "", branch=branch)
        _join(row, outcome)
        rows.append(row)
    return rows


def _join(row: ProposalRow, outcome: Mapping[str, Any] | None) -> None:
    if outcome is None:
        return
    row.status = _str(outcome.get("status")) or row.status
    row.number = _int(outcome.get("number"))
    row.url = _str(outcome.get("url"))
    row.detail = _str(outcome.get("detail"))


def rejected(docs: RunDocuments) -> list[RejectedRow]:
    return [RejectedRow(_str(r.get("title")), _str(r.get("missed")), _int(r.get("sessions")))
            for r in _dicts((docs.mine or {}).get("rejected"))]


def withheld(docs: RunDocuments) -> dict[str, int]:
    found = _dict((docs.mine or {}).get("withheld"))
    return {str(k): n for k, v in found.items() if (n := _int(v)) is not None}


def findings(docs: RunDocuments) -> list[FindingRow]:
    return [FindingRow(_str(f.get("path")), _int(f.get("line")), _str(f.get("level")),
                       _str(f.get("rule")), _str(f.get("message")))
            for s in _dicts((docs.checked or {}).get("skills"))
            for f in _dicts(s.get("findings")) if f.get("level") in ("error", "warning")]


def count(document: Mapping[str, Any] | None, *path: str) -> int | None:
    """An integer at `path` in a document (None: absent)."""
    value: object = document
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return _int(value)


def strings(document: Mapping[str, Any] | None, key: str) -> list[str]:
    value = (document or {}).get(key)
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
