"""`publish`'s output: one line per proposal (status, branch, PR URL), or one JSON object."""

from __future__ import annotations

from typing import Any

from skillgit.publish.model import PublishResult


def result_lines(result: PublishResult) -> list[str]:
    lines = []
    for o in result.outcomes:
        where = f"  {o.url}" if o.url else ""
        detail = f"  ({o.detail})" if o.detail else ""
        lines.append(f"{o.status:<13} {o.branch}{where}{detail}")
    if not result.outcomes:
        lines.append("no proposals to publish (run `skillgit mine`)")
    lines += [f"{'reconciled':<13} {note}" for note in result.reconciled]
    lines += [f"{'control':<13} {c.control}" + (f" {c.value}" if c.value else "")
              + f": {c.status}" + (f" ({c.detail})" if c.detail else "")
              for c in result.controls]
    dash = result.dashboard
    if dash.status not in ("off", "none"):
        lines.append(f"dashboard     {dash.status}" + (f"  {dash.url}" if dash.url else "")
                     + f"  ({dash.waiting} waiting, {dash.rejected} rejected candidates)")
    if result.dry_run:
        lines.append("dry run: nothing was pushed or written; it would:")
        lines += [f"  {item}" for item in result.planned] or ["  (nothing)"]
    return lines


def result_json(result: PublishResult) -> dict[str, Any]:
    return result.model_dump(mode="json")
