"""`skillgit eval --verify-llm`: the measured effect of each expected skill of a labelled set,
the same figures `skillgit verify` writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agent_server import AgentServer

from skillgit.cli import main
from skillgit.demo.eval_set import PLANTED_SECRET, write_eval_set

LESSONS = {"pnpm-not-npm": 3, "pythonpath-for-tests": 2, "deploy-to-staging-first": 2}


@pytest.mark.parametrize(("behaviour", "with_skill"), [("follows", True), ("ignores", False)])
def test_eval_reports_the_effect_of_each_expected_skill(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        behaviour: str, with_skill: bool) -> None:
    write_eval_set(tmp_path / "set")
    (tmp_path / "set" / ".skillgit.yaml").write_text("verify:\n  samples: 1\n")
    monkeypatch.chdir(tmp_path / "set")
    with AgentServer(behaviour) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        code = main(["eval", str(tmp_path / "set"), "--llm", "heuristic", "--verify-llm",
                     "openai", "--verify-model", "agent-test", "--json"])
        raw = [r.raw for r in server.received]
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["recall"] == 1.0
    assert report["effects"] == {lesson: f"without 0/{n}, with {n if with_skill else 0}/{n}"
                                 for lesson, n in LESSONS.items()}
    assert len(raw) == 2 * sum(LESSONS.values())
    assert not any(PLANTED_SECRET in text for text in raw)


def test_eval_without_a_model_for_verify_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_eval_set(tmp_path / "set")
    code = main(["eval", str(tmp_path / "set"), "--llm", "heuristic", "--verify-llm",
                 "heuristic"])
    assert code == 2 and "verify needs a model" in capsys.readouterr().err
