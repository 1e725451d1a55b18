"""Progress on long runs: stage, count of total, rate and ETA on a terminal; quiet in CI and in
pipes; every long stage of `mine` (distilling, grouping, judging) reports."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest

from skillgit import stages
from skillgit.cli import main
from skillgit.cli.progress import Progress, duration, status_line, wanted
from skillgit.demo.scenarios import write_sessions


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("args", "line"), [
    (("distilling", 1234, 4000, "sessions", 30.0),
     "distilling: 1,234/4,000 sessions  (30%, 41.1/s, ETA 1m07s)"),
    (("judging", 3, 40, "candidates", 0.1), "judging: 3/40 candidates  (7%)"),
    (("judging", 40, 40, "candidates", 10.0), "judging: 40/40 candidates  (100%, 4.0/s)"),
    (("grouping 4,000 sessions", 0, None, "", 3.0), "grouping 4,000 sessions…"),
    (("distilling", 7, 5, "sessions", 1.0), "distilling: 7 sessions  (7.0/s)"),
])
def test_status_line(args: tuple[str, int, int | None, str, float], line: str) -> None:
    assert status_line(*args) == line


def test_duration() -> None:
    assert [duration(s) for s in (9.4, 67, 7500)] == ["9s", "1m07s", "2h05m"]


def test_a_terminal_sees_stage_count_rate_and_eta_redrawn_in_place() -> None:
    clock, out = Clock(), Tty()
    progress = Progress(enabled=True, stream=out, clock=clock)
    with stages.listening(progress):
        stages.begin("distilling", 4, "sessions")
        clock.now += 1.0
        stages.advance()
        clock.now += 1.0
        stages.advance()
        stages.advance()     # within 1/8 s of the last draw: not redrawn
        stages.begin("judging", 2, "candidates")
    stages.advance()         # outside the block: nobody listens
    progress.done()
    drawn = out.getvalue().split("\r")
    assert "distilling: 1/4 sessions  (25%, 1.0/s, ETA 3s)" in drawn
    assert "distilling: 2/4 sessions  (50%, 1.0/s, ETA 2s)" in drawn
    assert not any(d.startswith("distilling: 3/4") for d in drawn)
    assert any(d.startswith("judging: 0/2 candidates") for d in drawn)
    assert drawn[-1] == "" and drawn[-2].strip() == ""     # wiped at the end


def test_quiet_in_ci_and_in_pipes() -> None:
    assert wanted(Tty(), {}) is True
    assert wanted(Tty(), {"CI": "true"}) is False
    assert wanted(Tty(), {"CI": "false"}) is True
    assert wanted(io.StringIO(), {}) is False
    out = io.StringIO()
    progress = Progress(enabled=False, stream=out)
    progress.begin("distilling", 3, "sessions")
    progress.advance()
    progress.done()
    assert out.getvalue() == ""


def test_mine_reports_every_long_stage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    sessions = tmp_path / "sessions"
    files = write_sessions(sessions)
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True)
    subprocess.run(["git", "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q",
                    "--allow-empty", "-m", "init"], cwd=repo, check=True)
    monkeypatch.chdir(repo)
    monkeypatch.setattr("skillgit.cli.mine.wanted", lambda: True)   # as on a terminal
    assert main(["mine", "--source", str(sessions), "--llm", "heuristic", "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert f"\rdistilling: 0/{len(files)} sessions" in err
    assert f"distilling: {len(files)}/{len(files)} sessions" in err
    assert f"\rgrouping {len(files)} sessions…" in err
    assert "\rjudging: 0/" in err and " candidates" in err
    assert main(["mine", "--source", str(sessions), "--llm", "heuristic", "--dry-run",
                 "--json"]) == 0
    assert "\r" not in capsys.readouterr().err                    # --json: no status line
