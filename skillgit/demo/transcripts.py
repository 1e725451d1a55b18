"""Write small scripted sessions in the real on-disk formats of Claude Code and Codex CLI.

Used by `skillgit demo` (sample sessions for a machine with none yet) and by end-to-end tests.
Each script is a list of steps: a user prompt, assistant text, a shell command with its
output and exit code, or a skill invocation.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Step:
    kind: str                  # "user" | "assistant" | "shell" | "skill"
    text: str = ""
    output: str = ""
    exit_code: int = 0


def user(text: str) -> Step:
    return Step("user", text)


def assistant(text: str) -> Step:
    return Step("assistant", text)


def shell(command: str, output: str = "", exit_code: int = 0) -> Step:
    return Step("shell", command, output, exit_code)


def skill(name: str) -> Step:
    return Step("skill", name)


def _stamp(start: datetime, i: int) -> str:
    return (start + timedelta(seconds=7 * i)).isoformat().replace("+00:00", "Z")


def _uid(seed: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, seed))


def claude_code_records(session_id: str, cwd: str, start: datetime, steps: list[Step],
                        *, sidechain: bool = False) -> list[dict[str, Any]]:
    """Records of one Claude Code session file (`~/.claude/projects/<slug>/<id>.jsonl`)."""
    records: list[dict[str, Any]] = []
    parent: str | None = None

    def add(i: int, kind: str, message: dict[str, Any], **extra: Any) -> None:
        nonlocal parent
        uid = _uid(f"{session_id}:{i}:{kind}")
        records.append({"parentUuid": parent, "isSidechain": sidechain, "userType": "external",
                        "cwd": cwd, "sessionId": session_id, "version": "2.1.14",
                        "gitBranch": "main", "type": kind, "message": message, "uuid": uid,
                        "timestamp": _stamp(start, i), **extra})
        parent = uid

    for i, step in enumerate(steps):
        if step.kind == "user":
            add(i, "user", {"role": "user", "content": step.text})
            continue
        msg_id = f"msg_{_uid(f'{session_id}:{i}').replace('-', '')[:24]}"
        tool_id = f"toolu_{_uid(f'{session_id}:{i}:t').replace('-', '')[:24]}"
        base = {"model": "claude-sonnet-4-5", "id": msg_id, "type": "message",
                "role": "assistant", "stop_reason": None,
                "usage": {"input_tokens": 12, "output_tokens": 30}}
        if step.kind == "assistant":
            add(i, "assistant", {**base, "content": [{"type": "text", "text": step.text}]})
        elif step.kind == "skill":
            add(i, "assistant", {**base, "content": [{"type": "tool_use", "id": tool_id,
                                                       "name": "Skill",
                                                       "input": {"skill": step.text}}]})
            add(i, "user", {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tool_id,
                 "content": f"Launching skill: {step.text}"}]})
        else:
            add(i, "assistant", {**base, "content": [
                {"type": "tool_use", "id": tool_id, "name": "Bash",
                 "input": {"command": step.text, "description": "Run command"}}]})
            content = (step.output if step.exit_code == 0
                       else f"Exit code {step.exit_code}\n{step.output}")
            add(i, "user", {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tool_id, "content": content,
                 "is_error": step.exit_code != 0}]},
                toolUseResult={"stdout": step.output, "stderr": "",
                               "interrupted": False, "isImage": False})
    return records


def codex_records(session_id: str, cwd: str, start: datetime,
                  steps: list[Step]) -> list[dict[str, Any]]:
    """Records of one Codex CLI rollout file (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`)."""
    records: list[dict[str, Any]] = [
        {"timestamp": _stamp(start, 0), "type": "session_meta",
         "payload": {"id": session_id, "timestamp": _stamp(start, 0), "cwd": cwd,
                     "originator": "codex_cli_rs", "cli_version": "0.125.0", "source": "cli",
                     "model_provider": "openai"}},
        {"timestamp": _stamp(start, 0), "type": "response_item",
         "payload": {"type": "message", "role": "user", "content": [
             {"type": "input_text",
              "text": f"<environment_context>\n  <cwd>{cwd}</cwd>\n</environment_context>"}]}},
    ]
    for i, step in enumerate(steps, start=1):
        when = _stamp(start, i)
        if step.kind == "user":
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "message", "role": "user",
                "content": [{"type": "input_text", "text": step.text}]}})
            records.append({"timestamp": when, "type": "event_msg", "payload": {
                "type": "user_message", "message": step.text, "images": []}})
        elif step.kind == "assistant":
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "message", "role": "assistant",
                "content": [{"type": "output_text", "text": step.text}]}})
        else:
            command = (f"cat .agents/skills/{step.text}/SKILL.md" if step.kind == "skill"
                       else step.text)
            call_id = f"call_{_uid(f'{session_id}:{i}').replace('-', '')[:20]}"
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "function_call", "name": "exec_command", "call_id": call_id,
                "arguments": json.dumps({"cmd": command, "workdir": cwd})}})
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "function_call_output", "call_id": call_id,
                "output": f"Chunk ID: 1a2b3c\nWall time: 0.4 seconds\nProcess exited with code "
                          f"{step.exit_code}\nOutput:\n{step.output}"}})
    return records


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")
    return path


def claude_code_path(root: Path, cwd: str, session_id: str) -> Path:
    """Where Claude Code keeps a session: `<root>/projects/<cwd with / as ->/<id>.jsonl`."""
    return root / "projects" / cwd.replace("/", "-") / f"{session_id}.jsonl"


def codex_path(root: Path, start: datetime, session_id: str) -> Path:
    stamp = start.strftime("%Y-%m-%dT%H-%M-%S")
    return root / "sessions" / start.strftime("%Y/%m/%d") / f"rollout-{stamp}-{session_id}.jsonl"
