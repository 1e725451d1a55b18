"""Grounding: whether one judgement may be used, and what was wrong with it if not.

A judgement is refused when it names an unknown candidate or one already judged, when any
reason cites no evidence or an id that was not in the prompt (or belongs to another
candidate), when a kill switch is missing, when an update names no existing skill, when it
calls a lesson repeatable (or passes it) with fewer sessions than the minimum, or when any
reason carries unsafe text. Problems name ids only, never echo the model's text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from skillgit.judge.answer import KILL_SWITCHES, Judgement, Reasoned
from skillgit.judge.prompt import Item
from skillgit.safety import refused

MAX_REASON_CHARS = 400
_SHOWABLE_ID = re.compile(r"[A-Z]\d{1,6}")


def shown_id(value: str) -> str:
    """An id as a repair message may quote it: only when it looks like one of ours."""
    return value if _SHOWABLE_ID.fullmatch(value) else "an id that is not in the prompt"


def reasons(j: Judgement) -> list[tuple[str, Reasoned | None, str, list[str]]]:
    """(label, dimension or None, reason, cited ids) for every reason of a judgement."""
    out: list[tuple[str, Reasoned | None, str, list[str]]] = [
        ("repeatable", j.repeatable, j.repeatable.reason, j.repeatable.evidence),
        ("room to improve", j.room_to_improve, j.room_to_improve.reason,
         j.room_to_improve.evidence),
        ("repeated ask", j.repeated_ask, j.repeated_ask.reason, j.repeated_ask.evidence)]
    out += [(f"kill switch {k.switch}", None, k.reason, k.evidence) for k in j.kill_switches]
    return out


def passes(j: Judgement) -> bool:
    return (j.repeatable.holds and (j.room_to_improve.holds or j.repeated_ask.holds)
            and not any(k.fires for k in j.kill_switches))


def problems_of(j: Judgement, items: dict[str, Item], taken: set[str], min_sessions: int,
                known: Iterable[str]) -> list[str]:
    """Every reason `j` cannot be used (empty: it is grounded). `taken`: candidate ids
    already judged by an earlier judgement of the same answer."""
    found: list[str] = []
    if not j.candidates:
        return ["names no candidate"]
    members = []
    for cid in j.candidates:
        if cid not in items:
            found.append(f"names {shown_id(cid)}, which is not a candidate in the prompt")
        elif cid in taken or j.candidates.count(cid) > 1:
            found.append(f"judges {cid} more than once")
        else:
            members.append(items[cid])
    if found:
        return found
    own = {eid for item in members for eid in item.evidence}
    every = {eid for item in items.values() for eid in item.evidence}
    for label, _dimension, reason, cited in reasons(j):
        if not reason.strip():
            found.append(f"{label}: no reason")
        elif len(reason) > MAX_REASON_CHARS:
            found.append(f"{label}: the reason is longer than one sentence")
        if not cited:
            found.append(f"{label}: cites no evidence id")
        for eid in cited:
            if eid not in every:
                found.append(f"{label}: cites {shown_id(eid)}, which was not in the prompt")
            elif eid not in own:
                found.append(f"{label}: cites {eid}, evidence of another candidate")
        risks = refused(reason)
        if risks:
            found.append(f"{label}: the reason carries unsafe text ({', '.join(risks)})")
    switches = [k.switch for k in j.kill_switches]
    missing = [s for s in KILL_SWITCHES if s not in switches]
    if missing:
        found.append(f"kill switches not judged: {', '.join(missing)}")
    if len(set(switches)) != len(switches):
        found.append("a kill switch is judged more than once")
    if j.kind == "update" and j.skill not in set(known):
        found.append("kind update must name an existing skill exactly")
    sessions = len({s.session_id for item in members for s in item.verdict.candidate.signals})
    if (j.repeatable.holds or passes(j)) and sessions < min_sessions:
        found.append(f"calls a lesson seen in {sessions} session(s) repeatable; at least "
                     f"{min_sessions} are needed")
    return found
