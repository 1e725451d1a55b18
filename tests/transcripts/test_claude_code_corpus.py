"""Every real Claude Code transcript in the shared corpus parses, with concrete facts checked.

Expected numbers were derived from the raw files, not from the parser:

- prompts: `jq 'select(.type=="user" and (.isMeta|not) and (.isCompactSummary|not) and
  (.isSidechain|not)) | .message.content | <string, or joined text blocks> | select(length>0)
  | select(startswith("<")|not) | select(startswith("[Request interrupted")|not)'`, plus
  `queue-operation` records with `"operation":"remove"` (a prompt typed while the agent
  worked, delivered mid-turn; 2.0.x keeps its text only in the preceding `enqueue`).
  Each file's prompt list was also read by eye (see the per-file notes).
- tool calls: `jq '.message.content[]? | select(.type=="tool_use" and .name!="Skill")'` on
  assistant records (every tool_use id is unique, no streamed duplicates in these files).
- tool errors: `tool_result` blocks with `"is_error": true`.
- interrupts: user text exactly `[Request interrupted by user…]`.
- skills: `tool_use` blocks named `Skill` (`.input.skill`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit.transcripts import claude_code
from skillgit.transcripts.model import Conversation, TurnKind


class _Identity:
    def redact(self, text: str) -> str:
        return text


def _parse(path: Path) -> Conversation:
    conversations = list(claude_code.parse(path, _Identity()))
    assert len(conversations) == 1
    return conversations[0]


# (relative path, prompts, tool calls, tool errors, interrupts, skills, sidechain, version)
CASES = [
    # 1 prompt; 2 isMeta "Stop hook feedback" records dropped; the error is the last
    # `git commit` ("Exit code 1 … nothing to commit").
    ("claude-reliability/coverage-test-fix.jsonl", 1, 13, 1, 0, [], False, "2.1.14"),
    ("claude-reliability/hello-world-script.jsonl", 1, 2, 0, 0, [], False, "2.1.14"),
    ("claude-reliability/python-to-rust-port.jsonl", 1, 39, 0, 0, [], False, "2.1.14"),
    ("claude-reliability/stop-hook-fast-path-clean.jsonl", 1, 1, 0, 0, [], False, "2.1.14"),
    ("claude-reliability/stop-hook-reflection-first-stop.jsonl", 1, 4, 0, 0, [], False,
     "2.1.14"),
    ("claude-reliability/stop-hook-reflection-second-stop.jsonl", 1, 0, 0, 0, [], False,
     "2.1.14"),
    ("claude-reliability/stop-hook-uncommitted-changes.jsonl", 1, 2, 0, 0, [], False, "2.1.14"),
    # "create hello.py, md and js", "update py with one liner comment", "delete js".
    ("codemie/-tmp-private/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl", 3, 6, 0, 0, [], False,
     "2.0.64"),
    # Flat 2.0.x subagents: a single "Warmup" sidechain prompt (not a real prompt) + 1 reply.
    ("codemie/-tmp-private/agent-36541525.jsonl", 0, 0, 0, 0, [], True, "2.0.64"),
    ("codemie/-tmp-private/agent-50243ee8.jsonl", 0, 0, 0, 0, [], True, "2.0.64"),
    ("codemie/incremental-subagents/turn-2.jsonl", 1, 14, 0, 0, [], False, "2.1.7"),
    # Nested 2.1.x subagent: 20 tool calls, one "File does not exist." error.
    ("codemie/incremental-subagents/turn-2/subagents/agent-a485154.jsonl", 0, 20, 1, 0, [],
     True, "2.1.7"),
    # 13 typed prompts (lines 5,115,130,136,140,147,163,191,195,199,203,207,211); two of them
    # were queued (enqueue → dequeue) and appear again as user records, counted once.
    ("codemie/session-196820da.jsonl", 13, 65, 2, 0, [], False, "2.0.76"),
    # 7 typed prompts + 1 queued-and-removed ("check … and event_msg type"); the first queued
    # text was taken back with popAll. 76 tool_use of which 1 is the Skill tool.
    ("codemie/session-3fe1b6bc.jsonl", 8, 75, 5, 0, ["bmad:core:workflows:party-mode"], False,
     "2.0.76"),
    # 14 typed prompts + 1 queued-and-removed; 3 interrupt markers; 1 compaction.
    ("codemie/session-624a4a58.jsonl", 15, 48, 0, 3, [], False, "2.0.76"),
    # Tool rejection (is_error) followed by "[Request interrupted by user for tool use]".
    ("codemie/session-9eda1058.jsonl", 3, 3, 1, 1, [], False, "2.1.4"),
]


@pytest.mark.parametrize(("relative", "prompts", "tools", "errors", "interrupts", "skills",
                          "sidechain", "version"), CASES)
def test_corpus_file_facts(corpus_dir: Path, relative: str, prompts: int, tools: int,
                           errors: int, interrupts: int, skills: list[str], sidechain: bool,
                           version: str) -> None:
    path = corpus_dir / "transcripts" / "claude-code" / relative
    assert claude_code.sniff(path)
    conversation = _parse(path)
    assert len(conversation.user_turns) == prompts
    assert len(conversation.tool_calls) == tools
    assert conversation.n_tool_errors == errors
    assert sum(t.kind is TurnKind.INTERRUPT for t in conversation.turns) == interrupts
    assert conversation.skills_used == skills
    assert conversation.is_sidechain is sidechain
    assert conversation.agent_version == version
    assert conversation.parse_warnings == 0
    assert conversation.warnings == []
    assert [t.index for t in conversation.turns] == list(range(len(conversation.turns)))


def test_every_corpus_file_is_covered(corpus_dir: Path) -> None:
    root = corpus_dir / "transcripts" / "claude-code"
    found = sorted(str(p.relative_to(root)) for p in claude_code.discover(root))
    assert found == sorted(case[0] for case in CASES)


def test_sidechains_point_at_their_parent(corpus_dir: Path) -> None:
    root = corpus_dir / "transcripts" / "claude-code" / "codemie"
    flat = _parse(root / "-tmp-private" / "agent-36541525.jsonl")
    assert flat.session_id == "agent-36541525"
    assert flat.parent_session_id == "4c2ddfdc-b619-4525-8d03-1950fb1b0257"
    nested = _parse(root / "incremental-subagents/turn-2/subagents/agent-a485154.jsonl")
    assert nested.session_id == "agent-a485154"
    # The parent file is named turn-2.jsonl but its records carry this sessionId.
    parent = _parse(root / "incremental-subagents" / "turn-2.jsonl")
    assert nested.parent_session_id == parent.session_id == "e9fb405b-169f-40eb-9396-7e75076f045d"
    assert parent.is_sidechain is False


def test_session_3fe1b6bc_commands_skill_and_metadata(corpus_dir: Path) -> None:
    c = _parse(corpus_dir / "transcripts/claude-code/codemie/session-3fe1b6bc.jsonl")
    assert c.session_id == "3fe1b6bc-dbd0-4320-b980-4f147befa187"
    assert c.cwd == "/Users/user/repo"
    assert c.model == "claude-sonnet-4-5-20250929"
    commands = [t.command for t in c.turns if t.kind is TurnKind.SLASH_COMMAND]
    # Line 2: /clear; line 5: <command-message> first, then <command-name>.
    assert commands == ["/clear", "/bmad:bmm:workflows:create-tech-spec"]
    skill = next(t for t in c.turns if t.kind is TurnKind.SKILL)
    assert skill.invoked_by == "Skill tool"
    assert skill.result is not None
    assert skill.result.text == "Launching skill: bmad:core:workflows:party-mode"
    assert skill.tool_input is not None and skill.tool_input.startswith("Review the tech spec")
    # Dropped: the "Caveat:" isMeta, <local-command-stdout>, the command expansion (isMeta)
    # and the skill body (isMeta).
    assert c.injected_dropped == 4
    prompts = [t.text for t in c.user_turns]
    assert prompts[-1] == "d"
    assert prompts[-2].startswith("TODO is not acceptable, implementation must be full.")
    assert "check 019b7f07-4a68-7d10-a8ef-8454269f439d and event_msg type" in prompts


def test_session_624a4a58_compaction_and_interrupts(corpus_dir: Path) -> None:
    c = _parse(corpus_dir / "transcripts/claude-code/codemie/session-624a4a58.jsonl")
    kinds = [t.kind for t in c.turns]
    # compact_boundary + the isCompactSummary record are one compaction point.
    assert kinds.count(TurnKind.COMPACTION) == 1
    compaction = kinds.index(TurnKind.COMPACTION)
    assert c.turns[compaction].text == "auto"
    # The summary text itself is never a user prompt.
    assert not any(t.text.startswith("This session is being continued") for t in c.user_turns)
    assert "no, add conversationId field, but set value from sessionId" in [
        t.text for t in c.user_turns]
    assert c.started_at is not None and c.ended_at is not None
    assert c.started_at < c.ended_at


def test_streamed_assistant_lines_are_merged(corpus_dir: Path) -> None:
    # turn-2.jsonl: 11 assistant message ids, each spread over several lines (thinking,
    # text, tool_use blocks); 5 text blocks in 5 different messages → 5 assistant turns.
    c = _parse(corpus_dir / "transcripts/claude-code/codemie/incremental-subagents/turn-2.jsonl")
    assert sum(t.kind is TurnKind.ASSISTANT for t in c.turns) == 5


def test_bash_error_exit_code_is_read_from_result(corpus_dir: Path) -> None:
    c = _parse(corpus_dir / "transcripts/claude-code/codemie/session-3fe1b6bc.jsonl")
    codes = [t.result.exit_code for t in c.tool_calls if t.result and t.result.is_error]
    # Errors at lines 42 (<tool_use_error>), 99 and 105 (Exit code 1), 119 (Exit code 5),
    # 135 (Exit code 1).
    assert codes == [None, 1, 1, 5, 1]


def test_system_reminder_is_stripped_from_tool_results(corpus_dir: Path) -> None:
    c = _parse(corpus_dir / "transcripts/claude-code/claude-reliability/"
                            "stop-hook-fast-path-clean.jsonl")
    (read,) = c.tool_calls
    assert read.tool_name == "Read"
    assert read.result is not None and "# Test Project" in read.result.text
    assert "<system-reminder>" not in read.result.text
