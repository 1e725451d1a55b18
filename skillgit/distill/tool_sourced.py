"""Text that came from the environment, not from the user: a command the agent ran because a
tool's output told it to (a hook's hint, a README, an MCP result, a web page) is tool-sourced,
and no lesson is built from it unless the user said it."""

from __future__ import annotations

from collections.abc import Sequence

from skillgit.transcripts.model import Turn

MIN_COMMAND_CHARS = 4


def _flat(text: str) -> str:
    return " ".join(text.split())


def suggested(step: Turn, failing: Turn, later: Sequence[Turn]) -> bool:
    """Whether the command of `step` appears in the output of a tool call from `failing`
    through the `later` turns before `step` (the agent ran what the environment told it)."""
    command = _flat(step.tool_input or "")
    if len(command) < MIN_COMMAND_CHARS:
        return False
    for turn in [failing, *later]:
        if turn.index >= step.index:
            break
        if turn.result is not None and command in _flat(turn.result.text):
            return True
    return False
