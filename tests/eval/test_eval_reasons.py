"""Answers that say why: `eval` gives each missed lesson the gate's or the screen's reason (text
and `--json`), and a candidate the safety screen withheld whole is still said to be seen in
the sessions it came from — never "0 sessions" — in stderr, `--json` and commit messages."""

from __future__ import annotations

import json
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.demo.eval_set import write_eval_set
from skillgit.demo.scenarios import write_sessions
from skillgit.demo.transcripts import (
    claude_code_path,
    claude_code_records,
    shell,
    user,
    write_jsonl,
)
from skillgit.eval.labelled import Lesson
from skillgit.eval.score import Proposed, Turned, why_missed

CWD = "/srv/acme/webapp"


def write_unsafe_lesson(sessions: Path, times: int = 3) -> None:
    """The same lesson in `times` sessions, one the safety screen withholds whole (it weakens
    a safeguard: TLS verification off)."""
    for i in range(times):
        sid = f"0000000{i}-de00-4000-8000-0000000000a{i}"
        steps = [user("fetch the build artifacts from the internal server"),
                 shell("curl https://artifacts.acme.internal/build.tgz -o build.tgz",
                       "curl: (60) SSL certificate problem: unable to get local issuer "
                       "certificate", 60),
                 user("no, always pass --insecure to curl here, the certificate is self-signed"),
                 shell("curl --insecure https://artifacts.acme.internal/build.tgz -o b.tgz", "ok")]
        write_jsonl(claude_code_path(sessions / "claude", CWD, sid),
                    claude_code_records(sid, CWD, datetime(2026, 3, i + 1, 9, tzinfo=timezone.utc),
                                        steps))


def test_why_missed_names_the_gate_the_screen_or_the_wrong_kind() -> None:
    lesson = Lesson(id="l", kind="new", keywords=["pnpm"])
    turned = [Turned(texts="use pnpm, not npm\nno, pnpm here", reason="not repeatable: seen once"),
              Turned(texts="deploy", reason="one-time setup step")]
    assert why_missed(lesson, [], turned) == "not repeatable: seen once"
    wrong = Proposed(branch="skillgit/update/x", kind="update", skill="x", text="use pnpm")
    assert why_missed(lesson, [wrong], []) == \
        "proposed as update x on skillgit/update/x, expected new"
    said = why_missed(lesson, [], [], not_listed=4, withheld={"weakening a safeguard": 3})
    assert said.startswith("no candidate of the run held its keywords (pnpm)")
    assert "the safety screen withheld 3 quote(s) of this run (weakening a safeguard: 3)" in said
    assert "4 lower-ranked candidate(s) were neither judged nor listed" in said


def test_eval_gives_each_missed_lesson_a_reason(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "set"
    expected = write_eval_set(root)
    write_unsafe_lesson(root / "sessions")
    expected.write_text(expected.read_text().replace("lessons:\n", (
        "lessons:\n  - id: insecure-curl\n    kind: new\n    keywords: [insecure]\n"
        "  - id: fetch-artifacts\n    kind: new\n    keywords: [artifacts]\n")))
    assert main(["eval", str(root), "--llm", "heuristic", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["missed"] == ["insecure-curl", "fetch-artifacts"]
    why = report["why_missed"]
    # each of the 3 sessions gives two withheld quotes: the user's rule and the fix it gives
    # (the failed `curl` with the flag the user said to pass)
    assert "the safety screen withheld 6 quote(s)" in why["insecure-curl"]
    assert "weakening a safeguard" in why["insecure-curl"]
    assert "no room to do better" in why["fetch-artifacts"]      # the gate's dimension
    assert main(["eval", str(root), "--llm", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "missed 2:" in out
    assert f"  - fetch-artifacts: {why['fetch-artifacts']}" in out


def test_a_withheld_candidate_is_seen_in_its_sessions(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    sessions = tmp_path / "sessions"
    write_sessions(sessions, CWD)          # the demo's lessons: proposals whose commits list
    write_unsafe_lesson(sessions)          # the rejected candidates, the withheld one among them
    repo = tmp_path / "repo"
    repo.mkdir()
    for args in (["init", "-q", "-b", "main"],
                 ["-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "--allow-empty",
                  "-m", "init"]):
        subprocess.run(["git", *args], cwd=repo, check=True)
    monkeypatch.chdir(repo)
    assert main(["mine", "--source", str(sessions), "--llm", "heuristic", "--json"]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    withheld = [r for r in result["rejected"] if r["title"].startswith("(withheld")]
    assert withheld and all(r["sessions"] == 3 for r in withheld), result["rejected"]
    assert "(0 sessions)" not in err and "(withheld: unsafe content)\u201d (3 sessions)" in err
    messages = subprocess.run(["git", "log", "--all", "--format=%B"], cwd=repo, check=True,
                              capture_output=True, text=True).stdout
    assert "(withheld: unsafe content)\u201d (3 sessions)" in messages
    assert "0 sessions" not in messages and "(1 sessions)" not in messages + err
