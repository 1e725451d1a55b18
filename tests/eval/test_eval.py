"""`skillgit eval` on labelled sets built here: the heuristic engine and a scripted model."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "judge"))

from judge_server import JudgeServer, Shown, judgement

from skillgit.cli import main
from skillgit.demo.eval_set import PLANTED_SECRET, write_eval_set


def run_eval(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["eval", *args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


@pytest.fixture
def labelled(tmp_path: Path) -> Path:
    root = tmp_path / "set"
    write_eval_set(root)
    return root


def test_demo_writes_a_labelled_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--eval", str(tmp_path / "s")]) == 0
    assert (tmp_path / "s" / "expected.yaml").is_file()
    assert PLANTED_SECRET in "".join(p.read_text() for p in (tmp_path / "s").rglob("*.jsonl"))
    assert main(["demo", "--eval", str(tmp_path / "s")]) == 2     # not empty: refused


def test_heuristic_engine_finds_every_lesson(labelled: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, report = run_eval(capsys, str(labelled), "--llm", "heuristic", "--min-recall", "1")
    assert code == 0
    assert report["recall"] == 1.0 and report["spurious"] == [] and report["traps"] == []
    assert report["leaks"] == [] and report["engine"] == "heuristic"


def test_missing_lesson_lowers_recall_and_min_recall_fails(
        labelled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = labelled / "expected.yaml"
    expected.write_text(expected.read_text().replace(
        "lessons:\n", "lessons:\n  - id: never-seen\n    kind: new\n    keywords: [kubectl]\n"))
    code, report = run_eval(capsys, str(labelled), "--llm", "heuristic", "--min-recall", "0.8")
    assert code == 1 and report["recall"] == 0.75 and report["missed"] == ["never-seen"]
    code, _ = run_eval(capsys, str(labelled), "--llm", "heuristic", "--min-recall", "0.75")
    assert code == 0


def test_a_lesson_written_as_the_wrong_kind_is_spurious(
        labelled: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = labelled / "expected.yaml"
    expected.write_text(expected.read_text().replace("kind: update\n    skill: deploy-app",
                                                     "kind: new"))
    code, report = run_eval(capsys, str(labelled), "--llm", "heuristic")
    assert code == 0 and report["missed"] == ["deploy-to-staging-first"]
    assert report["spurious"] == ["skillgit/update/deploy-app"]


def scripted(shown: list[Shown]) -> list[dict]:
    """A model that passes only the pnpm lesson, and the deploy asks as a new skill."""
    out = []
    for n, c in enumerate(shown):
        if c.says("pnpm"):
            out.append(judgement([c], rank=1))
        elif c.says("deploy the app") and c.sessions >= 2:
            out.append(judgement([c], rank=2))
        else:
            out.append(judgement([c], passes=False, rank=3 + n))
    return out


def test_scripted_model_judge(labelled: Path, capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    with JudgeServer(scripted) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        code, report = run_eval(capsys, str(labelled), "--llm", "heuristic",
                                "--judge-llm", "openai", "--judge-model", "judge-m",
                                "--min-recall", "0.5")
        raw = [r.raw for r in server.received]
    assert code == 1                         # 1 of 3 lessons < 0.5
    assert report["found"] == ["pnpm-not-npm"] and report["recall"] == pytest.approx(1 / 3)
    assert len(report["spurious"]) == 1 and report["spurious"][0].startswith("skillgit/new/")
    assert report["judge"] == "openai/judge-m" and report["judge_calls"] == len(raw) >= 1
    assert report["judge_usage"]["input_tokens"] > 0
    assert report["estimated_cost_usd"] is None          # judge-m has no known price
    assert report["leaks"] == []
    assert not any(PLANTED_SECRET in text for text in raw)


@pytest.mark.parametrize(("text", "message"), [
    ("lessons: []\n", "lessons: List should have at least 1 item"),
    ("lessons:\n  - id: a\n    kind: update\n    keywords: [x]\n", "needs the skill"),
    ("lessons:\n  - id: a\n    kind: new\n    keywords: [x]\n    extra: 1\n",
     "lessons.0.extra"),
    ("lessons: [\n", "expected.yaml:"),
    ("- a\n", "top level must be a mapping"),
])
def test_bad_expected_yaml_is_a_usage_error(labelled: Path, text: str, message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (labelled / "expected.yaml").write_text(text)
    assert main(["eval", str(labelled)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
