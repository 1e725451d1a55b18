"""Which gate dimension a rejected candidate missed, read from the one reason line `mine` wrote
(`Verdict.missed` or mine's other reasons), in the words of the dashboard and the job summary.

A module of its own, importing nothing: the Action's job summary (`jobsummary.render`) names
the dimension without loading the dashboard and, through it, the validator and the redactor.
"""

from __future__ import annotations

OVER_LIMIT = "over the limit"
"""How a candidate `mine --max` turned away for lack of a slot begins its reason."""


def missed_dimension_of(missed: str) -> str:
    """The gate dimension a reason line names."""
    text = missed.lower()
    if text.startswith("not repeatable"):
        return "repeatable"
    if text.startswith("no room to do better"):
        return "room to do better or a repeated ask"
    if text.startswith(OVER_LIMIT):
        return "proposals per run"
    if "unsafe" in text or "withheld" in text:
        return "safety screen"
    if text.startswith("invalid") or "validat" in text:
        return "validation"
    return "kill switch"
