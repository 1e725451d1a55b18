"""Helpers for publishing tests: the skillgit identity, a reviewer's, and proposal branches
written as skillgit writes them (import from here, not from conftest: test directories share
the module name `conftest`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from skillgit.gitops import FileChange, GitRepo
from skillgit.wire.commit import DEFAULT_IDENTITY

IDENTITY = DEFAULT_IDENTITY
REVIEWER = "Reviewer <reviewer@example.invalid>"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


def proposal(repo: Path, skill: str, fingerprint: str, identity: str = IDENTITY,
             base: str | None = None, branch: str | None = None) -> str:
    """Write (or rewrite) the proposal branch skillgit/new/<skill> as skillgit would."""
    name = branch or f"skillgit/new/{skill}"
    with GitRepo(repo) as g:
        parent = base or g.resolve("main")
        message = (f"skills({skill}): add {skill}\n\nWhy: tests.\n\n"
                   f"Skillgit-Proposal: {fingerprint}\nSkillgit-Kind: new\n"
                   f"Skillgit-Skill: {skill}\nSkillgit-Evidence: 3 sessions\n"
                   "Skillgit-Engine: heuristic\n")
        content = f"---\nname: {skill}\n# {fingerprint}\n".encode()
        sha = g.write_commit(parent, [FileChange(f"skills/{skill}/SKILL.md", content)],
                             message, identity)
        g.set_ref(name, sha, g.ref_sha(name), f"propose {skill}")
    return sha
