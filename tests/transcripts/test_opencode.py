"""opencode adapter: SQLite database (built here), JSON storage tree, read-only guarantees."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillgit.transcripts import opencode, sqlite_ro
from skillgit.transcripts.model import Conversation, TurnKind


class Verbatim:
    """A redactor that changes nothing, for tests about structure rather than secrets."""

    def redact(self, text: str) -> str:
        return text


# Schema of opencode >= 1.2 (the columns this adapter reads, as in a real 1.18 dump).
SCHEMA = """
CREATE TABLE `session` (`id` text PRIMARY KEY, `project_id` text NOT NULL, `parent_id` text,
  `slug` text NOT NULL, `directory` text NOT NULL, `title` text NOT NULL,
  `version` text NOT NULL, `agent` text, `model` text, `time_created` integer NOT NULL,
  `time_updated` integer NOT NULL);
CREATE TABLE `message` (`id` text PRIMARY KEY, `session_id` text NOT NULL,
  `time_created` integer NOT NULL, `time_updated` integer NOT NULL, `data` text NOT NULL);
CREATE TABLE `part` (`id` text PRIMARY KEY, `message_id` text NOT NULL,
  `session_id` text NOT NULL, `time_created` integer NOT NULL,
  `time_updated` integer NOT NULL, `data` text NOT NULL);
CREATE TABLE `event` (`id` text PRIMARY KEY, `aggregate_id` text NOT NULL,
  `seq` integer NOT NULL, `type` text NOT NULL, `data` text NOT NULL);
