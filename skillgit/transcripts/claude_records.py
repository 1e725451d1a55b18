"""Turning Claude Code records into turns (used by `skillgit.transcripts.claude_code`)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from skillgit.transcripts.builder import (
    ConversationBuilder,
    DraftTurn,
    skill_read_in_path,
    skills_read_in_command,
    summarize_input,
)
from skillgit.transcripts.model import TurnKind, parse_timestamp

_INTERRUPTS = ("[Request interrupted by user]", "[Request interrupted by user for tool use]")
_INJECTED_PREFIXES = ("<local-command-stdout>", "<local-command-stderr>",
                      "<local-command-caveat>", "<bash-input>", "<bash-stdout>",
                      "<bash-stderr>", "<task-notification>", "<user-memory-input>",
                      "<system-reminder>", "<teammate-message>", "Caveat: The messages below")
_COMMAND_PREFIXES = ("<command-name>", "<command-message>", "<command-args>")
_STRIP_BLOCKS = re.compile(r"<(system-reminder|ide_opened_file|ide_selection|ide_diagnostics)>"
                           r".*?</\1>", re.DOTALL)
_COMMAND_NAME = re.compile(r"<command-name>\s*(.*?)\s*</command-name>", re.DOTALL)
_COMMAND_ARGS = re.compile(r"<command-args>(.*?)</command-args>", re.DOTALL)
_EXIT_CODE = re.compile(r"\AExit code (\d+)\b")
_SKILL_BODY = "Base directory for this skill:"
_FILE_READ_TOOLS = {"Read", "View", "NotebookRead"}
_SHELL_TOOLS = {"Bash", "BashOutput"}


class ClaudeReader:
    def __init__(self, builder: ConversationBuilder) -> None:
        self.builder = builder
        self.session_ids: set[str] = set()
        self.first_session_id = ""
        self.agent_id = ""
        self.calls: dict[str, DraftTurn] = {}
        self.seen_blocks: set[tuple[str, str]] = set()
        self.last_command: str | None = None
        self.queued: list[str] = []
        self.queued_emitted: set[str] = set()

    def feed(self, record: dict[str, Any]) -> None:
        kind = record.get("type")
        when = parse_timestamp(record.get("timestamp"))
        self._envelope(record)
        self.builder.seen_time(when)
        if kind == "user":
            self._user(record, when)
        elif kind == "assistant":
            self._assistant(record, when)
        elif kind == "system":
            self._system(record, when)
        elif kind == "queue-operation":
            self._queue(record, when)
        elif kind == "attachment":
            self._attachment(record, when)

    def _envelope(self, record: dict[str, Any]) -> None:
        b = self.builder
        sid = record.get("sessionId")
        if isinstance(sid, str) and sid:
            self.session_ids.add(sid)
            self.first_session_id = self.first_session_id or sid
        if record.get("isSidechain") is True:
            b.is_sidechain = True
        agent_id = record.get("agentId")
        if isinstance(agent_id, str) and agent_id and not self.agent_id:
            self.agent_id = agent_id
        for attr, key in (("cwd", "cwd"), ("agent_version", "version")):
            value = record.get(key)
            if isinstance(value, str) and value and getattr(b, attr) is None:
                setattr(b, attr, value)
        branch = record.get("gitBranch")
        if isinstance(branch, str) and branch and branch != "HEAD" and b.git_branch is None:
            b.git_branch = branch

    def _user(self, record: dict[str, Any], when: datetime | None) -> None:
        b = self.builder
        message = record.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        blocks: list[Any] = [content] if isinstance(content, str) else (
            content if isinstance(content, list) else [])
        texts: list[str] = []
        for block in blocks:
            if isinstance(block, str):
                texts.append(block)
            elif isinstance(block, dict) and block.get("type") == "tool_result":
                self._tool_result(block)
            elif isinstance(block, dict) and block.get("type") == "text":
                text = block.get("text")
                if isinstance(text, str):
                    texts.append(text)
        if not texts:
            return
        if record.get("isMeta") is True:
            b.injected_dropped += 1
            body = "\n".join(texts)
            if (called := self.calls.get(str(record.get("sourceToolUseID")))) is not None:
                called.shown = body  # the Skill tool's injected text: its content key
            elif body.startswith(_SKILL_BODY) and self.last_command and not record.get(
                    "sourceToolUseID"):
                b.add(TurnKind.SKILL, "", when, skill_name=self.last_command.lstrip("/"),
                      invoked_by="slash command", command=self.last_command, shown=body)
            return
        if record.get("isCompactSummary") is True or record.get("isVisibleInTranscriptOnly"):
            b.injected_dropped += 1
            b.add_marker(TurnKind.COMPACTION, when)
            return
        real: list[str] = []
        for text in texts:
            self._classify_text(text, when, real)
        if not real:
            return
        if b.is_sidechain:  # the parent model's prompt to a subagent, not the user's
            b.injected_dropped += 1
            return
        b.add(TurnKind.USER, "\n\n".join(real), when)

    def _classify_text(self, text: str, when: datetime | None, real: list[str]) -> None:
        b = self.builder
        stripped = text.strip()
        if stripped in _INTERRUPTS:
            b.add_marker(TurnKind.INTERRUPT, when, stripped)
        elif stripped.startswith(_COMMAND_PREFIXES):
            self._slash_command(stripped, when)
        elif stripped.startswith(_INJECTED_PREFIXES):
            b.injected_dropped += 1
        else:
            cleaned = _STRIP_BLOCKS.sub("", text).strip() if "<" in text else stripped
            if cleaned:
                real.append(cleaned)
            else:
                b.injected_dropped += 1

    def _slash_command(self, text: str, when: datetime | None) -> None:
        name = _COMMAND_NAME.search(text)
        args = _COMMAND_ARGS.search(text)
        command = name.group(1) if name else ""
        if not command:
            self.builder.injected_dropped += 1
            return
        command = command if command.startswith("/") else f"/{command}"
        self.last_command = command
        self.builder.add(TurnKind.SLASH_COMMAND, args.group(1).strip() if args else "", when,
                         command=command)

    def _tool_result(self, block: dict[str, Any]) -> None:
        turn = self.calls.get(str(block.get("tool_use_id")))
        if turn is None:
            return
        text = _result_text(block.get("content"))
        is_error = block.get("is_error") is True
        match = _EXIT_CODE.match(text) if is_error else None
        ConversationBuilder.set_result(turn, text, is_error=is_error,
                                       exit_code=int(match.group(1)) if match else None)
        if "<system-reminder>" in turn.result_text:  # injected into the result, not output
            turn.result_text = _STRIP_BLOCKS.sub("", turn.result_text).rstrip()

    def _assistant(self, record: dict[str, Any], when: datetime | None) -> None:
        b = self.builder
        message = record.get("message")
        if not isinstance(message, dict):
            return
        model = message.get("model")
        if isinstance(model, str) and model and not model.startswith("<"):
            b.model = model
        message_id = str(message.get("id") or record.get("uuid") or "")
        content = message.get("content")
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
        if not isinstance(blocks, list):
            return
        for block in blocks:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text" and isinstance(block.get("text"), str):
                text = block["text"]
                if text.strip() and self._first_time(message_id, "t:" + text):
                    b.add_assistant_text(text, when, message_id)
            elif block.get("type") == "tool_use":
                block_id = str(block.get("id") or "")
                if self._first_time(message_id, "u:" + block_id):
                    self._tool_use(block, block_id, when)

    def _first_time(self, message_id: str, key: str) -> bool:
        marker = (message_id, key)
        if marker in self.seen_blocks:
            return False
        self.seen_blocks.add(marker)
        return True

    def _tool_use(self, block: dict[str, Any], block_id: str, when: datetime | None) -> None:
        b = self.builder
        name = str(block.get("name") or "?")
        raw_input = block.get("input")
        tool_input: dict[str, Any] = raw_input if isinstance(raw_input, dict) else {}
        if name == "Skill":
            skill = tool_input.get("skill") or tool_input.get("command") or "?"
            args = tool_input.get("args")
            turn = b.add(TurnKind.SKILL, "", when, skill_name=str(skill).lstrip("/"),
                         invoked_by="Skill tool", tool_name=name,
                         tool_input=args if isinstance(args, str) else None)
            self.calls[block_id] = turn
            return
        summary = summarize_input(tool_input)
        self.calls[block_id] = b.add(TurnKind.TOOL_CALL, "", when, tool_name=name,
                                     tool_input=summary)
        skills: list[str] = []
        if name in _FILE_READ_TOOLS:
            skills = [s for s in (skill_read_in_path(summary),) if s]
        elif name in _SHELL_TOOLS:
            skills = skills_read_in_command(summary)
        for skill in skills:
            b.add(TurnKind.SKILL, "", when, skill_name=skill, invoked_by="SKILL.md read")

    def _system(self, record: dict[str, Any], when: datetime | None) -> None:
        subtype = record.get("subtype")
        content = record.get("content")
        if subtype == "compact_boundary":
            meta = record.get("compactMetadata")
            trigger = meta.get("trigger") if isinstance(meta, dict) else None
            self.builder.add_marker(TurnKind.COMPACTION, when,
                                    trigger if isinstance(trigger, str) else "")
        elif (subtype == "local_command" and isinstance(content, str)
              and content.lstrip().startswith(_COMMAND_PREFIXES)):
            self._slash_command(content.strip(), when)

    def _queue(self, record: dict[str, Any], when: datetime | None) -> None:
        """Prompts typed while the agent works: enqueue → dequeue is followed by a normal
        user record; enqueue → remove means it was delivered mid-turn (text only here)."""
        operation = record.get("operation")
        content = record.get("content")
        if operation == "enqueue" and isinstance(content, str):
            self.queued.append(content)
        elif operation in ("dequeue", "popAll"):
            self.queued.clear()
        elif operation == "remove":
            text = content if isinstance(content, str) else (
                self.queued.pop() if self.queued else None)
            if isinstance(content, str) and content in self.queued:
                self.queued.remove(content)
            self._queued_prompt(text, when)

    def _attachment(self, record: dict[str, Any], when: datetime | None) -> None:
        attachment = record.get("attachment")
        if isinstance(attachment, dict) and attachment.get("type") == "queued_command":
            prompt = attachment.get("prompt")
            self._queued_prompt(prompt if isinstance(prompt, str) else None, when)

    def _queued_prompt(self, text: str | None, when: datetime | None) -> None:
        if not text or not text.strip() or text in self.queued_emitted:
            return
        self.queued_emitted.add(text)
        real: list[str] = []
        self._classify_text(text, when, real)
        if real and not self.builder.is_sidechain:
            self.builder.add(TurnKind.USER, "\n\n".join(real), when)


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        parts = []
        for item in content:
            if isinstance(item, dict):
                if item.get("type") == "text" and isinstance(item.get("text"), str):
                    parts.append(item["text"])
                elif item.get("type") == "image":
                    parts.append("[image]")
        text = "\n".join(parts)
    else:
        text = ""
    return text
