"""Turning Codex rollout records into turns (used by `skillgit.transcripts.codex`)."""

from __future__ import annotations

import contextlib
import json
import re
from datetime import datetime
from typing import Any

from skillgit.transcripts.builder import (
    ConversationBuilder,
    DraftTurn,
    skills_read_in_command,
    summarize_input,
)
from skillgit.transcripts.model import TurnKind, parse_timestamp

_INJECTED_USER = ("# AGENTS.md instructions", "<INSTRUCTIONS>", "<environment_context>",
                  "<user_instructions>", "<user_shell_command>", "<subagent_notification>",
                  "<permissions instructions>", "<collaboration_mode>")
_EXITED = re.compile(r"Process exited with code (-?\d+)")
_RUNNING = re.compile(r"Process running with session ID (\d+)")
_HEADER_LINE = re.compile(r"^(?:Chunk ID|Wall time|Original token count|Process exited with code|"
                          r"Process running with session ID)\b.*\n?", re.MULTILINE)
_SKILL_NAME = re.compile(r"<name>\s*(.*?)\s*</name>", re.DOTALL)
_IDE_REQUEST = "## My request for Codex:"
_SHELLS = ("bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh", "/usr/bin/bash",
           "powershell", "pwsh")
_RESPONSE_KINDS = {"message", "function_call", "function_call_output", "custom_tool_call",
                   "custom_tool_call_output", "local_shell_call", "web_search_call",
                   "compaction", "reasoning"}


