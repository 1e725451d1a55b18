"""One skill installed for several agents: copies of one folder under several agents' roots.

Skill installers write one copy per agent that does not share a folder with the others:
`npx skills add --copy -a claude-code -a codex` writes `.agents/skills/X` (read by Codex,
Gemini CLI, opencode, Cursor, Copilot, ...) and `.claude/skills/X` (Claude Code does not read
`.agents/skills`). Two folders are *copies of one install* when each sits directly in a known
agents' root (`AGENT_ROOTS`) of the same project folder under the same folder name. Identical
copies are one skill (an info finding); copies that differ are a warning naming both; any other
pair of skills sharing a name stays a `duplicate-name` error.

When skillgit edits such a skill it edits the canonical copy (the first root of
`AGENT_ROOTS` present: `.agents/skills`, where most agents read) and writes the same bytes into
the others in the same commit.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Mapping
from pathlib import Path

# Per-agent skill roots inside a project, canonical first (see research: skills-spec.md,
# session-learning-tools.md "where each agent reads skills from").
AGENT_ROOTS: tuple[str, ...] = (
    ".agents/skills",     # Codex, Gemini CLI, opencode, Cursor, Copilot, Amp, Goose, Cline
    ".claude/skills",     # Claude Code (and compat readers)
    ".codex/skills",
    ".gemini/skills",
    ".cursor/skills",
    ".opencode/skills",
    ".opencode/skill",
    ".github/skills",
    ".windsurf/skills",
    ".goose/skills",
    ".junie/skills",
    ".kiro/skills",
    ".roo/skills",
    ".agent/skills",
)

MAX_COMPARED_BYTES = 8 * 1024 * 1024  # a folder larger than this is never called identical


def install_place(directory: str) -> tuple[str, str, str] | None:
    """(project folder, agents' root, folder name) when `directory` (a "/"-separated path)
    sits directly in an agents' root; else None."""
    path = directory.replace(os.sep, "/").rstrip("/")
    parent, _, leaf = path.rpartition("/")
    for root in AGENT_ROOTS:
        if parent == root or parent.endswith("/" + root):
            return parent[: len(parent) - len(root)].rstrip("/"), root, leaf
    return None


def same_install(first: str, second: str) -> bool:
    """Whether two skill folders are copies of one install for different agents."""
    a, b = install_place(first), install_place(second)
    return a is not None and b is not None and a[0] == b[0] and a[2] == b[2] and a[1] != b[1]


def canonical(directories: list[str]) -> str:
    """The copy skillgit edits: the one in the earliest root of AGENT_ROOTS."""
    def rank(directory: str) -> tuple[int, str]:
        place = install_place(directory)
        return (AGENT_ROOTS.index(place[1]) if place else len(AGENT_ROOTS), directory)

    return min(directories, key=rank)


def differing(first: Mapping[str, bytes], second: Mapping[str, bytes]) -> list[str]:
    """Files (relative to the skill folder) whose content differs or that only one holds."""
    return sorted(p for p in set(first) | set(second) if first.get(p) != second.get(p))


def folder_files(folder: Path) -> dict[str, bytes] | None:
    """Every regular file below `folder` (relative "/" paths → bytes); symlinks are compared
    by their target text. None when the folder cannot be read or is too large to compare."""
    out: dict[str, bytes] = {}
    total = 0
    try:
        for here, dirs, files in os.walk(folder, followlinks=False):
            linked = [d for d in dirs if os.path.islink(os.path.join(here, d))]
            dirs[:] = [d for d in dirs if d not in linked]
            for name in [*files, *linked]:
                path = os.path.join(here, name)
                relative = posixpath.join(*Path(os.path.relpath(path, folder)).parts)
                if os.path.islink(path):
                    data = b"symlink:" + os.readlink(path).encode("utf-8", "surrogateescape")
                else:
                    with open(path, "rb") as handle:
                        data = handle.read(MAX_COMPARED_BYTES + 1)
                total += len(data)
                if total > MAX_COMPARED_BYTES:
                    return None
                out[relative] = data
    except (OSError, ValueError):
        return None
    return out


def copy_message(name: str, other: str, changed: list[str] | None) -> str:
    """The finding's text for a copy of skill `name` in `other`: identical (changed == []),
    differing (the files), or not comparable (None)."""
    if changed == []:
        return (f"skill '{name}' is also installed, identical, in {other} (one skill "
                "installed for several agents)")
    if changed is None:
        return (f"skill '{name}' is also installed in {other}, but the copies could not be "
                "compared; keep them equal")
    shown = ", ".join(changed[:5]) + (", ..." if len(changed) > 5 else "")
    return (f"skill '{name}' is also installed in {other}, but the copies differ ({shown}); "
            "make them equal (edit one and copy it, or reinstall)")
