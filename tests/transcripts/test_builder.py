"""The shared turn builder: bounded excerpts that never cut a secret in half, skill reads."""

from __future__ import annotations

import base64
import random

import pytest

from skillgit.redact import Redactor
from skillgit.transcripts.builder import (
    ConversationBuilder,
    finish,
    head,
    scrub,
    skill_read_in_path,
    skills_read_in_command,
    summarize_input,
    tail,
)
from skillgit.transcripts.jsonl import LineStats
from skillgit.transcripts.model import MAX_RESULT_CHARS, TurnKind


def _pem(seed: int) -> tuple[str, list[str]]:
    rng = random.Random(seed)
    lines = [base64.b64encode(rng.randbytes(48)).decode() for _ in range(40)]
    block = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines) + \
        "\n-----END RSA PRIVATE KEY-----"
    return block, lines


def test_head_and_tail_widen_to_keep_a_pem_block_whole() -> None:
    block, _ = _pem(1)
    text = "a" * 1000 + "\n" + block + "\n" + "b" * 1000
    assert head(text, 1100).endswith("-----END RSA PRIVATE KEY-----")
    assert tail(text, 1100).startswith("-----BEGIN RSA PRIVATE KEY-----")
    assert head("short", 100) == "short" and tail("short", 100) == "short"
    # A cut inside a token moves to the token's edge, so no secret is split.
    assert head("aaa bbb ccc", 5) == "aaa bbb" and tail("aaa bbb ccc", 5) == "bbb ccc"
    assert head("aaa bbb ccc", 4) == "aaa " and tail("aaa bbb ccc", 4) == " ccc"


@pytest.mark.parametrize("offset", [0, 700, 1300, 1900, 3000, 9000, 14000, 17500])
def test_a_long_result_never_leaks_part_of_a_key(offset: int) -> None:
    # A 20 000-char tool output with a ~2.5 KB private key at various places, including
    # straddling the head and tail cut points of the 2 000-char excerpt.
    block, lines = _pem(offset)
    filler = "".join(f"line {i} of build output\n" for i in range(1200))
    text = (filler[:offset] + block + filler)[:20000]
    builder = ConversationBuilder(agent="t", source_path="p")
    turn = builder.add(TurnKind.TOOL_CALL, "", None, tool_name="Bash", tool_input="make")
    ConversationBuilder.set_result(turn, text)
    conversation = builder.build(Redactor(home="/home/alice"), LineStats(), 1)
    (call,) = conversation.tool_calls
    assert call.result is not None
    excerpt = call.result.text
    assert len(excerpt) <= MAX_RESULT_CHARS + 60
    for line in lines:
        assert line[:20] not in excerpt


def test_finish_bounds_and_marks_the_omission() -> None:
    class Upper:
        def redact(self, text: str) -> str:
            return text.upper()

    out = finish("abc" * 2000, 300, Upper())
    assert out.startswith("ABC") and "chars omitted" in out
    assert len(out) <= 300 + 60
    assert finish("", 10, Upper()) == ""
    assert finish("lone \ud83d surrogate", 100, Upper()) == "LONE \ufffd SURROGATE"


@pytest.mark.parametrize(("command", "skills"), [
    ("sed -n '1,200p' /h/.codex/skills/pdf/SKILL.md", ["pdf"]),
    ("cat a/skills/x/SKILL.md && sed -n 1,9p b/skills/y-z/SKILL.md", ["x", "y-z"]),
    ("head -50 ~/.claude/skills/lint/SKILL.md | less", ["lint"]),
    ("rg -n SKILL.md ~/.codex", []),
    ("ls skills/*/SKILL.md", []),
    ("find . -name SKILL.md", []),
    ("echo done", []),
])
def test_skill_reads_in_shell_commands(command: str, skills: list[str]) -> None:
    assert skills_read_in_command(command) == skills


def test_skill_read_in_path() -> None:
    assert skill_read_in_path("/repo/.claude/skills/db-migrate/SKILL.md") == "db-migrate"
    assert skill_read_in_path("/repo/README.md") is None


def test_summarize_input_prefers_the_command_or_path() -> None:
    assert summarize_input({"command": "ls -la", "description": "list"}) == "ls -la"
    assert summarize_input({"file_path": "/a.py", "limit": 5}) == "/a.py"
    assert summarize_input({"command": ["git", "status"]}) == "git status"
    assert summarize_input({"todos": [1, 2]}) == '{"todos": [1, 2]}'
    assert summarize_input("raw") == "raw"


@pytest.mark.parametrize("char", [chr(code) for code in range(0xA0)] + ["\ud800", "é"])
def test_scrub_drops_every_control_character_and_keeps_the_rest(char: str) -> None:
    unsafe = (ord(char) < 0x20 and char not in "\t\n\r") or 0x7F <= ord(char) <= 0x9F
    text = "ok " + char + " ok"
    if char == "\ud800":
        assert scrub(text) == "ok \ufffd ok"
    elif unsafe:  # an escape introducer takes its sequence with it
        assert char not in scrub(text) and scrub(text).startswith("ok ")
    else:
        assert scrub(text) is text


_NEAR_UNSAFE_UTF8 = ["\u00a0", "\u00c2", "\u00ed", "\u0100", "\ud7ff", "\ue000", "\uffff",
                     "\U0001f600", "\u2026", "\ud800", "\udbff", "\udc00", "\udfff"]


@pytest.mark.parametrize("char", [chr(code) for code in range(0xA0)] + _NEAR_UNSAFE_UTF8)
def test_scrub_of_non_ascii_text_drops_every_control_character_and_keeps_the_rest(
        char: str) -> None:
    """Non-ASCII text takes the UTF-8 byte prefilter: C1 controls (`\\xc2` + one byte) and
    surrogates (`\\xed` + two) must still be found next to characters sharing their bytes."""
    surrogate = 0xD800 <= ord(char) <= 0xDFFF
    unsafe = (ord(char) < 0x20 and char not in "\t\n\r") or 0x7F <= ord(char) <= 0x9F
    text = "… \u00a0" + char + " \ud7ff…"
    if surrogate:
        assert scrub(text) == "… \u00a0\ufffd \ud7ff…"
    elif unsafe:
        assert char not in scrub(text) and scrub(text).startswith("… \u00a0")
    else:
        assert scrub(text) is text
