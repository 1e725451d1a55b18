"""Cursor IDE chats from ``state.vscdb`` (SQLite key/value tables), read-only.

The global database ``<UserDir>/globalStorage/state.vscdb`` (Linux ``~/.config/Cursor/User``,
macOS ``~/Library/Application Support/Cursor/User``, Windows ``%APPDATA%/Cursor/User``)
holds, in table ``cursorDiskKV``:

- ``composerData:<composerId>``: one conversation (``createdAt``/``lastUpdatedAt`` in epoch
  ms, ``modelConfig.modelName``, ``createdOnBranch``, ``subComposerIds``, and the message
  order in ``fullConversationHeadersOnly`` or, in older builds, an inline ``conversation``);
- ``bubbleId:<composerId>:<bubbleId>``: one message, ``type`` 1 = user, 2 = assistant,
  ``text``, ``createdAt`` (ISO), ``toolFormerData{name, status, rawArgs, params, result,
  error, userDecision}`` where ``rawArgs``/``params``/``result`` are JSON strings. A
  terminal command's ``result`` (``{"output", "exitCode"|"exitCodeV2", "rejected", ...}``)
  becomes the command's output as text, its exit code the structured one.

Workspace databases (``workspaceStorage/<hash>/state.vscdb`` plus ``workspace.json``) only
map composers to project folders; they are used for ``cwd``, never parsed as sessions.
The ``text`` of ``composerData`` is an unsent draft and is ignored. Context attachments
are separate fields in Cursor, so there are no inline injected tags to drop; a composer
listed in another composer's ``subComposerIds`` is a subagent (sidechain) conversation.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from skillgit.transcripts import sqlite_ro
from skillgit.transcripts.adapter_support import (
    add_tool_call,
    as_list,
    int_or_none,
    json_text,
    parse_json,
    split_slash_command,
    unreadable_source,
    with_source_problem,
)
from skillgit.transcripts.builder import ConversationBuilder
from skillgit.transcripts.jsonl import LineStats
from skillgit.transcripts.model import Conversation, Redacting, TurnKind, parse_timestamp

AGENT = "cursor"
BUSY_TIMEOUT_SECONDS = 2.0
_USER, _ASSISTANT = 1, 2
_FINAL_STATUSES = ("completed", "error", "cancelled")
_EXIT_CODE_KEYS = ("exitCode", "exit_code", "exitCodeV2")

Row = dict[str, Any]


def default_roots(env: Mapping[str, str]) -> list[Path]:
    home = env.get("HOME")
    roots: list[Path] = []
    config = env.get("XDG_CONFIG_HOME") or (str(Path(home) / ".config") if home else "")
    if config:
        roots.append(Path(config) / "Cursor" / "User")
    if home:
        roots.append(Path(home) / "Library" / "Application Support" / "Cursor" / "User")
    if env.get("APPDATA"):
        roots.append(Path(env["APPDATA"]) / "Cursor" / "User")
    return roots


def discover(root: Path) -> Iterator[Path]:
    if root.is_file():
        yield root  # the caller sniffs it (and reports a file it cannot read)
        return
    for candidate in (root / "globalStorage" / "state.vscdb", root / "state.vscdb"):
        if os.path.lexists(candidate):  # even a loop or an unreadable file: reported, not skipped
            yield candidate


def sniff(path: Path) -> bool:
    return sqlite_ro.has_tables(path, {"cursorDiskKV"}, BUSY_TIMEOUT_SECONDS)


def parse(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    """One conversation per composer, streamed while the database stays open read-only."""
    try:
        with sqlite_ro.open_readonly(path, BUSY_TIMEOUT_SECONDS) as connection:
            composers, broken = _composers(connection)
            problem = f"{broken} composer record(s) that are not valid JSON"
            parents = {str(child): composer_id for composer_id, data in composers
                       for child in as_list(data.get("subComposerIds"))}
            folders = _workspace_folders(path)
            for composer_id, data in composers:
                conversation = _conversation(connection, path, composer_id, data, redactor,
                                             parents.get(composer_id),
                                             folders.get(composer_id))
                if conversation is not None and broken:  # counted once, on the first one
                    (conversation,) = with_source_problem([conversation], AGENT, path, problem,
                                                          redactor, broken)
                    broken = 0
                if conversation is not None:
                    yield conversation
            if broken:
                yield unreadable_source(AGENT, path, problem, redactor, broken)
    except (sqlite_ro.UnreadableDatabase, sqlite3.Error) as exc:
        yield unreadable_source(AGENT, path, str(exc), redactor)


def _range(connection: sqlite3.Connection, prefix: str) -> Iterator[tuple[str, object]]:
    """Rows whose key starts with `prefix` (a range scan, so the key index is used)."""
    upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)
    query = "SELECT key, value FROM cursorDiskKV WHERE key >= ? AND key < ? ORDER BY key"
    for key, value in connection.execute(query, (prefix, upper)):
        yield str(key), value


def _composers(connection: sqlite3.Connection) -> tuple[list[tuple[str, Row]], int]:
    composers: list[tuple[str, Row]] = []
    broken = 0
    for key, value in _range(connection, "composerData:"):
        data = parse_json(value)
        if isinstance(data, dict):
            composers.append((key.removeprefix("composerData:"), data))
        else:
            broken += 1
    composers.sort(key=lambda item: (str(item[1].get("createdAt") or ""), item[0]))
    return composers, broken


def _ordered_bubbles(connection: sqlite3.Connection, composer_id: str,
                     data: Row) -> list[Row | None]:
    """The composer's messages in order; None marks a missing or broken bubble."""
    inline = [b if isinstance(b, dict) else None for b in as_list(data.get("conversation"))]
    headers = as_list(data.get("fullConversationHeadersOnly"))
    if inline and not headers:
        return inline
    stored: dict[str, Row | None] = {}
    for key, value in _range(connection, f"bubbleId:{composer_id}:"):
        bubble = parse_json(value)
        stored[key.rsplit(":", 1)[-1]] = bubble if isinstance(bubble, dict) else None
    if headers:
        return [stored.get(str(h.get("bubbleId"))) if isinstance(h, dict) else None
                for h in headers]
    present = [b for b in stored.values() if b is not None]
    present.sort(key=lambda b: str(b.get("createdAt") or ""))
    return [*present, *(None for b in stored.values() if b is None)]


