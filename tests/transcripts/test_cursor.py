"""Cursor adapter: a state.vscdb built here (cursorDiskKV composers and bubbles), read-only."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillgit.transcripts import cursor
from skillgit.transcripts.model import Conversation, TurnKind


class Verbatim:
    """A redactor that changes nothing, for tests about structure rather than secrets."""

    def redact(self, text: str) -> str:
        return text


KV_SCHEMA = """
CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);
CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);
"""
CREATED = 1767225600000  # 2026-01-01T00:00:00Z in epoch ms, as composerData stores it


def kv_db(path: Path, rows: dict[str, Any], table: str = "cursorDiskKV",
          wal: bool = False) -> Path:
    """A Cursor-style key/value database; dict values are stored as JSON text."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA synchronous=OFF")  # test speed; the file format is unchanged
    if wal:
        connection.execute("PRAGMA journal_mode=WAL")
    connection.executescript(KV_SCHEMA)
    for key, value in rows.items():
        stored = value if isinstance(value, (str, bytes)) else json.dumps(value)
        connection.execute(f"INSERT INTO {table} VALUES (?, ?)", (key, stored))
    connection.commit()
    connection.close()
    return path


def bubble(kind: int, text: str = "", minute: int = 0, **extra: Any) -> dict[str, Any]:
    return {"_v": 3, "type": kind, "text": text,
            "createdAt": f"2026-01-01T00:{minute:02d}:00.000Z", **extra}


def tool(name: str, args: dict[str, Any], status: str = "completed",
         result: Any = None, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": name, "status": status, "rawArgs": json.dumps(args),
                            "toolCallId": f"call_{name}", **extra}
    if result is not None:
        data["result"] = json.dumps(result)
    return data


def composer(composer_id: str, headers: list[str], **extra: Any) -> dict[str, Any]:
    return {"_v": 10, "composerId": composer_id, "name": "Retries", "createdAt": CREATED,
            "lastUpdatedAt": CREATED + 600_000, "status": "completed",
            "fullConversationHeadersOnly": [{"bubbleId": b, "type": 1} for b in headers],
            **extra}


SKILL_PATH = "/home/dev/proj/.cursor/skills/http-retries/SKILL.md"
MAIN_BUBBLES = {
    "u1": bubble(1, "Add retries to the HTTP client", 1),
    "a1": bubble(2, "Looking at the client.", 2,
                 toolFormerData=tool("read_file", {"target_file": SKILL_PATH},
                                     result={"contents": "---\nname: http-retries"})),
    "a2": bubble(2, "", 3, toolFormerData=tool("run_terminal_cmd", {"command": "pytest -q"},
                                               result={"output": "1 failed", "exitCode": 1})),
    "a3": bubble(2, "", 4, toolFormerData=tool("edit_file", {"target_file": "client.py"},
                                               status="error", error="could not apply")),
    "a4": bubble(2, "", 5, toolFormerData=tool("run_terminal_cmd", {"command": "rm -rf /"},
                                               status="cancelled", userDecision="rejected")),
    "a5": bubble(2, "", 6, toolFormerData=tool("codebase_search", {"query": "retry"},
                                               status="loading")),
    "a6": bubble(2, "Added retries with backoff.", 7, modelInfo={"modelName": "gpt-5"}),
    "u2": bubble(1, "/review src", 8),
    "bad": "{not json",
}


def cursor_user_dir(tmp_path: Path, wal: bool = False) -> Path:
    """``<UserDir>`` with a global state.vscdb and one workspace that owns ``c-main``."""
    user_dir = tmp_path / "Cursor" / "User"
    rows: dict[str, Any] = {
        "composerData:c-main": composer(
            "c-main", ["u1", "a1", "a2", "a3", "a4", "a5", "a6", "gone", "bad", "u2"],
            modelConfig={"modelName": "claude-4-sonnet"}, createdOnBranch="feature/retries",
            subComposerIds=["c-sub"], text="an unsent draft is not a message"),
        "composerData:c-sub": composer("c-sub", ["s1"]),
        "bubbleId:c-sub:s1": bubble(1, "Investigate the flaky retry test", 9),
        "composerData:c-legacy": {"composerId": "c-legacy", "createdAt": CREATED - 1,
                                  "conversation": [
                                      bubble(1, "old style prompt", 0,
                                             workspaceProjectDir="/work/legacy"),
                                      bubble(2, "old answer", 0), 5]},
        "composerData:c-unordered": {"composerId": "c-unordered", "createdAt": CREATED + 1},
        "bubbleId:c-unordered:b2": bubble(2, "second", 2),
        "bubbleId:c-unordered:b1": bubble(1, "first", 1),
        "composerData:c-empty": composer("c-empty", []),
        "composerData:c-broken": "{nope",
        "checkpointId:c-main:x": {"unrelated": True},
    }
    rows.update({f"bubbleId:c-main:{key}": value for key, value in MAIN_BUBBLES.items()})
    kv_db(user_dir / "globalStorage" / "state.vscdb", rows, wal=wal)
    workspace = user_dir / "workspaceStorage" / "4f1c0ffee"
    kv_db(workspace / "state.vscdb", {"composer.composerData": {
        "allComposers": [{"composerId": "c-main", "name": "Retries"}]}}, table="ItemTable",
        wal=wal)
    (workspace / "workspace.json").write_text(json.dumps({"folder": "file:///work/my%20proj"}))
    return user_dir


