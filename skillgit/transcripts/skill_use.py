"""Skill invocations in a `Conversation`: which skill was loaded, at which turn, and how.

An invocation is the agent's own skill loader at work: Claude Code's ``Skill`` tool or a typed
``/skill`` whose body was injected, Gemini CLI's ``activate_skill``, opencode's ``skill`` tool,
Codex's injected ``<skill>`` block (a ``$skill`` mention). A plain read of some SKILL.md is not
(it is how agents edit or review skills, too) — except for agents whose only way to load a skill
the model picked itself is to read its file (Codex, Cursor), and then only an installed skill: a
SKILL.md outside the session's project (``$CODEX_HOME/skills``, ``~/.agents/skills``, a plugin
cache) or in a hidden folder of it (``.agents/skills``), never one of the project's own files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from skillgit.digest import SkillUse
from skillgit.transcripts.model import Conversation, Turn, TurnKind

READ = "SKILL.md read"
# Upper bound of an outcome window, in user turns (the configured K is at most this).
MAX_WINDOW = 10
USER_KINDS = frozenset({TurnKind.USER, TurnKind.SLASH_COMMAND})
# Agents with no loader tool for skills the model picks itself: it reads the SKILL.md.
READ_LOADS = frozenset({"codex", "cursor"})
# `/<hidden folder>/…/<name>/SKILL.md`, or a plugin cache: an installed skill, not project text.
_INSTALLED = re.compile(r"(?:^|/)\.[A-Za-z]|/plugins/cache/")


@dataclass(frozen=True)
class Invocation:
    """One skill load: `turn` is the SKILL turn's index in the conversation."""

    skill: str
    turn: int
    how: str
    at: datetime | None = None
    content_sha: str | None = None


def invocations(conversation: Conversation) -> list[Invocation]:
    """Every skill invocation in `conversation`, in order (a SKILL.md read only where it is the
    agent's way to load a skill, see the module docs)."""
    found: list[Invocation] = []
    last_call: Turn | None = None
    for turn in conversation.turns:
        if turn.kind is TurnKind.TOOL_CALL:
            last_call = turn
            continue
        if turn.kind is not TurnKind.SKILL or not turn.skill_name or turn.skill_name == "?":
            continue
        if turn.result is not None and turn.result.is_error:
            continue  # the loader failed (unknown skill, refused): nothing was loaded
        how = turn.invoked_by or "skill"
        if how == READ and not _loads_by_reading(conversation, turn.skill_name, last_call):
            continue
        found.append(Invocation(skill=turn.skill_name, turn=turn.index, how=how,
                                at=turn.timestamp or conversation.started_at,
                                content_sha=turn.skill_sha))
    return found


def following_user_turns(conversation: Conversation, after: int,
                         limit: int = MAX_WINDOW) -> list[int]:
    """Indices of the first `limit` turns the user wrote after turn `after`."""
    found: list[int] = []
    for turn in conversation.turns[after + 1:]:
        if turn.kind in USER_KINDS and turn.text.strip():
            found.append(turn.index)
            if len(found) >= limit:
                break
    return found


def skill_uses(conversation: Conversation) -> list[SkillUse]:
    """The invocations as the digest keeps them: with the user turns that followed each."""
    return [SkillUse(skill=i.skill, turn=i.turn, how=i.how, at=i.at, content_sha=i.content_sha,
                     next_user_turns=following_user_turns(conversation, i.turn))
            for i in invocations(conversation)]


def skills_invoked(conversation: Conversation) -> list[str]:
    """Names of the skills invoked, in order of first use, without repeats."""
    return list(dict.fromkeys(i.skill for i in invocations(conversation)))


def _loads_by_reading(conversation: Conversation, skill: str, call: Turn | None) -> bool:
    if conversation.agent not in READ_LOADS or call is None or not call.tool_input:
        return False
    marker = f"/{skill}/SKILL.md"
    text = call.tool_input
    at = text.find(marker)
    while at >= 0:
        start = max(text.rfind(c, 0, at) for c in " \t\n'\"=;&|(") + 1
        if _installed(text[start:at + 1], conversation.cwd):
            return True
        at = text.find(marker, at + 1)
    return False


def _installed(folder: str, cwd: str | None) -> bool:
    """A skills folder in a hidden folder or plugin cache, or outside the project."""
    if _INSTALLED.search(folder):
        return True
    if not folder.startswith(("/", "~")):
        return False  # relative: the project's own file
    project = (cwd or "").rstrip("/")
    return not project or not (folder == project + "/" or folder.startswith(project + "/"))
