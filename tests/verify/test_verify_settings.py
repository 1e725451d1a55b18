"""Where verify gets its model and server, and what `mine` says when its verify step cannot
run (issue 26's acceptance, findings 3 and 4): `verify.base_url` is verify's own server (the
distill engine stays what `llm` says), a step that cannot run is a warning naming why with the
proposals written and exit 0, the offline engine's note is in `mine --json`'s notes too, and a
branch mine left unchanged whose commit verify rewrote is shown as `measured`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent_server import AgentServer
from servers import Reply, ScriptedServer

from skillgit.cli import main
from skillgit.demo.run import create_repo
from skillgit.demo.scenarios import write_sessions

BRANCHES = ["skillgit/new/set-pythonpath-for-pytest", "skillgit/new/use-pnpm-not-npm",
            "skillgit/update/deploy-app"]
DEAD = "http://127.0.0.1:9/v1"     # nothing listens there: a request to it fails


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    for name in ("SKILLGIT_LLM", "SKILLGIT_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL",
                 "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "GEMINI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    write_sessions(tmp_path / "sessions")
    create_repo(tmp_path / "repo")
    return tmp_path / "repo", tmp_path / "sessions"


def configure(repo: Path, settings: dict[str, object]) -> None:
    (repo / ".skillgit.yaml").write_text(json.dumps(settings), encoding="utf-8")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def mine(capsys: pytest.CaptureFixture[str], world: tuple[Path, Path],
         *extra: str) -> tuple[int, str, str]:
    repo, sessions = world
    return run(capsys, "mine", "--source", str(sessions), "--repo", str(repo), *extra)


def test_verify_base_url_is_verify_own_server_and_distill_stays_offline(
        world: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    repo, sessions = world
    with AgentServer("follows") as server:
        configure(repo, {"llm": {"name": "heuristic", "base_url": DEAD},
                         "verify": {"llm": "openai", "model": "agent-test",
                                    "base_url": server.url}})
        code, out, err = mine(capsys, world, "--json")
        assert code == 0, err
        report = json.loads(out)
        assert report["verify"]["ran"] is True
        assert report["verify"]["usage"]["calls"] == len(server.received) > 0
        assert report["judge"]["engine"] == "heuristic"       # distill: llm.name, untouched
        assert sorted(p["branch"] for p in report["verify"]["proposals"]) == BRANCHES
        assert all(p["effect"]["without"] == 0 < p["effect"]["with"]
                   for p in report["verify"]["proposals"])
        sent = len(server.received)
        configure(repo, {"llm": {"name": "heuristic"},
                         "verify": {"llm": "openai", "model": "agent-test-2",
                                    "base_url": server.url}})
        code, out, err = run(capsys, "verify", "--json", "--source", str(sessions), "--repo",
                             str(repo), "--samples", "1")
        assert code == 0, err
        assert len(server.received) > sent                    # `skillgit verify` too


def test_a_verify_base_url_for_an_engine_without_one_names_the_key(
        world: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    repo, sessions = world
    configure(repo, {"verify": {"base_url": "http://localhost:11434/v1"}})
    code, _, err = run(capsys, "verify", "--source", str(sessions), "--repo", str(repo),
                       "--llm", "claude-cli", "--model", "m")
    assert code == 2 and "verify.base_url" in err and "Traceback" not in err


@pytest.mark.parametrize(("key", "reason"), [(None, "no API key"), ("sk-fake", "401")])
def test_a_verify_step_that_cannot_run_is_a_warning_and_the_proposals_are_written(
        world: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, key: str | None, reason: str) -> None:
    verify: dict[str, str] = {"llm": "openai", "model": "m"}
    with ScriptedServer() as server:     # what a fake key gets: 401 to every request
        server.queue(*[Reply(401, {"error": {"message": "Incorrect API key provided"}})] * 99)
        if key is not None:
            monkeypatch.setenv("OPENAI_API_KEY", key)
            verify["base_url"] = server.url + "/v1"
        configure(world[0], {"verify": verify})
        code, out, err = mine(capsys, world, "--llm", "heuristic", "--json")
    assert code == 0 and "Traceback" not in err, err
    report = json.loads(out)
    assert sorted(p["status"] for p in report["proposals"]) == ["written"] * 3
    assert report["verify"]["ran"] is False and reason in report["verify"]["problem"]
    [warning] = [line for line in err.splitlines() if "verify did not run" in line]
    assert warning.startswith("skillgit: warning:") and reason in warning
    assert "written without a measured effect" in warning


def test_the_offline_engine_note_is_in_mine_json_notes(
        world: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    configure(world[0], {"verify": {"llm": "heuristic"}})
    code, out, err = mine(capsys, world, "--json")
    assert code == 0, err
    report = json.loads(out)
    notes = [n for n in report["notes"] if "verify needs a model" in n]
    assert len(notes) == 1 and "verify.llm" in notes[0] and "verify" not in report
    assert sum("verify needs a model" in line for line in err.splitlines()) == 1


def test_a_branch_whose_commit_verify_rewrote_is_shown_measured(
        world: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with AgentServer("ignores") as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        code, out, err = mine(capsys, world, "--llm", "heuristic", "--verify-llm", "openai",
                              "--verify-model", "agent-a")
    assert code == 0, err
    assert sorted(line.split()[:2][0] for line in out.splitlines()) == ["written"] * 3
    with AgentServer("follows") as server:   # another model: new figures, same proposals
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        code, out, err = mine(capsys, world, "--llm", "heuristic", "--verify-llm", "openai",
                              "--verify-model", "agent-b")
    assert code == 0, err
    shown = {line.split()[1]: line for line in out.splitlines()}
    assert sorted(shown) == BRANCHES
    for line in shown.values():
        assert line.startswith("measured ") and "(measured: without 0/" in line, line