def _conversation(connection: sqlite3.Connection, path: Path, composer_id: str, data: Row,
                  redactor: Redacting, parent: str | None,
                  folder: str | None) -> Conversation | None:
    bubbles = _ordered_bubbles(connection, composer_id, data)
    if not bubbles:
        return None  # an empty composer is a draft, not a conversation
    config = data.get("modelConfig")
    model = config.get("modelName") if isinstance(config, dict) else None
    branch = data.get("createdOnBranch")
    builder = ConversationBuilder(
        agent=AGENT, source_path=str(path), session_id=str(data.get("composerId") or composer_id),
        cwd=_composer_folder(data) or folder, model=model if isinstance(model, str) else None,
        git_branch=branch if isinstance(branch, str) and branch else None,
        started_at=parse_timestamp(data.get("createdAt")),
        ended_at=parse_timestamp(data.get("lastUpdatedAt")),
        is_sidechain=parent is not None, parent_session_id=parent)
    stats = LineStats()
    for bubble in bubbles:
        if bubble is None:
            stats.bad("missing or invalid bubble")
            continue
        builder.cwd = builder.cwd or _bubble_folder(bubble)
        info = bubble.get("modelInfo")
        if isinstance(info, dict) and isinstance(info.get("modelName"), str) and info["modelName"]:
            builder.model = info["modelName"]
        _add_bubble(builder, bubble, stats)
    return builder.build(redactor, stats, len(bubbles))


