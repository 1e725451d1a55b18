"""opencode sessions: the SQLite ``opencode.db`` (>= 1.2) and the older JSON storage tree.

Under ``$XDG_DATA_HOME/opencode`` (default ``~/.local/share/opencode``): ``opencode.db`` or
``opencode-<channel>.db`` with tables ``session``/``message``/``part`` holding JSON ``data``
(opened strictly read-only, WAL-safe, via `sqlite_ro`); before 1.2 ``storage/session/<project>/
<ses>.json``, ``storage/message/<ses>/<msg>.json``, ``storage/part/<msg>/<prt>.json`` (ids come
from file names; a session already in a database beside the tree is read from the database).

Real prompts are the ``text`` parts of user messages that are neither ``synthetic`` (injected
file reads, shell-mode notes) nor ``ignored``; ``compaction`` parts are compactions, a
``subtask`` with a ``command`` is a slash command. ``tool`` parts are tool calls (``state.status``,
bash exit code in ``state.metadata.exit``); the ``skill`` tool or a SKILL.md read is a skill.
Child sessions (``parent_id``) are subagent conversations.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from skillgit.transcripts import sqlite_ro
from skillgit.transcripts.adapter_support import (
    add_tool_call,
    as_dict,
    int_or_none,
    json_text,
    parse_json,
    unreadable_source,
)
from skillgit.transcripts.builder import ConversationBuilder
from skillgit.transcripts.jsonl import LineStats, read_head
from skillgit.transcripts.model import Conversation, Redacting, TurnKind, parse_timestamp
from skillgit.transcripts.walk import find_files

AGENT = "opencode"
BUSY_TIMEOUT_SECONDS = 2.0
_TABLES = {"session", "message", "part"}
_INTERRUPTED = "[tool execution was interrupted]"

Row = dict[str, Any]


def default_roots(env: Mapping[str, str]) -> list[Path]:
    if env.get("XDG_DATA_HOME"):
        return [Path(env["XDG_DATA_HOME"]) / "opencode"]
    return [Path(env["HOME"]) / ".local" / "share" / "opencode"] if env.get("HOME") else []


def discover(root: Path) -> Iterator[Path]:
    """Database files, then JSON-tree session files not already held by a database."""
    if root.is_file():
        yield root  # the caller sniffs it (and reports a file it cannot read)
        return
    databases = find_files(root, lambda path: path.name.startswith("opencode")
                           and path.suffix == ".db", max_depth=0)
    yield from databases
    in_database: set[str] = set()
    for database in databases:
        if database.is_file():  # never a FIFO: opening it would wait for a writer forever
            in_database |= _session_ids(database)
    storage = root / "storage" if (root / "storage").is_dir() else root
    sessions = storage / "session"
    if not sessions.is_dir():
        return
    for path in find_files(sessions, lambda path: path.suffix == ".json", max_depth=1):
        if path.parent == sessions and path.suffix == ".json":
            continue  # a file beside the project folders: no session
        if path.parent.name not in ("message", "part") and path.stem not in in_database:
            yield path


def _session_ids(database: Path) -> set[str]:
    try:
        with sqlite_ro.open_readonly(database, BUSY_TIMEOUT_SECONDS) as connection:
            return {str(row[0]) for row in connection.execute("SELECT id FROM session")}
    except (sqlite_ro.UnreadableDatabase, sqlite3.Error):
        return set()


def sniff(path: Path) -> bool:
    if sqlite_ro.looks_like_sqlite(path):
        return sqlite_ro.has_tables(path, _TABLES, BUSY_TIMEOUT_SECONDS)
    if path.suffix != ".json" or path.parent.parent.name != "session":
        return False
    head = read_head(path).lstrip()
    return head.startswith(b"{") and b'"id"' in head and b'"time"' in head


def parse(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    if sqlite_ro.looks_like_sqlite(path):
        yield from _parse_database(path, redactor)
    else:
        yield from _parse_json_session(path, redactor)


# --- SQLite (>= 1.2) ------------------------------------------------------------------

def _parse_database(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    """One conversation per session, streamed while the database stays open read-only."""
    try:
        with sqlite_ro.open_readonly(path, BUSY_TIMEOUT_SECONDS) as connection:
            connection.row_factory = sqlite3.Row
            if not sqlite_ro.table_names(connection) >= _TABLES:
                raise sqlite_ro.UnreadableDatabase("no session/message/part tables")
            part_has_session = "session_id" in sqlite_ro.column_names(connection, "part")
            sessions = [dict(row) for row in connection.execute("SELECT * FROM session")]
            sessions.sort(key=lambda info: (str(info.get("time_created")), str(info["id"])))
            for info in sessions:
                messages = _database_messages(connection, info["id"], part_has_session)
                conversation = _conversation(path, info, messages, redactor)
                if conversation is not None:
                    yield conversation
    except (sqlite_ro.UnreadableDatabase, sqlite3.Error) as exc:
        # Conversations already yielded stand; the failure becomes one warning.
        yield unreadable_source(AGENT, path, str(exc), redactor)


def _database_messages(connection: sqlite3.Connection, session_id: str,
                       part_has_session: bool) -> list[tuple[Row | None, list[Row | None]]]:
    """(message data, its parts' data) in order; None marks a row whose JSON is broken."""
    parts: dict[str, list[Row | None]] = {}
    query = ("SELECT message_id, data FROM part WHERE session_id = ? ORDER BY id"
             if part_has_session else
             "SELECT part.message_id, part.data FROM part JOIN message"
             " ON part.message_id = message.id WHERE message.session_id = ? ORDER BY part.id")
    for row in connection.execute(query, (session_id,)):
        parts.setdefault(str(row[0]), []).append(_json_object(row[1]))
    messages: list[tuple[Row | None, list[Row | None]]] = []
    rows = connection.execute(
        "SELECT id, time_created, data FROM message WHERE session_id = ?"
        " ORDER BY time_created, id", (session_id,))
    for row in rows:
        data = _json_object(row["data"])
        if data is not None:
            data.setdefault("time", {"created": row["time_created"]})
        messages.append((data, parts.get(str(row["id"]), [])))
    return messages


def _json_object(raw: object) -> Row | None:
    value = parse_json(raw) if isinstance(raw, (str, bytes)) else None
    return value if isinstance(value, dict) else None


# --- JSON tree (< 1.2) ------------------------------------------------------------------

def _parse_json_session(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    info = _read_json_file(path)
    if info is None:
        yield unreadable_source(AGENT, path, "invalid session JSON", redactor)
        return
    info["id"] = path.stem  # ids come from paths: migrations moved files, not JSON
    storage = path.parent.parent.parent
    messages: list[tuple[Row | None, list[Row | None]]] = []
    for message_file in _json_files(storage / "message" / path.stem,
                                    storage / "session" / "message" / path.stem):
        message = _read_json_file(message_file)
        part_files = _json_files(storage / "part" / message_file.stem,
                                 storage / "session" / "part" / path.stem / message_file.stem)
        messages.append((message, [_read_json_file(p) for p in part_files]))
    messages.sort(key=lambda item: _created(item[0]))
    conversation = _conversation(path, info, messages, redactor)
    if conversation is not None:
        yield conversation


def _json_files(*candidates: Path) -> list[Path]:
    """The JSON files of the first folder that exists; one that cannot be listed raises
    `OSError` naming it (a session missing its messages is no empty session)."""
    for directory in candidates:
        if directory.is_dir():
            with os.scandir(directory) as entries:
                return sorted(directory / e.name for e in entries if e.name.endswith(".json"))
    return []


def _read_json_file(path: Path) -> Row | None:
    """The JSON object in `path`; None when it holds none. Unreadable: `OSError`."""
    return _json_object(path.read_bytes())


def _created(message: Row | None) -> float:
    time = message.get("time") if message else None
    created = time.get("created") if isinstance(time, dict) else None
    return float(created) if isinstance(created, (int, float)) else 0.0


# --- shared: messages and parts to turns ----------------------------------------------

def _conversation(path: Path, info: Row, messages: list[tuple[Row | None, list[Row | None]]],
                  redactor: Redacting) -> Conversation | None:
    """One conversation, or None for a session that never received a message."""
    if not messages:
        return None
    time = as_dict(info.get("time"))
    parent = info.get("parent_id") or info.get("parentID")
    version = info.get("version")
    directory = info.get("directory")
    builder = ConversationBuilder(
        agent=AGENT, source_path=str(path), session_id=str(info["id"]),
        cwd=directory if isinstance(directory, str) and directory else None,
        model=_session_model(info), agent_version=version if isinstance(version, str) else None,
        started_at=parse_timestamp(info.get("time_created") or time.get("created")),
        ended_at=parse_timestamp(info.get("time_updated") or time.get("updated")),
        is_sidechain=bool(parent), parent_session_id=str(parent) if parent else None)
    stats = LineStats()
    for message, parts in messages:
        if message is None:
            stats.bad("message is not a JSON object")
            continue
        when = parse_timestamp(_created(message) or None)
        if message.get("role") == "user":
            _user_parts(builder, parts, when, stats)
        elif message.get("role") == "assistant":
            if message.get("modelID"):
                builder.model = str(message["modelID"])
            path_cwd = as_dict(message.get("path")).get("cwd")
            builder.cwd = builder.cwd or (path_cwd if isinstance(path_cwd, str) else None)
            _assistant_parts(builder, message, parts, when, stats)
        else:
            stats.bad("message role is neither user nor assistant")
    return builder.build(redactor, stats, len(messages))


def _session_model(info: Row) -> str | None:
    raw = info.get("model")
    model = _json_object(raw) if isinstance(raw, str) else raw
    if isinstance(model, dict):
        name = model.get("id") or model.get("modelID")
        return str(name) if name else None
    return None


def _user_parts(builder: ConversationBuilder, parts: Iterable[Row | None],
                when: datetime | None, stats: LineStats) -> None:
    texts: list[str] = []
    for part in parts:
        if part is None:
            stats.bad("part is not a JSON object")
            continue
        kind = part.get("type")
        if kind == "text":
            if part.get("synthetic") or part.get("ignored"):
                builder.injected_dropped += 1
            elif isinstance(part.get("text"), str) and part["text"].strip():
                texts.append(part["text"].strip())
        elif kind == "compaction":
            builder.add_marker(TurnKind.COMPACTION, when)
        elif kind == "subtask":
            if part.get("command"):
                builder.add(TurnKind.SLASH_COMMAND, "", when, command="/" + str(part["command"]))
            else:
                builder.injected_dropped += 1
    if texts:
        builder.add(TurnKind.USER, "\n".join(texts), when)


def _assistant_parts(builder: ConversationBuilder, message: Row, parts: Iterable[Row | None],
                     when: datetime | None, stats: LineStats) -> None:
    summary = bool(message.get("summary"))  # a compaction summary, not an answer
    for part in parts:
        if part is None:
            stats.bad("part is not a JSON object")
            continue
        kind = part.get("type")
        if kind == "text" and not summary and not part.get("synthetic"):
            text = part.get("text")
            if isinstance(text, str) and text.strip():
                builder.add(TurnKind.ASSISTANT, text.strip(), when)
        elif kind == "tool":
            _tool_part(builder, part, when, stats)
    error = message.get("error")
    if isinstance(error, dict) and error.get("name") == "MessageAbortedError":
        builder.add_marker(TurnKind.INTERRUPT, when, "aborted by the user")


def _tool_part(builder: ConversationBuilder, part: Row, when: datetime | None,
               stats: LineStats) -> None:
    name = part.get("tool")
    state = part.get("state")
    if not isinstance(name, str) or not isinstance(state, dict):
        stats.bad("tool part without a tool name or state")
        return
    args = state.get("input")
    started = parse_timestamp(as_dict(state.get("time")).get("start")) or when
    if name == "skill":  # like Claude's Skill tool: one SKILL turn with the tool's result
        skill = args.get("name") if isinstance(args, dict) else None
        turn = builder.add(TurnKind.SKILL, "", started, skill_name=str(skill or "?"),
                           invoked_by="skill tool", tool_name=name)
    else:
        turn = add_tool_call(builder, name, args, started)
    exit_code = int_or_none(as_dict(state.get("metadata")).get("exit"))
    status = state.get("status")
    if status == "completed":
        ConversationBuilder.set_result(turn, json_text(state.get("output", "")),
                                       exit_code=exit_code)
    elif status == "error":
        ConversationBuilder.set_result(turn, json_text(state.get("error", "")), is_error=True,
                                       exit_code=exit_code)
    else:  # pending / running with no completion: the run was interrupted
        ConversationBuilder.set_result(turn, _INTERRUPTED, is_error=True)
