"""A tool call the user refused is marked at parse time, in every agent's words, from the head
of the raw result: readers learn it without reading (and so redacting) any result's text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skillgit.redact import Redactor
from skillgit.transcripts import claude_code
from skillgit.transcripts.model import ToolResult
from skillgit.transcripts.refusal import HEAD_CHARS, refused_by_user

REFUSALS = [
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it "
    "was a file edit, the new_string was NOT written to the file). STOP what you are doing.",
    "The user rejected permission to use this specific tool call.",
    "exec command rejected by user",
    "Command was cancelled by user before it could complete.",
    "Tool call cancelled by the user",
    "Tool execution aborted by the user",
    "Operation DENIED BY USER",
    "user declined the edit",
    "aborted",  # Codex's whole output for a call the user interrupted
    "Aborted\n",
]
ORDINARY = [
    "",
    "3 passed in 0.12s",
    "src/user.py:12: def rejected_total(users): ...",
    "SELECT * FROM users WHERE status = 'rejected'",
    "the user table was migrated; 4 rows rejected by the constraint",
    "error: permission denied (publickey)",
    "aborted: 3 of 7 transactions rolled back",
    "make: *** [all] Error 1\naborted",
    "x" * HEAD_CHARS + " exec command rejected by user",  # quoted deep inside a long output
]


@pytest.mark.parametrize("text", REFUSALS)
def test_every_agents_refusal_is_recognised(text: str) -> None:
    assert refused_by_user(text)
    assert ToolResult(text=text).rejected


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_output_is_no_refusal(text: str) -> None:
    assert not refused_by_user(text)
    assert not ToolResult(text=text).rejected


def test_an_explicit_flag_wins_over_the_text() -> None:
    assert not ToolResult(text=REFUSALS[0], rejected=False).rejected
    assert ToolResult(text="", rejected=True).rejected


def _pending(model: object) -> bool:
    private = object.__getattribute__(model, "__pydantic_private__")
    return bool(private) and private.get("_pending") is not None


def test_parse_marks_the_refused_call_and_leaves_every_result_unread(tmp_path: Path) -> None:
    base = {"sessionId": "s-1", "cwd": "/home/dev/app", "timestamp": "2026-01-02T10:00:00Z"}
    lines: list[dict[str, object]] = [{**base, "type": "user", "uuid": "u0", "message": {
        "role": "user", "content": "clean up the data folder"}}]
    for n, (output, error) in enumerate([("removed 3 files", False), (REFUSALS[0], True),
                                         (REFUSALS[1], True)]):
        lines.append({**base, "type": "assistant", "uuid": f"a{n}", "message": {
            "id": f"m{n}", "role": "assistant", "content": [
                {"type": "tool_use", "id": f"t{n}", "name": "Bash",
                 "input": {"command": f"rm -rf data/{n}"}}]}})
        lines.append({**base, "type": "user", "uuid": f"r{n}", "message": {
            "role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{n}",
                                         "is_error": error, "content": output}]}})
    path = tmp_path / "s-1.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    (conversation,) = claude_code.parse(path, Redactor(home="/home/dev"))
    results = [t.result for t in conversation.turns if t.result is not None]
    assert [r.rejected for r in results] == [False, True, True]
    assert all(_pending(r) for r in results)  # the flag cost no read of any text
    assert results[1].text.startswith("The user doesn't want to proceed")
