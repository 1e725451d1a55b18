"""`skillgit distill`: JSON Lines on stdout, summary on stderr, cache reuse, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from servers import Reply, ScriptedServer
from sessionkit import sample_session

from skillgit.cli import main
from skillgit.digest import Digest
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery, iter_conversations


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no .skillgit.yaml from the developer's checkout
    return tmp_path


def _lines(text: str) -> list[Digest]:
    """Each line a digest, after the `version` key every JSON document starts with."""
    rows = [json.loads(line) for line in text.splitlines()]
    assert all(row.pop("version") == 1 for row in rows)
    return [Digest.model_validate(row) for row in rows]


def test_json_lines_then_a_cached_rerun(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = workdir / "sessions"
    for number in range(3):
        sample_session(f"cli-{number}", topic=f"area {number}").write(folder)
    args = ["distill", "--source", str(folder), "--json", "--llm", "heuristic"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    digests = _lines(out)
    assert sorted(d.session_id for d in digests) == ["cli-0", "cli-1", "cli-2"]
    assert all(d.engine == "heuristic" for d in digests)
    assert "0 cached, 3 computed (3 engine calls)" in err
    assert main(args) == 0
    out_again, err_again = capsys.readouterr()
    assert sorted(out_again.splitlines()) == sorted(out.splitlines())
    assert "3 cached, 0 computed (0 engine calls)" in err_again
    assert main([*args, "--refresh"]) == 0
    assert "3 computed (3 engine calls)" in capsys.readouterr().err


def test_text_listing_shows_feedback_with_turns(workdir: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = workdir / "sessions"
    sample_session("text-1").write(folder)
    assert main(["distill", "--source", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("claude-code text-1")
    assert 'user correction [4]: "no, put the tests in tests/unit instead of tests/"' in out
    assert "env failure-then-fix [1]:" in out


def test_every_corpus_conversation_gets_one_digest(
        workdir: Path, corpus_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = corpus_dir / "transcripts"
    expected = sorted(c.session_id for c in iter_conversations(
        SessionQuery(source=source), Redactor.from_environment()) if c.user_turns)
    assert main(["distill", "--source", str(source), "--json", "--workers", "2"]) == 0
    out, err = capsys.readouterr()
    assert sorted(d.session_id for d in _lines(out)) == expected
    assert "Traceback" not in err


def test_unreachable_engine_exits_2_with_a_message(
        workdir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = workdir / "sessions"
    sample_session("net-1").write(folder)
    with ScriptedServer() as server:
        server.queue(Reply(401, {"error": {"message": "invalid api key"}}))
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key-000000000000")
        code = main(["distill", "--source", str(folder), "--json", "--llm", "openai",
                     "--model", "test-model"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "skillgit: error: openai" in err and "sk-test-not-a-real-key" not in err
    assert "0 digests with openai/test-model" in err


def test_unknown_engine_is_a_usage_error(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["distill", "--source", str(workdir), "--llm", "no-such-engine"]) == 2
    assert "no-such-engine" in capsys.readouterr().err


def test_json_output_is_only_digests(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = workdir / "sessions"
    sample_session("pure-1").write(folder)
    assert main(["distill", "--source", str(folder), "--json"]) == 0
    for line in capsys.readouterr().out.splitlines():
        assert set(json.loads(line)) == {"version", *Digest.model_fields}
