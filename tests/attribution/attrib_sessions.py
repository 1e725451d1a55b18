"""Sessions in the real on-disk formats of Claude Code, Codex CLI, Gemini CLI and opencode, with
skill invocations as each agent records them (shapes from shared/research/transcripts.md), and a
skills repository whose skill changes over dated commits."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

HOME = "/home/dev"


@dataclass(frozen=True)
class Step:
    kind: str            # user | skill | shell | read | assistant
    text: str = ""
    shown: str = ""      # skill: the SKILL.md text the agent loaded
    output: str = ""
    exit_code: int = 0


def user(text: str) -> Step:
    return Step("user", text)


def skill(name: str, shown: str) -> Step:
    return Step("skill", name, shown=shown)


def shell(command: str, output: str = "", exit_code: int = 0) -> Step:
    return Step("shell", command, output=output, exit_code=exit_code)


def read(path: str, output: str = "") -> Step:
    return Step("read", path, output=output)


def body_of(skill_md: str) -> str:
    """The SKILL.md without its frontmatter, as agents show it."""
    return skill_md.split("\n---\n", 1)[1] if skill_md.startswith("---\n") else skill_md


def _stamp(start: datetime, i: int) -> str:
    return (start + timedelta(seconds=10 * i)).isoformat().replace("+00:00", "Z")


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


# --- Claude Code -------------------------------------------------------------------------
def claude(root: Path, sid: str, start: datetime, steps: list[Step]) -> Path:
    records: list[dict[str, Any]] = []

    def add(i: int, kind: str, message: dict[str, Any], **extra: Any) -> None:
        records.append({"parentUuid": None, "isSidechain": False, "userType": "external",
                        "cwd": "/work/shop", "sessionId": sid, "version": "2.1.14",
                        "gitBranch": "main", "type": kind, "message": message,
                        "uuid": f"{sid}-{len(records)}", "timestamp": _stamp(start, i), **extra})

    for i, step in enumerate(steps):
        tool_id = f"toolu_{sid}_{i}"
        msg = {"model": "claude-sonnet-4-5", "id": f"msg_{sid}_{i}", "type": "message",
               "role": "assistant", "stop_reason": "tool_use"}
        if step.kind == "user":
            add(i, "user", {"role": "user", "content": step.text})
        elif step.kind == "skill":
            add(i, "assistant", {**msg, "content": [{"type": "tool_use", "id": tool_id,
                                                     "name": "Skill",
                                                     "input": {"skill": step.text}}]})
            add(i, "user", {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tool_id,
                 "content": f"Launching skill: {step.text}"}]},
                toolUseResult={"success": True, "commandName": step.text})
            if not step.shown:  # an older build: no injected body, the name only
                continue
            add(i, "user", {"role": "user", "content": [{"type": "text", "text": (
                f"Base directory for this skill: {HOME}/.claude/skills/{step.text}\n\n"
                + body_of(step.shown))}]}, isMeta=True, sourceToolUseID=tool_id)
        elif step.kind == "read":
            add(i, "assistant", {**msg, "content": [{"type": "tool_use", "id": tool_id,
                                                     "name": "Read",
                                                     "input": {"file_path": step.text}}]})
            add(i, "user", {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tool_id, "content": step.output}]})
        else:
            add(i, "assistant", {**msg, "content": [{"type": "tool_use", "id": tool_id,
                                                     "name": "Bash",
                                                     "input": {"command": step.text}}]})
            text = (step.output if not step.exit_code
                    else f"Exit code {step.exit_code}\n{step.output}")
            add(i, "user", {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tool_id, "content": text,
                 "is_error": bool(step.exit_code)}]})
    return _write(root / "claude" / "projects" / "-work-shop" / f"{sid}.jsonl", records)


# --- Codex CLI ---------------------------------------------------------------------------
def codex(root: Path, sid: str, start: datetime, steps: list[Step]) -> Path:
    records: list[dict[str, Any]] = [
        {"timestamp": _stamp(start, 0), "type": "session_meta",
         "payload": {"id": sid, "timestamp": _stamp(start, 0), "cwd": "/work/shop",
                     "originator": "codex_cli_rs", "cli_version": "0.125.0", "source": "cli",
                     "model_provider": "openai"}}]
    for i, step in enumerate(steps, start=1):
        when = _stamp(start, i)
        if step.kind == "user":
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "message", "role": "user",
                "content": [{"type": "input_text", "text": step.text}]}})
            records.append({"timestamp": when, "type": "event_msg", "payload": {
                "type": "user_message", "message": step.text, "images": []}})
        elif step.kind == "skill":
            injected = (f"<skill>\n<name>{step.text}</name>\n<path>{HOME}/.codex/skills/"
                        f"{step.text}/SKILL.md</path>\n{step.shown}\n</skill>")
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "message", "role": "user",
                "content": [{"type": "input_text", "text": injected}]}})
        else:
            command = f"cat {step.text}" if step.kind == "read" else step.text
            call_id = f"call_{sid}_{i}"
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "function_call", "name": "exec_command", "call_id": call_id,
                "arguments": json.dumps({"cmd": command, "workdir": "/work/shop"})}})
            records.append({"timestamp": when, "type": "response_item", "payload": {
                "type": "function_call_output", "call_id": call_id,
                "output": f"Chunk ID: 1a2b\nWall time: 0.4 seconds\nProcess exited with code "
                          f"{step.exit_code}\nOutput:\n{step.output}"}})
    stamp = start.strftime("%Y-%m-%dT%H-%M-%S")
    return _write(root / "codex" / "sessions" / start.strftime("%Y/%m/%d")
                  / f"rollout-{stamp}-{sid}.jsonl", records)


# --- Gemini CLI (JSONL chat recording) ---------------------------------------------------
def gemini(root: Path, sid: str, start: datetime, steps: list[Step]) -> Path:
    project = root / "gemini" / "tmp" / "shop"
    (project / "chats").mkdir(parents=True, exist_ok=True)
    (project / ".project_root").write_text("/work/shop\n")
    records: list[dict[str, Any]] = [{"sessionId": sid, "projectHash": "f" * 64,
                                      "startTime": _stamp(start, 0),
                                      "lastUpdated": _stamp(start, len(steps))}]
    for i, step in enumerate(steps):
        when = _stamp(start, i)
        if step.kind == "user":
            records.append({"id": f"m{i}", "timestamp": when, "type": "user",
                            "content": [{"text": step.text}]})
            continue
        if step.kind == "skill":
            name, args = "activate_skill", {"name": step.text}
            status = "success"
            output = (f'<activated_skill name="{step.text}">\n<instructions>\n'
                      f"{body_of(step.shown)}\n</instructions>\n</activated_skill>")
        elif step.kind == "read":
            name, args, output = "read_file", {"file_path": step.text}, step.output
            status = "success"
        else:
            name, args = "run_shell_command", {"command": step.text}
            output = f"Output: {step.output}\nExit Code: {step.exit_code}"
            status = "success" if not step.exit_code else "error"
        records.append({"id": f"m{i}", "timestamp": when, "type": "gemini", "content": "",
                        "model": "gemini-2.5-pro", "toolCalls": [
                            {"id": f"{name}-{i}", "name": name, "args": args, "status": status,
                             "timestamp": when, "result": [{"functionResponse": {
                                 "id": f"{name}-{i}", "name": name,
                                 "response": {"output": output}}}]}]})
    return _write(project / "chats" / f"session-{start.strftime('%Y-%m-%dT%H-%M')}-{sid[:8]}.jsonl",
                  records)


# --- opencode (JSON storage tree) --------------------------------------------------------
def opencode(root: Path, sid: str, start: datetime, steps: list[Step]) -> Path:
    storage = root / "opencode" / "storage"
    t0 = int(start.timestamp() * 1000)

    def write(path: Path, value: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")

    session = storage / "session" / "proj1" / f"{sid}.json"
    write(session, {"id": sid, "version": "1.1.4", "projectID": "proj1", "directory": "/work/shop",
                    "time": {"created": t0, "updated": t0 + 10_000 * len(steps)}})
    for i, step in enumerate(steps):
        mid = f"msg_{sid}_{i:03d}"
        clock = t0 + 10_000 * i
        role = "user" if step.kind == "user" else "assistant"
        data: dict[str, Any] = {"id": mid, "sessionID": sid, "role": role,
                                "time": {"created": clock}}
        if role == "assistant":
            data.update({"modelID": "claude-sonnet-4-6", "providerID": "anthropic",
                         "path": {"cwd": "/work/shop", "root": "/work/shop"}})
        write(storage / "message" / sid / f"{mid}.json", data)
        if step.kind == "user":
            part: dict[str, Any] = {"type": "text", "text": step.text}
        else:
            if step.kind == "skill":
                tool, args = "skill", {"name": step.text}
                output = (f'<skill_content name="{step.text}">\n# Skill: {step.text}\n\n'
                          f"{body_of(step.shown)}\n\nBase directory for this skill: "
                          f"file://{HOME}/.config/opencode/skills/{step.text}\n</skill_content>")
                meta: dict[str, Any] = {}
            elif step.kind == "read":
                tool, args, output, meta = "read", {"filePath": step.text}, step.output, {}
            else:
                tool, args, output = "bash", {"command": step.text}, step.output
                meta = {"exit": step.exit_code, "output": step.output}
            part = {"type": "tool", "tool": tool, "callID": f"c{i}", "state": {
                "status": "completed", "input": args, "output": output, "metadata": meta,
                "title": tool, "time": {"start": clock, "end": clock + 1000}}}
        write(storage / "part" / mid / f"prt_{i:03d}.json",
              {"id": f"prt_{i:03d}", "sessionID": sid, "messageID": mid, **part})
    return session


WRITERS = {"claude-code": claude, "codex": codex, "gemini": gemini, "opencode": opencode}


# --- a skills repository with dated history ----------------------------------------------
def commit(repo: Path, when: datetime, files: dict[str, str | None], message: str) -> str:
    for path, text in files.items():
        target = repo / path
        if text is None:
            target.unlink()
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    stamp = when.strftime("%Y-%m-%dT%H:%M:%S+0000")
    env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp,
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True, env=env)
    subprocess.run(["git", "-C", str(repo), "commit", "-qm", message], check=True, env=env)
    out = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True, env=env,
                         capture_output=True, text=True)
    return out.stdout.strip()


def init_repo(path: Path) -> Path:
    path.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    return path
