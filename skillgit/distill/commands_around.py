"""The commands around a correction: what the agent ran that the user corrected, and the
command that then succeeded. Taken from the tool calls, never from an engine's answer.

A user's "no, use pnpm not npm" names tools; the lesson a skill states needs the exact
commands (`npm install` was corrected, `pnpm install` then worked). For each correction or
preference item:

- the *corrected* command is the last shell call the agent made between the previous user
  turn and the cited one that the user's words refer to (they name its program, a
  subcommand or a word of it);
- the *succeeded* command is the first shell call after the cited turn, before the user
  speaks again, that finished without error, differs from the corrected one and that the
  user's words refer to as well.

A command the words do not refer to is left out: "don't add comments" after `pytest` says
nothing about `pytest`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from skillgit.digest import FeedbackItem
from skillgit.distill.facts import tool_kind
from skillgit.transcripts.model import Conversation, Turn, TurnKind

MAX_COMMAND_CHARS = 300
MAX_CALLS_AFTER = 8
_USER_KINDS = (TurnKind.USER, TurnKind.SLASH_COMMAND)
_ENV_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_WORD = re.compile(r"[a-z][a-z0-9]*(?:[._-][a-z0-9]+)*")
# Words too common in prose to tie a sentence to a command ("make sure", "run it again").
_PROSE = frozenset({"make", "run", "do", "use", "test", "set", "get", "go", "it", "is", "the",
                    "and", "or", "to", "in", "on", "of", "for", "with", "not", "no", "up",
                    "true", "false", "sudo", "env", "time", "exec", "cd", "echo", "then",
                    "tests", "src", "app", "all", "new", "add"})


def command_words(command: str) -> set[str]:
    """The words of a shell command a sentence may name it by: its program, subcommands and
    arguments (and the parts of hyphenated ones: "deploy-staging" → "staging"), not flags'
    dashes, paths' folders or prose words."""
    words: set[str] = set()
    for token in command.lower().split()[:12]:
        if _ENV_ASSIGN.match(token):
            token = token.split("=", 1)[0]
        token = token.strip("'\"`()[]{};,|&<>").lstrip("-").rsplit("/", 1)[-1]
        for word in _WORD.findall(token):
            words.add(word)
            words.update(p for p in re.split(r"[._-]", word) if len(p) >= 4)
    return {w for w in words if len(w) >= 2 and w not in _PROSE}


def refers_to(text: str, command: str) -> bool:
    """True when `text` names a word of `command` (as a word, not inside another one)."""
    low = text.lower()
    return any(re.search(rf"(?<![\w.-]){re.escape(w)}(?![\w])", low)
               for w in command_words(command))


def _shell(turn: Turn) -> str | None:
    if turn.kind is not TurnKind.TOOL_CALL or tool_kind(turn) != "shell":
        return None
    command = (turn.tool_input or "").strip()
    return command[:MAX_COMMAND_CHARS] or None


def _succeeded(turn: Turn) -> bool:
    result = turn.result
    return result is not None and not result.is_error and result.exit_code in (None, 0)


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def around(turns: Sequence[Turn], at: int) -> tuple[str | None, str | None]:
    """(corrected, succeeded) for the user turn at position `at` of `turns`."""
    said = turns[at].text
    corrected = None
    for turn in reversed(turns[:at]):
        if turn.kind in _USER_KINDS:
            break
        command = _shell(turn)
        if command and refers_to(said, command):
            corrected = command
            break
    succeeded = None
    calls = 0
    for turn in turns[at + 1:]:
        if turn.kind in _USER_KINDS or calls >= MAX_CALLS_AFTER:
            break
        command = _shell(turn)
        if command is None:
            continue
        calls += 1
        if (_succeeded(turn) and refers_to(said, command)
                and not (corrected and _same(command, corrected))):
            succeeded = command
            break
    return corrected, succeeded


def with_commands(conversation: Conversation,
                  items: Iterable[FeedbackItem]) -> list[FeedbackItem]:
    """`items` with each correction's and preference's commands filled in from the tool
    calls around its turn (whatever an engine said about them is replaced)."""
    turns = conversation.turns
    position = {turn.index: i for i, turn in enumerate(turns)}
    out = []
    for item in items:
        at = position.get(item.evidence[0].turn) if item.evidence else None
        if item.kind not in ("correction", "preference") or at is None:
            out.append(item)
            continue
        corrected, succeeded = around(turns, at)
        out.append(item.model_copy(update={"corrected_command": corrected,
                                           "succeeded_command": succeeded}))
    return out
