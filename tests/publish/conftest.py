"""Fixtures for publishing tests: a real git smart-HTTP remote on 127.0.0.1 that requires the
test's token, a GitHub REST stand-in (`github`), and a local repository with skillgit proposal
branches."""

from __future__ import annotations

import secrets
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from github_server import GitHubStub
from gitserver import GitHttpServer

from skillgit.gitops import FileChange, GitRepo
from skillgit.mine.write import DEFAULT_IDENTITY

IDENTITY = DEFAULT_IDENTITY
REVIEWER = "Reviewer <reviewer@example.invalid>"


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture
def token() -> str:
    """A fresh, unguessable token per test (easy to search for in every output)."""
    return f"ghs_{secrets.token_hex(18)}"


@pytest.fixture
def git_server(tmp_path: Path, token: str) -> Iterator[GitHttpServer]:
    """A git smart-HTTP server requiring Basic auth `x-access-token:<token>`."""
    with GitHttpServer(tmp_path / "remotes", token=token) as server:
        yield server


@pytest.fixture
def remote_url(git_server: GitHttpServer) -> str:
    """An empty bare repository `o/r.git` on the server; its http:// URL."""
    git_server.create_repo("o/r.git")
    return git_server.url("o/r.git")


@pytest.fixture
def local(tmp_path: Path) -> Path:
    """A work tree on `main` with one commit."""
    root = tmp_path / "local"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    (root / "README.md").write_text("readme\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "init")
    return root


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


@pytest.fixture
def github() -> Iterator[GitHubStub]:
    """The stand-in: `.url`, `.env`, `.token`, `.log`, `.writes`, `.state`, `.fail_next(…)`,
    `.rate_limit_next(…)`, `.secondary_limit_next(…)`."""
    with GitHubStub() as stub:
        yield stub
