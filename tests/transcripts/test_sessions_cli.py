"""`skillgit sessions`: listing, JSON Lines, show, filters, usage errors, and redaction."""

from __future__ import annotations

import json
import os
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from skillgit.cli import main
from skillgit.cli.sessions import LIST_KEYS

SECRETS = {
    "aws": "AKIAIOSFODNN7EXAMPLQ",
    "github": "ghp_1234567890abcdefghijABCDEFGHIJ123456",
    "anthropic": "sk-ant-api03-abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789-_abcdefghij",
    "openai": "sk-proj-Zx8Qw7Er6Ty5Ui4Op3As2Df1Gh0Jk9Lz",
    "db_password": "hunter2pass",
    "slack": "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
}
CLAUDE_SID = "aaaaaaaa-1111-2222-3333-444444444444"
CODEX_TID = "019e0000-0000-7000-8000-000000000001"


def _iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _claude_records(when: datetime) -> list[dict[str, Any]]:
    env = {"sessionId": CLAUDE_SID, "cwd": "/work/app", "version": "2.1.14",
           "gitBranch": "main", "timestamp": _iso(when), "isSidechain": False}
    return [
        {**env, "type": "user", "message": {"role": "user", "content":
            f"deploy with key {SECRETS['aws']} and token {SECRETS['github']}"}},
        {**env, "type": "assistant", "message": {"id": "m1", "role": "assistant", "content": [
            {"type": "text", "text": f"Using {SECRETS['anthropic']} now."},
            {"type": "tool_use", "id": "t1", "name": "Bash",
             "input": {"command": f"export OPENAI_API_KEY={SECRETS['openai']} && ./deploy"}}]}},
        {**env, "type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "is_error": True, "content":
             f"Exit code 1\npostgres://admin:{SECRETS['db_password']}@db.example.com/x"}]}},
        {**env, "type": "assistant", "message": {"id": "m2", "role": "assistant", "content": [
            {"type": "tool_use", "id": "s1", "name": "Skill", "input": {"skill": "deploy"}}]}},
    ]


def _codex_records(when: datetime) -> list[dict[str, Any]]:
    ts = _iso(when)
    return [
        {"timestamp": ts, "type": "session_meta", "payload": {
            "id": CODEX_TID, "timestamp": ts, "cwd": "/work/api", "cli_version": "0.125.0"}},
        {"timestamp": ts, "type": "event_msg", "payload": {
            "type": "user_message", "message": f"post to slack with {SECRETS['slack']}"}},
        {"timestamp": ts, "type": "response_item", "payload": {
            "type": "function_call", "name": "exec_command", "call_id": "c1",
            "arguments": json.dumps({"cmd": "sed -n 1,80p /x/skills/slack-post/SKILL.md"})}},
        {"timestamp": ts, "type": "response_item", "payload": {
            "type": "function_call_output", "call_id": "c1",
            "output": "Process exited with code 0\nOutput:\n---\nname: slack-post\n---\n"}},
    ]


