"""`skillgit demo`: a throwaway skills repository, sample sessions, one offline mining run."""

from __future__ import annotations

import tempfile
from pathlib import Path

from skillgit.demo.scenarios import DEPLOY_SKILL, write_sessions
from skillgit.distill.cache import DigestCache
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.run import DistillResult
from skillgit.errors import UsageError
from skillgit.gitobjects.new_repo import create_repository
from skillgit.mine.run import MineOptions, MineResult, run_mine
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery
from skillgit.wire.commit import DEFAULT_IDENTITY

README = """\
# Demo skills repository

Created by `skillgit demo`. `skills/deploy-app` is an existing skill; the sample sessions in
`../sessions` are what a week of agent work could look like. Proposal branches:

    skillgit proposals
    git log -p skillgit/new/<name>
"""


def _refuse_existing(path: Path) -> None:
    """A usage error unless `path` is free: missing, or an empty directory."""
    if path.is_dir() and not any(path.iterdir()):
        return
    if path.exists() or path.is_symlink():
        raise UsageError(f"{path} exists and is not empty; choose another --dir")


def create_repo(path: Path) -> None:
    """A skills repository with one skill and one commit on `main`."""
    path = path.absolute()  # dulwich's `add` reads a relative path from the repository
    _refuse_existing(path)
    path.mkdir(parents=True, exist_ok=True)
    (path / "skills" / "deploy-app").mkdir(parents=True)
    (path / "skills" / "deploy-app" / "SKILL.md").write_text(DEPLOY_SKILL, encoding="utf-8")
    (path / "README.md").write_text(README, encoding="utf-8")
    create_repository(path, [path / "README.md", path / "skills" / "deploy-app" / "SKILL.md"],
                      "Add the deploy-app skill\n", DEFAULT_IDENTITY)


def run_demo(where: Path | None = None) -> tuple[Path, DistillResult, MineResult]:
    """Create `<where>/skills-repo` and `<where>/sessions`, then mine them offline."""
    root = (where or Path(tempfile.mkdtemp(prefix="skillgit-demo-"))).absolute()
    repo = root / "skills-repo"
    for path in (repo, root / "sessions", root / "cache"):  # all checked before any is written
        _refuse_existing(path)
    create_repo(repo)
    sessions = root / "sessions"
    write_sessions(sessions)
    distilled, result = run_mine(
        repo, SessionQuery(source=sessions), MineOptions(), HeuristicEngine(),
        cache=DigestCache(root / "cache"), redactor=Redactor.from_environment())
    return repo, distilled, result
