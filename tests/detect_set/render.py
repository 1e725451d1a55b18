"""Render the labelled follow-up set (`cases.yaml`) as real agent transcripts.

Each case becomes one session: the ask, the agent's tool calls with their results, its
reply, then the labelled follow-up message. About a quarter of the cases are Codex rollouts
(`fmt: codex`), the rest Claude Code JSONL, in the record shapes those agents write.
`write_sessions(folder)` writes them; `sessions/` holds the committed copy, and
`python tests/detect_set/render.py` refreshes it after `cases.yaml` changes.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases.yaml"
SESSIONS = HERE / "sessions"
START = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)
_NAMESPACE = uuid.UUID("6f1d0c3e-5b0a-4d8e-9a44-1c1e0de7e718")
_CWD = "/home/dev/src/app"


# libyaml's safe loader where PyYAML was built with it: the same documents ~9x faster (the
# sets are ~230 kB, each read about three times per worker, at collection too).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_cases(path: Path = CASES) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = yaml.load(path.read_text(encoding="utf-8"),
                                            Loader=_LOADER)["cases"]
    return cases


def session_id(case: dict[str, Any]) -> str:
    return str(uuid.uuid5(_NAMESPACE, str(case["id"])))


def _stamp(i: int, offset: int) -> str:
    when = START + timedelta(minutes=offset, seconds=3 * i)
    return when.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def claude_records(case: dict[str, Any], offset: int) -> list[dict[str, Any]]:
    sid = session_id(case)
    records: list[dict[str, Any]] = []

    def add(kind: str, message: dict[str, Any]) -> None:
        n = len(records)
        records.append({"parentUuid": records[-1]["uuid"] if records else None,
                        "isSidechain": False, "userType": "external", "cwd": _CWD,
                        "sessionId": sid, "version": "2.0.76", "gitBranch": "main",
                        "type": kind, "message": message,
                        "uuid": str(uuid.uuid5(_NAMESPACE, f"{sid}/{n}")),
                        "timestamp": _stamp(n, offset)})

    add("user", {"role": "user", "content": case["ask"]})
    for number, act in enumerate(case["acts"], 1):
        tool_id = f"toolu_{number:02d}{sid[:8]}"
        name, tool_input, output, error = _claude_tool(act)
        add("assistant", {"id": f"msg_{len(records)}", "model": "claude-sonnet-4-5",
                          "role": "assistant", "type": "message",
                          "content": [{"type": "tool_use", "id": tool_id, "name": name,
                                       "input": tool_input}]})
        add("user", {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id,
                                                  "content": output, "is_error": error}]})
    add("assistant", {"id": f"msg_{len(records)}", "model": "claude-sonnet-4-5",
                      "role": "assistant", "type": "message",
                      "content": [{"type": "text", "text": case["say"]}]})
    add("user", {"role": "user", "content": case["msg"]})
    return records


def _claude_tool(act: list[str]) -> tuple[str, dict[str, Any], str, bool]:
    kind = act[0]
    if kind in ("bash", "bash!"):
        error = kind == "bash!"
        output = act[2] if len(act) > 2 else ""
        return "Bash", {"command": act[1], "description": "run"}, (
            f"Exit code 1\n{output}" if error else output), error
    if kind == "edit":
        return "Edit", {"file_path": f"{_CWD}/{act[1]}", "old_string": "a", "new_string": "b"}, (
            f"The file {_CWD}/{act[1]} has been updated."), False
    return "Read", {"file_path": f"{_CWD}/{act[1]}"}, "     1\t...", False


def codex_records(case: dict[str, Any], offset: int) -> list[dict[str, Any]]:
    sid = session_id(case)
    records: list[dict[str, Any]] = []

    def add(kind: str, payload: dict[str, Any]) -> None:
        records.append({"timestamp": _stamp(len(records), offset), "type": kind,
                        "payload": payload})

    add("session_meta", {"id": sid, "timestamp": _stamp(0, offset), "cwd": _CWD,
                         "originator": "codex_cli_rs", "cli_version": "0.125.0",
                         "source": "cli", "model_provider": "openai",
                         "git": {"branch": "main"}})
    add("turn_context", {"turn_id": f"{sid}-1", "cwd": _CWD, "model": "gpt-5.5"})
    add("event_msg", {"type": "user_message", "message": case["ask"], "images": []})
    for number, act in enumerate(case["acts"], 1):
        call_id = f"call_{number:02d}{sid[:8]}"
        kind = act[0]
        if kind == "edit":
            patch = f"*** Begin Patch\n*** Update File: {act[1]}\n@@\n-a\n+b\n*** End Patch\n"
            add("response_item", {"type": "custom_tool_call", "status": "completed",
                                  "call_id": call_id, "name": "apply_patch", "input": patch})
            add("response_item", {"type": "custom_tool_call_output", "call_id": call_id,
                                  "output": json.dumps({"output": f"Success. Updated the "
                                                        f"following files:\nM {act[1]}\n",
                                                        "metadata": {"exit_code": 0,
                                                                     "duration_seconds": 0.1}})})
            continue
        command = act[1] if kind != "read" else f"sed -n '1,200p' {act[1]}"
        output = act[2] if len(act) > 2 else ("..." if kind == "read" else "")
        code = 1 if kind == "bash!" else 0
        add("response_item", {"type": "function_call", "name": "exec_command",
                              "arguments": json.dumps({"cmd": command, "workdir": _CWD}),
                              "call_id": call_id})
        add("response_item", {"type": "function_call_output", "call_id": call_id,
                              "output": f"Process exited with code {code}\nOutput:\n{output}"})
    add("event_msg", {"type": "agent_message", "message": case["say"]})
    add("response_item", {"type": "message", "role": "assistant",
                          "content": [{"type": "output_text", "text": case["say"]}]})
    add("event_msg", {"type": "user_message", "message": case["msg"], "images": []})
    return records


def session_path(folder: Path, case: dict[str, Any], offset: int) -> Path:
    if case["fmt"] == "codex":
        when = (START + timedelta(minutes=offset)).strftime("%Y-%m-%dT%H-%M-%S")
        return folder / "codex" / f"rollout-{when}-{session_id(case)}.jsonl"
    return folder / "claude-code" / f"{session_id(case)}.jsonl"


def render(cases: list[dict[str, Any]]) -> dict[Path, str]:
    """Relative path -> file text of every session."""
    files: dict[Path, str] = {}
    for offset, case in enumerate(cases):
        records = (codex_records if case["fmt"] == "codex" else claude_records)(case, offset)
        path = session_path(Path(), case, offset)
        files[path] = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    return files


def write_sessions(folder: Path, cases: list[dict[str, Any]] | None = None) -> None:
    for path, text in render(cases if cases is not None else load_cases()).items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_sessions(SESSIONS)
