"""Mined skills worth merging as written (issue 17), from real-format sessions of each kind:
lean bodies without provenance, one rule per lesson naming the exact commands, names from the
lesson that a re-run repeats, descriptions that say when to use the skill, and updates that
touch only the section they concern."""

from __future__ import annotations

import re
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

import yaml

from skillgit.cli import main
from skillgit.demo.run import run_demo
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
from skillgit.distill.cache import DigestCache
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.mine.naming import legacy_name
from skillgit.mine.run import MineOptions, MineResult, run_mine
from skillgit.proposal import Proposal
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery

CWD = "/srv/acme/webapp"
START = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
DEPLOY = """\
---
name: deploy-app
description: Deploy the web app. Use when asked to deploy.
---

# Deploy the app

## Before you start

- Make sure the tests pass.

## Steps

1. Build the image with `make image`.
2. Run `make deploy`.

## Notes

- Deploys take about five minutes.
"""
_DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


def _mine(tmp_path: Path, sessions: list[tuple[str, list[Step]]]) -> tuple[Path, MineResult]:
    repo = tmp_path / "repo"
    (repo / "skills" / "deploy-app").mkdir(parents=True)
    (repo / "skills" / "deploy-app" / "SKILL.md").write_text(DEPLOY)
    _git(tmp_path, "init", "-q", "-b", "main", str(repo))
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "init")
    root = tmp_path / "sessions"
    for n, (agent, steps) in enumerate(sessions):
        start, sid = START + timedelta(days=n, hours=n), f"{n:08d}-5a9e-4000-8000-{n:012d}"
        if agent == "codex":
            write_jsonl(codex_path(root / "codex", start, sid), codex_records(sid, CWD, start,
                                                                             steps))
        else:
            write_jsonl(claude_code_path(root / "claude", CWD, sid),
                        claude_code_records(sid, CWD, start, steps))
    _distilled, result = run_mine(repo, SessionQuery(source=root), MineOptions(),
                                  HeuristicEngine(), cache=DigestCache(tmp_path / "cache"),
                                  redactor=Redactor(home="/home/tester"))
    return repo, result


def _skill_md(proposal: Proposal) -> tuple[dict[str, str], str]:
    [text] = proposal.change.files.values()
    _, front, body = text.decode().split("---\n", 2)
    return yaml.safe_load(front), body


def assert_lean(proposal: Proposal) -> list[str]:
    """The checks every proposed SKILL.md passes; returns its rule lines."""
    meta, body = _skill_md(proposal)
    for sid in proposal.evidence_sessions:
        assert sid not in body and sid[:8] not in body, sid
    assert not _DATE.search(body)
    assert not re.search(r"^\s*>", body, re.M) and "\u201c" not in body
    assert not re.search(r"^#+\s*evidence", body, re.I | re.M)
    assert "mined" not in body.lower() and "skillgit" not in body.lower()
    description = meta["description"]
    assert "Use when" in description and len(description) <= 300
    assert not re.search(r"(?:[\w.+/-]+, ){2,}[\w.+/-]+\.?$", description), description
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", meta["name"]) and len(meta["name"]) <= 64
    title = next(line for line in body.splitlines() if line.startswith("# "))
    assert title[2].isupper() and title[3:] != title[3:].title(), title   # sentence case
    return [line for line in body.splitlines() if line.startswith("- ")]


def _pnpm(correction: str, ask: str) -> list[Step]:
    return [user(ask), assistant("Installing."),
            shell("npm install", "added 312 packages"), user(correction),
            shell("pnpm install", "Done in 2.1s"), assistant("Done.")]


def _pytest(ask: str) -> list[Step]:
    return [user(ask), shell("pytest tests/", "E   ModuleNotFoundError: No module named 'web'", 1),
            assistant("Setting PYTHONPATH."), shell("PYTHONPATH=src pytest tests/", "42 passed"),
            assistant("All tests pass.")]


def test_repeated_correction(tmp_path: Path) -> None:
    _repo, result = _mine(tmp_path, [
        ("claude-code", _pnpm("no, use pnpm not npm in this repo", "add a settings page")),
        ("codex", _pnpm("don't use npm here, always use pnpm", "fix the login form")),
        ("claude-code", _pnpm("again: pnpm, not npm", "add CSV export to the reports"))])
    [p] = result.found.proposals
    assert p.skill == "use-pnpm-not-npm"
    assert assert_lean(p) == ["- Use `pnpm install`, not `npm install`."]
    assert _skill_md(p)[0]["description"] == (
        "Runs pnpm install instead of npm install. Use when installing dependencies with pnpm "
        "or npm here.")


