"""No secret leaves skillgit: the tests' secrets corpus (`tests/redact/secret_kinds.py`) placed
in user text, tool input and tool output across three sessions (Claude Code and Codex), then
`sessions show`, `distill` and `mine` end to end in a real git repository, with the heuristic
engine and with an OpenAI-compatible engine on a local server that logs every request.

Checked for every kind, for the secret and every 8-character piece of it: stdout and stderr
of each command, every file under the cache directory, every object in the git object store
(`git cat-file --batch-all-objects`), and every request the server received.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "redact"))

from secret_kinds import KINDS, Kind
from servers import ScriptedServer, openai_reply
from sweep_kinds import CASES
from test_secret_kinds import leaked
from test_sweep import OPEN

from skillgit.cli import main
from skillgit.demo.transcripts import (
    Step,
    assistant,
    claude_code_path,
    claude_code_records,
    codex_path,
    codex_records,
    shell,
    user,
    write_jsonl,
)

ALL_KINDS = [*KINDS, *(Kind(case.name, case.group, case.secret, "{secret}".join(
    part.replace("{", "{{").replace("}", "}}") for part in case.line.split(case.secret)))
    for case in CASES if case.name not in OPEN)]
"""The tests' secrets corpus and the adversarial sweep's cases (`tests/redact/sweep_kinds.py`)."""
CWD = "/home/tester/src/webapp"
START = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)


def _steps(n: int) -> list[Step]:
    steps: list[Step] = [user("add a settings page"), assistant("Installing."),
                         shell("npm install", "added 300 packages")]
    for kind in ALL_KINDS:
        # a config file's lines are pasted on lines of their own, as test_sweep.py places them
        joint = ":\n" if kind.group == "config" else ", "
        steps += [user(f"for the record{joint}{kind.line}"),
                  shell(kind.line, f"ran: {kind.line}\nok"),
                  assistant("Noted.")]
    steps += [user(f"no, use pnpm not npm in this repo ({KINDS[n].line})"),
              shell("pnpm install", "done"), assistant("Done.")]
    return steps


def _sessions(home: Path) -> list[str]:
    ids = []
    for n, agent in enumerate(("claude-code", "codex", "claude-code")):
        sid = f"{n:08d}-5ec0-4000-8000-{n:012d}"
        start = START + timedelta(days=n)
        if agent == "codex":
            write_jsonl(codex_path(home / ".codex", start, sid),
                        codex_records(sid, CWD, start, _steps(n)))
        else:
            write_jsonl(claude_code_path(home / ".claude", CWD, sid),
                        claude_code_records(sid, CWD, start, _steps(n)))
        ids.append(sid)
    return ids


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True, errors="replace").stdout


@pytest.fixture
def skills_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "skills"
    (root / "skills").mkdir(parents=True)
    (root / "skills" / "README.md").write_text("skills\n")
    _git(tmp_path, "init", "-q", "-b", "main", str(root))
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "init")
    monkeypatch.chdir(root)
    return root


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(list(args))
    captured = capsys.readouterr()
    assert code == 0, captured.err
    return captured.out + captured.err


def _grams(text: str) -> set[str]:
    """Every 8-character piece of `text`."""
    return {text[i:i + 8] for i in range(len(text) - 7)}


def _leaks(where: str, text: str) -> list[str]:
    grams = _grams(text)
    return [f"{where}: {kind.name}: {pieces[:2]}" for kind in ALL_KINDS
            if (pieces := _leaked(kind.secret, text, grams))]


def _leaked(secret: str, text: str, grams: set[str]) -> list[str]:
    """`leaked(secret, text)` (test_secret_kinds.py), its 8-character pieces looked up in
    `grams`, the text's own, instead of searched for one by one (~9,000 searches a text)."""
    pieces = {secret} | {secret[i:i + 8] for i in range(max(0, len(secret) - 7))}
    return sorted(piece for piece in pieces if piece.strip() and (
        piece in grams if len(piece) == 8 else piece in text))