def _write(path: Path, records: list[dict[str, Any]], *, mtime: float | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


@pytest.fixture
def source(tmp_path: Path) -> Path:
    now = datetime.now(timezone.utc)
    root = tmp_path / "mixed"
    _write(root / "claude" / f"{CLAUDE_SID}.jsonl", _claude_records(now - timedelta(hours=1)))
    _write(root / "codex" / "nested" / "whatever-name.jsonl",
           _codex_records(now - timedelta(hours=2)))
    (root / "notes.txt").write_text("not a transcript")
    return root


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["sessions", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _assert_no_secret(text: str) -> None:
    for name, secret in SECRETS.items():
        assert secret not in text, name


def test_json_lines_have_exactly_the_documented_keys(source: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--source", str(source), "--json")
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert [tuple(row) for row in rows] == [("version", *LIST_KEYS)] * 2   # version first
    by_agent = {row["agent"]: row for row in rows}
    claude = by_agent["claude-code"]
    assert (claude["session_id"], claude["cwd"], claude["n_user_turns"], claude["n_tool_calls"],
            claude["n_tool_errors"], claude["skills_used"], claude["parse_warnings"]) == (
        CLAUDE_SID, "/work/app", 1, 1, 1, ["deploy"], 0)
    codex = by_agent["codex"]
    assert (codex["session_id"], codex["n_user_turns"], codex["n_tool_calls"],
            codex["skills_used"]) == (CODEX_TID, 1, 1, ["slack-post"])
    # Newest first.
    assert [row["agent"] for row in rows] == ["claude-code", "codex"]


def test_planted_secrets_never_reach_stdout(source: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    outputs = [
        _run(capsys, "--source", str(source), "--json"),
        _run(capsys, "--source", str(source)),
        _run(capsys, "show", CLAUDE_SID[:8], "--source", str(source)),
        _run(capsys, "show", CLAUDE_SID, "--source", str(source), "--json"),
        _run(capsys, "--source", str(source), "show", CODEX_TID),
        _run(capsys, "show", CODEX_TID, "--source", str(source), "--json"),
    ]
    for code, out, err in outputs:
        assert code == 0, err
        _assert_no_secret(out)
        _assert_no_secret(err)
    show_claude = outputs[2][1]
    assert "[REDACTED:aws-access-key-id]" in show_claude
    assert "[REDACTED:connection-string-password]" in show_claude
    assert "deploy with key" in show_claude and "exit 1" in show_claude
    assert "[REDACTED:slack-token]" in outputs[4][1]


def test_show_json_is_the_full_conversation(source: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "show", CODEX_TID, "--source", str(source), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["agent"] == "codex"
    assert [t["kind"] for t in data["turns"]] == ["user", "tool_call", "skill"]


def test_agent_filter(source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--source", str(source), "--json", "--agent", "codex")
    assert code == 0
    assert [json.loads(line)["agent"] for line in out.splitlines()] == ["codex"]


def test_unknown_agent_and_missing_source_are_usage_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--agent", "vim")
    assert (code, out) == (2, "")
    assert "unknown agent 'vim'" in err and "claude-code" in err
    missing = tmp_path / "no-such-dir"
    code, out, err = _run(capsys, "--source", str(missing))
    assert (code, out) == (2, "")
    assert str(missing) in err


def test_show_unknown_or_ambiguous_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    now = datetime.now(timezone.utc)
    root = tmp_path / "two"
    for sid in ("abc11111-0000-0000-0000-000000000000", "abc22222-0000-0000-0000-000000000000"):
        records = _claude_records(now)
        for record in records:
            record["sessionId"] = sid
        _write(root / f"{sid}.jsonl", records)
    code, _, err = _run(capsys, "show", "abc", "--source", str(root))
    assert code == 2 and "ambiguous" in err
    code, _, err = _run(capsys, "show", "zzz", "--source", str(root))
    assert code == 2 and "no session with id 'zzz'" in err
    code, out, _ = _run(capsys, "show", "abc2", "--source", str(root))
    assert code == 0 and "abc22222" in out


def test_since_filters_by_last_activity(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    now = datetime.now(timezone.utc)
    old = now - timedelta(days=30)
    root = tmp_path / "ages"
    _write(root / f"{CLAUDE_SID}.jsonl", _claude_records(now - timedelta(days=1)))
    # Old by file time and by record time.
    _write(root / "old.jsonl", _codex_records(old), mtime=old.timestamp())
    # Touched recently (copied), but every record is old: excluded by record time.
    _write(root / "copied.jsonl", [
        {**r, "payload": {**r["payload"], "id": "copied"}} if r["type"] == "session_meta" else r
        for r in _codex_records(old)])
    code, out, _ = _run(capsys, "--source", str(root), "--json", "--since", "7")
    assert code == 0
    assert [json.loads(line)["session_id"] for line in out.splitlines()] == [CLAUDE_SID]
    code, out, _ = _run(capsys, "--source", str(root), "--json", "--since", "60")
    assert len(out.splitlines()) == 3


def test_default_locations_come_from_home_and_codex_home(
        isolated_env: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    now = datetime.now(timezone.utc)
    _write(isolated_env / ".claude" / "projects" / "-work-app" / f"{CLAUDE_SID}.jsonl",
           _claude_records(now))
    codex_home = tmp_path / "codex-home"
    monkeypatch.setenv("CODEX_HOME", str(codex_home))
    _write(codex_home / "sessions" / "2026" / "05" / "11" / f"rollout-2026-05-11T08-00-00-"
           f"{CODEX_TID}.jsonl", _codex_records(now))
    # Ignored: the codex default under HOME is replaced by CODEX_HOME.
    _write(isolated_env / ".codex" / "sessions" / "rollout-x.jsonl", _codex_records(now))
    code, out, err = _run(capsys, "--json", "--agent", "claude-code", "--agent", "codex")
    assert code == 0, err
    assert sorted(json.loads(line)["session_id"] for line in out.splitlines()) == sorted(
        [CLAUDE_SID, CODEX_TID])


def test_sidechains_are_hidden_unless_asked(corpus_dir: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    claude_root = corpus_dir / "transcripts" / "claude-code"
    code, out, _ = _run(capsys, "--source", str(claude_root), "--json")
    assert code == 0
    assert len(out.splitlines()) == 13      # 16 files, 3 of them subagent sidechains
    code, out, _ = _run(capsys, "--source", str(claude_root), "--json", "--include-sidechains")
    ids = [json.loads(line)["session_id"] for line in out.splitlines()]
    assert len(ids) == 16
    assert {"agent-36541525", "agent-50243ee8", "agent-a485154"} <= set(ids)


def test_hostile_files_warn_on_stderr_and_never_crash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "hostile"
    root.mkdir()
    good = _claude_records(datetime.now(timezone.utc))
    body = "".join(json.dumps(r) + "\n" for r in good)
    (root / f"{CLAUDE_SID}.jsonl").write_bytes(
        body.encode() + b"\x00" * 512 + b"\n" + b'{"type":"user","sessionId":"x","mess')
    (root / "empty-claude.jsonl").write_text(
        json.dumps({"type": "summary", "summary": "t", "leafUuid": "u"}) + "\n")
    (root / "binary.jsonl").write_bytes(os.urandom(2048))
    code, out, err = _run(capsys, "--source", str(root), "--json")
    assert code == 0
    rows = {json.loads(line)["session_id"]: json.loads(line) for line in out.splitlines()}
    assert rows[CLAUDE_SID]["parse_warnings"] == 2
    assert rows["empty-claude"]["n_user_turns"] == 0
    assert "skipped 2 bad line(s)" in err
    assert "zero turns in" in err and "empty-claude.jsonl" in err
    assert "Traceback" not in err
    _assert_no_secret(err)


def test_table_output_lists_one_row_per_session(source: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--source", str(source))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["AGENT", "SESSION", "STARTED"]
    assert len(lines) == 3
    assert lines[1].startswith("claude-code") and CLAUDE_SID in lines[1]


def test_terminal_control_sequences_in_transcripts_never_reach_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Untrusted transcript text (a fetched page, a tool's output) may hold escape sequences:
    # OSC 52 writes the clipboard, OSC 0 the title, CSI clears the screen.
    evil = "\x1b]52;c;ZWNobyBwd25lZA==\x07 \x1b]0;title\x1b\\ \x1b[2J\x9b31m \x08\x00 done"
    env = {"sessionId": "ctl-1\x1b[2J", "cwd": "/w\x1b[1m", "timestamp": "2025-01-01T00:00:00Z",
           "gitBranch": "b\x07", "version": "2\x1b[0m"}
    _write(tmp_path / "s" / "ctl.jsonl", [
        {**env, "type": "user", "message": {"role": "user", "content": f"run it {evil}"}},
        {**env, "type": "assistant", "message": {"id": "m1", "role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "Bash\x1b[8m",
             "input": {"command": f"ls {evil}"}}]}},
        {**env, "type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": f"\x1b[31mred{evil}"}]}},
    ])
    outputs = [_run(capsys, "--source", str(tmp_path / "s")),
               _run(capsys, "--source", str(tmp_path / "s"), "--json"),
               _run(capsys, "show", "ctl", "--source", str(tmp_path / "s")),
               _run(capsys, "show", "ctl", "--source", str(tmp_path / "s"), "--json")]
    for code, out, err in outputs:
        assert code == 0
        shown = json.loads(out) if out.startswith("{\n") else out
        text = json.dumps(shown) if isinstance(shown, dict) else out
        assert not any(ch in out + err for ch in "\x1b\x07\x08\x00\x9b"), text
    assert "run it" in outputs[2][1] and "done" in outputs[2][1] and "red" in outputs[2][1]


@pytest.mark.parametrize("command", ["sessions", "distill", "mine"])
@pytest.mark.parametrize("value", ["nan", "inf", "-1", "-inf", "seven"])
def test_since_must_be_a_finite_number_of_days(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch, command: str,
                                               value: str) -> None:
    monkeypatch.chdir(tmp_path)  # `mine` works on the repository it runs in
    assert main([command, "--source", str(tmp_path), f"--since={value}"]) == 2
    err = capsys.readouterr().err
    assert "--since" in err and "days" in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["sessions", "distill", "mine"])
def test_a_single_source_file_no_adapter_reads_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        command: str) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "commit", "-q", "--allow-empty", "-m", "init"],
                   check=True)
    monkeypatch.chdir(tmp_path)  # `mine` works on the repository it runs in
    notes = tmp_path / "notes.jsonl"
    notes.write_text('{"hello": "world"}\n')
    assert main([command, "--source", str(notes)]) == 2
    err = capsys.readouterr().err
    assert str(notes) in err and "not a session file" in err and "claude-code" in err


def test_a_single_source_file_of_another_agent_names_the_agents_tried(
        source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    codex_file = source / "codex" / "nested" / "whatever-name.jsonl"
    code, out, err = _run(capsys, "--source", str(codex_file), "--agent", "claude-code")
    assert (code, out) == (2, "")
    assert "(tried: claude-code)" in err


def test_config_patterns_redact_what_sessions_prints(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    token = "ACME-0123456789abcdef0123456789abcdef"
    records = _claude_records(datetime.now(timezone.utc))
    records[0]["message"]["content"] = f"deploy with {token} please"
    _write(tmp_path / "s" / f"{CLAUDE_SID}.jsonl", records)
    (tmp_path / ".skillgit.yaml").write_text("redact:\n  extra_patterns: ['ACME-[0-9a-f]{32}']\n")
    monkeypatch.chdir(tmp_path)
    for args in (["show", CLAUDE_SID[:8]], ["show", CLAUDE_SID[:8], "--json"]):
        code, out, _ = _run(capsys, "--source", str(tmp_path / "s"), *args)
        assert code == 0 and "deploy with" in out
        assert token not in out and "ACME-0123" not in out
