"""Map each skill invocation to the version of the repository's skill it used.

By content first: when the transcript shows the skill's text, its content key is looked up
among every SKILL.md blob in the base branch's history (a copy installed by `gh skill`,
`npx skills` or by hand, under any name, matches the version it was copied from). Else by name:
the version current on the base branch at the invocation's time. A plugin-qualified name
(`plugin:skill`) also matches its last part. Skills the repository never had are reported
apart (`in_repo` False).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from skillgit.attribution.history import SkillHistory, SkillVersion
from skillgit.attribution.outcome import Outcome, outcome
from skillgit.digest import Digest, SkillUse
from skillgit.transcripts.model import Conversation


@dataclass(frozen=True)
class Attributed:
    """One invocation with its session, the repository skill and version, and its outcome."""

    agent: str
    session_id: str
    skill: str                 # the repository's name when matched, else the invoked name
    at: datetime | None
    version: SkillVersion | None
    matched_by: str            # content | time | none
    in_repo: bool
    outcome: Outcome


def repo_name(history: SkillHistory, invoked: str) -> str | None:
    if invoked in history.versions:
        return invoked
    tail = invoked.rsplit(":", 1)[-1].rsplit("/", 1)[-1]
    return tail if tail in history.versions else None


def resolve(history: SkillHistory, use: SkillUse,
            when: datetime | None) -> tuple[str, SkillVersion | None, str, bool]:
    """(skill name, version, matched by, whether the repository has this skill)."""
    name = repo_name(history, use.skill)
    by_content = history.by_content(use.content_sha, name)
    if by_content is not None:
        return by_content.skill, by_content, "content", True
    if name is None:
        return use.skill, None, "none", False
    return name, history.at(name, use.at or when), "time", True


def attribute_digest(history: SkillHistory, digest: Digest, k: int,
                     conversation: Conversation | None = None) -> list[Attributed]:
    """Every invocation of one session, attributed, with its outcome window."""
    uses: Sequence[SkillUse] = digest.skill_uses
    out = []
    for number, use in enumerate(uses):
        skill, version, matched_by, in_repo = resolve(history, use, digest.started_at)
        result = outcome(use, k, digest.user_feedback, digest.tasks, conversation,
                         later=uses[number + 1:])
        out.append(Attributed(agent=digest.agent, session_id=digest.session_id, skill=skill,
                              at=use.at or digest.started_at, version=version,
                              matched_by=matched_by, in_repo=in_repo, outcome=result))
    return out
