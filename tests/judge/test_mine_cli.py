"""`skillgit mine` with heuristic digests and a model judge (--judge-llm or judge.llm)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from judge_server import JudgeServer, Shown, is_judge, judgement

from skillgit.cli import main
from skillgit.demo.scenarios import write_sessions


def decide(shown: list[Shown]) -> list[dict]:
    """Pass pnpm and the pytest fix; extend deploy-app with the staging correction."""
    out = []
    for n, c in enumerate(shown, 1):
        if c.sessions < 2:
            out.append(judgement([c], passes=False, rank=n))
        elif c.says("make deploy-staging"):
            out.append(judgement([c], kind="update", skill="deploy-app", rank=n))
        else:
            out.append(judgement([c], passes=c.says("pnpm") or c.says("PYTHONPATH"), rank=n))
    return out


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def mine(capsys: pytest.CaptureFixture[str], repo: Path, sessions: Path,
         *extra: str) -> tuple[int, dict, str]:
    code = main(["mine", "--repo", str(repo), "--source", str(sessions), "--llm", "heuristic",
                 "--json", *extra])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out.strip() else {}, captured.err


@pytest.fixture
def sessions(tmp_path: Path) -> Path:
    write_sessions(tmp_path / "sessions")
    return tmp_path / "sessions"


@pytest.mark.parametrize("flavour", ["openai", "anthropic"])
def test_heuristic_digests_judged_by_a_model(skills_repo: Path, sessions: Path, flavour: str,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    with JudgeServer(decide, flavour) as server:
        monkeypatch.setenv(f"{flavour.upper()}_BASE_URL", server.url + "/v1")
        if flavour == "anthropic":
            monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-" + "0" * 20)
        code, report, err = mine(capsys, skills_repo, sessions, "--judge-llm", flavour,
                                 "--judge-model", "judge-m")
        calls = len(server.received)
        assert all(is_judge(r) for r in server.received)
        again, second, _ = mine(capsys, skills_repo, sessions, "--judge-llm", flavour,
                                "--judge-model", "judge-m")
        assert len(server.received) == calls                     # all from the cache
    assert code == again == 0
    assert report["judge"]["engine"] == f"{flavour}/judge-m" and report["judge"]["calls"] == calls
    assert report["judge"]["cost_usd"] is None and f"judge {flavour}/judge-m" in err
    assert "estimated cost unknown" in err
    assert second["judge"]["calls"] == 0 and second["judge"]["cached"] > 0
    assert {p["status"] for p in second["proposals"]} == {"unchanged"}
    branches = {p["branch"]: p for p in report["proposals"]}
    assert "skillgit/update/deploy-app" in branches
    assert all(p["judged_by"] == f"{flavour}/judge-m" for p in branches.values())
    message = git(skills_repo, "log", "-1", "--format=%B", "skillgit/update/deploy-app")
    assert f"Skillgit-Engine: {flavour}/judge-m" in message
    assert f"Why ({flavour}/judge-m judged)" in message
    assert "- Room to do better: yes, The user corrected the agent each time. (cites " in message
    assert "- generic-advice: does not fire" in message


def test_judge_from_config(skills_repo: Path, sessions: Path,
                           capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    (skills_repo / ".skillgit.yaml").write_text("judge:\n  llm: openai\n  model: gpt-4.1-mini\n")
    with JudgeServer(decide) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        code, report, err = mine(capsys, skills_repo, sessions, "--dry-run")
        model = server.received[0].json()["model"]
    assert code == 0 and model == "gpt-4.1-mini"
    assert report["judge"]["engine"] == "openai/gpt-4.1-mini"
    assert report["judge"]["cost_usd"] > 0 and "estimated cost $" in err


def test_heuristic_judge_makes_no_call(skills_repo: Path, sessions: Path,
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with JudgeServer(decide) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        code, report, _ = mine(capsys, skills_repo, sessions, "--judge-llm", "heuristic",
                               "--dry-run")
        assert server.received == []
    assert code == 0 and report["judge"] == {"engine": "heuristic", "calls": 0}


def test_judge_model_without_a_model_engine_is_a_usage_error(
        skills_repo: Path, sessions: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = mine(capsys, skills_repo, sessions, "--judge-model", "x")
    assert code == 2 and "--judge-llm" in err


def test_a_distill_only_engine_cannot_judge(skills_repo: Path, sessions: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = mine(capsys, skills_repo, sessions, "--judge-llm", "no-such-engine")
    assert code == 2 and "unknown engine" in err