def test_environment_failure_and_fix(tmp_path: Path) -> None:
    _repo, result = _mine(tmp_path, [("codex", _pytest("run the tests")),
                                     ("claude-code", _pytest("make the user tests pass"))])
    [p] = result.found.proposals
    assert p.skill == "set-pythonpath-for-pytest"
    [rule] = assert_lean(p)
    assert rule.startswith("- Run `PYTHONPATH=src pytest tests/` instead of `pytest tests/`, "
                           "which fails here with `ModuleNotFoundError")


def test_repeated_ask(tmp_path: Path) -> None:
    ask = "regenerate the TypeScript API client from openapi/spec.yaml"
    _repo, result = _mine(tmp_path, [
        ("claude-code", [user(ask), shell("npx openapi-typescript openapi/spec.yaml", "ok"),
                         assistant("Regenerated.")]) for _ in range(3)])
    [p] = result.found.proposals
    assert p.skill == "regenerate-typescript-api-client-from-openapi"
    assert assert_lean(p) == [
        "- Regenerate the TypeScript API client from openapi/spec.yaml."]
    assert _skill_md(p)[0]["description"].endswith(f"Use when asked to {ask}.")


def test_update_touches_only_the_section_it_concerns(tmp_path: Path) -> None:
    def deploy(correction: str) -> list[Step]:
        return [user("deploy the app"), skill("deploy-app"), shell("make deploy", "..."),
                user(correction), shell("make deploy-staging", "staging is live"),
                assistant("Deployed to staging.")]
    repo, result = _mine(tmp_path, [
        ("claude-code", deploy("no, deploy with make deploy-staging first")),
        ("codex", deploy("use make deploy-staging instead, never straight to prod"))])
    [p] = result.found.proposals
    assert (p.kind, p.skill) == ("update", "deploy-app")
    diff = _git(repo, "diff", "-U0", "main", p.branch)
    changed = [ln for ln in diff.splitlines()[4:] if ln[:1] in "+-" and not ln.startswith("@@")]
    # the step is amended, never followed by a second step contradicting it (issue 25)
    assert changed == ["-2. Run `make deploy`.",
                       "+2. Run `make deploy-staging` (not `make deploy`)."]
    new = _git(repo, "show", f"{p.branch}:skills/deploy-app/SKILL.md")
    assert new == DEPLOY.replace("2. Run `make deploy`.\n",
                                 "2. Run `make deploy-staging` (not `make deploy`).\n")
    message = _git(repo, "log", "-1", "--format=%B", p.branch)  # provenance stays in git
    assert "make deploy-staging first" in message and "00000000" in message


def test_demo_skills_are_lean_and_named_the_same_on_a_re_run(tmp_path: Path) -> None:
    _repo, _distilled, first = run_demo(tmp_path / "one")
    _repo, _distilled, second = run_demo(tmp_path / "two")
    names = [p.skill for p in first.found.proposals]
    assert names == [p.skill for p in second.found.proposals]
    assert {"use-pnpm-not-npm", "set-pythonpath-for-pytest", "deploy-app"} == set(names)
    # the names an earlier skillgit gave them (a rejection under those still counts)
    assert {legacy_name(p.verdict.candidate) for p in first.found.proposals if p.kind == "new"} \
        == {"pnpm-npm", "pytest-modulenotfounderror-pythonpath"}
    for one, two in zip(first.found.proposals, second.found.proposals, strict=True):
        assert one.change.files == two.change.files
        if one.kind == "new":
            rules = assert_lean(one)
            assert len(rules) == 1 and rules[0].count("`") >= 4    # the exact commands


def test_demo_reports_the_context_cost(tmp_path: Path, capsys) -> None:
    assert main(["demo", "--dir", str(tmp_path / "demo")]) == 0
    out = capsys.readouterr().out
    assert "always loaded (name + description)" in out
    costs = {m.group(3): (int(m.group(1)), int(m.group(2)))
             for m in re.finditer(r"^\s+(\d+)\s+(\d+)\s+([a-z0-9-]+)$", out, re.M)}
    assert set(costs) == {"use-pnpm-not-npm", "set-pythonpath-for-pytest", "deploy-app"}
    # today's figures (before issue 17: 34/104, 71/150): lean bodies, short descriptions
    assert costs["use-pnpm-not-npm"][0] < 34 and costs["use-pnpm-not-npm"][1] < 60
    assert costs["set-pythonpath-for-pytest"][0] < 71 and costs[
        "set-pythonpath-for-pytest"][1] < 100
