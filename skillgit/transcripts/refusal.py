"""Whether a tool result says the user refused, cancelled or aborted the call.

Every agent words it its own way: Claude Code ("The user doesn't want to proceed with this tool
use. The tool use was rejected…", "The user rejected permission…"), Codex ("exec command
rejected by user"), Gemini CLI ("Command was cancelled by user…", "Tool call cancelled by the
user"), opencode ("aborted by the user"), and Codex's bare "aborted" for a call the user
interrupted. Such a message is the whole result, so only its
head is read: a long output that merely quotes these words later on is no refusal. Parsing
sets `ToolResult.rejected` from the raw head, so readers need not read (and so redact) the
texts of every result to find the few refusals.
"""

from __future__ import annotations

import re

HEAD_CHARS = 400
_REFUSED = re.compile(
    r"doesn't want to proceed|tool use was rejected"
    r"|\buser (?:rejected|denied|declined|cancel+ed|aborted)\b"
    r"|\b(?:rejected|denied|declined|cancel+ed|aborted) by (?:the )?user\b", re.IGNORECASE)


def refused_by_user(text: str) -> bool:
    """Whether the head of a tool result says the user refused the call."""
    head = text[:HEAD_CHARS]
    lowered = head.lower()
    if lowered.strip() == "aborted":
        return True  # Codex's whole output for a call the user interrupted or turned down
    if "user" not in lowered and "rejected" not in lowered:
        return False  # every message names the user or the rejection; this costs ~1 µs
    return _REFUSED.search(head) is not None
