"""Verdicts from grounded judgements: merged candidates, reasons, cited evidence."""

from __future__ import annotations

from skillgit.judge.answer import Judgement, Reasoned
from skillgit.judge.prompt import Item
from skillgit.proposal import Candidate, DimensionResult, GateCheck, Signal, Verdict
from skillgit.redact import Redactor


def merged_candidate(members: list[Item], skill: str | None) -> Candidate:
    """One candidate from several the model called one lesson (the first one leads)."""
    first = members[0].verdict.candidate
    signals: list[Signal] = []
    terms: list[str] = []
    withheld: dict[str, int] = {}
    gone: set[str] = set()
    for item in members:
        c = item.verdict.candidate
        signals += [s for s in c.signals if s not in signals]
        terms += [t for t in c.terms if t not in terms]
        gone.update(c.withheld_sessions)
        for risk, n in c.withheld.items():
            withheld[risk] = withheld.get(risk, 0) + n
    return Candidate(key=first.key, title=first.title, terms=terms[:6], skill=skill,
                     signals=signals, withheld=withheld, withheld_sessions=sorted(gone))


def _cited(ids: list[str], evidence: dict[str, Signal]) -> list[Signal]:
    out: list[Signal] = []
    for eid in ids:
        signal = evidence.get(eid)
        if signal is not None and signal not in out:
            out.append(signal)
    return out


def build_verdict(j: Judgement, items: dict[str, Item], label: str,
                  redactor: Redactor) -> Verdict:
    members = [items[cid] for cid in j.candidates]
    evidence = {eid: s for item in members for eid, s in item.evidence.items()}

    def text(reason: str) -> str:
        return redactor.redact(" ".join(reason.split()))

    def dimension(r: Reasoned) -> DimensionResult:
        return DimensionResult(holds=r.holds, reason=text(r.reason),
                               evidence=_cited(r.evidence, evidence))

    checks = [GateCheck(name=k.switch, fires=k.fires, reason=text(k.reason),
                        evidence=_cited(k.evidence, evidence)) for k in j.kill_switches]
    fired = next((c for c in checks if c.fires), None)
    candidate = merged_candidate(members, j.skill if j.kind == "update" else None)
    score = 100.0 - j.rank + 0.01 * sum(i.verdict.score for i in members)
    return Verdict(candidate=candidate, repeatable=dimension(j.repeatable),
                   feedback=dimension(j.room_to_improve),
                   repeated_ask=dimension(j.repeated_ask),
                   kill=f"{fired.name}: {fired.reason}" if fired else None, score=score,
                   judged_by=label, checks=checks, merged=len(members))


def fallback_verdict(item: Item, label: str, why: str) -> Verdict:
    """The heuristic verdict, saying why the model's answer was not used."""
    return item.verdict.model_copy(update={
        "fallback": f"the answer of {label} was rejected ({why}); the heuristic verdict "
                    "stands"})
