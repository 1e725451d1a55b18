"""Agent-CLI backends against stub executables on PATH that record how they were called."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from skillgit.digest import DigestAnswer
from skillgit.llm.agent_cli import (
    AgentCliBackend,
    ClaudeCliBackend,
    CodexCliBackend,
    GeminiCliBackend,
)
from skillgit.llm.base import EngineSettings, EngineUnavailable

ANSWER = {"topics": ["make"], "tasks": [], "env_feedback": [], "user_feedback": []}
TRANSCRIPT = "<transcript nonce=abc>user: fix the build</transcript nonce=abc>"
STUB = '''#!{python}
import json, os, pathlib, subprocess, sys, time
state = pathlib.Path(os.environ["STUB_DIR"])
n = len(list(state.glob("call-*.json")))
argv = sys.argv
files = {{}}
for flag in ("--output-schema", "--policy"):
    if flag in argv:
        files[flag] = pathlib.Path(argv[argv.index(flag) + 1]).read_text()
home = {{}}
for var in ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME"):
    if var in os.environ and pathlib.Path(os.environ[var]).is_dir():
        root = pathlib.Path(os.environ[var])
        home[var] = {{str(p.relative_to(root)): p.read_text() for p in root.rglob("*")
                     if p.is_file()}}
record = {{"argv": argv, "stdin": sys.stdin.read(), "cwd": os.getcwd(),
          "cwd_listing": os.listdir("."), "env": dict(os.environ), "files": files, "home": home}}
(state / f"call-{{n}}.json").write_text(json.dumps(record))
replies = json.loads((state / "replies.json").read_text())
reply = replies[min(n, len(replies) - 1)]
if "answer_file" in reply:
    pathlib.Path(argv[argv.index("-o") + 1]).write_text(reply["answer_file"])
if reply.get("grandchild"):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    (state / "grandchild.pid").write_text(str(child.pid))
time.sleep(reply.get("sleep", 0))
sys.stdout.write(reply.get("stdout", ""))
sys.stderr.write(reply.get("stderr", ""))
sys.exit(reply.get("code", 0))
'''


class Stub:
    def __init__(self, root: Path, program: str) -> None:
        self.bin = root / "bin"
        self.state = root / "state"
        self.bin.mkdir(exist_ok=True)
        self.state.mkdir(exist_ok=True)
        path = self.bin / program
        path.write_text(STUB.format(python=sys.executable))
        path.chmod(0o755)
        self.env = {"PATH": str(self.bin), "STUB_DIR": str(self.state),
                    "HOME": str(root / "home"), "GITHUB_TOKEN": "ghp_must_not_reach_agent"}

    def replies(self, *replies: dict[str, Any]) -> None:
        (self.state / "replies.json").write_text(json.dumps(list(replies)))

    @property
    def calls(self) -> list[dict[str, Any]]:
        found = sorted(self.state.glob("call-*.json"), key=lambda p: int(p.stem.split("-")[1]))
        return [json.loads(p.read_text()) for p in found]


def make(kind: type[AgentCliBackend], stub: Stub, *, model: str | None = "m1",
         timeout: float = 20.0, **env: str) -> AgentCliBackend:
    settings = EngineSettings(model=model, timeout=timeout,
                              extra={k: v for k, v in env.items() if k.islower()})
    return kind(settings, env={**stub.env, **{k: v for k, v in env.items() if k.isupper()}})


def under_tempdir(path: str) -> bool:
    return Path(path).resolve().is_relative_to(Path(tempfile.gettempdir()).resolve())


def claude_result(payload: Any, **extra: Any) -> dict[str, Any]:
    body = {"type": "result", "subtype": "success", "is_error": False, "result": "",
            "structured_output": payload, "session_id": "s",
            "usage": {"input_tokens": 50, "cache_read_input_tokens": 5,
                      "cache_creation_input_tokens": 0, "output_tokens": 9}}
    body.update(extra)
    return {"stdout": json.dumps(body)}


def test_claude_flags_stdin_and_isolation(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "claude")
    stub.replies(claude_result(ANSWER))
    backend = make(ClaudeCliBackend, stub, ANTHROPIC_API_KEY="sk-ant-stubkey-123456")
    result = backend.complete("SYSTEM RULES", TRANSCRIPT, DigestAnswer)
    assert result.value.topics == ["make"]
    assert (result.usage.input_tokens, result.usage.output_tokens) == (55, 9)
    assert result.usage.estimated is False
    [call] = stub.calls
    argv = call["argv"]
    assert argv[0] == str(stub.bin / "claude")
    assert argv[1:6] == ["-p", "--output-format", "json", "--tools", ""]
    for flag in ("--strict-mcp-config", "--no-session-persistence"):
        assert flag in argv
    assert argv[argv.index("--max-turns") + 1] == "3"
    assert argv[argv.index("--system-prompt") + 1] == "SYSTEM RULES"
    assert argv[argv.index("--model") + 1] == "m1"
    schema = json.loads(argv[argv.index("--json-schema") + 1])
    assert schema["additionalProperties"] is False and "user_feedback" in schema["properties"]
    assert not any(a.startswith(("--dangerously", "--allowedTools")) for a in argv)
    assert TRANSCRIPT not in " ".join(argv) and call["stdin"] == TRANSCRIPT
    assert call["cwd_listing"] == [] and under_tempdir(call["cwd"])
    config_dir = call["env"]["CLAUDE_CONFIG_DIR"]
    assert under_tempdir(config_dir) and "CLAUDE_CONFIG_DIR" in call["home"]
    assert not Path(config_dir).exists() and not Path(call["cwd"]).exists()  # cleaned up
    assert call["env"]["ANTHROPIC_API_KEY"] == "sk-ant-stubkey-123456"
    assert "GITHUB_TOKEN" not in call["env"]


def test_claude_keeps_users_login_without_api_key_but_never_persists(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "claude")
    stub.replies(claude_result(ANSWER))
    make(ClaudeCliBackend, stub, CLAUDE_CONFIG_DIR="/home/u/.claude").complete(
        "s", "u", DigestAnswer)
    call = stub.calls[0]
    assert call["env"]["CLAUDE_CONFIG_DIR"] == "/home/u/.claude"
    assert "--no-session-persistence" in call["argv"]
    (tmp_path / "b").mkdir()
    stub2 = Stub(tmp_path / "b", "claude")
    stub2.replies(claude_result(ANSWER))
    make(ClaudeCliBackend, stub2, isolate_home="always").complete("s", "u", DigestAnswer)
    assert under_tempdir(stub2.calls[0]["env"]["CLAUDE_CONFIG_DIR"])


def test_claude_invalid_answer_is_repaired_with_the_error(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "claude")
    stub.replies(claude_result(None, result="sure! here it is: {topics: oops"),
                 claude_result(ANSWER))
    result = make(ClaudeCliBackend, stub).complete("s", TRANSCRIPT, DigestAnswer)
    assert result.usage.calls == 2 and result.value.topics == ["make"]
    second = stub.calls[1]["stdin"]
    assert second.startswith(TRANSCRIPT) and "could not be used" in second


def test_claude_error_result_is_unavailable_without_key(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "claude")
    key = "sk-ant-echoed-in-error-0001"
    stub.replies(claude_result(None, is_error=True, subtype="success",
                               result=f"Invalid API key {key} · Please run /login"))
    with pytest.raises(EngineUnavailable) as caught:
        make(ClaudeCliBackend, stub, ANTHROPIC_API_KEY=key).complete("s", "u", DigestAnswer)
    message = str(caught.value)
    assert message.startswith("claude-cli: claude reported an error: Invalid API key")
    assert key not in message


def test_codex_flags_output_file_usage_and_isolation(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "codex")
    events = [{"type": "thread.started", "thread_id": "t"},
              {"type": "item.completed", "item": {"type": "agent_message", "text": "ignored"}},
              {"type": "turn.completed", "usage": {"input_tokens": 70, "cached_input_tokens": 10,
                                                   "output_tokens": 11}}]
    stub.replies({"stdout": "\n".join(json.dumps(e) for e in events) + "\n",
                  "answer_file": json.dumps(ANSWER)})
    backend = make(CodexCliBackend, stub, CODEX_API_KEY="codex-stub-key-000")
    result = backend.complete("SYSTEM RULES", TRANSCRIPT, DigestAnswer)
    assert result.value.topics == ["make"]
    assert (result.usage.input_tokens, result.usage.output_tokens) == (70, 11)
    [call] = stub.calls
    argv = call["argv"][1:]
    assert argv[:11] == ["exec", "--ephemeral", "--skip-git-repo-check", "--ignore-user-config",
                         "--sandbox", "read-only", "--color", "never", "--json",
                         "--output-schema", argv[10]]
    assert argv[-3:] == ["-m", "m1", "-"] and "-o" in argv
    schema = json.loads(call["files"]["--output-schema"])
    assert schema["additionalProperties"] is False
    assert set(schema["required"]) == {"topics", "tasks", "env_feedback", "user_feedback"}
    assert call["stdin"] == f"SYSTEM RULES\n\n{TRANSCRIPT}"
    assert call["cwd_listing"] == []
    assert under_tempdir(call["env"]["CODEX_HOME"]) and "CODEX_HOME" in call["home"]
    assert "--full-auto" not in argv and "danger-full-access" not in argv


def test_codex_without_api_key_uses_users_home_but_ephemeral(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "codex")
    stub.replies({"stdout": "", "answer_file": json.dumps(ANSWER)})
    result = make(CodexCliBackend, stub, model=None).complete("s", "u", DigestAnswer)
    call = stub.calls[0]
    assert "CODEX_HOME" not in call["env"] and "--ephemeral" in call["argv"]
    assert "-m" not in call["argv"]
    assert result.usage.estimated is True and result.usage.input_tokens > 0


def test_codex_failure_exit_is_unavailable(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "codex")
    failed = {"type": "turn.failed", "error": {"message": "stream disconnected"}}
    stub.replies({"stdout": json.dumps(failed) + "\n", "code": 1})
    with pytest.raises(EngineUnavailable, match="codex exited with 1: stream disconnected"):
        make(CodexCliBackend, stub).complete("s", "u", DigestAnswer)


def test_gemini_flags_policy_and_seeded_isolated_home(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "gemini")
    real = tmp_path / "home" / ".gemini"
    real.mkdir(parents=True)
    (real / "oauth_creds.json").write_text('{"refresh_token": "r"}')
    (real / "settings.json").write_text(json.dumps({
        "security": {"auth": {"selectedType": "oauth-personal"}, "folderTrust": {}},
        "mcpServers": {"evil": {"command": "nc"}}, "hooks": {"x": 1}}))
    (real / "tmp").mkdir()
    (real / "tmp" / "old-session.jsonl").write_text("{}")
    stats = {"models": {"gemini-2.5-flash": {"tokens": {"prompt": 40, "candidates": 6,
                                                        "thoughts": 2, "total": 48}}}}
    stub.replies({"stdout": json.dumps({"response": json.dumps(ANSWER), "stats": stats})})
    result = make(GeminiCliBackend, stub).complete("SYSTEM RULES", TRANSCRIPT, DigestAnswer)
    assert result.value.topics == ["make"]
    assert (result.usage.input_tokens, result.usage.output_tokens) == (40, 8)
    [call] = stub.calls
    argv = call["argv"][1:]
    assert argv[0] == "-p" and argv[2:6] == ["-o", "json", "--approval-mode", "default"]
    assert argv[argv.index("-e") + 1] == "none" and argv[-2:] == ["-m", "m1"]
    assert 'decision = "deny"' in call["files"]["--policy"]
    assert 'toolName = "*"' in call["files"]["--policy"]
    assert "--yolo" not in argv
    assert call["stdin"].startswith("SYSTEM RULES\n\n") and call["stdin"].endswith(TRANSCRIPT)
    assert "JSON Schema" in call["stdin"]
    home = call["env"]["GEMINI_CLI_HOME"]
    assert under_tempdir(home) and home != str(tmp_path / "home")
    seeded = call["home"]["GEMINI_CLI_HOME"]
    assert seeded[".gemini/oauth_creds.json"] == '{"refresh_token": "r"}'
    assert json.loads(seeded[".gemini/settings.json"]) == {
        "security": {"auth": {"selectedType": "oauth-personal"}}}
    assert not any("tmp" in name for name in seeded)


def test_gemini_error_json_is_unavailable(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "gemini")
    stub.replies({"stdout": json.dumps({"error": {"type": "Error", "message": "quota exceeded",
                                                  "code": 1}}), "code": 1})
    with pytest.raises(EngineUnavailable, match="gemini exited with 1: quota exceeded"):
        make(GeminiCliBackend, stub).complete("s", "u", DigestAnswer)


def test_missing_program_is_unavailable(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "something-else")
    with pytest.raises(EngineUnavailable, match="`claude` was not found on PATH"):
        make(ClaudeCliBackend, stub)


def process_is_gone(pid: int) -> bool:
    """True when `pid` no longer runs (a zombie waiting to be reaped counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False
    return state in ("Z", "X")


def test_timeout_kills_the_process_group(tmp_path: Path) -> None:
    stub = Stub(tmp_path, "gemini")
    stub.replies({"sleep": 30, "grandchild": True})
    # 3 s: time for a loaded machine to start the stub and its grandchild before the kill
    backend = make(GeminiCliBackend, stub, timeout=3.0)
    started = time.monotonic()
    with pytest.raises(EngineUnavailable, match="did not finish within 3 s and was killed"):
        backend.complete("s", "u", DigestAnswer)
    assert time.monotonic() - started < 15  # not the stub's 30 s
    pid = int((stub.state / "grandchild.pid").read_text())
    deadline = time.monotonic() + 10
    while not process_is_gone(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert process_is_gone(pid)
