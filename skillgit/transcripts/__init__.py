"""Reading coding-agent transcripts into the normalized model in `model.py`.

`ADAPTERS` maps an agent name to its adapter module (see `model.Adapter` for the shape).
"""

from __future__ import annotations

from skillgit.transcripts.model import Adapter, Conversation, ToolResult, Turn, TurnKind

ADAPTERS: dict[str, Adapter] = {}

__all__ = ["ADAPTERS", "Adapter", "Conversation", "ToolResult", "Turn", "TurnKind"]
