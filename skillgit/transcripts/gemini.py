"""Gemini CLI sessions: legacy single-JSON files and the JSONL upsert log (>= 0.39).

Layout (``$GEMINI_CLI_HOME`` replaces ``$HOME``, default ``~/.gemini``):
``tmp/<slug-or-sha256>/chats/session-<YYYY-MM-DDTHH-MM>-<id8>.json[l]``, subagents in
``chats/<parentSessionId>/<sessionId>.jsonl``, typed prompts in ``tmp/<project>/logs.json``.
JSONL replay follows upstream ``loadConversationRecord``: message records are upserted by
``id`` (last write wins, first position stays), ``$set`` updates metadata (``$set.messages``
replaces the list), ``$rewindTo`` drops that message and all later ones (all if unknown).

Real prompts: ``type == "user"``, ``displayContent`` over ``content``; text starting with
``<session_context>``/``<hook_context>`` or only ``functionResponse`` parts is injected;
``info``/``error``/``warning`` are CLI notices. Tool calls and results live in ``gemini``
messages (``toolCalls[]``); a skill is ``activate_skill`` (``args.name``) or a SKILL.md read.
A shell call's result is the command's output, not the tool's report around it (`shell_output`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from skillgit.transcripts.adapter_support import (
    add_tool_call,
    json_text,
    split_slash_command,
    unreadable_source,
    with_source_problem,
)
from skillgit.transcripts.builder import ConversationBuilder
from skillgit.transcripts.gemini_files import (
    SESSION_NAME,
    load_legacy_json,
    project_root,
    replay_jsonl,
)
from skillgit.transcripts.jsonl import LineStats, read_head
from skillgit.transcripts.model import Conversation, Redacting, TurnKind, parse_timestamp
from skillgit.transcripts.walk import find_files

AGENT = "gemini"

_INJECTED_PREFIXES = ("<session_context>", "<hook_context>")
_NOTICE_TYPES = ("info", "error", "warning")
_FINAL_STATUSES = ("success", "error", "cancelled")
_EXIT_CODE = re.compile(r"^Exit Code: (-?\d+)\s*$", re.MULTILINE)
_SHELL_FIELDS = ("Error", "Exit Code", "Signal", "Background PIDs", "Process Group PGID")
_NO_VALUE = ("", "(none)", "(empty)")
_WORKSPACE_DIR = re.compile(
    r"(?:Workspace Director(?:y|ies)[^\n]*\n\s*-\s*|working in the directory:\s*)([^\n]+)"
)


def default_roots(env: Mapping[str, str]) -> list[Path]:
    home = env.get("GEMINI_CLI_HOME") or env.get("HOME")
    return [Path(home) / ".gemini"] if home else []


def discover(root: Path) -> Iterator[Path]:
    """Session files (``.json`` superseded by a migrated ``.jsonl`` are skipped) and logs."""
    if root.is_file():
        yield root  # the caller sniffs it (and reports a file it cannot read)
        return
    base = root / "tmp" if (root / "tmp").is_dir() else root
    found = set(find_files(base, _is_transcript_name))
    for path in sorted(found):
        if path.suffix == ".json" and path.with_suffix(".jsonl") in found:
            continue
        yield path


def _is_transcript_name(path: Path) -> bool:
    if path.name == "logs.json" or SESSION_NAME.match(path.name):
        return True
    return path.suffix == ".jsonl" and path.parent.parent.name == "chats"


def sniff(path: Path) -> bool:
    head = read_head(path).lstrip()
    if head.startswith(b"["):
        return b'"sessionId"' in head and b'"messageId"' in head
    return head.startswith(b"{") and b'"sessionId"' in head and b'"projectHash"' in head


def parse(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    if path.name == "logs.json" or read_head(path, 64).lstrip().startswith(b"["):
        yield from _parse_prompt_log(path, redactor)
        return
    meta, messages, stats = (replay_jsonl(path) if path.suffix == ".jsonl"
                             else load_legacy_json(path))
    if meta is None:
        reason = "no Gemini CLI session header (invalid or truncated JSON)"
        yield unreadable_source(AGENT, path, reason, redactor, max(stats.bad_lines, 1))
        return
    if not messages and not stats.bad_lines:
        return  # a session that was opened and never used
    in_subagent_dir = path.parent.parent.name == "chats"
    builder = ConversationBuilder(
        agent=AGENT, source_path=str(path), session_id=str(meta.get("sessionId") or path.stem),
        started_at=parse_timestamp(meta.get("startTime")),
        ended_at=parse_timestamp(meta.get("lastUpdated")),
        is_sidechain=meta.get("kind") == "subagent" or in_subagent_dir,
        parent_session_id=path.parent.name if in_subagent_dir else None)
    cwd_hint = _add_turns(builder, messages, stats)
    builder.cwd = project_root(path, meta) or cwd_hint
    yield builder.build(redactor, stats, len(messages) + stats.bad_lines)


def _add_turns(builder: ConversationBuilder, messages: list[dict[str, Any]],
               stats: LineStats) -> str | None:
    """Turns for all messages; returns a project dir named by injected context, if any."""
    cwd_hint: str | None = None
    for message in messages:
        kind = message.get("type")
        when = parse_timestamp(message.get("timestamp"))
        if kind == "user":
            injected = _add_user_turn(builder, message, when)
            if injected and cwd_hint is None:
                match = _WORKSPACE_DIR.search(injected)
                cwd_hint = match.group(1).strip() if match else None
        elif kind == "gemini":
            if isinstance(message.get("model"), str) and message["model"]:
                builder.model = message["model"]
            _add_gemini_turns(builder, message, when, stats)
        elif kind not in _NOTICE_TYPES:
            stats.bad(f"unknown message type {str(kind)[:40]!r}")
    return cwd_hint


def _add_user_turn(builder: ConversationBuilder, message: dict[str, Any],
                   when: datetime | None) -> str | None:
    """Adds the user's turn; returns the text of injected content that was dropped."""
    display = message.get("displayContent")
    text = parts_text(display if display else message.get("content")).strip()
    if not text:
        builder.injected_dropped += 1  # only functionResponse / inline data parts
        return None
    if text.startswith(_INJECTED_PREFIXES):
        builder.injected_dropped += 1
        return text
    command = split_slash_command(text)
    if command is None and text.startswith("?"):
        command = ("?", text[1:].strip())
    if command is not None:
        builder.add(TurnKind.SLASH_COMMAND, command[1], when, command=command[0])
    else:
        builder.add(TurnKind.USER, text, when)
    return None


