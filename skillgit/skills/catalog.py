"""The always-loaded skill catalog an agent sees: `<available_skills>` XML (skills-ref format)."""

from __future__ import annotations

import html
from collections.abc import Iterable

from skillgit.skills.model import Skill


def to_prompt(skills: Iterable[Skill]) -> str:
    """Render name, description and location of each skill, escaping name and description."""
    lines = ["<available_skills>"]
    for skill in skills:
        lines += [
            "<skill>",
            "<name>", html.escape((skill.name or skill.directory_name).strip()), "</name>",
            "<description>", html.escape((skill.description or "").strip()), "</description>",
            "<location>", str(skill.skill_md), "</location>",
            "</skill>",
        ]
    lines.append("</available_skills>")
    return "\n".join(lines)
