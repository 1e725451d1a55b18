"""The heuristic engine reads (and so redacts) only the tool results it needs: the outputs of
failing calls, an output a prompt's magnitude refers to, and the first reply's (the
session's opening fingerprint). A successful call's output is
never read, which is most of what a transcript holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from sessionkit import ClaudeSession, Talk

from skillgit.distill.env_signals import env_feedback
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.redact import Redactor
from skillgit.transcripts import claude_code
from skillgit.transcripts.model import Conversation, ToolResult


def _pending(result: ToolResult) -> bool:
    private = object.__getattribute__(result, "__pydantic_private__")
    return bool(private) and private.get("_pending") is not None


def _distilled(session: ClaudeSession, tmp_path: Path) -> tuple[Conversation, list[str]]:
    (conversation,) = claude_code.parse(session.write(tmp_path), Redactor(home="/home/dev"))
    digest, _ = HeuristicEngine().distill(conversation)
    quotes = [evidence.quote for item in [*digest.user_feedback, *digest.env_feedback]
              for evidence in item.evidence]
    return conversation, quotes


def test_successful_outputs_stay_unread_and_failures_are_read(tmp_path: Path) -> None:
    session = (ClaudeSession("s-reads")
               .user("Add tests for the parser and run them.")
               .say("Let me look at the sources first.")  # the opening's reply (facts.py)
               .bash("ls src", "parser.py\nlexer.py\n" * 40)
               .bash("python -m pytest -q", "Exit code 127\n/bin/sh: python: command not found",
                     error=True)
               .bash("python3 -m pytest -q", "3 passed in 0.12s\n" + "." * 500)
               .say("Added three tests; they pass.")
               .user("no, put the tests in tests/unit instead of tests/"))
    conversation, quotes = _distilled(session, tmp_path)
    results = [t.result for t in conversation.turns if t.result is not None]
    assert [r.is_error for r in results] == [False, True, False]
    assert [_pending(r) for r in results] == [True, False, True]
    assert any("tests/unit" in quote for quote in quotes)  # the correction is still found


def test_a_prompt_naming_a_magnitude_reads_the_outputs_before_it(tmp_path: Path) -> None:
    session = (ClaudeSession("s-magnitude")
               .user("Run the whole suite.")
               .bash("cargo test --release", "test result: ok. 412 passed; finished in 480s")
               .user("that took 8 minutes, use a debug build while we iterate"))
    conversation, _ = _distilled(session, tmp_path)
    (result,) = [t.result for t in conversation.turns if t.result is not None]
    assert not _pending(result)  # "8 minutes" is compared with what the tool reported


@pytest.mark.parametrize("refusal", [
    "The user doesn't want to proceed with this tool use. The tool use was rejected.",
    "Command was cancelled by user before it could complete.",  # Gemini CLI
    "exec command rejected by user",  # Codex
    "Tool execution aborted by the user",
])
def test_a_refused_call_is_never_environment_feedback(refusal: str) -> None:
    talk = (Talk().user("clean up the build folder")
            .tool("Bash", "rm -rf build", refusal, error=True)
            .tool("Bash", "rm -rf build", refusal, error=True))
    assert env_feedback(talk.build()) == []
