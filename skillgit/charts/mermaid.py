"""Mermaid charts for the job summary and the dashboard: the run's funnel and each skill's
uses by version.

Mermaid has its own syntax inside a label (quotes end it, `#…;` is an entity, `%%` starts a
directive, backticks and `<…>` are Markdown/HTML, `:` and `;` separate statements in some
charts), and a code fence ends at a line of backticks. So every label, ours or not, goes
through `label`, which keeps only ASCII letters, digits, spaces and `- _ . , / ( ) +` — and
nothing else reaches a chart but integers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_UNSAFE = re.compile(r"[^A-Za-z0-9 _.,/()+-]+")
LABEL_CHARS = 40


def label(text: str, limit: int = LABEL_CHARS) -> str:
    """`text` as a Mermaid-inert label: unsafe characters become one space, whitespace is
    collapsed, and it is cut to `limit` characters ("…" is not safe: `..` marks a cut)."""
    flat = " ".join(_UNSAFE.sub(" ", text).split())
    if len(flat) > limit:
        flat = flat[:max(limit - 2, 1)].rstrip() + ".."
    return flat or "-"


def fence(lines: Sequence[str]) -> list[str]:
    return ["```mermaid", *lines, "```"]


@dataclass(frozen=True)
class Stage:
    key: str      # a node id: letters only, ours
    count: int
    what: str     # e.g. "sessions"


def funnel(stages: Sequence[Stage], *, side: Stage | None = None,
           side_of: str | None = None) -> list[str]:
    """A left-to-right flowchart `8 sessions → 10 candidates → 3 proposals → 3 PRs`, with an
    optional dotted branch (`side`, e.g. the rejected candidates) off the stage `side_of`."""
    if not stages:
        return []
    nodes = [f'{_id(s.key)}["{int(s.count)} {label(s.what)}"]' for s in stages]
    lines = ["flowchart LR", "  " + " --> ".join(nodes)]
    if side is not None and side_of is not None:
        lines.append(f'  {_id(side_of)} -.-> {_id(side.key)}["{int(side.count)} '
                     f'{label(side.what)}"]')
    return fence(lines)


@dataclass(frozen=True)
class VersionBar:
    version: str       # a short label: "before", "v2 2026-11-01"
    uses: int
    corrected: int


def usage_chart(skill: str, versions: Sequence[VersionBar]) -> list[str]:
    """Bars: invocations per version; line: how many of them were corrected."""
    if not versions:
        return []
    axis = ", ".join(f'"{label(v.version, 24)}"' for v in versions)
    top = max(max(v.uses for v in versions), 1)
    return fence([
        "xychart-beta",
        f'  title "{label(skill)} - uses (bars) and corrected uses (line) by version"',
        f"  x-axis [{axis}]",
        f'  y-axis "invocations" 0 --> {int(top)}',
        f"  bar [{', '.join(str(int(v.uses)) for v in versions)}]",
        f"  line [{', '.join(str(int(v.corrected)) for v in versions)}]",
    ])


def _id(key: str) -> str:
    ident = re.sub(r"[^A-Za-z]", "", key)
    return ident or "node"