def _add_gemini_turns(builder: ConversationBuilder, message: dict[str, Any],
                      when: datetime | None, stats: LineStats) -> None:
    text = parts_text(message.get("content")).strip()
    if text:
        builder.add(TurnKind.ASSISTANT, text, when)
    calls = message.get("toolCalls")
    for call in calls if isinstance(calls, list) else []:
        if not isinstance(call, dict) or not isinstance(call.get("name"), str):
            stats.bad("malformed tool call")
            continue
        name: str = call["name"]
        args = call.get("args")
        called = parse_timestamp(call.get("timestamp")) or when
        if name == "activate_skill":  # like Claude's Skill tool: one SKILL turn
            skill = args.get("name") if isinstance(args, dict) else None
            turn = builder.add(TurnKind.SKILL, "", called, skill_name=str(skill or "?"),
                               invoked_by="activate_skill tool", tool_name=name)
        else:
            turn = add_tool_call(builder, name, args, called)
        status = call.get("status")
        if status in _FINAL_STATUSES:
            output, exit_code = _tool_output(call), None
            if "shell" in name and (shown := shell_output(output)) is not None:
                output, exit_code = shown
            elif "shell" in name and (match := _EXIT_CODE.search(output)):
                exit_code = int(match.group(1))
            ConversationBuilder.set_result(turn, output, is_error=status != "success",
                                           exit_code=exit_code)


