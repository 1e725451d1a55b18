"""Control and bidi characters from transcripts are escaped in every output.

A session id, cwd, git branch, model and text carrying CSI (`\\x1b[`), CR, BEL, OSC 52 (writes
the clipboard) and a bidi override (U+202E) go through sessions (list and show, text and
JSON), distill, mine (text, dry run, JSON), proposals (list, show), llm check and errors on
stderr: no output may carry any of them raw.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))

from servers import Reply, ScriptedServer

from skillgit.cli import main
from skillgit.demo.transcripts import (
    assistant,
    claude_code_records,
    shell,
    user,
    write_jsonl,
)
from skillgit.printable import json_printable, printable

EVIL = "\x1b[31m\r\x07\x1b]52;c;ZXZpbA==\x07\u202e\x9b2J\u2066"
# Anything a terminal acts on, or that reorders the text shown (tab and LF are layout).
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e"
                 "\u2060-\u2069\ufeff]")
CLEAN_EVIL = "\x1b[31m\r\x07\x1b]52;c;ZXZpbA==\x07\x9b2J"
START = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)


def assert_clean(text: str) -> None:
    found = RAW.search(text)
    assert found is None, f"raw {found.group(0)!r} in output: {text[:2000]!r}"


def run(capsys: pytest.CaptureFixture[str], *args: str, code: int = 0) -> tuple[str, str]:
    assert main(list(args)) == code, capsys.readouterr()
    out, err = capsys.readouterr()
    assert_clean(out)
    assert_clean(err)
    return out, err


@pytest.fixture
def evil_sessions(isolated_env: Path) -> list[str]:
    """Three sessions repeating one correction, everything in them laced with `EVIL`."""
    ids = []
    for n in range(3):
        sid = f"{n:04d}{EVIL}id"
        steps = [user(f"add a settings page {EVIL} {n}"), assistant(f"Installing {EVIL}."),
                 shell(f"npm install {CLEAN_EVIL}", f"added 300 packages {EVIL}"),
                 user(f"no, use pnpm not npm in this repo {CLEAN_EVIL}"),
                 shell("pnpm install", f"done {EVIL}"), assistant("Done.")]
        records = claude_code_records(sid, f"/home/tester/src/web{EVIL}app",
                                      START + timedelta(days=n), steps)
        for record in records:
            record["gitBranch"] = f"main{EVIL}"
            if isinstance(record.get("message"), dict) and "model" in record["message"]:
                record["message"]["model"] = f"claude{EVIL}"
        write_jsonl(isolated_env / ".claude" / "projects" / "p" / f"{sid}.jsonl", records)
        ids.append(sid)
    return ids


@pytest.fixture
def in_repo(repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(repo)
    return repo


def test_the_helpers_escape_and_keep_json_data() -> None:
    shown = printable(f"a{EVIL}b\tc\nd")
    assert_clean(shown)
    assert "\\x1b[31m" in shown and "\\u202e" in shown and "\\r" in shown and "\\n" in shown
    assert printable("a\nb", multiline=True) == "a\nb" and printable("a\tb") == "a\tb"
    document = json.dumps({"k": EVIL}, ensure_ascii=False, indent=2)
    assert_clean(json_printable(document))
    assert json.loads(json_printable(document)) == {"k": EVIL}


def test_sessions_list_and_show(evil_sessions: list[str],
                                capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "sessions")
    assert out.count("\n") == 4 and "\\u202e" in out  # a header and three rows, escaped
    out, _ = run(capsys, "sessions", "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 3 and "\u202e" in rows[0]["session_id"]  # the data, intact
    out, _ = run(capsys, "sessions", "show", "0001")
    assert "\\u202e" in out and "main" in out and "claude" in out and "pnpm" in out
    out, _ = run(capsys, "sessions", "show", "0001", "--json")
    shown = json.loads(out)
    assert "\u202e" in shown["cwd"] and "\u202e" in shown["git_branch"]
    assert "\u202e" in shown["model"] and "\u202e" in shown["turns"][0]["text"]


def test_distill_text_and_json(evil_sessions: list[str],
                               capsys: pytest.CaptureFixture[str]) -> None:
    out, err = run(capsys, "distill", "--llm", "heuristic")
    assert "pnpm" in out and "digests with heuristic" in err
    out, _ = run(capsys, "distill", "--llm", "heuristic", "--json")
    assert len(out.splitlines()) == 3


def test_mine_and_proposals(evil_sessions: list[str], in_repo: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    out, err = run(capsys, "mine", "--dry-run")
    assert "pnpm" in out, err
    out, _ = run(capsys, "mine", "--json")
    proposal = next(p for p in json.loads(out)["proposals"] if "pnpm" in json.dumps(p))
    out, _ = run(capsys, "proposals")
    assert proposal["branch"] in out
    run(capsys, "proposals", "--json")
    out, _ = run(capsys, "proposals", "show", proposal["branch"])
    assert "pnpm" in out and "\\u202e" in out  # the evidence quote, escaped
    log = subprocess.run(["git", "log", "-1", "--format=%B", proposal["branch"]], cwd=in_repo,
                         capture_output=True, text=True, check=True).stdout
    assert "pnpm" in log


def test_errors_on_stderr(evil_sessions: list[str], tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    _, err = run(capsys, "sessions", "show", f"nope{EVIL}", code=2)
    assert "no session with id" in err
    _, err = run(capsys, "sessions", "--source", str(tmp_path / f"gone{EVIL}"), code=2)
    assert "does not exist" in err and "\\u202e" in err
    bad = tmp_path / f"bad{EVIL}.jsonl"
    bad.symlink_to(bad.name)
    _, err = run(capsys, "sessions", "--source", str(tmp_path))
    assert "symlink loop" in err  # a warning naming the hostile path, escaped


def test_llm_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.chdir(tmp_path)
    with ScriptedServer() as server:
        server.queue(*[Reply(400, {"error": {"message": f"bad model {EVIL}"}})] * 4)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-printable-test-0123456789")
        out, _ = run(capsys, "llm", "check", "--llm", "openai", "--model", f"m{EVIL}", code=2)
        assert "bad model" in out and "\\u202e" in out
        out, _ = run(capsys, "llm", "check", "--llm", "openai", "--model", f"m{EVIL}",
                     "--json", code=2)
        assert json.loads(out)["model"] == f"m{EVIL}"