def parse_all(path: Path) -> dict[str, Conversation]:
    return {c.session_id: c for c in cursor.parse(path, Verbatim())}


def test_composers_become_conversations(tmp_path: Path) -> None:
    database = cursor_user_dir(tmp_path) / "globalStorage" / "state.vscdb"
    conversations = parse_all(database)
    # c-empty is a draft (no messages); c-broken is counted on the first conversation.
    assert sorted(conversations) == ["c-legacy", "c-main", "c-sub", "c-unordered"]
    main = conversations["c-main"]
    assert [t.text for t in main.user_turns] == ["Add retries to the HTTP client"]
    assert [(t.command, t.text) for t in main.turns if t.kind is TurnKind.SLASH_COMMAND] == [
        ("/review", "src")]
    assert [t.tool_name for t in main.tool_calls] == [
        "read_file", "run_terminal_cmd", "edit_file", "run_terminal_cmd", "codebase_search"]
    outcomes = [(t.result.is_error, t.result.exit_code) if t.result else None
                for t in main.tool_calls]
    assert outcomes == [(False, None), (True, 1), (True, None), (True, None), None]
    assert main.tool_calls[1].tool_input == "pytest -q"
    assert main.tool_calls[2].result is not None
    assert main.tool_calls[2].result.text == "could not apply"
    assert main.n_tool_errors == 3
    assert [(t.skill_name, t.invoked_by) for t in main.skill_turns] == [
        ("http-retries", "SKILL.md read")]
    assert [t.text for t in main.turns if t.kind is TurnKind.ASSISTANT] == [
        "Looking at the client.", "Added retries with backoff."]
    assert main.model == "gpt-5"  # the model that answered, over the composer's setting
    assert (main.cwd, main.git_branch) == ("/work/my proj", "feature/retries")
    assert main.parse_warnings == 2  # the missing bubble and the broken one
    assert main.started_at is not None and main.started_at.isoformat().startswith("2026-01-01")
    assert not main.is_sidechain
    assert all("draft" not in t.text for t in main.turns)


def test_subagents_legacy_inline_and_unordered_composers(tmp_path: Path) -> None:
    conversations = parse_all(cursor_user_dir(tmp_path) / "globalStorage" / "state.vscdb")
    sub = conversations["c-sub"]
    assert (sub.is_sidechain, sub.parent_session_id) == (True, "c-main")
    legacy = conversations["c-legacy"]  # the oldest composer, so it is listed first
    assert [t.kind for t in legacy.turns] == [TurnKind.USER, TurnKind.ASSISTANT]
    assert legacy.cwd == "/work/legacy"
    # the inline entry that is not an object, plus the broken c-broken composer record
    assert legacy.parse_warnings == 2
    assert any("1 composer record(s) that are not valid JSON" in w for w in legacy.warnings)
    assert [t.text for t in conversations["c-unordered"].turns] == ["first", "second"]


def test_a_database_with_only_broken_composers_gives_one_warning(tmp_path: Path) -> None:
    database = kv_db(tmp_path / "state.vscdb", {"composerData:a": "{", "composerData:b": "["})
    (placeholder,) = cursor.parse(database, Verbatim())
    assert placeholder.turns == [] and placeholder.parse_warnings == 2
    assert placeholder.warnings == [
        f"could not read {database}: 2 composer record(s) that are not valid JSON"]


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal-mode"])
def test_reading_never_modifies_any_database(tmp_path: Path, wal: bool) -> None:
    user_dir = cursor_user_dir(tmp_path, wal=wal)

    def snapshot() -> dict[str, tuple[bytes, int]]:
        return {str(p.relative_to(user_dir)): (p.read_bytes(), p.stat().st_mtime_ns)
                for p in sorted(user_dir.rglob("*")) if p.is_file()}

    before = snapshot()
    assert not any(name.endswith(("-wal", "-shm")) for name in before)
    (database,) = cursor.discover(user_dir)
    assert cursor.sniff(database)
    assert len(parse_all(database)) == 4
    assert snapshot() == before  # same files, bytes and mtimes: no -wal/-shm created


def test_a_locked_database_is_a_warning_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cursor, "BUSY_TIMEOUT_SECONDS", 0.05)
    database = cursor_user_dir(tmp_path) / "globalStorage" / "state.vscdb"
    writer = sqlite3.connect(database, isolation_level=None)
    try:
        writer.execute("BEGIN EXCLUSIVE")
        conversations = list(cursor.parse(database, Verbatim()))
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert len(conversations) == 1
    assert "locked" in conversations[0].warnings[0]


