"""The shape every proposed skill is held to, and the LLM prose path held to it too."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))

import pytest
from servers import ScriptedServer
from test_propose import digest
from test_prose import GOOD_BODY, PNPM, answer, run

from skillgit.mine import shape

OLD_DESCRIPTION = ("How the user wants this done, from corrections they repeated: Always run "
                   "'uv sync' and then 'uv run pytest', never pip. Use when working with "
                   "pytest, sync, pip, uv.")
OLD_BODY = """\
# Pytest sync pip

The user corrected this more than once; follow these rules. (Mined by skillgit from 4 sessions.)

## Rules

- Always run 'uv sync' and then 'uv run pytest', never pip.
- Don't use pip here, use uv: 'uv sync' then 'uv run pytest -q'.

## Evidence

- claude-code 2026-10-28 35839537: \u201cno pip, always uv sync then uv run pytest\u201d
"""


def test_the_old_shape_fails_every_check() -> None:
    problems = " | ".join(shape.new_skill_problems(OLD_DESCRIPTION, OLD_BODY))
    for expected in ("date", "quotes the sessions", "Evidence", "how it was mined",
                     "repeats", "list of terms"):
        assert expected in problems, expected


@pytest.mark.parametrize("body", [
    "# X\n\n- Run it.\n\n> no, use pnpm\n",
    "# X\n\n- Run it (session 35839537-aaaa-4bbb-8ccc-0123456789ab).\n",
    "# X\n\n### Sources\n\n- a chat\n",
    "# X\n\nLearned in 3 sessions: run it.\n",
])
def test_provenance_in_any_form_is_a_problem(body: str) -> None:
    assert shape.provenance_problems(body)


@pytest.mark.parametrize(("description", "fine"), [
    ("Runs pnpm install instead of npm install. Use when installing dependencies here.", True),
    ("Runs the tests with uv.", False),                                 # no "Use when"
    ("Runs the tests. Use when working with pytest, uv, sync.", False),  # a bag of terms
    ("Runs tests. Keywords: pytest uv. Use when testing.", False),
    ("Runs the tests. Use when testing. " + "x" * 300, False),           # too long
])
def test_description_rules(description: str, fine: bool) -> None:
    assert (shape.description_problems(description) == []) is fine


def test_distinct_rules_about_one_tool_are_not_repeats() -> None:
    rules = ["Use `pnpm install`, not `npm install`.", "Use `pnpm test`, not `npm test`."]
    assert shape.repeated_rules(rules) == []


def test_a_model_body_with_evidence_is_repaired(repo: Path) -> None:
    with_evidence = GOOD_BODY + "\n## Evidence\n\n- claude-code 2026-11-01: \u201cuse pnpm\u201d\n"
    with ScriptedServer() as server:
        server.queue(answer(description="Use pnpm here. Use when installing.", body=with_evidence),
                     answer(description="Use pnpm here. Use when installing.", body=GOOD_BODY))
        found = run(repo, server, PNPM)
        second = server.received[1].json()["messages"][-1]["content"]
    assert "Evidence" in second and "date" in second
    [p] = found.proposals
    text = next(iter(p.change.files.values())).decode()
    assert "Evidence" not in text and "2026-11-01" not in text


def test_a_model_description_without_use_when_twice_is_dropped(repo: Path) -> None:
    with ScriptedServer() as server:
        server.queue(*[answer(description="All about pnpm, npm, installs, lockfiles.",
                              body=GOOD_BODY)] * 2)
        found = run(repo, server, PNPM)
    assert found.proposals == []
    assert any("Use when" in r.missed and "after one repair" in r.missed for r in found.rejected)


def test_a_models_update_that_repeats_itself_is_repaired(repo: Path) -> None:
    digests = [digest(i, skills=("deploy-app",),
                      corrections=("no, deploy with make deploy-staging first",)) for i in (4, 5)]
    with ScriptedServer() as server:
        server.queue(answer(bullets=["- Deploy with `make deploy-staging` first.",
                                     "- First deploy with `make deploy-staging`."]),
                     answer(bullets=["- Deploy with `make deploy-staging` first."]))
        found = run(repo, server, digests)
        second = server.received[1].json()["messages"][-1]["content"]
    assert "once" in second
    [p] = found.proposals
    new = p.change.files["skills/deploy-app/SKILL.md"].decode()
    assert new.count("make deploy-staging") == 1
