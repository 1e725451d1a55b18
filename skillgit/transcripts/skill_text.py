"""Content keys of skill text: the same key for a SKILL.md and for what an agent was shown of it.

Agents show a loaded skill to the model wrapped in their own markup, usually without the YAML
frontmatter: Claude Code as ``Base directory for this skill: DIR`` then the body (and
``ARGUMENTS: …`` when the skill was given arguments), Codex as ``<skill><name>…</name>
<path>…</path>FILE</skill>``, Gemini CLI as ``<activated_skill name=…><instructions>BODY
</instructions>…``, opencode as ``<skill_content name=…>…BODY…</skill_content>``. `skill_key`
reduces any of these, and a SKILL.md file itself, to its body with the frontmatter dropped and
trailing spaces and blank edge lines removed; `shown_skill_sha` hashes that. A copy of a skill
installed anywhere (by ``gh skill``, ``npx skills`` or by hand) has the key of the version it
was copied from. Only the hash leaves the parser, never the text.
"""

from __future__ import annotations

import hashlib
import re

_FRONTMATTER = re.compile(r"\A\ufeff?---[ \t]*\r?\n.*?\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)
_INSTRUCTIONS = re.compile(r"<instructions>\s*\n?(.*?)\s*</instructions>", re.DOTALL)
_CODEX = re.compile(r"\A<skill>\s*(?:<name>.*?</name>\s*)?(?:<path>.*?</path>)?(.*?)</skill>\s*\Z",
                    re.DOTALL)
_OPENCODE = re.compile(r"\A<skill_content\b[^>]*>(.*?)(?:</skill_content>\s*\Z|\Z)", re.DOTALL)
_OPENCODE_HEAD = re.compile(r"\A\s*# Skill: [^\n]*\n")
_OPENCODE_TAIL = re.compile(r"\n\s*(?:Base directory for this skill:|<skill_files>).*\Z", re.DOTALL)
_CLAUDE_HEAD = "Base directory for this skill:"
_CLAUDE_ARGUMENTS = re.compile(r"\n\s*ARGUMENTS: [^\n]*\s*\Z")


def skill_key(text: str) -> str:
    """The body of a SKILL.md (frontmatter dropped), normalized for comparison."""
    text = _FRONTMATTER.sub("", text.replace("\r\n", "\n").lstrip(), count=1)
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def sha_of_key(key: str) -> str | None:
    return hashlib.sha256(key.encode("utf-8")).hexdigest() if key else None


def file_sha(data: bytes) -> str | None:
    """The content key hash of a SKILL.md file's bytes."""
    return sha_of_key(skill_key(data.decode("utf-8", "replace")))


def shown_body(text: str) -> str | None:
    """The skill body inside an agent's wrapper, or None when `text` is no known wrapper."""
    stripped = text.strip()
    if stripped.startswith(_CLAUDE_HEAD):
        _, _, rest = stripped.partition("\n")
        return _CLAUDE_ARGUMENTS.sub("", rest)
    if stripped.startswith("<skill>"):
        match = _CODEX.match(stripped)
        return match.group(1) if match else None
    if stripped.startswith("<activated_skill"):
        found = _INSTRUCTIONS.search(stripped)
        return found.group(1) if found else None
    if stripped.startswith("<skill_content"):
        match = _OPENCODE.match(stripped)
        if match is None:
            return None
        return _OPENCODE_TAIL.sub("", _OPENCODE_HEAD.sub("", match.group(1), count=1))
    return None


def shown_skill_sha(text: str | None) -> str | None:
    """The content key hash of the skill text an agent showed, None when none is recognised."""
    body = shown_body(text) if text else None
    return sha_of_key(skill_key(body)) if body is not None else None
