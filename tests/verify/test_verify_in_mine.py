"""The verify step inside `mine` and what `publish` makes of it (the issue's acceptance, through
the Action's two commands): against a scripted model on 127.0.0.1 whose next action depends
only on whether the skill's rule is in its prompt, every proposal of the demo's planted-lesson
corpus carries the right "without a/n, with b/n" in its commit and its pull request; an
unchanged re-run makes no request and no write; no request carries unredacted text. With no
model configured for verify nothing changes; with the offline engine it is one note."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent_server import AgentServer
from soak_world import SoakWorld

from skillgit.redact.screen import secret_findings

# the demo's proposals and their replay cases (one per evidence item)
CASES = {"skillgit/new/use-pnpm-not-npm": 3, "skillgit/new/set-pythonpath-for-pytest": 2,
         "skillgit/update/deploy-app": 2}
SAMPLES = 3    # verify.samples' default
HOME_PATH = re.compile(r"/home/|/Users/")


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout


def checkout(soak: SoakWorld, name: str) -> Path:
    """A fresh clone of the team's skills repository, as the scheduled Action makes."""
    clone = soak.root / name
    git(soak.root, "clone", "-q", f"file://{soak.bare}", str(clone))
    git(clone, "remote", "set-url", "origin", soak.url)
    soak.monkeypatch.chdir(clone)
    return clone


def mine(soak: SoakWorld, *extra: str) -> tuple[int, dict, str]:
    return soak._cli(["mine", "--json", "--llm", "heuristic", "--source", str(soak.sessions),
                      *extra])


def expected(branch: str) -> str:
    n = CASES[branch] * SAMPLES
    return f"without 0/{n}, with {n}/{n}"


def test_mine_measures_each_proposal_and_publish_shows_it(soak: SoakWorld) -> None:
    clone = checkout(soak, "ci")
    with AgentServer("follows") as server:
        soak.monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        verify = ("--verify-llm", "openai", "--verify-model", "agent-test")
        code, report, err = mine(soak, *verify)
        assert code == 0, err
        assert sorted(p["branch"] for p in report["proposals"]) == sorted(CASES)
        assert len(server.received) == 2 * SAMPLES * sum(CASES.values())
        assert report["verify"]["usage"]["calls"] == len(server.received)
        for branch in CASES:
            message = git(clone, "log", "-1", "--format=%B", branch)
            assert f"\nSkillgit-Effect: {expected(branch)}\n" in message, branch
            sha = next(p["sha"] for p in report["proposals"] if p["branch"] == branch)
            assert sha == git(clone, "rev-parse", branch).strip()   # the reworded commit
        for request in server.received:          # every message passed the final screen
            for message in request.json()["messages"]:
                assert not secret_findings(message["content"])
                assert not HOME_PATH.search(message["content"])
        code, _, err = soak._cli(["publish", "--json", "--max-open", "5"])
        assert code == 0, err
        for branch in CASES:
            body = str(soak.pull_for(branch)["body"])
            assert f"<!-- skillgit:effect={expected(branch)} -->" in body
            assert "### Measured effect" in body and "No measured effect" not in body
        heads, sent, log = soak.heads(), len(server.received), len(soak.github.log)
        # an unchanged re-run of the scheduled job: no request, no commit, no PR write
        checkout(soak, "ci-again")
        code, again, err = mine(soak, *verify)
        assert code == 0 and len(server.received) == sent, err
        assert again["verify"]["usage"]["calls"] == 0
        assert again["verify"]["cached"] == sent
        assert {p["status"] for p in again["proposals"]} == {"unchanged"}
        code, _, err = soak._cli(["publish", "--json", "--max-open", "5"])
        assert code == 0, err
    assert soak.heads() == heads
    assert [e for e in soak.github.log[log:] if e.is_write] == []


def test_no_model_for_verify_changes_nothing_and_the_offline_engine_is_one_note(
        soak: SoakWorld) -> None:
    with AgentServer("follows") as server:
        soak.monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        clone = checkout(soak, "plain")
        code, report, err = mine(soak)
        assert code == 0 and server.received == [] and "verify" not in report
        assert "verify" not in err
        for branch in CASES:
            assert "Skillgit-Effect" not in git(clone, "log", "-1", "--format=%B", branch)
        clone = checkout(soak, "offline")
        (clone / ".skillgit.yaml").write_text(json.dumps({"verify": {"llm": "heuristic"}}))
        code, report, err = mine(soak)
        assert server.received == []
    assert code == 0 and sorted(p["status"] for p in report["proposals"]) == ["written"] * 3
    notes = [line for line in err.splitlines() if "verify needs a model" in line]
    assert len(notes) == 1 and "verify.llm" in notes[0]
    assert "proposals are written without a measured effect" in notes[0]
    for branch in CASES:
        assert "Skillgit-Effect" not in git(clone, "log", "-1", "--format=%B", branch)