def test_pieces_looked_up_are_the_pieces_searched_for() -> None:
    texts = ["", "short", "x" * 7, *(kind.line for kind in ALL_KINDS[:40])]
    secrets = ["", "abc", "        ", "abcdefgh", *(kind.secret for kind in ALL_KINDS[:40])]
    found = 0
    for text in texts:
        grams = _grams(text)
        for secret in secrets:
            for sample in (text, text[3:-3], text.replace(secret[2:10], "") if secret else text):
                expected = leaked(secret, sample)
                assert _leaked(secret, sample, _grams(sample)) == expected, (secret, sample)
                found += bool(expected)
            assert _leaked(secret, text, grams) == leaked(secret, text)
    assert found > 40   # the comparison saw leaks, not only clean texts


def _everything_written(repo: Path, home: Path) -> list[tuple[str, str]]:
    places = [(f"cache {p}", p.read_text(errors="replace"))
              for p in sorted(home.rglob("*")) if p.is_file() and "cache" in str(p)]
    objects = subprocess.run(["git", "cat-file", "--batch-all-objects", "--batch"], cwd=repo,
                             check=True, capture_output=True).stdout
    places.append(("git objects", objects.decode("utf-8", "replace")))
    return places


def _check(repo: Path, home: Path, outputs: list[tuple[str, str]]) -> None:
    found: list[str] = []
    for where, text in outputs + _everything_written(repo, home):
        found += _leaks(where, text)
    assert found == [], "\n".join(found[:40])


def test_no_secret_leaks_with_the_heuristic_engine(
        skills_repo: Path, isolated_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ids = _sessions(isolated_env)
    outputs = [(f"sessions show {sid}", _run(capsys, "sessions", "show", sid)) for sid in ids]
    assert all(text.count("REDACTED:") >= len(KINDS) for _, text in outputs)
    outputs.append(("sessions", _run(capsys, "sessions")))
    outputs.append(("distill", _run(capsys, "distill", "--json")))
    mined = _run(capsys, "mine", "--json")
    outputs.append(("mine", mined))
    summary = json.loads(mined.splitlines()[0])
    assert summary["proposals"], summary  # something was written to check
    withheld = [(r["title"], r["missed"]) for r in summary.get("rejected", [])
                if "withheld" in r.get("missed", "")]
    assert withheld == []
    outputs.append(("mine --dry-run", _run(capsys, "mine", "--dry-run", "--refresh")))
    _check(skills_repo, isolated_env, outputs)
    branch = summary["proposals"][0]["branch"]
    assert "REDACTED:" in _git(skills_repo, "log", "-1", "--format=%B", branch) + _git(
        skills_repo, "show", branch)


def _digest_answer() -> str:
    return json.dumps({"topics": ["settings page"], "tasks": [], "env_feedback": [],
                       "user_feedback": []})


def test_no_secret_reaches_an_engine_request(
        skills_repo: Path, isolated_env: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _sessions(isolated_env)
    with ScriptedServer() as server:
        server.queue(*[openai_reply(_digest_answer()) for _ in range(40)])
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        outputs = [("distill", _run(capsys, "distill", "--json", "--llm", "openai",
                                    "--model", "test-model")),
                   ("mine", _run(capsys, "mine", "--json", "--llm", "openai",
                                 "--model", "test-model"))]
        requests = [request.raw for request in server.received]
    assert len(requests) >= 3  # one per session at least
    assert sum("REDACTED:" in raw for raw in requests) >= 3  # transcript text was sent
    outputs += [(f"request {i}", raw) for i, raw in enumerate(requests)]
    _check(skills_repo, isolated_env, outputs)


def test_no_proposal_from_the_real_corpus_is_withheld(
        skills_repo: Path, isolated_env: Path, capsys: pytest.CaptureFixture[str],
        corpus_dir: Path) -> None:
    """The final screen must not cost a legitimate proposal: mining the real transcripts
    withholds none."""
    out = _run(capsys, "mine", "--json", "--dry-run", "--max", "50",
               "--source", str(corpus_dir / "transcripts"))
    summary = json.loads(out.splitlines()[0])
    reasons = [r.get("missed", "") for r in summary.get("rejected", [])]
    assert summary["proposals"] or reasons  # the corpus was mined
    assert [reason for reason in reasons if "withheld" in reason] == []


def test_no_proposal_of_the_demo_is_withheld(tmp_path: Path, isolated_env: Path) -> None:
    from skillgit.demo.run import run_demo

    _repo, _distilled, result = run_demo(tmp_path / "demo")
    assert result.found.proposals  # the demo proposes skills
    withheld = [r.missed for r in result.found.rejected if "withheld" in r.missed]
    assert withheld == []