def test_a_terminal_result_is_the_commands_output_with_a_structured_exit_code(
        tmp_path: Path) -> None:
    missing = "make: *** No rule to make target 'lint'.  Stop."
    listing = {"entries": ["a.py"], "output": "a.py"}  # not a terminal result: kept whole
    database = kv_db(tmp_path / "state.vscdb", {
        "composerData:c-t": composer("c-t", ["u1", "a1", "a2", "a3", "a4"]),
        "bubbleId:c-t:u1": bubble(1, "lint it", 1),
        "bubbleId:c-t:a1": bubble(2, "", 2, toolFormerData=tool(
            "run_terminal_cmd", {"command": "make lint"},
            result={"output": missing, "exitCode": 2})),
        "bubbleId:c-t:a2": bubble(2, "", 3, toolFormerData=tool(
            "run_terminal_command_v2", {"command": "make check"},
            result={"output": "All checks passed!", "rejected": False, "notInterrupted": True,
                    "exitCodeV2": 0, "effectiveSandboxPolicy": {"type": "TYPE_INSECURE_NONE"}})),
        "bubbleId:c-t:a3": bubble(2, "", 4, toolFormerData=tool(
            "run_terminal_cmd", {"command": "true"}, result={"output": ""})),
        "bubbleId:c-t:a4": bubble(2, "", 5, toolFormerData=tool(
            "list_dir", {"target_directory": "."}, result=listing)),
    })
    (conversation,) = cursor.parse(database, Verbatim())
    results = [t.result for t in conversation.tool_calls]
    assert [(r.text, r.exit_code, r.is_error) for r in results if r is not None] == [
        (missing, 2, True), ("All checks passed!", 0, False), ("", None, False),
        (json.dumps(listing), None, False)]


def test_sniff_discover_and_default_roots(tmp_path: Path) -> None:
    user_dir = cursor_user_dir(tmp_path)
    assert list(cursor.discover(user_dir)) == [user_dir / "globalStorage" / "state.vscdb"]
    assert list(cursor.discover(tmp_path / "nowhere")) == []
    plain = tmp_path / "other.db"
    connection = sqlite3.connect(plain)
    connection.execute("CREATE TABLE session (id TEXT)")
    connection.close()
    assert not cursor.sniff(plain)
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    assert not cursor.sniff(text)
    assert cursor.default_roots({"HOME": "/home/u"}) == [
        Path("/home/u/.config/Cursor/User"),
        Path("/home/u/Library/Application Support/Cursor/User")]
    assert cursor.default_roots({"HOME": "/h", "XDG_CONFIG_HOME": "/cfg", "APPDATA": "/ad"}) == [
        Path("/cfg/Cursor/User"), Path("/h/Library/Application Support/Cursor/User"),
        Path("/ad/Cursor/User")]


# --- redaction --------------------------------------------------------------------------

GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
OPENAI_KEY = "sk-proj-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jj1Hh0Gg"


def test_planted_secrets_never_reach_any_field(tmp_path: Path) -> None:
    from skillgit.redact import Redactor

    secret = f"token {GITHUB_TOKEN} key {OPENAI_KEY}"
    database = kv_db(tmp_path / "globalStorage" / "state.vscdb", {
        "composerData:c-s": composer("c-s", ["u1", "u2", "a1", "a2"]),
        "bubbleId:c-s:u1": bubble(1, f"prompt {secret}", 1,
                                  workspaceProjectDir="/home/alice/shop"),
        "bubbleId:c-s:u2": bubble(1, f"/deploy {secret}", 2),
        "bubbleId:c-s:a1": bubble(2, f"answer {secret}", 3, toolFormerData=tool(
            "run_terminal_cmd", {"command": f"export GH={GITHUB_TOKEN}"},
            result={"output": secret, "exitCode": 2})),
        "bubbleId:c-s:a2": bubble(2, "", 4, toolFormerData=tool(
            "edit_file", {"target_file": "/home/alice/shop/.env"}, status="error",
            error=f"failed {secret}")),
    })
    (conversation,) = cursor.parse(database, Redactor(home="/home/alice"))
    dumped = conversation.model_dump_json()
    assert GITHUB_TOKEN not in dumped and OPENAI_KEY not in dumped
    assert "/home/alice" not in dumped
    assert dumped.count("[REDACTED:github-token]") >= 5  # every field kept, only scrubbed
    assert conversation.cwd == "~/shop"


# --- hostile input --------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(["type", "text", "name", "status", "rawArgs", "params",
                                       "result", "error", "userDecision", "bubbleId",
                                       "modelName", "createdAt"]),
                      children, max_size=4),
    max_leaves=10)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(headers=JSON_VALUES, first=JSON_VALUES, second=JSON_VALUES, tool_data=JSON_VALUES)
def test_arbitrary_records_never_raise(tmp_path: Path, headers: Any, first: Any, second: Any,
                                       tool_data: Any) -> None:
    database = tmp_path / "state.vscdb"
    database.unlink(missing_ok=True)
    kv_db(database, {
        "composerData:f": {"composerId": "f", "fullConversationHeadersOnly": headers,
                           "conversation": first, "subComposerIds": second,
                           "modelConfig": tool_data, "createdAt": first},
        "bubbleId:f:b1": first,
        "bubbleId:f:b2": {"type": 2, "text": second, "toolFormerData": tool_data},
    })
    for conversation in cursor.parse(database, Verbatim()):
        assert conversation.agent == "cursor"
