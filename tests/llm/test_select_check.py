"""`skillgit llm check`: what it reports, its exit codes, and that keys never show."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import Reply, ScriptedServer, openai_reply

from skillgit.cli import main

KEY = "sk-check-SECRET-abcdef0123456789"


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    with ScriptedServer() as running:
        yield running


@pytest.fixture(autouse=True)
def in_empty_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "empty-bin").mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))  # no agent CLI to detect
    return work


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["llm", "check", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def use_server(monkeypatch: pytest.MonkeyPatch, server: ScriptedServer) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
    monkeypatch.setenv("SKILLGIT_MODEL", "tiny-model")


def test_heuristic_default_exits_0_with_a_hint(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0
    assert out.splitlines()[0] == "engine:   heuristic (default: no LLM configured)"
    assert "status:   ok (built in, offline, no LLM calls)" in out
    assert "To use an LLM: set OPENAI_API_KEY" in out
    code, out, _ = run(capsys, "--json")
    report = json.loads(out)
    assert code == 0 and report["engine"] == "heuristic" and report["ok"] is True


def test_openai_that_answers(capsys: pytest.CaptureFixture[str], server: ScriptedServer,
                             monkeypatch: pytest.MonkeyPatch,
                             caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    use_server(monkeypatch, server)
    server.queue(openai_reply('{"ok": true}', prompt_tokens=12, completion_tokens=3))
    code, out, err = run(capsys)
    assert code == 0, out + err
    assert "engine:   openai (auto-detected: OPENAI_API_KEY is set)" in out
    assert "model:    tiny-model" in out
    assert f"endpoint: {server.url}/v1" in out
    assert "key:      from OPENAI_API_KEY" in out
    assert "status:   ok, it answers in" in out and "(12 tokens in, 3 out)" in out
    body = server.received[0].json()
    assert body["model"] == "tiny-model" and body["max_tokens"] == 64
    assert body["response_format"]["json_schema"]["name"] == "Probe"
    assert KEY not in out + err + caplog.text


def test_openai_auth_failure_exits_2_without_the_key(
        capsys: pytest.CaptureFixture[str], server: ScriptedServer,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    use_server(monkeypatch, server)
    echo = {"error": {"message": f"Incorrect API key provided: {KEY}.", "code": "invalid_api_key"}}
    server.queue(Reply(401, echo), Reply(401, echo))
    code, out, err = run(capsys)
    assert code == 2
    assert "status:   unavailable: openai: 127.0.0.1 answered HTTP 401" in out
    assert "To use an LLM" not in out  # an engine is configured: the set-up hint would mislead
    code, out_json, err_json = run(capsys, "--json")
    report = json.loads(out_json)
    assert code == 2 and report["ok"] is False and "HTTP 401" in report["status"]
    assert report["key_source"] == "OPENAI_API_KEY"
    for text in (out, err, out_json, err_json, caplog.text):
        assert KEY not in text


def test_configured_but_unreachable_engine_gets_no_setup_hint(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The 'To use an LLM: set OPENAI_API_KEY …' hint is for when no engine is configured."""
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")  # discard port: refused
    code, out, _ = run(capsys)
    assert code == 2 and "status:   unavailable: " in out
    assert "To use an LLM" not in out
    code, out, _ = run(capsys, "--json")
    assert code == 2 and json.loads(out)["hint"] is None
    code, out, _ = run(capsys, "--llm", "anthropic")  # chosen, no key: the status says which
    assert code == 2 and "set ANTHROPIC_API_KEY" in out and "To use an LLM" not in out


def test_answer_that_never_validates_exits_2(capsys: pytest.CaptureFixture[str],
                                             server: ScriptedServer,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    use_server(monkeypatch, server)
    server.queue(openai_reply("I am a chatbot"), openai_reply('{"ok": "maybe"}'))
    code, out, _ = run(capsys)
    assert code == 2 and "answers, but not with valid JSON" in out
    assert "To use an LLM" not in out
    assert len(server.received) == 2


def test_engine_from_config_file_without_key(capsys: pytest.CaptureFixture[str],
                                             server: ScriptedServer, in_empty_dir: Path) -> None:
    (in_empty_dir / ".skillgit.yaml").write_text(
        f"llm:\n  name: openai\n  model: llama3\n  base_url: {server.url}/v1\n")
    server.queue(openai_reply('{"ok": true}'))
    code, out, _ = run(capsys)
    assert code == 0, out
    assert "engine:   openai (.skillgit.yaml (llm.name))" in out and "model:    llama3" in out
    assert "key:" not in out and "authorization" not in server.received[0].headers


def test_selected_engine_without_key_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--llm", "anthropic")
    assert code == 2
    assert "engine:   anthropic (--llm)" in out
    assert "status:   unavailable: anthropic: no API key; set ANTHROPIC_API_KEY" in out


def test_missing_cli_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--llm", "codex-cli")
    assert code == 2 and "`codex` was not found on PATH" in out


def test_unknown_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--llm", "nope")
    assert code == 2 and out == ""
    assert "unknown engine 'nope' (from --llm); available engines:" in err


def test_open_keys_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    config_home = tmp_path / "xdg"
    keys = config_home / "skillgit" / "keys.yaml"
    keys.parent.mkdir(parents=True)
    keys.write_text(f"openai: {KEY}\n")
    keys.chmod(0o644)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config_home))
    code, out, err = run(capsys)
    assert code == 2 and "refusing to read keys file" in err and "chmod 600" in err
    assert KEY not in out + err


@pytest.mark.parametrize("url", ["http://[::1", "not a url", "ftp://x", "http://"])
def test_a_malformed_base_url_is_a_usage_error_naming_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    monkeypatch.setenv("SKILLGIT_MODEL", "m")
    code, _, err = run(capsys)
    assert code == 2 and "OPENAI_BASE_URL" in err and "Traceback" not in err


def test_credentials_in_the_base_url_are_not_shown(capsys: pytest.CaptureFixture[str],
                                                    server: ScriptedServer,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    use_server(monkeypatch, server)
    host = server.url.split("://", 1)[1]
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://user:hunter2pw@{host}/v1")
    for args in ((), ("--json",)):
        server.queue(openai_reply('{"ok": true}'))
        code, out, err = run(capsys, *args)
        assert code == 0 and "hunter2pw" not in out + err and f"{host}/v1" in out