"""
T0 = 1790768250000  # epoch milliseconds, as opencode stores them


def tool(call_id: str, name: str, state: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool", "tool": name, "callID": call_id, "state": state}


def done(command: str, output: str, exit_code: int | None = None) -> dict[str, Any]:
    metadata: dict[str, Any] = {"output": output, "truncated": False}
    if exit_code is not None:
        metadata["exit"] = exit_code
    return {"status": "completed", "input": {"command": command}, "output": output,
            "metadata": metadata, "title": command, "time": {"start": T0 + 5, "end": T0 + 9}}


def user_message(*parts: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return ({"role": "user", "time": {"created": 0}, "agent": "build",
             "model": {"providerID": "anthropic", "modelID": "claude-sonnet-4-6"}}, list(parts))


def assistant_message(*parts: dict[str, Any], **extra: Any,
                      ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    data = {"role": "assistant", "parentID": "msg_x", "mode": "build", "agent": "build",
            "path": {"cwd": "/work/shop", "root": "/work/shop"}, "modelID": "claude-sonnet-4-6",
            "providerID": "anthropic", "time": {"created": 0}, "finish": "tool-calls", **extra}
    return data, list(parts)


MAIN_SESSION = [
    user_message({"type": "text", "text": "Run the tests and fix what fails"},
                 {"type": "text", "text": "Called the Read tool: src/app.py ...",
                  "synthetic": True},
                 {"type": "text", "text": "editor context", "ignored": True},
                 {"type": "file", "mime": "text/plain", "filename": "app.py", "url": "file:///x"}),
    assistant_message(
        {"type": "step-start"},
        {"type": "reasoning", "text": "thinking about tests"},
        {"type": "text", "text": "Running the suite."},
        tool("c1", "bash", done("pytest -q", "1 failed", 1)),
        tool("c2", "bash", done("ls", "app.py\n", 0)),
        tool("c3", "edit", {"status": "error", "input": {"filePath": "src/app.py"},
                            "error": "oldString not found", "time": {"start": T0, "end": T0}}),
        tool("c4", "bash", {"status": "running", "input": {"command": "sleep 99"},
                            "time": {"start": T0}}),
        tool("c5", "skill", {"status": "completed", "input": {"name": "pytest-fixer"},
                             "output": '<skill_content name="pytest-fixer">…',
                             "title": "Loaded skill: pytest-fixer", "metadata": {}}),
        tool("c6", "read", {"status": "completed",
                            "input": {"filePath": "/home/dev/.config/opencode/skills/tdd/SKILL.md"},
                            "output": "---\nname: tdd", "metadata": {}}),
        {"type": "step-finish", "reason": "tool-calls", "tokens": {"input": 10, "output": 2}}),
    user_message({"type": "compaction", "auto": True}),
    assistant_message({"type": "text", "text": "Summary of the work so far."}, summary=True),
    user_message({"type": "subtask", "agent": "general", "description": "review",
                  "command": "review", "prompt": "Review the diff (template text)"}),
    assistant_message({"type": "text", "text": "partial answ"},
                      error={"name": "MessageAbortedError", "data": {}}),
]


def make_db(path: Path, *, wal: bool = False,
            sessions: dict[str, tuple[str | None, list[Any]]] | None = None) -> Path:
    """An opencode.db with `sessions`: id -> (parent id, [(message data, parts), ...])."""
    if sessions is None:
        sessions = {"ses_main": (None, MAIN_SESSION)}
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA synchronous=OFF")  # test speed; the file format is unchanged
    if wal:
        connection.execute("PRAGMA journal_mode=WAL")
    connection.executescript(SCHEMA)
    clock = T0
    for session_id, (parent, messages) in sessions.items():
        connection.execute(
            "INSERT INTO session VALUES (?, 'global', ?, 'sunny-nebula', '/work/shop', 'Fix', "
            "'1.18.33', 'build', ?, ?, ?)",
            (session_id, parent, json.dumps({"id": "claude-sonnet-4-6", "providerID": "x"}),
             clock, clock + 60_000))
        for number, (data, parts) in enumerate(messages):
            clock += 1000
            message_id = f"msg_{session_id}_{number:03d}"
            data = {**data, "time": {**data["time"], "created": clock}}
            connection.execute("INSERT INTO message VALUES (?, ?, ?, ?, ?)",
                               (message_id, session_id, clock, clock, json.dumps(data)))
            for index, part in enumerate(parts):
                connection.execute("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)",
                                   (f"prt_{message_id}_{index:03d}", message_id, session_id,
                                    clock, clock, json.dumps(part)))
    connection.commit()
    connection.close()
    return path


def parse_all(path: Path) -> list[Conversation]:
    return list(opencode.parse(path, Verbatim()))


# --- the real corpus (JSON storage tree) ----------------------------------------------

def test_corpus_storage_tree_parses_to_the_counted_facts(corpus_dir: Path) -> None:
    # Derived by reading the raw files: part/msg-user-1/ holds one text part (the prompt);
    # part/msg-assistant-1/ holds two "tool" parts (Write, Read) with state.status
    # "completed", one text part and a step-finish; no "skill" tool, no SKILL.md path;
    # session/test-project/test-session-1.json: directory /test/project, version 1.0.0;
    # message/…/msg-assistant-1.json: modelID claude-sonnet-4-6.
    root = corpus_dir / "transcripts" / "opencode" / "codemie-storage"
    sessions = list(opencode.discover(root))
    assert sessions == [root / "session" / "test-project" / "test-session-1.json"]
    assert opencode.sniff(sessions[0])
    (conversation,) = parse_all(sessions[0])
    assert conversation.session_id == "test-session-1"
    assert [t.text for t in conversation.user_turns] == [
        "Create a test file with console.log statements"]
    assert sorted(str(t.tool_name) for t in conversation.tool_calls) == ["Read", "Write"]
    assert conversation.n_tool_errors == 0
    assert conversation.skills_used == []
    assert conversation.model == "claude-sonnet-4-6"
    assert (conversation.cwd, conversation.agent_version) == ("/test/project", "1.0.0")
    assert conversation.parse_warnings == 0 and conversation.warnings == []
    write = next(t for t in conversation.tool_calls if t.tool_name == "Write")
    assert write.result is not None and write.result.text == '{"success": true}'


# --- the SQLite database --------------------------------------------------------------

def test_database_turns_prompts_tools_and_skills(tmp_path: Path) -> None:
    database = make_db(tmp_path / "opencode.db")
    assert opencode.sniff(database)
    (conversation,) = parse_all(database)
    assert conversation.session_id == "ses_main"
    assert (conversation.cwd, conversation.agent_version) == ("/work/shop", "1.18.33")
    assert conversation.model == "claude-sonnet-4-6"
    assert [t.text for t in conversation.user_turns] == ["Run the tests and fix what fails"]
    assert conversation.injected_dropped == 2  # the synthetic and the ignored text part
    assert [t.tool_name for t in conversation.tool_calls] == ["bash", "bash", "edit", "bash",
                                                              "read"]
    results = [t.result for t in conversation.tool_calls]
    assert all(r is not None for r in results)
    summary = [(r.is_error, r.exit_code) for r in results if r is not None]
    assert summary == [(True, 1), (False, 0), (True, None), (True, None), (False, None)]
    assert results[2] is not None and results[2].text == "oldString not found"
    assert results[3] is not None and "interrupted" in results[3].text
    assert conversation.n_tool_errors == 3
    skills = [(t.skill_name, t.invoked_by) for t in conversation.skill_turns]
    assert skills == [("pytest-fixer", "skill tool"), ("tdd", "SKILL.md read")]
    kinds = [t.kind for t in conversation.turns]
    assert kinds.count(TurnKind.COMPACTION) == 1 and kinds.count(TurnKind.INTERRUPT) == 1
    assert [t.command for t in conversation.turns if t.kind is TurnKind.SLASH_COMMAND] == [
        "/review"]
    answers = [t.text for t in conversation.turns if t.kind is TurnKind.ASSISTANT]
    assert answers == ["Running the suite.", "partial answ"]  # the summary is not an answer
    assert conversation.started_at is not None and conversation.started_at.year == 2026


def test_child_sessions_are_sidechains_and_empty_sessions_are_skipped(tmp_path: Path) -> None:
    database = make_db(tmp_path / "opencode.db", sessions={
        "ses_a": (None, [user_message({"type": "text", "text": "parent ask"})]),
        "ses_b": ("ses_a", [user_message({"type": "text", "text": "subagent prompt"})]),
        "ses_empty": (None, []),
    })
    conversations = parse_all(database)
    assert [(c.session_id, c.is_sidechain, c.parent_session_id) for c in conversations] == [
        ("ses_a", False, None), ("ses_b", True, "ses_a")]


def test_broken_rows_are_counted_not_fatal(tmp_path: Path) -> None:
    database = make_db(tmp_path / "opencode.db", sessions={"ses_a": (None, [
        user_message({"type": "text", "text": "hello"}),
        assistant_message({"type": "tool", "tool": 7}, {"type": "text", "text": "hi"})])})
    connection = sqlite3.connect(database)
    connection.execute("INSERT INTO message VALUES ('msg_zzz', 'ses_a', ?, ?, '{not json')",
                       (T0 + 99_999, T0 + 99_999))
    connection.execute("INSERT INTO part VALUES ('prt_zzz', 'msg_ses_a_000', 'ses_a', 1, 1, 'x')")
    connection.commit()
    connection.close()
    (conversation,) = parse_all(database)
    assert [t.text for t in conversation.user_turns] == ["hello"]
    assert conversation.parse_warnings == 3  # bad message, bad part, tool without a name


def test_zero_turns_from_messages_is_a_warning(tmp_path: Path) -> None:
    database = make_db(tmp_path / "opencode.db", sessions={"ses_a": (None, [
        user_message({"type": "text", "text": "injected", "synthetic": True})])})
    (conversation,) = parse_all(database)
    assert conversation.turns == []
    assert conversation.warnings == [f"zero turns in {database} (agent version 1.18.33)"]


# --- read-only, WAL-safe, lock-tolerant -----------------------------------------------

def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("wal", [False, True], ids=["rollback-journal", "wal-mode"])
def test_reading_never_modifies_the_database(tmp_path: Path, wal: bool) -> None:
    database = make_db(tmp_path / "opencode.db", wal=wal)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["opencode.db"]
    before = snapshot(tmp_path)
    assert opencode.sniff(database)
    assert list(opencode.discover(tmp_path)) == [database]
    assert len(parse_all(database)) == 1
    assert snapshot(tmp_path) == before  # same files, same bytes, same mtimes: no -wal/-shm


def test_a_live_wal_writer_is_read_without_touching_its_files(tmp_path: Path) -> None:
    database = make_db(tmp_path / "opencode.db", wal=True)
    writer = sqlite3.connect(database)
    try:
        writer.execute("UPDATE session SET title = 'still being written'")
        writer.commit()  # committed into the -wal, not yet checkpointed into the main file
        names = sorted(p.name for p in tmp_path.iterdir())
        assert names == ["opencode.db", "opencode.db-shm", "opencode.db-wal"]
        main, wal = database.read_bytes(), (tmp_path / "opencode.db-wal").read_bytes()
        assert len(parse_all(database)) == 1
        assert sorted(p.name for p in tmp_path.iterdir()) == names
        assert database.read_bytes() == main
        assert (tmp_path / "opencode.db-wal").read_bytes() == wal
    finally:
        writer.close()


def test_a_locked_database_is_a_warning_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opencode, "BUSY_TIMEOUT_SECONDS", 0.05)
    database = make_db(tmp_path / "opencode.db")
    writer = sqlite3.connect(database, isolation_level=None)
    try:
        writer.execute("BEGIN EXCLUSIVE")
        (placeholder,) = parse_all(database)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert placeholder.turns == [] and placeholder.parse_warnings == 1
    assert "locked" in placeholder.warnings[0] and str(database) in placeholder.warnings[0]


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    fake = tmp_path / "opencode.db"
    fake.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    with pytest.raises(sqlite_ro.UnreadableDatabase):  # reported by discovery, not "not ours"
        opencode.sniff(fake)
    (placeholder,) = parse_all(fake)
    assert placeholder.warnings and str(fake) in placeholder.warnings[0]


# --- JSON storage tree and discovery --------------------------------------------------

def write_json(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value))


def storage_session(storage: Path, session_id: str, prompt: str) -> Path:
    session = storage / "session" / "proj1" / f"{session_id}.json"
    write_json(session, {"id": session_id, "version": "1.1.4", "projectID": "proj1",
                         "directory": "/work/old", "time": {"created": T0, "updated": T0 + 5}})
    message_id = f"msg_{session_id}"
    write_json(storage / "message" / session_id / f"{message_id}.json",
               {"id": message_id, "sessionID": session_id, "role": "user",
                "time": {"created": T0 + 1}})
    write_json(storage / "part" / message_id / "prt_1.json",
               {"id": "prt_1", "sessionID": session_id, "messageID": message_id,
                "type": "text", "text": prompt})
    return session


def test_discover_prefers_the_database_over_migrated_json(tmp_path: Path) -> None:
    data = tmp_path / "opencode"
    data.mkdir()
    database = make_db(data / "opencode.db", sessions={
        "ses_migrated": (None, [user_message({"type": "text", "text": "from the db"})])})
    storage = data / "storage"
    storage_session(storage, "ses_migrated", "from json")
    only_json = storage_session(storage, "ses_old", "only in json")
    write_json(storage / "session" / "message" / "x.json", {"id": "x", "time": {}})
    assert list(opencode.discover(data)) == [database, only_json]
    (conversation,) = parse_all(only_json)
    assert [t.text for t in conversation.user_turns] == ["only in json"]
    assert (conversation.cwd, conversation.agent_version) == ("/work/old", "1.1.4")


def test_json_tree_with_broken_files(tmp_path: Path) -> None:
    storage = tmp_path / "storage"
    session = storage_session(storage, "ses_x", "hello")
    (storage / "part" / "msg_ses_x" / "prt_2.json").write_text("{torn")
    (conversation,) = parse_all(session)
    assert [t.text for t in conversation.user_turns] == ["hello"]
    assert conversation.parse_warnings == 1
    session.write_text("[]")
    (placeholder,) = parse_all(session)
    assert placeholder.warnings == [f"could not read {session}: invalid session JSON"]


def test_default_roots_follow_xdg_data_home() -> None:
    assert opencode.default_roots({"HOME": "/home/u"}) == [Path("/home/u/.local/share/opencode")]
    assert opencode.default_roots({"HOME": "/home/u", "XDG_DATA_HOME": "/data"}) == [
        Path("/data/opencode")]
    assert opencode.default_roots({}) == []


# --- redaction --------------------------------------------------------------------------

GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
OPENAI_KEY = "sk-proj-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jj1Hh0Gg"


def test_planted_secrets_never_reach_any_field(tmp_path: Path) -> None:
    from skillgit.redact import Redactor

    redactor = Redactor(home="/home/alice")
    secret = f"token {GITHUB_TOKEN} key {OPENAI_KEY}"
    database = make_db(tmp_path / "opencode.db", sessions={"ses_s": (None, [
        user_message({"type": "text", "text": f"prompt {secret}"}),
        assistant_message(
            {"type": "text", "text": f"answer {secret}"},
            tool("c1", "bash", done(f"export GH={GITHUB_TOKEN}", f"out {secret}", 1)),
            tool("c2", "edit", {"status": "error", "input": {"filePath": "/home/alice/x.py"},
                                "error": f"failed {secret}"}),
            tool("c3", "skill", {"status": "completed", "input": {"name": "deploy"},
                                 "output": f"<skill_content>{secret}"})),
    ])})
    connection = sqlite3.connect(database)
    connection.execute("UPDATE session SET directory = '/home/alice/shop'")
    connection.commit()
    connection.close()
    storage = tmp_path / "storage"
    json_session = storage_session(storage, "ses_j", f"old prompt {secret}")
    conversations = [c for p in (database, json_session) for c in opencode.parse(p, redactor)]
    assert len(conversations) == 2
    for conversation in conversations:
        dumped = conversation.model_dump_json()
        assert GITHUB_TOKEN not in dumped and OPENAI_KEY not in dumped
        assert "/home/alice" not in dumped
        assert "[REDACTED:github-token]" in dumped  # the field was kept, only scrubbed
    assert conversations[0].cwd == "~/shop"


# --- hostile input --------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(["type", "text", "tool", "state", "status", "input",
                                       "output", "metadata", "exit", "command", "name",
                                       "synthetic", "time", "start", "error"]),
                      children, max_size=4),
    max_leaves=10)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(user_parts=st.lists(JSON_VALUES, max_size=3),
       assistant_parts=st.lists(JSON_VALUES, max_size=3), extra=JSON_VALUES)
def test_arbitrary_part_data_never_raises(tmp_path: Path, user_parts: list[Any],
                                          assistant_parts: list[Any], extra: Any) -> None:
    database = tmp_path / "opencode.db"
    database.unlink(missing_ok=True)
    make_db(database, sessions={"ses_f": (None, [
        ({"role": "user", "time": {"created": 0}, "summary": extra}, user_parts),
        ({"role": "assistant", "time": {"created": 0}, "modelID": extra, "error": extra,
          "path": extra}, assistant_parts),
    ])})
    for conversation in opencode.parse(database, Verbatim()):
        assert conversation.agent == "opencode"


def test_shell_reads_of_skill_md_are_skill_turns_not_uses(tmp_path: Path) -> None:
    database = make_db(tmp_path / "opencode.db", sessions={"ses_a": (None, [
        user_message({"type": "text", "text": "use the skills"}),
        assistant_message(
            tool("c1", "bash", done("cat ~/.config/opencode/skills/lint/SKILL.md", "---", 0)),
            tool("c2", "bash", done("echo hi > skills/new/SKILL.md", "", 0)),
            tool("c3", "write", {"status": "completed", "output": "",
                                 "input": {"filePath": "skills/other/SKILL.md"}}))])})
    (conversation,) = parse_all(database)
    # reading (or writing) a SKILL.md is not using it: opencode loads skills with its tool
    assert conversation.skills_used == []
    assert [t.skill_name for t in conversation.skill_turns] == ["lint"]
    assert len(conversation.tool_calls) == 3
