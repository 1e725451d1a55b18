"""An update proposal's usage figures: how the skill's versions fared in the mined sessions.

The lines go into the commit message and the PR body: the current version's figures first
(commit, since when, sessions, invocations, corrected share with its n), then each earlier
version that was used, and the invocations and corrections cited by version (agent, day,
session, turn). Quotes are left to the evidence list, which the safety screens already check.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from skillgit.attribution.attribute import Attributed, attribute_digest
from skillgit.attribution.history import SkillHistory
from skillgit.attribution.stats import Figures, rate
from skillgit.digest import Digest
from skillgit.printable import printable

MAX_CITED = 8


def attributed(history: SkillHistory, digests: Iterable[Digest], window: int) -> list[Attributed]:
    return [item for digest in digests for item in attribute_digest(history, digest, window)]


def _ref(item: Attributed) -> str:
    day = item.at.date().isoformat() if isinstance(item.at, datetime) else "undated"
    return printable(f"{item.agent} {day} {item.session_id[:8]}")


def _figures(items: list[Attributed]) -> Figures:
    figures = Figures()
    for item in items:
        figures.add(item)
    return figures


def usage_lines(history: SkillHistory, items: Iterable[Attributed], skill: str,
                window: int) -> list[str]:
    """The usage section of an update of `skill` (empty when the repo has no such skill)."""
    current = history.current().get(skill)
    if current is None:
        return []
    mine = [i for i in items if i.in_repo and i.skill == skill]
    by_version: dict[str | None, list[Attributed]] = {}
    for item in mine:
        by_version.setdefault(item.version.commit if item.version else None, []).append(item)
    now = _figures(by_version.get(current.commit, []))
    lines = [f"Usage of '{skill}' in the mined sessions (outcome window: {window} user turns):",
             f"- current version {current.commit[:7]} (since {current.since.date().isoformat()}"
             f", blob {(current.blob or '')[:7]}): {_summary(now)}"]
    for version in reversed(history.versions.get(skill, [])):
        used = by_version.get(version.commit)
        if version.commit == current.commit or not used:
            continue
        lines.append(f"- earlier version {version.commit[:7]} (since "
                     f"{version.since.date().isoformat()}): {_summary(_figures(used))}")
    if by_version.get(None):
        lines.append(f"- before the skill was in the repository: "
                     f"{_summary(_figures(by_version[None]))}")
    ordered = sorted(mine, key=lambda i: (i.at is None, i.at or current.since, i.session_id))
    for cited, item in enumerate(ordered):
        if cited >= MAX_CITED:
            lines.append(f"- … and {len(mine) - cited} more invocations")
            break
        label = item.version.commit[:7] if item.version else "unversioned"
        turns = ", ".join(str(e.turn) for e in item.outcome.of("correction"))
        corrected = f"; corrected at turn {turns}" if turns else ""
        lines.append(f"- {label}: {_ref(item)}, invoked at turn {item.outcome.use.turn} "
                     f"({item.matched_by}){corrected}")
    return lines


def _summary(figures: Figures) -> str:
    return (f"{len(figures.sessions)} session(s), {figures.invocations} invocation(s), "
            f"corrected {rate(figures.corrected, figures.invocations)} "
            f"({figures.corrections} correction(s))")
