"""Every real Codex rollout in the shared corpus parses, with concrete facts checked.

Expected numbers were derived from the raw files with jq, not from the parser:

- prompts: `select(.type=="event_msg" and .payload.type=="user_message")` (the typed text;
  each also has a `response_item` user-message twin in the first file, which must not count
  twice, and the AGENTS.md / <environment_context> user message must not count at all).
- tool calls: `function_call` records, minus `write_stdin` polls whose arguments have
  `"chars": ""` (they poll a running `exec_command` and are folded into it), plus
  `custom_tool_call` (apply_patch) and `web_search_call` records.
- tool errors: `exec_command_end` with `exit_code != 0` in the first file; in the second
  (no exec_command_end events) outputs containing "Process exited with code [1-9]".
- skills: `grep -o '[A-Za-z0-9_-]*/SKILL.md'` over the function_call arguments.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from skillgit.transcripts import codex
from skillgit.transcripts.model import Conversation, TurnKind

ROLLOUT_1 = "rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl"
ROLLOUT_2 = "rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl"


class _Identity:
    def redact(self, text: str) -> str:
        return text


def _parse(corpus_dir: Path, name: str) -> Conversation:
    path = corpus_dir / "transcripts" / "codex" / "codemie" / name
    assert codex.sniff(path)
    (conversation,) = codex.parse(path, _Identity())
    assert conversation.parse_warnings == 0
    assert conversation.warnings == []
    return conversation


def test_rollout_1_cli_0_125(corpus_dir: Path) -> None:
    c = _parse(corpus_dir, ROLLOUT_1)
    assert c.session_id == "019e1625-789d-76c0-80ab-3724b5ddb799"
    assert c.agent_version == "0.125.0"
    assert c.model == "gpt-5.5"                      # from turn_context
    assert c.git_branch == "feat/codex-agent-plugin"
    assert c.cwd == "/Users/Sample_User/repos/codemie-ai/codemie-code"
    assert [t.text for t in c.user_turns] == [
        "show tools", "let's update the defailt context compart to 90 in env var"]
    # 99 function_call - 53 empty write_stdin polls + 3 apply_patch + 3 web_search = 52.
    assert len(c.tool_calls) == 52
    assert Counter(t.tool_name for t in c.tool_calls) == Counter(
        exec_command=43, web_search=3, apply_patch=3, update_plan=2, write_stdin=1)
    # exec_command_end exit codes 2, 1, 1, 1 (two rg searches, an rg in node_modules and
    # the first focused `npm test`).
    errors = [t for t in c.tool_calls if t.result is not None and t.result.is_error]
    assert [t.result.exit_code for t in errors if t.result] == [2, 1, 1, 1]
    assert errors[-1].tool_input is not None and errors[-1].tool_input.startswith("npm test")
    # One sed reads brainstorming/SKILL.md && test-driven-development/SKILL.md.
    assert c.skills_used == ["using-superpowers", "brainstorming", "test-driven-development"]
    assert all(t.invoked_by == "SKILL.md read" for t in c.turns if t.kind is TurnKind.SKILL)
    # The AGENTS.md and <environment_context> items of the injected user message.
    assert c.injected_dropped == 2
    # 13 agent_message events, each with a response_item twin: 13 assistant turns.
    assert sum(t.kind is TurnKind.ASSISTANT for t in c.turns) == 13


def test_rollout_1_polls_fold_output_into_the_exec_call(corpus_dir: Path) -> None:
    c = _parse(corpus_dir, ROLLOUT_1)
    first = c.tool_calls[0]
    # The exec_command output only says "Process running with session ID 48230"; the
    # write_stdin poll for session 48230 carries the SKILL.md text and "exited with code 0".
    assert first.tool_name == "exec_command"
    assert first.result is not None
    assert first.result.exit_code == 0
    assert first.result.text.startswith("---\nname: using-superpowers")
    assert "Chunk ID" not in first.result.text


def test_rollout_2_desktop_filtered(corpus_dir: Path) -> None:
    c = _parse(corpus_dir, ROLLOUT_2)
    assert c.agent_version == "0.128.0-alpha.1"
    assert c.model is None                        # this file has no turn_context records
    assert len(c.user_turns) == 3
    # The IDE wrapper ("# Files mentioned by the user: … ## My request for Codex:") is cut.
    assert c.user_turns[0].text.startswith("analyze trascript and summarzie action items")
    assert len(c.tool_calls) == 38                # 35 exec_command + 3 js
    assert c.n_tool_errors == 1
    skill_turns = [t.skill_name for t in c.turns if t.kind is TurnKind.SKILL]
    assert skill_turns == ["using-superpowers", "browser", "brainstorming", "browser"]
    assert c.skills_used == ["using-superpowers", "browser", "brainstorming"]


def test_spawn_skill_fixture(corpus_dir: Path) -> None:
    c = _parse(corpus_dir, "turn-spawn-skill.jsonl")
    assert c.session_id == "spawn-test-uuid"
    assert c.model == "gpt-5.4"
    assert [t.text for t in c.user_turns] == ["run a review"]
    assert [t.tool_name for t in c.tool_calls] == ["exec_command", "spawn_agent", "wait_agent"]
    spawn = c.tool_calls[1]
    assert spawn.result is not None and "child-thread-uuid" in spawn.result.text
    assert c.skills_used == ["brainstorming"]
    assert c.is_sidechain is False


def test_every_corpus_file_is_covered(corpus_dir: Path) -> None:
    root = corpus_dir / "transcripts" / "codex" / "codemie"
    # discover() only knows the rollout-* naming; the third file is found by sniffing.
    assert sorted(p.name for p in codex.discover(root)) == [ROLLOUT_1, ROLLOUT_2]
    assert sorted(p.name for p in root.iterdir() if codex.sniff(p)) == [
        ROLLOUT_1, ROLLOUT_2, "turn-spawn-skill.jsonl"]
