"""Fixtures for review tests: a skills repository built with real git, and the GitHub REST
stand-in shared with the publishing tests (tests/publish/github_server.py)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "publish"))

from github_server import GitHubStub


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


def skill_md(name: str, description: str, body: str = "Do the thing.\n") -> str:
    return f"---\nname: {name}\ndescription: {description}\n---\n# {name}\n\n{body}"


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")


def commit(root: Path, message: str = "change") -> str:
    git(root, "add", "-A")
    git(root, "commit", "-qm", message)
    return git(root, "rev-parse", "HEAD").strip()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A skills repository on `main` with three valid skills; the test's working directory."""
    root = tmp_path / "skills-repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    write(root, {
        "README.md": "skills\n",
        "skills/pdf-forms/SKILL.md": skill_md(
            "pdf-forms", "Fill PDF forms from JSON data when the user asks for a filled form."),
        "skills/pdf-forms/scripts/fill.py": "print('fill')\n",
        "skills/git-bisect/SKILL.md": skill_md(
            "git-bisect", "Find the commit that introduced a bug with git bisect run."),
        "skills/release-notes/SKILL.md": skill_md(
            "release-notes", "Draft release notes from merged pull requests since a tag."),
    })
    commit(root, "init")
    git(root, "checkout", "-q", "-b", "change")
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def github() -> Iterator[GitHubStub]:
    with GitHubStub() as stub:
        yield stub