def _add_bubble(builder: ConversationBuilder, bubble: Row, stats: LineStats) -> None:
    when = parse_timestamp(bubble.get("createdAt") or bubble.get("timestamp"))
    raw_text = bubble.get("text") or bubble.get("rawText") or ""
    text = raw_text.strip() if isinstance(raw_text, str) else ""
    kind = bubble.get("type")
    if kind == _USER:
        command = split_slash_command(text) if text else None
        if command is not None:
            builder.add(TurnKind.SLASH_COMMAND, command[1], when, command=command[0])
        elif text:
            builder.add(TurnKind.USER, text, when)
    elif kind == _ASSISTANT:
        if text:
            builder.add(TurnKind.ASSISTANT, text, when)
        tool = bubble.get("toolFormerData")
        if isinstance(tool, dict) and isinstance(tool.get("name"), str) and tool["name"]:
            _add_tool(builder, tool, when)
    else:
        stats.bad(f"unknown bubble type {str(kind)[:20]!r}")


def _add_tool(builder: ConversationBuilder, tool: Row, when: datetime | None) -> None:
    args = parse_json(tool.get("rawArgs"))
    if args is None or args == "":
        args = parse_json(tool.get("params"))
    turn = add_tool_call(builder, tool["name"], args if args is not None else "", when)
    output = parse_json(tool.get("result"))
    if output is None and isinstance(tool.get("result"), str):
        output = tool["result"]  # not JSON: keep the raw text
    error = tool.get("error")
    status = tool.get("status")
    if status not in _FINAL_STATUSES and output in (None, "") and not error:
        return  # never finished: no result to report
    result = output if isinstance(output, dict) else {}
    rejected = tool.get("userDecision") == "rejected" or result.get("rejected") is True
    exit_codes = [int_or_none(result.get(k)) for k in _EXIT_CODE_KEYS]
    text = json_text(output) if output not in (None, "") else ""
    if isinstance(result.get("output"), str) and (
            "terminal" in tool["name"] or any(k in result for k in _EXIT_CODE_KEYS)):
        text = result["output"]  # a terminal result: the command's output, not the record
    ConversationBuilder.set_result(
        turn, text or json_text(error or ""),
        is_error=status in ("error", "cancelled") or bool(error) or rejected,
        exit_code=next((code for code in exit_codes if code is not None), None))


def _uri_path(uri: object) -> str | None:
    if isinstance(uri, dict):
        for key in ("fsPath", "path"):
            if isinstance(uri.get(key), str) and uri[key]:
                return str(uri[key])
        return None
    if isinstance(uri, str) and uri.startswith("file:"):
        return unquote(urlparse(uri).path) or None
    return uri if isinstance(uri, str) and uri.startswith("/") else None


def _composer_folder(data: Row) -> str | None:
    identifier = data.get("workspaceIdentifier")
    return _uri_path(identifier.get("uri")) if isinstance(identifier, dict) else None


def _bubble_folder(bubble: Row) -> str | None:
    folder = _uri_path(bubble.get("workspaceProjectDir"))
    uris = as_list(bubble.get("workspaceUris"))
    return folder or (_uri_path(uris[0]) if uris else None)


def _workspace_folders(global_db: Path) -> dict[str, str]:
    """composerId -> project folder, from ``workspaceStorage/*/{workspace.json,state.vscdb}``."""
    folders: dict[str, str] = {}
    storage = global_db.parent.parent / "workspaceStorage"
    for workspace in sorted(storage.glob("*/workspace.json")) if storage.is_dir() else []:
        try:
            document = json.loads(workspace.read_bytes())
        except (OSError, ValueError):
            continue
        target = document.get("folder") or document.get("workspace") if isinstance(
            document, dict) else None
        folder = _uri_path(target)
        database = workspace.with_name("state.vscdb")
        if folder is None or not database.is_file():
            continue
        try:
            with sqlite_ro.open_readonly(database, BUSY_TIMEOUT_SECONDS) as connection:
                row = connection.execute(
                    "SELECT value FROM ItemTable WHERE key = 'composer.composerData'").fetchone()
        except (sqlite_ro.UnreadableDatabase, sqlite3.Error):
            continue
        index = parse_json(row[0]) if row else None
        for entry in as_list(index.get("allComposers") if isinstance(index, dict) else None):
            if isinstance(entry, dict) and isinstance(entry.get("composerId"), str):
                folders.setdefault(entry["composerId"], folder)
    return folders
