"""Fixtures for publishing tests: a real git smart-HTTP remote on 127.0.0.1 that requires the
test's token, a GitHub REST stand-in (`github`), and a local repository (helpers to write
proposals are in `pushkit`)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from github_server import GitHubStub
from gitserver import GitHttpServer
from publish_world import World, make_world
from pushkit import git
from soak_world import SoakWorld, make_soak


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


@pytest.fixture
def github() -> Iterator[GitHubStub]:
    """The stand-in: `.url`, `.env`, `.token`, `.log`, `.writes`, `.state`, `.fail_next(…)`,
    `.rate_limit_next(…)`, `.secondary_limit_next(…)`."""
    with GitHubStub() as stub:
        yield stub


@pytest.fixture
def stub(token: str) -> Iterator[GitHubStub]:
    with GitHubStub(owner="o", name="r", token=token) as github:
        yield github


@pytest.fixture
def world(tmp_path: Path, token: str, git_server: GitHttpServer, stub: GitHubStub,
          monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> World:
    """A publishing world (`publish_world.make_world`) on the stand-in and the git server."""
    return make_world(tmp_path, token, git_server, stub, monkeypatch, capsys)


@pytest.fixture
def soak(tmp_path: Path, token: str, git_server: GitHttpServer, stub: GitHubStub,
         monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> SoakWorld:
    """The scheduled loop's world (`soak_world.make_soak`): the demo skills repo on the git
    server, the stand-in for `o/r`, the demo sessions."""
    return make_soak(tmp_path, git_server, stub, monkeypatch, capsys)
