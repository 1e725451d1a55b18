"""Acceptance (issue 15): corrections made while a skill is in use become exactly one `update`
of that skill, never a new skill; the diff only adds the missing fact; the commit message and
PR body carry the skill's usage figures by version."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from attrib_sessions import WRITERS, Step, commit, init_repo, shell, skill, user

from skillgit.distill.cache import DigestCache
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.mine.run import MineOptions, MineResult, run_mine
from skillgit.mine.signals import signals_from
from skillgit.mine.write import commit_message
from skillgit.publish.body import render_body
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery, iter_conversations

DEPLOY = """---
name: deploy
description: Deploy the shop app to staging. Use when asked to deploy or ship to staging.
---
# Deploy

1. Build with `pnpm run build`.
2. Run `./scripts/deploy.sh staging`.
"""
DEPLOY_OLD = DEPLOY.replace("pnpm", "npm")

CORRECTION = "no, you have to run ./scripts/migrate.sh before deploy.sh"
STATEMENT = "The deploy needs ./scripts/migrate.sh to run first."
REMINDER = "remember to run ./scripts/migrate.sh before the deploy script."


def day(month: int, d: int) -> datetime:
    return datetime(2026, month, d, 9, tzinfo=timezone.utc)


def session(ask: str, said: str, shown: str = DEPLOY) -> list[Step]:
    return [user(ask), skill("deploy", shown),
            shell("./scripts/deploy.sh staging", "error: pending migrations", 1),
            user(said), shell("./scripts/migrate.sh && ./scripts/deploy.sh staging", "deployed"),
            user("thanks")]


def mine(tmp_path: Path, sessions: list[tuple[str, str, datetime, list[Step]]],
         ) -> tuple[Path, str, MineResult]:
    repo = init_repo(tmp_path / "skills")
    commit(repo, day(1, 1), {"skills/deploy/SKILL.md": DEPLOY_OLD}, "add deploy")
    base = commit(repo, day(2, 1), {"skills/deploy/SKILL.md": DEPLOY}, "deploy: pnpm")
    src = tmp_path / "sessions"
    for agent, sid, start, steps in sessions:
        WRITERS[agent](src, sid, start, steps)
    _, result = run_mine(repo, SessionQuery(source=src), MineOptions(), HeuristicEngine(),
                         cache=DigestCache(tmp_path / "cache"), redactor=Redactor())
    return repo, base, result


THREE_PHRASINGS = [
    ("claude-code", "c1", day(2, 10), session("deploy the shop to staging", CORRECTION)),
    ("codex", "x1", day(2, 12), session("ship the shop to staging", STATEMENT)),
    ("gemini", "g1aaaaaa", day(2, 14), session("staging deploy of the shop please", REMINDER)),
]


@pytest.mark.parametrize("sessions", [
    THREE_PHRASINGS,
    # each phrasing alone, in two sessions of other agents
    [("opencode", "o1", day(2, 10), session("deploy the shop to staging", STATEMENT)),
     ("claude-code", "c2", day(2, 11), session("ship it to staging", STATEMENT))],
    [("codex", "x2", day(2, 10), session("deploy the shop to staging", REMINDER)),
     ("gemini", "g2bbbbbb", day(2, 11), session("ship it to staging", REMINDER))],
    [("claude-code", "c3", day(2, 10), session("deploy the shop to staging", CORRECTION)),
     ("opencode", "o2", day(2, 11), session("ship it to staging", CORRECTION))],
], ids=["three-phrasings", "statement", "reminder", "correction"])
def test_exactly_one_update_that_only_adds_the_fact(
        tmp_path: Path, sessions: list[tuple[str, str, datetime, list[Step]]]) -> None:
    _repo, base, result = mine(tmp_path, sessions)
    proposals = result.found.proposals
    assert [(p.kind, p.skill) for p in proposals] == [("update", "deploy")]
    [proposal] = proposals
    new = proposal.change.files["skills/deploy/SKILL.md"].decode()
    old_lines, new_lines = DEPLOY.splitlines(), new.splitlines()
    assert new.startswith(DEPLOY)                          # every byte kept, lines only added
    added = new_lines[len(old_lines):]
    assert any("migrate.sh" in line for line in added)     # the missing fact is there
    assert all(not line.strip() or line.startswith("#") or "migrate" in line.lower()
               for line in added), added                 # and nothing but the fact
    message = commit_message(proposal)
    assert f"current version {base[:7]}" in message
    assert f"{len(sessions)} session(s), {len(sessions)} invocation(s), corrected " \
           f"{len(sessions)}/{len(sessions)}" in message
    body = render_body(proposal, None, 10)
    assert "### Usage by version" in body and base[:7] in body


def test_a_correction_outside_the_window_is_not_in_use(tmp_path: Path) -> None:
    late = [user("deploy the shop to staging"), skill("deploy", DEPLOY),
            shell("./scripts/deploy.sh staging", "deployed"), user("now update the README"),
            shell("git add README.md"), user("add a changelog entry"),
            shell("git add CHANGELOG.md"), user("bump the version"), shell("git tag v2"),
            user("no, you have to run ./scripts/migrate.sh before deploy.sh")]
    src = tmp_path / "s"
    WRITERS["claude-code"](src, "c5", day(2, 10), late)
    [conversation] = iter_conversations(SessionQuery(source=src), Redactor())
    digest, _ = HeuristicEngine().distill(conversation)
    [correction] = [s for s in signals_from([digest]) if s.kind == "correction"]
    assert (correction.skill, correction.in_use) == (None, False)   # 4th user turn after it
    [inside] = [s for s in signals_from([digest], window=4) if s.kind == "correction"]
    assert (inside.skill, inside.in_use) == ("deploy", True)


def test_usage_cites_the_version_in_use(tmp_path: Path) -> None:
    sessions = [("claude-code", "c7", day(1, 20), session("deploy the shop to staging",
                                                          CORRECTION, DEPLOY_OLD)),
                ("codex", "x7", day(2, 20), session("ship the shop to staging", REMINDER))]
    _, base, result = mine(tmp_path, sessions)
    [proposal] = result.found.proposals
    usage = "\n".join(proposal.usage)
    assert f"current version {base[:7]}" in usage and "earlier version" in usage
    assert "corrected 1/1" in usage


def test_a_repeated_ask_the_skill_covers_is_no_new_skill(tmp_path: Path) -> None:
    ask = [user("run ./scripts/deploy.sh staging to deploy the shop"),
           shell("./scripts/deploy.sh staging", "deployed"), user("thanks")]
    _, _, result = mine(tmp_path, [("claude-code", "c8", day(2, 10), ask),
                                   ("codex", "x8", day(2, 11), ask),
                                   ("gemini", "g8aaaaaa", day(2, 12), ask)])
    assert [p.kind for p in result.found.proposals if p.kind == "new"] == []
    assert any("overlaps skill 'deploy'" in r.missed for r in result.found.rejected)
