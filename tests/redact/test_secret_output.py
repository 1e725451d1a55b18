"""The output of a command that prints secrets is secret line by line, whatever each value's
shape (redact/blocks.py `secret_output`), in a pasted terminal log and in a real transcript's
tool result, where the command is the tool call's input (sixth blind round)."""

from __future__ import annotations

import secrets
import string
import uuid
from datetime import datetime, timezone
from pathlib import Path

import pytest

from skillgit.demo.transcripts import (
    assistant,
    claude_code_path,
    claude_code_records,
    shell,
    user,
    write_jsonl,
)
from skillgit.redact import Redactor
from skillgit.transcripts import claude_code

REDACTOR = Redactor(home="/home/tester")


def _code() -> str:
    alphabet = string.ascii_lowercase + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(5)) + "-" + "".join(
        secrets.choice(alphabet) for _ in range(5))


PRINTERS = [
    "cat ~/Documents/github-recovery-codes.txt",
    "op read op://Private/registrar/one-time-password",
    "kubectl get secret app -o jsonpath='{.data.pw}' | base64 -d",
    "aws secretsmanager get-secret-value --secret-id prod/db --query SecretString --output text",
    "security find-generic-password -s build-signing -w",
    "Get-Content C:\\Users\\ci\\secrets\\deploy.txt",
]


@pytest.mark.parametrize("command", PRINTERS)
def test_every_value_a_secret_printer_prints_is_masked(command: str) -> None:
    codes = [_code() for _ in range(4)]
    out = REDACTOR.redact(f"$ {command}\n" + "\n".join(codes) + "\n$ ls\nREADME.md  src")
    assert not any(code in out for code in codes), out
    assert out.endswith("$ ls\nREADME.md  src")


@pytest.mark.parametrize("command", [
    "cat README.md", "cat ~/.ssh/id_ed25519.pub", "cat .env.example", "head -3 CHANGELOG.md",
])
def test_other_commands_output_passes(command: str) -> None:
    text = f"$ {command}\nInstall with pnpm install\nrelease v1.4.2-rc1\nbuild-7f3a2c9d"
    assert REDACTOR.redact(text) == text


def test_a_labelled_value_keeps_its_label() -> None:
    text = ("PS C:\\> netsh wlan show profile name=\"Lab\" key=clear\n"
            "    Security key           : Present\n    Key Content            : Xq7%vb_2!np")
    out = REDACTOR.redact(text)
    assert "Xq7%vb_2!np" not in out and "Key Content            : [REDACTED:" in out
    assert "Security key           : Present" in out


def test_a_tool_result_is_read_as_the_output_of_its_command(tmp_path: Path) -> None:
    codes = [_code() for _ in range(5)]
    sid = str(uuid.uuid4())
    start = datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
    steps = [user("set up 2fa recovery for the bot account"), assistant("Reading them."),
             shell("cat ~/Documents/npm-recovery-codes.txt", "\n".join(codes)),
             shell("cat notes/plan.txt", "\n".join([*codes[:1], "step two"])),
             assistant("Done.")]
    path = write_jsonl(claude_code_path(tmp_path, "/home/tester/src/app", sid),
                       claude_code_records(sid, "/home/tester/src/app", start, steps))
    [conversation] = list(claude_code.parse(path, REDACTOR))
    results = [t.result.text for t in conversation.turns if t.result is not None]
    assert not any(code in results[0] for code in codes), results[0]
    assert results[0].count("[REDACTED:") == len(codes)
    assert "step two" in results[1]  # another command's output is read as before