def shell_output(text: str) -> tuple[str, int | None] | None:
    """The command's own output and exit code in what the shell tool told the model, or
    None when `text` is not that report. Generations (upstream ``tools/shell.ts``): `Command:
    …`, `Directory: …`, `Stdout: …`, `Stderr: …`, then `Error`, `Exit Code`, `Signal`,
    `Background PIDs`; later `Output: …` for both streams plus `Process Group PGID` (a
    field with no value reads "(none)", no output "(empty)"); newest: only `Output: …` and
    the fields that have a value. The output is kept, with `Error: …`/`Signal: …` lines
    that carry a value; the exit code goes to the structured field."""
    lines = text.rstrip().split("\n")
    fields: dict[str, str] = {}
    for name in reversed(_SHELL_FIELDS):  # the fields close the report, in this order
        if len(lines) > 1 and lines[-1].startswith(f"{name}:"):
            fields[name] = lines.pop()[len(name) + 1:].strip()
    for name in ("Command", "Directory"):
        if lines and lines[0].startswith(f"{name}: "):
            lines.pop(0)
    body = "\n".join(lines)
    if body.startswith("Output:"):
        streams = [body.removeprefix("Output:")]
    elif body.startswith("Stdout:") and (cut := body.rfind("\nStderr:")) >= 0:
        streams = [body[len("Stdout:"):cut], body[cut + len("\nStderr:"):]]
    else:
        return None
    kept = [s.removeprefix(" ") for s in streams if s.strip() not in _NO_VALUE]
    kept += [f"{name}: {fields[name]}" for name in ("Error", "Signal")
             if fields.get(name, "(none)") not in _NO_VALUE]
    code = fields.get("Exit Code", "")
    return "\n".join(kept), int(code) if re.fullmatch(r"-?\d+", code) else None


def parts_text(content: Any) -> str:
    """The text of a Gemini PartListUnion: a string, a part, or a flat list of them."""
    items = content if isinstance(content, list) else [content]
    texts: list[str] = []
    for item in items:
        if isinstance(item, str):
            texts.append(item)
        elif isinstance(item, dict) and isinstance(item.get("text"), str) and not item.get(
                "thought"):
            texts.append(item["text"])
    return "".join(texts)


def _tool_output(call: dict[str, Any]) -> str:
    """What the tool returned to the model (functionResponse), else what the UI showed."""
    pieces: list[str] = []
    result = call.get("result")
    for part in result if isinstance(result, list) else [result]:
        response = part.get("functionResponse") if isinstance(part, dict) else None
        payload = response.get("response") if isinstance(response, dict) else None
        if isinstance(payload, dict):
            for key in ("output", "error"):
                if payload.get(key):
                    pieces.append(json_text(payload[key]))
        elif isinstance(part, dict) and isinstance(part.get("text"), str):
            pieces.append(part["text"])
    if not pieces and isinstance(call.get("resultDisplay"), str):
        pieces.append(call["resultDisplay"])
    return "\n".join(pieces)


def _parse_prompt_log(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    """``logs.json``: typed prompts only, for sessions that have no chat recording."""
    try:
        entries = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError) as exc:
        yield unreadable_source(AGENT, path, f"invalid logs.json ({exc})", redactor)
        return
    if not isinstance(entries, list):
        yield unreadable_source(AGENT, path, "logs.json is not a list", redactor)
        return
    recorded = {match.group(1) for p in (*path.parent.glob("session-*.json*"),
                                         *path.parent.glob("chats/session-*.json*"))
                if (match := SESSION_NAME.match(p.name))}
    sessions: dict[str, list[dict[str, Any]]] = {}
    bad = 0
    for entry in entries:
        session_id = entry.get("sessionId") if isinstance(entry, dict) else None
        if not isinstance(session_id, str) or not session_id:
            bad += 1
        elif session_id[:8] not in recorded:  # a chat recording is richer: parsed on its own
            sessions.setdefault(session_id, []).append(entry)
    conversations: list[Conversation] = []
    for session_id, session_entries in sessions.items():
        builder = ConversationBuilder(agent=AGENT, source_path=str(path), session_id=session_id,
                                      cwd=project_root(path, {}))
        stats = LineStats()
        for entry in session_entries:
            message = entry.get("message")
            if not isinstance(message, str) or entry.get("type") != "user":
                stats.bad("logs.json entry without a user message")
                continue
            _add_user_turn(builder, {"content": message}, parse_timestamp(entry.get("timestamp")))
        builder.warnings.append(f"prompts only (no chat recording) from {path}")
        conversations.append(builder.build(redactor, stats, len(session_entries)))
    if bad:
        problem = f"{bad} logs.json entries without a session id"
        conversations = with_source_problem(conversations, AGENT, path, problem, redactor, bad)
    yield from conversations
