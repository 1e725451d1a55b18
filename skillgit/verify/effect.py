"""The measured effect in a proposal's commit message: a short table and a trailer.

    Measured effect (skillgit verify, openai/gpt-4.1-mini; answers per condition: 6):
    | case | without the skill | with it |
    | claude-code 2026-11-02 00000000 turn 3 | 0/3 | 3/3 |
    ...
    Skillgit-Effect: without 0/6, with 6/6

The trailer is the last row of the proposal's wire format (`wire.commit.TRAILERS`), so it is
appended after the others. The section and the trailer are replaced, never duplicated, when
`verify` runs again; the rest of the message is kept byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from skillgit.proposal import MeasuredEffect
from skillgit.wire.commit import EFFECT

TRAILER = EFFECT
NO_EFFECT_LABEL = "skill:no-measured-effect"
SECTION = "Measured effect (skillgit verify"
_TRAILER_VALUE = re.compile(r"without (?P<without>\d+)/(?P<n>\d+), with (?P<with>\d+)/(?P=n)"
                            r"(?:, (?P<unparsed>\d+) unparsed)?")
_HEAD = re.compile(r"Measured effect \(skillgit verify, (?P<engine>[^;]*);")
_ROW = re.compile(r"\| (?P<case>[A-Za-z0-9 ,._:/@()+-]{1,80}) \| "
                  r"(?P<without>\d+/\d+(?: \(\d+ unparsed\))?) \| "
                  r"(?P<with>\d+/\d+(?: \(\d+ unparsed\))?) \|")
_SAFE = re.compile(r"[^A-Za-z0-9 ,._:/@()+-]")
_MARKER = re.compile(r"<!-- skillgit:effect=([A-Za-z0-9 ,._:/@()+-]{1,120}) -->")


def trailer_value(effect: MeasuredEffect) -> str:
    n = effect.samples
    text = f"without {effect.without}/{n}, with {effect.with_skill}/{n}"
    return text + (f", {effect.unparsed} unparsed" if effect.unparsed else "")


def parse_trailer(value: str) -> MeasuredEffect | None:
    match = _TRAILER_VALUE.fullmatch(value.strip())
    if match is None:
        return None
    return MeasuredEffect(without=int(match["without"]), with_skill=int(match["with"]),
                          samples=int(match["n"]), unparsed=int(match["unparsed"] or 0))


def section_lines(effect: MeasuredEffect) -> list[str]:
    """The commit message's section: a head line, a table (one row per case) and a verdict."""
    engine = _SAFE.sub("", effect.engine)[:80] or "unknown engine"
    lines = [f"{SECTION}, {engine}; answers per condition: {effect.samples}):",
             "| case | without the skill | with it |", "| --- | --- | --- |"]
    lines += [row for row in effect.rows if _ROW.fullmatch(row)]
    if effect.unreadable:
        lines.append(f"Not measured: none of the model's answers could be read ({effect.unparsed} "
                     "unparsed); the figures say nothing about the skill.")
    elif not effect.gain:
        lines.append("No measured effect: with the skill the agent did not follow the lesson "
                     "more often than without it.")
    return lines


def row(case: str, without: str, with_skill: str) -> str:
    return f"| {_SAFE.sub('', case)[:80]} | {without} | {with_skill} |"


def row_cells(line: str) -> list[str] | None:
    match = _ROW.fullmatch(line)
    return [match["case"], match["without"], match["with"]] if match else None


def effect_marker(value: str) -> str:
    """The hidden marker of a PR body: which figures it shows (`publish` updates a PR whose
    marker differs from its branch's trailer)."""
    return f"<!-- skillgit:effect={_SAFE.sub('', value)[:120]} -->"


def parse_effect_marker(body: str | None) -> str | None:
    found = _MARKER.findall(body or "")
    return found[-1] if found else None


def labels_for(effect: MeasuredEffect | None) -> list[str]:
    """The labels a proposal's PR gets for its effect: `skill:no-measured-effect` when the
    replay showed no gain (none when no answer could be read: nothing was measured)."""
    return ([NO_EFFECT_LABEL] if effect is not None and not effect.gain
            and not effect.unreadable else [])


def stale_effect_labels(effect: MeasuredEffect | None, have: Iterable[str]) -> list[str]:
    """The effect labels a PR carries (`have`, any case) that the figures measured since no
    longer support: `skill:no-measured-effect` once a replay shows a gain. A PR whose proposal
    was not measured again (no figures) keeps what it has: nothing new is known."""
    if effect is None or not effect.gain:
        return []
    return [NO_EFFECT_LABEL] if NO_EFFECT_LABEL.lower() in {h.lower() for h in have} else []


def parse_effect(message: str) -> MeasuredEffect | None:
    """The effect recorded in a commit message (trailer, engine and rows), or None."""
    paragraph = message.strip().split("\n\n")[-1]
    value = next((line.partition(": ")[2] for line in paragraph.splitlines()
                  if line.startswith(f"{TRAILER}: ")), None)
    effect = parse_trailer(value) if value is not None else None
    if effect is None:
        return None
    engine = next((m["engine"] for line in message.splitlines()
                   if (m := _HEAD.match(line))), "")
    rows = [line for line in _section(message) if _ROW.fullmatch(line)]
    return effect.model_copy(update={"engine": engine, "rows": rows})


def _section(message: str) -> list[str]:
    for paragraph in message.split("\n\n"):
        if paragraph.startswith(SECTION):
            return paragraph.splitlines()
    return []


def with_effect(message: str, effect: MeasuredEffect) -> str:
    """`message` with its effect section and trailer set to `effect` (replacing old ones)."""
    paragraphs = message.rstrip("\n").split("\n\n")
    trailers = [line for line in paragraphs[-1].splitlines()
                if not line.startswith(f"{TRAILER}: ")]
    body = [p for p in paragraphs[:-1] if not p.startswith(SECTION)]
    trailers.append(f"{TRAILER}: {trailer_value(effect)}")  # the last row of the table
    return "\n\n".join([*body, "\n".join(section_lines(effect)), "\n".join(trailers)]) + "\n"
