"""Reading coding-agent transcripts into the normalized model in `model.py`.

`ADAPTERS` maps an agent name to its adapter module (see `model.Adapter` for the shape
every adapter module exposes: AGENT, default_roots, discover, sniff, parse).
"""

from __future__ import annotations

from skillgit.transcripts import claude_code, codex, cursor, gemini, opencode
from skillgit.transcripts.model import Adapter, Conversation, ToolResult, Turn, TurnKind

ADAPTERS: dict[str, Adapter] = {
    claude_code.AGENT: claude_code,
    codex.AGENT: codex,
    gemini.AGENT: gemini,
    opencode.AGENT: opencode,
    cursor.AGENT: cursor,
}

__all__ = ["ADAPTERS", "Adapter", "Conversation", "ToolResult", "Turn", "TurnKind"]
