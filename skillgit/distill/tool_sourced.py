"""Text that came from the environment, not from the user: a command the agent ran because a
tool's output told it to (a hook's hint, a README, an MCP result, a web page) is tool-sourced,
and no lesson is built from it unless the user said it."""

from __future__ import annotations

from collections.abc import Sequence

from skillgit.transcripts.model import Turn, TurnKind

MIN_COMMAND_CHARS = 4
_USER = frozenset({TurnKind.USER, TurnKind.SLASH_COMMAND})


def _flat(text: str) -> str:
    return " ".join(text.split())


def told_by_a_tool(call: Turn, turns: Sequence[Turn], since: int = -1) -> bool:
    """Whether the command of `call` was printed by an earlier tool call (a hint, a file read,
    a tool's result; only calls from turn `since` on are read, so successful outputs before
    it stay unread) and never said by the user before it: the environment's text, no lesson."""
    command = _flat(call.tool_input or "")
    if len(command) < MIN_COMMAND_CHARS:
        return False
    earlier = [t for t in turns if t.index < call.index]
    if any(t.kind in _USER and command in _flat(t.text) for t in earlier):
        return False
    return any(t.kind is TurnKind.TOOL_CALL and t.index >= since and t.result is not None
               and command in _flat(t.result.text) for t in earlier)