def command_text(value: Any) -> str:
    """A shell command from `cmd` / `command` (string or argv, `bash -lc X` unwrapped)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        if len(value) >= 3 and value[0] in _SHELLS and value[1] in ("-lc", "-c", "-Command"):
            return " ".join(value[2:])
        return " ".join(value)
    return ""


class CodexReader:
    def __init__(self, builder: ConversationBuilder) -> None:
        self.builder = builder
        self.calls: dict[str, DraftTurn] = {}
        self.processes: dict[str, DraftTurn] = {}   # unified-exec session id -> exec turn
        self.exit_codes: dict[str, int] = {}
        self.failed: set[str] = set()
        self.twin: dict[TurnKind, tuple[str, str]] = {}
        self.seen_meta = False

    # -- records ---------------------------------------------------------------------
    def feed(self, record: dict[str, Any]) -> None:
        kind = record.get("type")
        payload = record.get("payload")
        when = parse_timestamp(record.get("timestamp"))
        self.builder.seen_time(when)
        if not isinstance(payload, dict):
            if kind in _RESPONSE_KINDS:          # pre-envelope bare item
                self.feed_item(record, when)
            elif "record_type" not in record and not self.seen_meta and "id" in record:
                self.meta(record)                # pre-envelope header line
            return
        if kind == "session_meta":
            self.meta(payload)
        elif kind == "turn_context":
            self._turn_context(payload)
        elif kind == "response_item":
            self.feed_item(payload, when)
        elif kind == "event_msg":
            self._event(payload, when)
        elif kind == "compacted":
            self.builder.add_marker(TurnKind.COMPACTION, when)

    def meta(self, payload: dict[str, Any]) -> None:
        b = self.builder
        if self.seen_meta:
            return
        self.seen_meta = True
        sid = payload.get("id") or payload.get("session_id")
        if isinstance(sid, str):
            b.session_id = sid
        b.seen_time(parse_timestamp(payload.get("timestamp")))
        for attr, key in (("cwd", "cwd"), ("agent_version", "cli_version"), ("model", "model")):
            value = payload.get(key)
            if isinstance(value, str) and value:
                setattr(b, attr, value)
        git = payload.get("git")
        if isinstance(git, dict) and isinstance(git.get("branch"), str):
            b.git_branch = git["branch"]
        source = payload.get("source")
        if isinstance(source, dict) and "subagent" in source:
            b.is_sidechain = True
            spawn = source["subagent"]
            spawn = spawn.get("thread_spawn") if isinstance(spawn, dict) else None
            parent = spawn.get("parent_thread_id") if isinstance(spawn, dict) else None
            b.parent_session_id = parent if isinstance(parent, str) else None

    def _turn_context(self, payload: dict[str, Any]) -> None:
        model = payload.get("model")
        if isinstance(model, str) and model:
            self.builder.model = model
        cwd = payload.get("cwd")
        if isinstance(cwd, str) and cwd and self.builder.cwd is None:
            self.builder.cwd = cwd

    # -- response items ----------------------------------------------------------------
    def feed_item(self, item: Any, when: datetime | None) -> None:
        if not isinstance(item, dict):
            return
        kind = item.get("type")
        if kind == "message":
            self._message(item, when)
        elif kind in ("function_call", "custom_tool_call", "local_shell_call"):
            self._call(item, when)
        elif kind == "web_search_call":
            action = item.get("action")
            query = action.get("query") if isinstance(action, dict) else None
            self.builder.add(TurnKind.TOOL_CALL, "", when, tool_name="web_search",
                             tool_input=query if isinstance(query, str) else "")
        elif kind in ("function_call_output", "custom_tool_call_output"):
            self._output(item)
        elif kind == "compaction":
            self.builder.add_marker(TurnKind.COMPACTION, when)

    def _message(self, item: dict[str, Any], when: datetime | None) -> None:
        role = item.get("role")
        content = item.get("content")
        parts = content if isinstance(content, list) else [{"text": content}]
        texts = [p.get("text") for p in parts if isinstance(p, dict)]
        if role == "assistant":
            joined = "\n\n".join(t for t in texts if isinstance(t, str) and t.strip())
            if joined:
                self._text(TurnKind.ASSISTANT, joined, when, "response")
            return
        if role != "user":
            return
        kinds = _content_kinds(item)
        real: list[str] = []
        for i, text in enumerate(texts):
            if not isinstance(text, str) or not text.strip():
                continue
            declared = kinds[i] if kinds and i < len(kinds) else None
            self._classify_user_text(text, when, real, declared)
        if real:
            self._text(TurnKind.USER, "\n\n".join(real), when, "response")

    def _classify_user_text(self, text: str, when: datetime | None, real: list[str],
                            declared: str | None) -> None:
        b = self.builder
        stripped = text.strip()
        if stripped.startswith("<skill>"):
            b.injected_dropped += 1
            name = _SKILL_NAME.search(stripped)
            b.add(TurnKind.SKILL, "", when, skill_name=name.group(1) if name else "?",
                  invoked_by="<skill> injection", shown=stripped)
        elif stripped.startswith("<turn_aborted>"):
            b.injected_dropped += 1
            b.add_marker(TurnKind.INTERRUPT, when, "turn aborted")
        elif (declared is not None and declared != "user.text") or stripped.startswith(
                _INJECTED_USER):
            b.injected_dropped += 1
        else:
            real.append(stripped)

    def _text(self, kind: TurnKind, text: str, when: datetime | None, source: str) -> None:
        """Add user/assistant text unless it is the twin of the previous one from the
        other record family (event_msg vs response_item)."""
        key = " ".join(text.split())
        previous = self.twin.get(kind)
        if previous is not None and previous[0] != source and previous[1] == key:
            del self.twin[kind]
            return
        self.twin[kind] = (source, key)
        if kind is TurnKind.USER:
            if self.builder.is_sidechain:   # the parent agent's prompt, not the user's
                self.builder.injected_dropped += 1
                return
            if _IDE_REQUEST in text:
                text = text.split(_IDE_REQUEST, 1)[1].strip() or text
            self.builder.add(TurnKind.USER, text, when)
        else:
            self.builder.add_assistant_text(text, when, None)

    def _call(self, item: dict[str, Any], when: datetime | None) -> None:
        b = self.builder
        name = str(item.get("name") or item.get("type") or "?")
        call_id = str(item.get("call_id") or item.get("id") or "")
        args: Any = item.get("arguments") if "arguments" in item else item.get("input")
        if item.get("type") == "local_shell_call":
            action = item.get("action")
            args = {"command": action.get("command")} if isinstance(action, dict) else {}
            name = "local_shell"
        if isinstance(args, str) and item.get("type") == "function_call":
            with contextlib.suppress(ValueError, RecursionError):
                args = json.loads(args)
        if name == "write_stdin" and isinstance(args, dict) and not args.get("chars"):
            target = self.processes.get(str(args.get("session_id")))
            if target is not None:               # a poll of a running exec_command
                self.calls[call_id] = target
                return
        command = command_text(args.get("cmd") or args.get("command")) if isinstance(
            args, dict) else ""
        turn = b.add(TurnKind.TOOL_CALL, "", when, tool_name=name,
                     tool_input=command or summarize_input(args))
        self.calls[call_id] = turn
        for skill in skills_read_in_command(command):
            b.add(TurnKind.SKILL, "", when, skill_name=skill, invoked_by="SKILL.md read")

    def _output(self, item: dict[str, Any]) -> None:
        call_id = str(item.get("call_id") or "")
        turn = self.calls.get(call_id)
        if turn is None:
            return
        output = item.get("output")
        is_error = False
        exit_code: int | None = None
        if isinstance(output, dict):                 # {"content": ..., "success": bool}
            is_error = output.get("success") is False
            output = output.get("content")
        text = output if isinstance(output, str) else summarize_input(output)
        if text.startswith("{") and '"metadata"' in text[-400:]:
            text, exit_code = _json_output(text)
        header = text[:400]
        running = _RUNNING.search(header)
        if running and turn.tool_name == "exec_command":
            self.processes[running.group(1)] = turn
        exited = _EXITED.search(header)
        if exited:
            exit_code = int(exited.group(1))
        if text.startswith(("Chunk ID", "Wall time")):   # unified exec: header, then output
            _, found, body = text.partition("Output:\n")
            text = body if found else _HEADER_LINE.sub("", text)
        ConversationBuilder.set_result(turn, text, is_error=is_error, exit_code=exit_code,
                                       append=True)

    # -- events --------------------------------------------------------------------------
    def _event(self, payload: dict[str, Any], when: datetime | None) -> None:
        kind = payload.get("type")
        if kind == "user_message":
            message = payload.get("message")
            if isinstance(message, str) and message.strip():
                self._user_event(message, when)
        elif kind == "agent_message":
            message = payload.get("message")
            if isinstance(message, str) and message.strip():
                self._text(TurnKind.ASSISTANT, message, when, "event")
        elif kind == "turn_aborted":
            self.builder.add_marker(TurnKind.INTERRUPT, when,
                                    str(payload.get("reason") or "interrupted"))
        elif kind == "context_compacted":
            self.builder.add_marker(TurnKind.COMPACTION, when)
        elif kind == "exec_command_end":
            code = payload.get("exit_code")
            if isinstance(code, int) and not isinstance(code, bool):
                self.exit_codes[str(payload.get("call_id"))] = code
        elif kind == "patch_apply_end" and payload.get("success") is False:
            self.failed.add(str(payload.get("call_id")))
        elif kind == "collab_agent_spawn_end":
            turn = self.calls.get(str(payload.get("call_id")))
            child = payload.get("new_thread_id")
            if turn is not None and isinstance(child, str) and not turn.has_result:
                ConversationBuilder.set_result(turn, f"spawned agent thread {child}")
        elif kind == "item_completed":
            self._item_completed(payload.get("item"), when)

    def _user_event(self, message: str, when: datetime | None) -> None:
        stripped = message.strip()
        if stripped.startswith(_INJECTED_USER) or stripped.startswith("<skill>"):
            real: list[str] = []
            self._classify_user_text(stripped, when, real, None)
            return
        self._text(TurnKind.USER, stripped, when, "event")

    def _item_completed(self, item: Any, when: datetime | None) -> None:
        """0.147+ `item_completed` events carrying PascalCase thread items."""
        if not isinstance(item, dict):
            return
        kind = item.get("type")
        text = item.get("text") or item.get("message")
        if not isinstance(text, str):
            content = item.get("content")
            parts = content if isinstance(content, list) else []
            text = "\n\n".join(str(p["text"]) for p in parts
                               if isinstance(p, dict) and isinstance(p.get("text"), str))
        if kind == "UserMessage" and text.strip():
            self._user_event(text, when)
        elif kind == "AgentMessage" and text.strip():
            self._text(TurnKind.ASSISTANT, text, when, "event")
        elif kind == "CommandExecution":
            code = item.get("exit_code", item.get("exitCode"))
            call_id = item.get("call_id") or item.get("id")
            if isinstance(code, int) and not isinstance(code, bool) and call_id:
                self.exit_codes[str(call_id)] = code

    def finish(self) -> ConversationBuilder:
        for call_id, code in self.exit_codes.items():
            turn = self.calls.get(call_id)
            if turn is not None:
                turn.exit_code = code
                turn.is_error = turn.is_error or code != 0
                turn.has_result = True
        for call_id in self.failed:
            turn = self.calls.get(call_id)
            if turn is not None:
                turn.is_error = turn.has_result = True
        return self.builder


def _content_kinds(item: dict[str, Any]) -> list[str] | None:
    meta = item.get("internal_chat_message_metadata_passthrough")
    kinds = meta.get("content_item_kinds") if isinstance(meta, dict) else None
    if isinstance(kinds, list) and all(isinstance(k, str) for k in kinds):
        return kinds
    return None


def _json_output(text: str) -> tuple[str, int | None]:
    """Older shell/apply_patch outputs: `{"output": "...", "metadata": {"exit_code": N}}`."""
    try:
        data = json.loads(text)
    except ValueError:
        return text, None
    if not isinstance(data, dict):
        return text, None
    output = data.get("output")
    meta = data.get("metadata")
    code = meta.get("exit_code") if isinstance(meta, dict) else None
    return (output if isinstance(output, str) else text,
            code if isinstance(code, int) and not isinstance(code, bool) else None)
