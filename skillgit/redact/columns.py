"""The cells under a column of a whitespace-aligned table a CLI printed: read by the public
roles that a column's header gives (`CONTAINER ID`, `DIGEST`, `tracking`)."""

from __future__ import annotations

ROWS = 200
"""Rows read under a header at most."""


def cells_under(text: str, start: int, columns: list[int], *,
                aligned_only: bool = False) -> list[tuple[int, int]]:
    """Spans of the cells starting at each of `columns` (offsets in a line) on the lines from
    `start` on, up to an empty line (or, with `aligned_only`, a line with no aligned cells)."""
    spans: list[tuple[int, int]] = []
    position = start
    for _ in range(ROWS if columns else 0):
        end = text.find("\n", position)
        end = len(text) if end < 0 else end
        if end <= position or (aligned_only and "  " not in text[position:end]):
            break
        for column in columns:
            first = position + column
            if first < end and not text[first].isspace() and (
                    column == 0 or text[first - 1].isspace()):
                stop = first
                while stop < end and not text[stop].isspace():
                    stop += 1
                spans.append((first, stop))
        position = end + 1
    return spans
