"""`sessions show` prints the home folder as `~`: file, cwd, text and tool paths, text and JSON,
also when HOME is a symlink and the agent recorded the resolved folder."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from skillgit.cli import main
from skillgit.demo.transcripts import assistant, claude_code_records, shell, user, write_jsonl


def _session(home: Path, recorded_home: str) -> None:
    project = f"{recorded_home}/src/app"
    steps = [user(f"edit {project}/x.py please"),
             shell(f"cat {project}/x.py", f"cat: {project}/x.py: No such file", 1),
             assistant(f"Created {project}/x.py")]
    records = claude_code_records("abcd-1234", project, datetime(2026, 1, 1, tzinfo=timezone.utc),
                                  steps)
    write_jsonl(home / ".claude" / "projects" / "p" / "abcd-1234.jsonl", records)


def _show(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["sessions", "show", "abcd", *extra]) == 0
    out, err = capsys.readouterr()
    return out + err


@pytest.mark.parametrize("symlinked", [False, True], ids=["home", "symlinked-home"])
def test_show_prints_the_home_folder_as_tilde(isolated_env: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch, symlinked: bool,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    real = isolated_env.resolve()
    _session(real, str(real))
    if symlinked:
        link = tmp_path / "home-link"
        link.symlink_to(real)
        monkeypatch.setenv("HOME", str(link))
    home = str(real)
    text = _show(capsys)
    assert home not in text and "/home-link" not in text
    assert "file:     ~/.claude/projects/p/abcd-1234.jsonl" in text
    assert "cwd:      ~/src/app" in text and "$ cat ~/src/app/x.py" in text
    assert "edit ~/src/app/x.py please" in text
    document = _show(capsys, "--json")
    assert home not in document and "/home-link" not in document
    shown = json.loads(document)
    assert shown["source_path"] == "~/.claude/projects/p/abcd-1234.jsonl"
    assert shown["cwd"] == "~/src/app"


def test_warnings_show_the_home_folder_as_tilde(isolated_env: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    loop = isolated_env / ".claude" / "projects" / "p" / "loop.jsonl"
    loop.parent.mkdir(parents=True)
    loop.symlink_to(loop.name)
    assert main(["sessions"]) == 0
    err = capsys.readouterr().err
    assert "could not read ~/.claude/projects/p/loop.jsonl: symlink loop" in err
    assert str(isolated_env) not in err
