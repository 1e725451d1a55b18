"""Acceptance (issue 15): a skill that changes over dated commits, sessions of four agents in their
real formats invoking it before and after; `stats` maps each invocation to the right commit,
counts corrections in the window, reports a never-used skill and ignores an incidental read."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from attrib_sessions import WRITERS, commit, init_repo, read, shell, skill, user

from skillgit.attribution.run import collect
from skillgit.cli import main
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery

DEPLOY_V1 = """---
name: deploy
description: Deploy the shop app to staging. Use when asked to deploy or ship to staging.
---
# Deploy

1. Build with `npm run build`.
2. Run `./scripts/deploy.sh staging`.
"""
DEPLOY_V2 = DEPLOY_V1 + "3. Check https://staging.example.com/health answers 200.\n"
DEPLOY_V3 = DEPLOY_V2.replace("npm run build", "pnpm run build")
LINT = """---
name: lint-rules
description: The shop's lint rules. Use when fixing lint errors.
---
# Lint rules

Run `pnpm lint --fix` first.
"""
OTHER = "---\nname: pdf-tools\ndescription: PDF helpers.\n---\n# PDF tools\n\nUse qpdf.\n"


def day(month: int, d: int, hour: int = 9) -> datetime:
    return datetime(2026, month, d, hour, tzinfo=timezone.utc)


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Any]:
    repo = init_repo(tmp_path / "skills")
    v1 = commit(repo, day(1, 1), {"skills/deploy/SKILL.md": DEPLOY_V1,
                                  "skills/lint-rules/SKILL.md": LINT}, "add deploy, lint")
    v2 = commit(repo, day(2, 1), {"skills/deploy/SKILL.md": DEPLOY_V2}, "deploy: health check")
    commit(repo, day(2, 2), {"README.md": "skills\n"}, "readme")  # no skill change
    v3 = commit(repo, day(3, 1), {"skills/deploy/SKILL.md": DEPLOY_V3}, "deploy: pnpm")
    src = tmp_path / "sessions"
    sessions = [
        # claude, v1 by content: a failing build, a correction, then acceptance
        ("claude-code", "c1", day(1, 15), [
            user("deploy the shop to staging"), skill("deploy", DEPLOY_V1),
            shell("npm run build", "npm ERR! missing script: build", 1),
            user("no, use pnpm here, not npm"), shell("pnpm run build", "built"),
            user("perfect, thanks")]),
        # codex, v2 by content (<skill> injection), a reminder in the window
        ("codex", "x1", day(2, 10), [
            user("deploy to staging please"), skill("deploy", DEPLOY_V2),
            shell("./scripts/deploy.sh staging", "deployed"),
            user("remember to run the database migrations before the deploy script.")]),
        # gemini, v1 by content, accepted
        ("gemini", "g1aaaaaa", day(1, 20), [
            user("ship it to staging"), skill("deploy", DEPLOY_V1),
            shell("./scripts/deploy.sh staging", "deployed"), user("great, that works")]),
        # opencode, v3 by content
        ("opencode", "o1", day(3, 10), [
            user("deploy the shop to staging"), skill("deploy", DEPLOY_V3),
            shell("./scripts/deploy.sh staging", "deployed")]),
        # claude in February, but the installed copy is still v1: content wins over time
        ("claude-code", "c2", day(2, 20), [
            user("deploy the shop to staging"), skill("deploy", DEPLOY_V1),
            shell("./scripts/deploy.sh staging", "deployed")]),
        # codex, a copy installed under another name, matched by content to deploy v2
        ("codex", "x2", day(2, 15), [
            user("staging deploy"), skill("shop-deploy", DEPLOY_V2),
            shell("./scripts/deploy.sh staging", "deployed")]),
        # claude, an older build without the injected text: by name and time (v2)
        ("claude-code", "c4", day(2, 12), [
            user("deploy to staging"), skill("deploy", ""),
            shell("./scripts/deploy.sh staging", "deployed")]),
        # an incidental read of a SKILL.md is no use of lint-rules
        ("claude-code", "c3", day(2, 25), [
            user("review the lint skill's wording"),
            read("/work/skills/skills/lint-rules/SKILL.md", LINT), user("looks fine")]),
        # a skill that is not in this repository
        ("gemini", "g2bbbbbb", day(2, 5), [
            user("merge these PDFs"), skill("pdf-tools", OTHER), shell("qpdf --empty", "ok")]),
    ]
    for agent, sid, start, steps in sessions:
        WRITERS[agent](src, sid, start, steps)
    return {"repo": repo, "src": src, "v1": v1, "v2": v2, "v3": v3}


def stats_json(world: dict[str, Any], capsys: pytest.CaptureFixture[str], *extra: str,
               ) -> dict[str, Any]:
    capsys.readouterr()
    code = main(["stats", "--json", "--repo", str(world["repo"]), "--source", str(world["src"]),
                 *extra])
    out = capsys.readouterr()
    assert code == 0, out.err
    data: dict[str, Any] = json.loads(out.out)
    return data


def test_each_invocation_maps_to_the_right_commit(world: dict[str, Any],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = stats_json(world, capsys)
    assert data["sessions"] == 9
    deploy = next(s for s in data["skills"] if s["skill"] == "deploy")
    by_commit = {v["commit"]: v for v in deploy["versions"]}
    assert set(by_commit) == {world["v1"], world["v2"], world["v3"]}
    assert by_commit[world["v1"]]["invocations"] == 3      # c1, g1, c2 (stale copy)
    assert by_commit[world["v2"]]["invocations"] == 3      # x1, x2 (other name), c4 (by time)
    assert by_commit[world["v3"]]["invocations"] == 1      # o1
    assert by_commit[world["v1"]]["sessions"] == 3
    assert deploy["invocations"] == 7 and deploy["sessions"] == 7


def test_corrections_errors_and_acceptance_in_the_window(
        world: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    deploy = next(s for s in stats_json(world, capsys)["skills"] if s["skill"] == "deploy")
    by_commit = {v["commit"]: v for v in deploy["versions"]}
    v1, v2, v3 = (by_commit[world[k]] for k in ("v1", "v2", "v3"))
    assert (v1["corrections"], v1["errors"], v1["accepted"]) == (1, 1, 2)
    assert v1["correction_rate"] == "1/3"                  # n shown, no percentage at n=3
    assert [q["quote"] for q in v1["corrections_quoted"]] == ["no, use pnpm here, not npm"]
    assert v2["corrections"] == 1
    assert "migrations" in v2["corrections_quoted"][0]["quote"]
    assert (v3["corrections"], v3["errors"]) == (0, 0)


def test_never_used_skill_incidental_read_and_outside_skills(
        world: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    data = stats_json(world, capsys)
    assert data["never_invoked"] == ["lint-rules"]         # the Read of its SKILL.md is no use
    assert [s["skill"] for s in data["skills"]] == ["deploy"]
    assert [s["skill"] for s in data["not_in_repo"]] == ["pdf-tools"]


def test_window_of_one_user_turn_drops_the_later_acceptance(
        world: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    deploy = next(s for s in stats_json(world, capsys, "--window", "1")["skills"]
                  if s["skill"] == "deploy")
    v1 = next(v for v in deploy["versions"] if v["commit"] == world["v1"])
    assert v1["corrections"] == 1 and v1["accepted"] == 1   # c1's "perfect" is the 2nd turn


def test_before_and_after_a_change_inside_the_window(world: dict[str, Any]) -> None:
    now = day(3, 20).timestamp()
    report = collect(world["repo"], SessionQuery(source=world["src"], since_days=45),
                     Redactor(), window=3, now=now)
    deploy = report.skills["deploy"]
    assert [v.commit for v in deploy.changed_in_window] == [world["v3"]]
    assert set(deploy.versions) >= {world["v3"][:7]}


def test_text_output_and_skill_filter(world: dict[str, Any],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["stats", "--repo", str(world["repo"]), "--source", str(world["src"]),
                 "--skill", "lint-rules"]) == 0
    out = capsys.readouterr().out
    assert "never invoked in the window (pruning candidates): lint-rules" in out
    assert "deploy" not in out
    assert main(["stats", "--repo", str(world["repo"]), "--source", str(world["src"])]) == 0
    out = capsys.readouterr().out
    assert f"{world['v1'][:7]} since 2026-01-01" in out and "corrected 1/3" in out
