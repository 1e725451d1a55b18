"""Codex: small hand-built fixtures for each rollout generation and injected-content rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skillgit.transcripts import codex
from skillgit.transcripts.model import Conversation, TurnKind

TID = "019e1625-789d-76c0-80ab-3724b5ddb799"


class _Marking:
    def redact(self, text: str) -> str:
        return text.replace("SECRET", "[R]")


def _line(kind: str, payload: dict[str, Any], ts: str = "2026-05-11T08:27:17.490Z") -> dict[
        str, Any]:
    return {"timestamp": ts, "type": kind, "payload": payload}


def _meta(**extra: Any) -> dict[str, Any]:
    return _line("session_meta", {"id": TID, "timestamp": "2026-05-11T08:26:55.042Z",
                                  "cwd": "/work/proj", "cli_version": "0.125.0",
                                  "source": "cli", "git": {"branch": "main"}, **extra})


def _msg(role: str, *texts: str, kind: str = "input_text", **extra: Any) -> dict[str, Any]:
    return _line("response_item", {"type": "message", "role": role,
                                    "content": [{"type": kind, "text": t} for t in texts],
                                    **extra})


def _event(kind: str, **fields: Any) -> dict[str, Any]:
    return _line("event_msg", {"type": kind, **fields})


def _call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return _line("response_item", {"type": "function_call", "name": name,
                                    "arguments": json.dumps(arguments), "call_id": call_id})


def _output(call_id: str, output: Any) -> dict[str, Any]:
    return _line("response_item", {"type": "function_call_output", "call_id": call_id,
                                    "output": output})


def _write(tmp_path: Path, records: list[Any], name: str = f"rollout-2026-05-11T08-26-55-{TID}"
           ".jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"".join(
        (r if isinstance(r, bytes) else json.dumps(r).encode()) + b"\n" for r in records))
    return path


def _parse(tmp_path: Path, records: list[Any], **kw: Any) -> Conversation:
    path = _write(tmp_path, records, **kw)
    assert codex.sniff(path)
    (conversation,) = codex.parse(path, _Marking())
    return conversation


def test_envelope_twins_and_injected_user_messages(tmp_path: Path) -> None:
    c = _parse(tmp_path, [
        _meta(),
        _msg("developer", "<permissions instructions>sandbox…</permissions instructions>"),
        _msg("user", "# AGENTS.md instructions for /work/proj\n\n<INSTRUCTIONS>x</INSTRUCTIONS>",
             "<environment_context>\n  <cwd>/work/proj</cwd>\n</environment_context>",
             "<user_instructions>be nice</user_instructions>"),
        _line("turn_context", {"turn_id": "t1", "cwd": "/work/proj", "model": "gpt-5.5"}),
        _msg("user", "fix the build"),
        _event("user_message", message="fix the build", images=[]),
        _event("agent_message", message="On it."),
        _msg("assistant", "On it.", kind="output_text"),
        _event("user_message", message="<user_shell_command>ls</user_shell_command>"),
        _event("user_message", message="fix the build"),      # asked again, later: kept
    ])
    assert [t.text for t in c.user_turns] == ["fix the build", "fix the build"]
    assert sum(t.kind is TurnKind.ASSISTANT for t in c.turns) == 1
    assert c.injected_dropped == 4
    assert (c.model, c.git_branch, c.agent_version) == ("gpt-5.5", "main", "0.125.0")


def test_skill_injection_and_skill_md_reads(tmp_path: Path) -> None:
    c = _parse(tmp_path, [
        _meta(),
        _event("user_message", message="use $pdf-tools on report.pdf"),
        _msg("user", "use [$pdf-tools](skill:///h/.codex/skills/pdf-tools/SKILL.md) on report.pdf"),
        _msg("user", "<skill>\n<name>pdf-tools</name>\n<path>/h/.codex/skills/pdf-tools/SKILL.md"
                     "</path>\nbody\n</skill>"),
        _call("c1", "shell", {"command": ["bash", "-lc", "cat /h/.agents/skills/lint/SKILL.md"]}),
        _output("c1", json.dumps({"output": "---\nname: lint\n---",
                                  "metadata": {"exit_code": 0, "duration_seconds": 0.1}})),
        _call("c2", "exec_command", {"cmd": "rg -l SKILL.md ~/.codex/skills"}),   # a search
    ])
    skills = [(t.skill_name, t.invoked_by) for t in c.turns if t.kind is TurnKind.SKILL]
    assert skills == [("pdf-tools", "<skill> injection"), ("lint", "SKILL.md read")]
    # The typed prompt and its rewritten response_item twin differ: both are kept.
    assert len(c.user_turns) == 2
    assert c.tool_calls[0].tool_input == "cat /h/.agents/skills/lint/SKILL.md"
    assert c.tool_calls[0].result is not None and c.tool_calls[0].result.exit_code == 0


def test_exit_codes_from_events_text_and_metadata(tmp_path: Path) -> None:
    c = _parse(tmp_path, [
        _meta(),
        _event("user_message", message="go"),
        _call("a", "exec_command", {"cmd": "make"}),
        _output("a", "Chunk ID: 1\nWall time: 1.0 seconds\nProcess running with session ID 7\n"
                     "Original token count: 0\nOutput:\nbuilding\n"),
        _call("p1", "write_stdin", {"session_id": 7, "chars": ""}),
        _output("p1", "Chunk ID: 2\nWall time: 0.0 seconds\nProcess exited with code 2\n"
                      "Original token count: 3\nOutput:\nmake: *** [all] Error 2\n"),
        _event("exec_command_end", call_id="a", exit_code=2, status="failed"),
        _call("b", "exec_command", {"cmd": "true"}),
        _output("b", "Chunk ID: 3\nWall time: 0.0 seconds\nProcess exited with code 0\n"
                     "Original token count: 0\nOutput:\n"),
        _call("c", "shell", {"command": ["false"]}),
        _output("c", json.dumps({"output": "", "metadata": {"exit_code": 1}})),
        _line("response_item", {"type": "custom_tool_call", "name": "apply_patch",
                                "call_id": "d", "input": "*** Begin Patch\n*** End Patch"}),
        _event("patch_apply_end", call_id="d", success=False, stderr="no such file"),
        _line("response_item", {"type": "custom_tool_call_output", "call_id": "d",
                                "output": "apply_patch verification failed"}),
    ])
    calls = c.tool_calls
    assert [t.tool_name for t in calls] == ["exec_command", "exec_command", "shell",
                                            "apply_patch"]
    make = calls[0].result
    assert make is not None
    assert (make.exit_code, make.is_error) == (2, True)
    assert make.text == "building\n\nmake: *** [all] Error 2\n"
    assert calls[1].result is not None and calls[1].result.exit_code == 0
    assert calls[2].result is not None and (calls[2].result.exit_code, calls[2].result.is_error
                                            ) == (1, True)
    assert calls[3].result is not None and calls[3].result.is_error
    assert c.n_tool_errors == 3


def test_interrupts_and_compaction(tmp_path: Path) -> None:
    c = _parse(tmp_path, [
        _meta(),
        _event("user_message", message="long task"),
        _event("turn_aborted", reason="interrupted"),
        _msg("user", "<turn_aborted>\nThe user interrupted.\n</turn_aborted>"),
        _line("compacted", {"message": "summary", "replacement_history": []}),
        _event("context_compacted"),
        _event("user_message", message="continue"),
    ])
    assert [t.kind for t in c.turns] == [TurnKind.USER, TurnKind.INTERRUPT,
                                         TurnKind.COMPACTION, TurnKind.USER]


def test_content_item_kinds_0_158(tmp_path: Path) -> None:
    kinds = {"internal_chat_message_metadata_passthrough": {
        "content_item_kinds": ["environments.environment_context", "user.text"]}}
    c = _parse(tmp_path, [
        {"ordinal": 0, "payload": {"id": TID, "cwd": "/w", "cli_version": "0.158.0"},
         "timestamp": "2026-09-30T11:39:00.000Z", "type": "session_meta"},
        {"metadata": {"user_input_order": 0}, "ordinal": 6, "timestamp":
         "2026-09-30T11:39:00.055Z", "type": "response_item", "payload": {
             "type": "message", "role": "user", **kinds,
             "content": [{"type": "input_text", "text": "<env>cwd=/w</env>"},
                         {"type": "input_text", "text": "run echo fixture please"}]}},
    ])
    assert [t.text for t in c.user_turns] == ["run echo fixture please"]
    assert c.injected_dropped == 1
    assert c.agent_version == "0.158.0"


def test_item_completed_0_147_twins(tmp_path: Path) -> None:
    c = _parse(tmp_path, [
        _meta(cli_version="0.147.0"),
        _event("item_completed", item={"type": "UserMessage", "id": "u1",
                                       "content": [{"type": "text", "text": "hello"}]}),
        _msg("user", "hello"),
        _call("x", "exec_command", {"cmd": "ls"}),
        _event("item_completed", item={"type": "CommandExecution", "id": "x", "exit_code": 3}),
    ])
    assert [t.text for t in c.user_turns] == ["hello"]
    assert c.tool_calls[0].result is not None and c.tool_calls[0].result.exit_code == 3


def test_pre_envelope_generation(tmp_path: Path) -> None:
    c = _parse(tmp_path, [
        {"id": "c27a914d", "timestamp": "2025-08-20T13:20:47.060Z", "instructions": None,
         "git": {"branch": "dev"}},
        {"record_type": "state"},
        {"type": "message", "id": None, "role": "user",
         "content": [{"type": "input_text", "text": "<environment_context>x"
                                                    "</environment_context>"}]},
        {"type": "message", "id": None, "role": "user",
         "content": [{"type": "input_text", "text": "list files"}]},
        {"type": "function_call", "id": "fc_1", "name": "shell",
         "arguments": "{\"command\":[\"ls\"]}", "call_id": "call_1"},
        {"record_type": "state"},
        {"type": "function_call_output", "call_id": "call_1",
         "output": "{\"output\":\"a.py\\n\",\"metadata\":{\"exit_code\":0}}"},
        {"type": "message", "id": None, "role": "assistant",
         "content": [{"type": "output_text", "text": "One file."}]},
    ], name="rollout-c27a914d.jsonl")
    assert c.session_id == "c27a914d"
    assert c.git_branch == "dev"
    assert [t.text for t in c.user_turns] == ["list files"]
    (call,) = c.tool_calls
    assert call.tool_input == "ls"
    assert call.result is not None and (call.result.text, call.result.exit_code) == ("a.py\n", 0)
    assert c.started_at is not None and c.started_at.year == 2025


def test_typescript_json_generation(tmp_path: Path) -> None:
    path = tmp_path / "rollout-2025-04-01-abc.json"
    path.write_text(json.dumps({
        "session": {"id": "ts-1", "timestamp": "2025-04-01T10:00:00Z", "instructions": ""},
        "items": [{"type": "message", "role": "user",
                   "content": [{"type": "input_text", "text": "hi there"}]},
                  {"type": "message", "role": "assistant",
                   "content": [{"type": "output_text", "text": "hello"}]}]}))
    assert codex.sniff(path)
    (c,) = codex.parse(path, _Marking())
    assert c.session_id == "ts-1"
    assert [t.kind for t in c.turns] == [TurnKind.USER, TurnKind.ASSISTANT]


def test_subagent_thread_is_a_sidechain(tmp_path: Path) -> None:
    source = {"subagent": {"thread_spawn": {"parent_thread_id": "parent-1", "depth": 1}}}
    c = _parse(tmp_path, [
        _meta(source=source),
        _event("user_message", message="review code"),
        _event("agent_message", message="Reviewed."),
    ])
    assert c.is_sidechain and c.parent_session_id == "parent-1"
    assert c.user_turns == []
    assert c.injected_dropped == 1


def test_bad_lines_and_zero_turn_warning(tmp_path: Path) -> None:
    c = _parse(tmp_path, [_meta(), b"\x00\x00\x00", b'{"timestamp":"x","type":"event_m'])
    assert c.parse_warnings == 2
    assert c.turns == []
    assert any(w.startswith("zero turns in ") and w.endswith("(agent version 0.125.0)")
               for w in c.warnings)


def test_every_text_field_goes_through_the_redactor(tmp_path: Path) -> None:
    c = _parse(tmp_path, [
        _meta(cwd="/work/SECRET", git={"branch": "SECRET"}),
        _event("user_message", message="deploy with SECRET"),
        _event("agent_message", message="using SECRET"),
        _call("a", "exec_command", {"cmd": "echo SECRET"}),
        _output("a", "Process exited with code 0\nOutput:\nSECRET\n"),
    ])
    dumped = c.model_dump_json()
    assert "SECRET" not in dumped
    assert dumped.count("[R]") == 6


def test_sniff_rejects_other_formats(tmp_path: Path) -> None:
    exec_json = tmp_path / "exec.jsonl"
    exec_json.write_text('{"type":"thread.started","thread_id":"x"}\n')
    claude = tmp_path / "claude.jsonl"
    claude.write_text('{"type":"user","sessionId":"s","message":{"role":"user","content":"x"}}\n')
    assert not codex.sniff(exec_json)
    assert not codex.sniff(claude)


def test_default_roots_honour_codex_home() -> None:
    assert codex.default_roots({"CODEX_HOME": "/c", "HOME": "/h"}) == [
        Path("/c/sessions"), Path("/c/archived_sessions")]
    assert codex.default_roots({"HOME": "/h"}) == [
        Path("/h/.codex/sessions"), Path("/h/.codex/archived_sessions")]


def test_exec_command_end_is_read_without_decoding_its_output(tmp_path: Path) -> None:
    # The output quotes a JSON document with its own "exit_code": only the real key counts.
    noisy = json.dumps({"exit_code": 7, "call_id": "zzz"})
    c = _parse(tmp_path, [
        _meta(),
        _event("user_message", message="go"),
        _call("a", "exec_command", {"cmd": "cat result.json"}),
        _output("a", "Process running with session ID 5\nOutput:\n"),
        _event("exec_command_end", call_id="a", aggregated_output=noisy, stdout=noisy,
               exit_code=3, status="failed"),
        _line("event_msg", {"type": "exec_command_end", "call_id": "a", "exit_code": 4},
              ts="2026-05-11T09:00:00.000Z"),
    ])
    (call,) = c.tool_calls
    assert call.result is not None and (call.result.exit_code, call.result.is_error) == (4, True)
    assert c.ended_at is not None and c.ended_at.hour == 9
