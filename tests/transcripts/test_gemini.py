"""Gemini CLI adapter: real corpus files, both format generations, injected-content rules."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skillgit.transcripts import gemini
from skillgit.transcripts.model import Conversation, TurnKind


class Verbatim:
    """A redactor that changes nothing, for tests about structure rather than secrets."""

    def redact(self, text: str) -> str:
        return text


def parse_one(path: Path) -> Conversation:
    conversations = list(gemini.parse(path, Verbatim()))
    assert len(conversations) == 1
    return conversations[0]


# --- fixture builders -----------------------------------------------------------------

def project_dir(tmp_path: Path, slug: str = "shop", root: str = "/work/shop") -> Path:
    """``<home>/.gemini/tmp/<slug>`` with a ``.project_root`` marker and a chats dir."""
    project = tmp_path / ".gemini" / "tmp" / slug
    (project / "chats").mkdir(parents=True)
    (project / ".project_root").write_text(root + "\n")
    return project


def write_jsonl(path: Path, records: list[Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def header(session_id: str = "a1b2c3d4-0000-4000-8000-000000000001",
           kind: str | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {"sessionId": session_id, "projectHash": "f" * 64,
                              "startTime": "2026-04-23T16:12:42.783Z",
                              "lastUpdated": "2026-04-23T16:20:00.000Z"}
    if kind:
        record["kind"] = kind
    return record


def user(message_id: str, content: Any, display: Any = None) -> dict[str, Any]:
    record = {"id": message_id, "timestamp": "2026-04-23T16:12:43.085Z", "type": "user",
              "content": content}
    if display is not None:
        record["displayContent"] = display
    return record


def reply(message_id: str, text: str = "", calls: list[dict[str, Any]] | None = None,
          model: str = "gemini-3.1-pro-preview") -> dict[str, Any]:
    record: dict[str, Any] = {"id": message_id, "timestamp": "2026-04-23T16:13:00.000Z",
                              "type": "gemini", "content": text, "model": model}
    if calls is not None:
        record["toolCalls"] = calls
    return record


def call(name: str, args: dict[str, Any], output: str = "ok", status: str = "success",
         ) -> dict[str, Any]:
    return {"id": f"{name}-1", "name": name, "args": args, "status": status,
            "timestamp": "2026-04-23T16:13:01.000Z",
            "result": [{"functionResponse": {"id": f"{name}-1", "name": name,
                                             "response": {"output": output}}}]}


# --- the real corpus ------------------------------------------------------------------

# Expected numbers come from one-off reads of the raw JSON, not from this parser:
#   json.load(f)["messages"]: count type=="user" (no displayContent, no injected tags);
#   tool calls = sum(len(m["toolCalls"])); errors = statuses != "success" (all are
#   "success"); skills = activate_skill calls or "SKILL.md" in args (none); model = the
#   only value of m["model"] on gemini messages; assistant turns = gemini messages whose
#   content string is non-empty.
CORPUS_FACTS = [
    ("session-2025-12-01T21-45-5b959dae.json", "5b959dae-8655-4cd1-b10f-720b8c336ea2",
     3, 10, 0, 0, 3, "gemini-3-pro-image-preview"),
    ("session-2026-01-16T11-01-file-ops-37b7abef.json", "37b7abef-713d-4522-85f0-8ff15a4e6d17",
     5, 14, 0, 0, 5, "gemini-3-pro"),
]


@pytest.mark.parametrize(("name", "session_id", "prompts", "tools", "errors", "skills",
                          "answers", "model"), CORPUS_FACTS)
def test_corpus_sessions_parse_to_the_counted_facts(
        corpus_dir: Path, name: str, session_id: str, prompts: int, tools: int, errors: int,
        skills: int, answers: int, model: str) -> None:
    path = corpus_dir / "transcripts" / "gemini" / "codemie" / name
    assert gemini.sniff(path)
    conversation = parse_one(path)
    assert conversation.session_id == session_id
    assert len(conversation.user_turns) == prompts
    assert len(conversation.tool_calls) == tools
    assert conversation.n_tool_errors == errors
    assert len(conversation.skill_turns) == skills
    assert sum(t.kind is TurnKind.ASSISTANT for t in conversation.turns) == answers
    assert conversation.model == model
    assert conversation.parse_warnings == 0
    assert conversation.warnings == []
    assert all(t.result is not None for t in conversation.tool_calls)


def test_corpus_prompts_match_the_logs_json_cross_check(corpus_dir: Path) -> None:
    folder = corpus_dir / "transcripts" / "gemini" / "codemie"
    logged = json.loads((folder / "logs.json").read_text())
    conversation = parse_one(folder / "session-2025-12-01T21-45-5b959dae.json")
    assert [t.text for t in conversation.user_turns] == [e["message"] for e in logged]
    assert conversation.turns[0].text == "hi"
    assert conversation.started_at is not None
    assert conversation.started_at.isoformat() == "2025-12-01T21:45:34.362000+00:00"


def test_corpus_logs_json_defers_to_the_recorded_session(corpus_dir: Path) -> None:
    # logs.json only holds session 5b959dae, whose chat recording sits beside it.
    logs = corpus_dir / "transcripts" / "gemini" / "codemie" / "logs.json"
    assert gemini.sniff(logs)
    assert list(gemini.parse(logs, Verbatim())) == []


# --- format generations ---------------------------------------------------------------

def test_logs_json_without_recording_gives_a_prompts_only_conversation(tmp_path: Path) -> None:
    project = project_dir(tmp_path)
    logs = project / "logs.json"
    logs.write_text(json.dumps([
        {"sessionId": "0badf00d-1", "messageId": 0, "type": "user", "message": "fix the build",
         "timestamp": "2025-08-01T10:00:00Z"},
        {"sessionId": "0badf00d-1", "messageId": 1, "type": "user", "message": "/compress",
         "timestamp": "2025-08-01T10:05:00Z"},
        "not an entry",
    ]))
    conversation = parse_one(logs)
    assert [t.text for t in conversation.user_turns] == ["fix the build"]
    assert [t.command for t in conversation.turns if t.kind is TurnKind.SLASH_COMMAND] == [
        "/compress"]
    assert conversation.cwd == "/work/shop"
    assert conversation.parse_warnings == 1
    assert any("prompts only" in w for w in conversation.warnings)


def test_jsonl_upserts_keep_position_and_the_last_write(tmp_path: Path) -> None:
    chats = project_dir(tmp_path) / "chats"
    path = write_jsonl(chats / "session-2026-04-23T16-12-a1b2c3d4.jsonl", [
        header(),
        user("u1", [{"text": "Fix the import path"}]),
        {"$set": {"lastUpdated": "2026-04-23T16:12:43.085Z"}},
        reply("a1", "", []),
        user("u2", "thanks"),
        reply("a1", "Fixed it.", [call("read_file", {"file_path": "src/app.py"})]),
    ])
    conversation = parse_one(path)
    kinds = [t.kind for t in conversation.turns]
    assert kinds == [TurnKind.USER, TurnKind.ASSISTANT, TurnKind.TOOL_CALL, TurnKind.USER]
    assert conversation.turns[1].text == "Fixed it."
    assert conversation.session_id == "a1b2c3d4-0000-4000-8000-000000000001"
    assert conversation.cwd == "/work/shop"
    assert conversation.model == "gemini-3.1-pro-preview"


def test_jsonl_rewind_drops_the_message_and_everything_after(tmp_path: Path) -> None:
    chats = project_dir(tmp_path) / "chats"
    kept = write_jsonl(chats / "session-x-aaaaaaaa.jsonl", [
        header(), user("u1", "first ask"), reply("a1", "answer"),
        user("u2", "rewound ask"), reply("a2", "rewound answer"),
        {"$rewindTo": "u2"}, user("u3", "second ask"),
    ])
    assert [t.text for t in parse_one(kept).turns] == ["first ask", "answer", "second ask"]
    unknown = write_jsonl(chats / "session-x-bbbbbbbb.jsonl", [
        header(), user("u1", "gone"), {"$rewindTo": "nope"}, user("u2", "after"),
    ])
    assert [t.text for t in parse_one(unknown).turns] == ["after"]


def test_jsonl_set_messages_checkpoint_replaces_the_list(tmp_path: Path) -> None:
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-cccccccc.jsonl", [
        header(), user("u1", "before checkpoint"), reply("a1", "old"),
        {"$set": {"messages": [user("u1", "kept"), reply("a9", "summary answer")],
                  "lastUpdated": "2026-04-23T17:00:00Z"}},
        user("u5", "after checkpoint"),
    ])
    conversation = parse_one(path)
    assert [t.text for t in conversation.turns] == ["kept", "summary answer", "after checkpoint"]
    assert conversation.ended_at is not None and conversation.ended_at.hour == 17


def test_legacy_json_session_with_a_subagent_kind(tmp_path: Path) -> None:
    project = project_dir(tmp_path)
    legacy = project / "chats" / "session-2025-12-01T21-45-dddddddd.json"
    legacy.write_text(json.dumps({**header("dddddddd-1", kind="subagent"), "messages": [
        user("u1", "explore the repo"), 7, reply("a1", "done")]}))
    conversation = parse_one(legacy)
    assert conversation.is_sidechain
    assert [t.kind for t in conversation.turns] == [TurnKind.USER, TurnKind.ASSISTANT]
    assert conversation.parse_warnings == 1  # the message that is not an object


def test_subagent_file_under_the_parent_session_dir(tmp_path: Path) -> None:
    chats = project_dir(tmp_path) / "chats"
    path = write_jsonl(chats / "parent-session-id" / "child-id.jsonl",
                       [header("child-id", kind="subagent"), user("u1", "objective")])
    conversation = parse_one(path)
    assert conversation.is_sidechain
    assert conversation.parent_session_id == "parent-session-id"
    assert path in set(gemini.discover(tmp_path / ".gemini"))


# --- real prompts versus injected content ---------------------------------------------

def test_injected_content_and_notices_are_not_prompts(tmp_path: Path) -> None:
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-eeeeeeee.jsonl", [
        header(),
        user("u0", [{"text": "<session_context>\nThis is the Gemini CLI.\n- **Workspace "
                             "Directories:**\n  - /home/dev/shop\n</session_context>"}]),
        user("u1", "<hook_context>lint passed</hook_context>"),
        user("u2", [{"functionResponse": {"id": "x", "name": "read_file",
                                          "response": {"output": "file text"}}}]),
        {"id": "n1", "type": "info", "content": "Switched model"},
        {"id": "n2", "type": "error", "content": "Quota exceeded"},
        {"id": "n3", "type": "warning", "content": "Slow"},
        user("u3", "Please review @src/app.py\n--- Content from referenced files ---\n...",
             display="Please review @src/app.py"),
        user("u4", "/memory add use tabs"),
        user("u5", "/usr/local/bin is missing from PATH"),
    ])
    conversation = parse_one(path)
    assert [t.text for t in conversation.user_turns] == [
        "Please review @src/app.py", "/usr/local/bin is missing from PATH"]
    commands = [t for t in conversation.turns if t.kind is TurnKind.SLASH_COMMAND]
    assert [(t.command, t.text) for t in commands] == [("/memory", "add use tabs")]
    assert conversation.injected_dropped == 3
    assert conversation.parse_warnings == 0
    assert conversation.cwd == "/work/shop"  # the .project_root marker wins


def test_workspace_dir_from_session_context_when_nothing_else_names_it(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "loose" / "session-x-ffffffff.jsonl", [
        header(),
        user("u0", "<session_context>\n- **Workspace Directories:**\n  - /home/dev/shop\n"),
        user("u1", "hello"),
    ])
    assert parse_one(path).cwd == "/home/dev/shop"


def test_project_found_through_projects_json_and_the_sha256_dir(tmp_path: Path) -> None:
    digest = hashlib.sha256(b"/srv/legacy").hexdigest()
    chats = tmp_path / ".gemini" / "tmp" / digest / "chats"
    path = write_jsonl(chats / "session-x-12345678.jsonl", [header(), user("u1", "hi")])
    (tmp_path / ".gemini" / "projects.json").write_text(
        json.dumps({"projects": {"/srv/other": "other", "/srv/legacy": "legacy"}}))
    assert parse_one(path).cwd == "/srv/legacy"


# --- tools, errors, skills ------------------------------------------------------------

def test_tool_results_carry_error_flags_and_exit_codes(tmp_path: Path) -> None:
    shell_fail = "Command: make\nOutput: boom\nError: (none)\nExit Code: 2\nSignal: (none)"
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-99999999.jsonl", [
        header(), user("u1", "build it"),
        reply("a1", "", [
            call("run_shell_command", {"command": "make"}, output=shell_fail),
            call("run_shell_command", {"command": "true"}, output="Exit Code: 0"),
            call("replace", {"file_path": "a.py"}, output="no match", status="error"),
            call("write_file", {"file_path": "b.py"}, output="", status="cancelled"),
            call("read_file", {"file_path": "c.py"}, status="executing"),
        ]),
    ])
    calls = parse_one(path).tool_calls
    assert [c.tool_input for c in calls][:2] == ["make", "true"]
    results = [c.result for c in calls]
    assert results[0] is not None and (results[0].is_error, results[0].exit_code) == (True, 2)
    assert "boom" in results[0].text
    assert results[1] is not None and (results[1].is_error, results[1].exit_code) == (False, 0)
    assert results[2] is not None and results[2].is_error and results[2].text == "no match"
    assert results[3] is not None and results[3].is_error
    assert results[4] is None  # never finished: no result to report


GO_OUTPUT = ("go: downloading github.com/jackc/pgx/v5 v5.5.4\n"
             "internal/store/pg.go:12:2: missing go.sum entry for module providing package "
             "github.com/jackc/pgx/v5/pgxpool\nFAIL")
SHELL_REPORTS = {
    # 2025 builds: every field, "(none)"/"(empty)" when it has no value (upstream shell.ts)
    "all-fields": (f"Command: go test ./...\nDirectory: (root)\nOutput: {GO_OUTPUT}\n"
                   "Error: (none)\nExit Code: 1\nSignal: (none)\nBackground PIDs: (none)\n"
                   "Process Group PGID: 4242", GO_OUTPUT, 1),
    # the first builds: separate streams
    "stdout-stderr": ("Command: go test ./...\nDirectory: (root)\nStdout: (empty)\n"
                      f"Stderr: {GO_OUTPUT}\nError: (none)\nExit Code: 1\nSignal: (none)\n"
                      "Background PIDs: (none)", GO_OUTPUT, 1),
    # newest builds: the output, then only the fields that have a value
    "only-set-fields": (f"Output: {GO_OUTPUT}\nExit Code: 1\nProcess Group PGID: 4242",
                        GO_OUTPUT, 1),
    "empty-success": ("Command: go mod download\nDirectory: (root)\nOutput: (empty)\n"
                      "Error: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\n"
                      "Process Group PGID: 7", "", 0),
    "spawn-error": ("Command: nope\nDirectory: (root)\nOutput: (empty)\n"
                    "Error: spawn /bin/bash ENOENT\nExit Code: (none)\nSignal: (none)\n"
                    "Background PIDs: (none)\nProcess Group PGID: (none)",
                    "Error: spawn /bin/bash ENOENT", None),
    "killed": ("Output: compiling...\nSignal: 9\nProcess Group PGID: 77",
               "compiling...\nSignal: 9", None),
}


@pytest.mark.parametrize(("report", "text", "code"), SHELL_REPORTS.values(),
                         ids=list(SHELL_REPORTS))
def test_a_shell_result_is_the_commands_output_not_the_tools_report(
        tmp_path: Path, report: str, text: str, code: int | None) -> None:
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-55555555.jsonl", [
        header(), user("u1", "test it"),
        reply("a1", "", [call("run_shell_command", {"command": "go test ./..."}, output=report)]),
    ])
    (turn,) = parse_one(path).tool_calls
    assert turn.result is not None
    assert (turn.result.text, turn.result.exit_code) == (text, code)
    assert "(none)" not in turn.result.text and "(empty)" not in turn.result.text


def test_only_a_shell_report_is_unwrapped(tmp_path: Path) -> None:
    cancelled = "Command was cancelled by user before it could complete."
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-66666666.jsonl", [
        header(), user("u1", "look"),
        reply("a1", "", [
            call("read_file", {"file_path": "notes.txt"}, output="Output: 3\nExit Code: 1"),
            call("run_shell_command", {"command": "sleep 99"}, output=cancelled,
                 status="cancelled"),
        ]),
    ])
    read, shell = (t.result for t in parse_one(path).tool_calls)
    assert read is not None and (read.text, read.exit_code) == ("Output: 3\nExit Code: 1", None)
    assert shell is not None and (shell.text, shell.is_error) == (cancelled, True)


def test_a_failed_shell_call_is_quoted_by_its_own_error_line(tmp_path: Path) -> None:
    from skillgit.distill.env_signals import env_feedback

    report = SHELL_REPORTS["all-fields"][0]
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-44444444.jsonl", [
        header(), user("u1", "run the tests"),
        reply("a1", "", [call("run_shell_command", {"command": "go test ./..."}, output=report)]),
    ])
    (item,) = env_feedback(parse_one(path))
    assert "(none)" not in item.summary
    assert item.evidence[0].quote.startswith("internal/store/pg.go:12:2: missing go.sum entry")


def test_skill_activation_and_skill_md_reads(tmp_path: Path) -> None:
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-77777777.jsonl", [
        header(), user("u1", "release it"),
        reply("a1", "", [
            call("activate_skill", {"name": "release-notes"},
                 output='<activated_skill name="release-notes"><instructions>…'),
            call("read_file", {"file_path": "/home/dev/.gemini/skills/pdf/SKILL.md"}),
            call("write_file", {"file_path": "skills/new-one/SKILL.md", "content": "x"}),
        ]),
    ])
    conversation = parse_one(path)
    skills = [(t.skill_name, t.invoked_by) for t in conversation.skill_turns]
    assert skills == [("release-notes", "activate_skill tool"), ("pdf", "SKILL.md read")]
    assert conversation.skills_used == ["release-notes"]  # a read is no use (activate_skill)
    # activate_skill is one SKILL turn (like Claude's Skill tool), carrying the tool result;
    # reading a SKILL.md stays a tool call followed by a SKILL turn.
    activation = conversation.skill_turns[0]
    assert activation.tool_name == "activate_skill"
    assert activation.result is not None and "activated_skill" in activation.result.text
    assert [t.tool_name for t in conversation.tool_calls] == ["read_file", "write_file"]


# --- robustness -----------------------------------------------------------------------

def test_bad_lines_are_counted_and_skipped(tmp_path: Path) -> None:
    path = project_dir(tmp_path) / "chats" / "session-x-66666666.jsonl"
    good = [json.dumps(r) for r in (header(), user("u1", "first"), user("u2", "second"))]
    path.write_bytes("\n".join([good[0], good[1], "{not json", "[1, 2]", good[2]]).encode()
                     + b'\n{"id": "u3", "type": "us')
    conversation = parse_one(path)
    assert [t.text for t in conversation.user_turns] == ["first", "second"]
    assert conversation.parse_warnings == 3


def test_odd_records_never_raise(tmp_path: Path) -> None:
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-55555555.jsonl", [
        header(), user("u1", None), user("u2", {"text": 5}),
        {"id": "m1", "type": "mystery", "content": "?"},
        reply("a1", "", [None, {"name": 3}, {"name": "read_file", "args": None, "result": 1,
                                             "status": "success"}]),
        user("u3", [{"text": "real", "thought": False}, "plain part"]),
    ])
    conversation = parse_one(path)
    assert [t.text for t in conversation.user_turns] == ["realplain part"]
    assert conversation.parse_warnings == 3  # the mystery type and two malformed calls
    assert len(conversation.tool_calls) == 1


def test_zero_turns_from_a_non_empty_session_is_a_warning(tmp_path: Path) -> None:
    path = write_jsonl(project_dir(tmp_path) / "chats" / "session-x-44444444.jsonl", [
        header(), {"id": "n1", "type": "info", "content": "Welcome"}])
    conversation = parse_one(path)
    assert conversation.turns == []
    assert conversation.warnings == [f"zero turns in {path} (agent version unknown)"]


def test_an_unused_session_yields_nothing_and_a_broken_one_warns(tmp_path: Path) -> None:
    chats = project_dir(tmp_path) / "chats"
    unused = write_jsonl(chats / "session-x-33333333.jsonl", [header()])
    assert list(gemini.parse(unused, Verbatim())) == []
    broken = chats / "session-x-22222222.json"
    broken.write_text('{"sessionId": "s", "projectHash": "h", "messages": [{"id": "u1", "ty')
    conversation = parse_one(broken)
    assert conversation.turns == [] and conversation.parse_warnings == 1
    assert str(broken) in conversation.warnings[0]


# --- discovery ------------------------------------------------------------------------

def test_default_roots_honour_gemini_cli_home() -> None:
    assert gemini.default_roots({"HOME": "/home/u"}) == [Path("/home/u/.gemini")]
    assert gemini.default_roots({"HOME": "/home/u", "GEMINI_CLI_HOME": "/tmp/job"}) == [
        Path("/tmp/job/.gemini")]
    assert gemini.default_roots({}) == []


def test_discover_lists_sessions_once_and_sniff_rejects_other_agents(tmp_path: Path) -> None:
    project = project_dir(tmp_path)
    chats = project / "chats"
    migrated_json = chats / "session-2026-01-01T10-00-11111111.json"
    migrated_json.write_text(json.dumps({**header(), "messages": []}))
    migrated = write_jsonl(chats / "session-2026-01-01T10-00-11111111.jsonl", [header()])
    legacy = chats / "session-2025-01-01T10-00-22222222.json"
    legacy.write_text(json.dumps({**header(), "messages": []}))
    (project / "logs.json").write_text("[]")
    (project / "checkpoints").mkdir()
    (project / "checkpoints" / "checkpoint-x.json").write_text("{}")
    found = list(gemini.discover(tmp_path / ".gemini"))
    assert found == sorted([migrated, legacy, project / "logs.json"])
    claude_like = write_jsonl(tmp_path / "claude.jsonl", [
        {"type": "user", "sessionId": "x", "message": {"role": "user", "content": "hi"}}])
    assert not gemini.sniff(claude_like)
    assert gemini.sniff(migrated) and gemini.sniff(legacy)


# --- redaction --------------------------------------------------------------------------

GITHUB_TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
OPENAI_KEY = "sk-proj-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jj1Hh0Gg"


def test_planted_secrets_never_reach_any_field(tmp_path: Path) -> None:
    from skillgit.redact import Redactor

    redactor = Redactor(home="/home/alice")
    project = project_dir(tmp_path, root="/home/alice/shop")
    secret = f"token {GITHUB_TOKEN} key {OPENAI_KEY}"
    session = write_jsonl(project / "chats" / "session-x-abcdef12.jsonl", [
        header(),
        user("u1", f"typed {secret}", display=f"shown {secret}"),
        user("u2", f"/deploy {secret}"),
        reply("a1", f"answer {secret}", [
            call("run_shell_command", {"command": f"curl -H 'Authorization: {GITHUB_TOKEN}'"},
                 output=f"Exit Code: 1\n{secret}", status="error"),
            call("activate_skill", {"name": "deploy"}, output=f"<activated_skill>{secret}"),
            call("read_file", {"file_path": "/home/alice/shop/.env"}, output=secret),
        ]),
    ])
    legacy = project / "chats" / "session-x-abcdef34.json"
    legacy.write_text(json.dumps({**header("abcdef34-1"), "messages": [
        user("u1", f"legacy {secret}"), reply("a1", secret)]}))
    logs = tmp_path / "elsewhere" / "logs.json"
    logs.parent.mkdir()
    logs.write_text(json.dumps([{"sessionId": "feedbeef-1", "messageId": 0, "type": "user",
                                 "message": f"logged {secret}", "timestamp": "2025-01-01"}]))
    conversations = [c for p in (session, legacy, logs) for c in gemini.parse(p, redactor)]
    assert len(conversations) == 3
    for conversation in conversations:
        dumped = conversation.model_dump_json()
        assert GITHUB_TOKEN not in dumped and OPENAI_KEY not in dumped
        assert "/home/alice" not in dumped
        assert "[REDACTED:github-token]" in dumped  # the field was kept, only scrubbed
    assert conversations[0].cwd == "~/shop"
    assert conversations[0].user_turns[0].text.startswith("shown ")


# --- hostile input --------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["text", "name", "args", "status", "result", "id",
                                       "type", "functionResponse", "response", "output"]),
                      children, max_size=4),
    max_leaves=20)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=JSON_VALUES, display=JSON_VALUES, calls=JSON_VALUES, kind=JSON_VALUES)
def test_arbitrary_field_values_never_raise(tmp_path: Path, content: Any, display: Any,
                                            calls: Any, kind: Any) -> None:
    path = write_jsonl(tmp_path / "chats" / "session-x-fuzzfuzz.jsonl", [
        header(),
        {"id": "u1", "type": "user", "content": content, "displayContent": display},
        {"id": "a1", "type": "gemini", "content": content, "toolCalls": calls, "model": kind},
        {"id": "m1", "type": kind, "content": content, "timestamp": kind},
        {"$set": {"messages": calls}} if isinstance(calls, list) else {"$rewindTo": "zz"},
    ])
    for conversation in gemini.parse(path, Verbatim()):
        assert conversation.agent == "gemini"


def test_absurdly_nested_records_are_skipped_or_flattened(tmp_path: Path) -> None:
    nested = "[" * 600 + "]" * 600
    path = project_dir(tmp_path) / "chats" / "session-x-deepdeep.jsonl"
    path.write_text(json.dumps(header()) + "\n"
                    + '{"id": "u1", "type": "user", "content": ' + nested + "}\n"
                    + '{"id": "a1", "type": "gemini", "content": "", "toolCalls": [{"name": '
                    + '"x", "status": "success", "args": ' + nested + "}]}\n"
                    + json.dumps(user("u2", "still here")) + "\n")
    conversation = parse_one(path)
    assert [t.text for t in conversation.user_turns] == ["still here"]
    assert [t.tool_name for t in conversation.tool_calls] == ["x"]
