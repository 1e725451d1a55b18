"""`publish`'s output: one line per proposal (status, branch, PR URL), or one JSON object.

The text is a table a person scans: statuses, branches and URLs each in an aligned column; a
short detail follows on its line; a long one, or one that several rows share (GitHub's
"Actions may not open pull requests" hint on every row of a run), is said once, as a numbered
note under the table. Every detail is one line (an ssh error's trailing `\r` is dropped).
"""

from __future__ import annotations

from typing import Any

from skillgit.publish.model import Outcome, PublishResult
from skillgit.wording import one_line, plural

STATUS_WIDTH = 13
INLINE_DETAIL = 60     # characters: a longer detail becomes a note


def _notes(outcomes: list[Outcome]) -> dict[str, int]:
    """Detail → note number, for the details said once under the table."""
    details = [one_line(o.detail) for o in outcomes if o.detail]
    long = [d for d in details if len(d) > INLINE_DETAIL or details.count(d) > 1]
    return {detail: n for n, detail in enumerate(dict.fromkeys(long), 1)}


def outcome_lines(outcomes: list[Outcome]) -> list[str]:
    notes = _notes(outcomes)
    branch_width = max((len(o.branch) for o in outcomes), default=0)
    url_width = max((len(o.url or "") for o in outcomes), default=0)
    lines = []
    for o in outcomes:
        row = f"{o.status:<{STATUS_WIDTH}} {o.branch:<{branch_width}}"
        if url_width:
            row += f"  {o.url or '-':<{url_width}}"
        detail = one_line(o.detail)
        if detail:
            row += f"  (note {notes[detail]})" if detail in notes else f"  ({detail})"
        lines.append(row.rstrip())
    lines += [f"note {n}: {detail}" for detail, n in notes.items()]
    return lines


def result_lines(result: PublishResult) -> list[str]:
    lines = outcome_lines(result.outcomes)
    if not result.outcomes:
        lines.append("no proposals to publish (run `skillgit mine`)")
    lines += [f"{'reconciled':<{STATUS_WIDTH}} {one_line(note)}" for note in result.reconciled]
    lines += [f"{'control':<{STATUS_WIDTH}} {c.control}" + (f" {c.value}" if c.value else "")
              + f": {c.status}" + (f" ({one_line(c.detail)})" if c.detail else "")
              for c in result.controls]
    dash = result.dashboard
    if dash.status not in ("off", "none"):
        lines.append(f"dashboard     {dash.status}" + (f"  {dash.url}" if dash.url else "")
                     + f"  ({dash.waiting} waiting, "
                     f"{plural(dash.rejected, 'rejected candidate')})")
    if result.dry_run:
        lines.append("dry run: nothing was pushed or written; it would:")
        lines += [f"  {item}" for item in result.planned] or ["  (nothing)"]
    return lines


def result_json(result: PublishResult) -> dict[str, Any]:
    return result.model_dump(mode="json")
