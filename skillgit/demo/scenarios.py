"""The sample sessions `skillgit demo` mines: a week of work on one small web app.

Written for skillgit, in the real Claude Code and Codex formats. They hold a correction the
user repeats, an environment failure with the fix that worked, corrections made while an
existing skill was in use, and one-off sessions that must not become skills.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from skillgit.demo.transcripts import (
    Step,
    assistant,
    claude_code_path,
    claude_code_records,
    codex_path,
    codex_records,
    shell,
    skill,
    user,
    write_jsonl,
)

DEPLOY_SKILL = """\
---
name: deploy-app
description: Deploy the web app. Use when the user asks to deploy, ship or release the app.
---

# Deploy the app

1. Make sure the tests pass.
2. Run `make deploy`.
"""

START = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)


def _pnpm(ask: str, correction: str) -> list[Step]:
    return [user(ask), assistant("I'll install the dependencies first."),
            shell("npm install", "added 312 packages in 9s"),
            user(correction), shell("pnpm install", "Done in 2.1s"),
            assistant("Switched to pnpm and finished the change.")]


def _pytest(ask: str) -> list[Step]:
    return [user(ask), shell("pytest tests/",
                             "E   ModuleNotFoundError: No module named 'webapp'", 1),
            assistant("The package is not importable from the tests; setting PYTHONPATH."),
            shell("PYTHONPATH=src pytest tests/", "42 passed in 3.1s"),
            assistant("All tests pass.")]


def _deploy(correction: str) -> list[Step]:
    return [user("deploy the app"), skill("deploy-app"), shell("make deploy", "deploying..."),
            user(correction), shell("make deploy-staging", "staging is live"),
            assistant("Deployed to staging.")]


SESSIONS: list[tuple[str, str, list[Step]]] = [
    ("claude-code", "add a settings page", _pnpm(
        "add a settings page with a dark mode toggle",
        "no, use pnpm not npm in this repo")),
    ("claude-code", "fix the login form", _pnpm(
        "fix the login form validation",
        "don't use npm here, always use pnpm")),
    ("codex", "csv export", _pnpm(
        "add CSV export to the reports page", "again: pnpm, not npm")),
    ("codex", "tests 1", _pytest("run the tests and fix what fails")),
    ("claude-code", "tests 2", _pytest("make the user service tests pass")),
    ("claude-code", "deploy 1", _deploy("no, deploy with make deploy-staging first")),
    ("codex", "deploy 2", _deploy("use make deploy-staging instead, never straight to prod")),
    ("claude-code", "one-off", [user("rename the footer link to Contact us"),
                                assistant("Renamed it."), user("thanks")]),
]


def write_sessions(root: Path, cwd: str = "/srv/acme/webapp") -> list[Path]:
    """Write every sample session below `root` in its agent's layout; returns the files."""
    paths = []
    for n, (agent, _label, steps) in enumerate(SESSIONS):
        start = START + timedelta(days=n // 2, hours=n)
        session = f"{n:08d}-de00-4000-8000-{n:012d}"
        if agent == "claude-code":
            path = claude_code_path(root / "claude", cwd, session)
            paths.append(write_jsonl(path, claude_code_records(session, cwd, start, steps)))
        else:
            path = codex_path(root / "codex", start, session)
            paths.append(write_jsonl(path, codex_records(session, cwd, start, steps)))
    return paths
