"""The commands around a correction: what the agent ran that the user corrected, and the
command that then succeeded. Taken from the tool calls, never from an engine's answer.

A user's "no, use pnpm not npm" names tools; the lesson a skill states needs the exact
commands (`npm install` was corrected, `pnpm install` then worked). For each correction or
preference item:

- the *succeeded* command is the first shell call after the cited turn, before the user
  speaks again, that finished without error and that the user's words name: its program
  ("pnpm"), or, for a program whose name is an everyday word, program and subcommand
  ("make deploy-staging");
- the *corrected* command is the last shell call the agent made between the previous user
  turn and the cited one that the words name the same way, else the agent's very last
  command when it runs the succeeded one's program or subcommand (`make deploy` before
  "use make deploy-staging instead"; `npm install` before "use pnpm", then `pnpm install`).

A command the words do not name is left out: "don't add comments" after `pytest` says
nothing about `pytest`, and a file name that shares a word with the sentence is no mention.

A compound command (`rm x.py && uv run alembic revision --autogenerate`) is read one part at
a time, and the part the words name is the command; a runner (`uv run`, `npx`, `poetry run`,
`bundle exec`, `python -m` …) is named through the program it runs ("let alembic generate
it"), a subcommand that is itself a known tool through its own name ("the usual clippy
pass" names `cargo clippy`), and a command through a long flag of one word ("as a draft"
names `gh pr create --draft`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from skillgit.digest import FeedbackItem
from skillgit.distill.facts import tool_kind
from skillgit.distill.tool_families import TOOL_WORDS
from skillgit.transcripts.model import Conversation, Turn, TurnKind

MAX_COMMAND_CHARS = 300
MAX_CALLS_AFTER = 8
_USER_KINDS = (TurnKind.USER, TurnKind.SLASH_COMMAND)
_ENV_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_SKIP = frozenset({"sudo", "env", "time", "nice", "exec", "command", "nohup"})
_SUBCOMMAND = re.compile(r"[a-z][a-z0-9]*(?:[:._-][a-z0-9]+)*")
# Programs whose names are everyday words ("make sure", "go ahead", "just do it"): a sentence
# names them only together with their subcommand ("make deploy-staging").
_PROSE = frozenset({"make", "go", "just", "run", "do", "test", "time", "open", "find", "watch",
                    "file", "less", "more", "head", "tail", "sort", "cut", "join", "top", "yes",
                    "kill", "wait", "read", "type", "echo", "cd", "cat", "ls", "true", "false"})


def command_head(command: str) -> tuple[str | None, str | None]:
    """(program, subcommand) of a shell command: `npm install` → (npm, install); env
    assignments and `sudo`/`env` skipped; a flag or path is no subcommand."""
    words = [w for w in command.split() if not _ENV_ASSIGN.match(w)]
    while words and words[0] in _SKIP:
        words = words[1:]
    if not words:
        return None, None
    program = words[0].rsplit("/", 1)[-1].lower()
    if not re.fullmatch(r"[a-z][a-z0-9._+-]*", program):
        return None, None
    sub = words[1].lower() if len(words) > 1 and _SUBCOMMAND.fullmatch(words[1].lower()) \
        else None
    return program, sub


# Runners: program (and subcommand) words before the program they run.
_RUNNERS: dict[str, tuple[str, ...]] = {
    "uv": ("run",), "poetry": ("run",), "pipenv": ("run",), "pdm": ("run",), "hatch": ("run",),
    "bundle": ("exec",), "pnpm": ("exec", "dlx"), "yarn": ("dlx",), "npm": ("exec",),
    "npx": (), "pnpx": (), "bunx": (), "uvx": (), "pipx": ("run",), "dotnet": ("tool",),
    "python": ("-m",), "python3": ("-m",), "go": ("run",),
}
_LONG_FLAG = re.compile(r"(?<![\w-])--([a-z]{5,})(?![\w-])")
_PARTS = re.compile(r"\s*(?:&&|\|\||;|\|)\s*")


def parts(command: str) -> list[str]:
    """The simple commands of a compound one (split at `&&`, `||`, `;`, `|`), in order."""
    return [part for part in _PARTS.split(command) if part.strip()]


def run_program(command: str) -> str | None:
    """The program a runner runs (`uv run alembic …` → alembic), else None."""
    words = [w for w in command.split() if not _ENV_ASSIGN.match(w)]
    while words and words[0] in _SKIP:
        words = words[1:]
    if not words or words[0].rsplit("/", 1)[-1].lower() not in _RUNNERS:
        return None
    rest = words[1:]
    for word in _RUNNERS[words[0].rsplit("/", 1)[-1].lower()]:
        if not rest or rest[0] != word:
            return None
        rest = rest[1:]
    name = rest[0].lower() if rest else ""
    return name if re.fullmatch(r"[a-z][a-z0-9._-]*", name) and name not in _PROSE else None


def _names(text: str, phrase: str) -> bool:
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.search(rf"(?<![\w.-]){words}(?![\w-])", text, re.IGNORECASE) is not None


def refers_to(text: str, command: str) -> bool:
    """True when `text` names one part of the command: its program (one that is no everyday
    word), the program a runner runs, a subcommand that is a known tool, or its program and
    subcommand together."""
    return any(_refers_to_part(text, part) for part in parts(command))


def _refers_to_part(text: str, command: str) -> bool:
    program, sub = command_head(command)
    if program is None:
        return False
    if program not in _PROSE and _names(text, program):
        return True
    runs = run_program(command)
    if runs is not None and _names(text, runs):
        return True
    if sub is not None and sub in TOOL_WORDS and sub not in _PROSE and _names(text, sub):
        return True
    if program not in _PROSE and any(_names(text, flag) for flag in _LONG_FLAG.findall(command)):
        return True  # "put up a PR, as a draft" names `gh pr create --draft`
    if _names_written(text, command):
        return True  # "it's --flavor dev", "run make-migrations", "use lib/main_dev.dart"
    return sub is not None and _names(text, f"{program} {sub}")


# What a command holds that a sentence can only name by writing it out: a long flag with its
# dashes, an argument of dashed words, a path to a file.
WRITTEN = re.compile(r"(?<![\w/.-])(--[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*"
                     r"|[a-z][a-z0-9]*(?:-[a-z0-9]+)+|[\w.-]+/[\w./-]*\.[a-z]{1,5})(?![\w/-])")


def _names_written(text: str, command: str) -> bool:
    """Whether `text` writes out a long flag (`--delete-conflicting-outputs`), a dashed
    argument (`make-migrations`) or a file path (`lib/main_dev.dart`) the command holds."""
    held = {m.group(1) for m in WRITTEN.finditer(command.split("\n", 1)[0])}
    return any(re.search(rf"(?<![\w/.-]){re.escape(word)}(?![\w/-])", text)
               for word in held if len(word) > 4)


def named_part(text: str, command: str) -> str:
    """The part of a compound command that `text` names (the whole command when it names
    none or the command is simple)."""
    named = [part for part in parts(command) if _refers_to_part(text, part)]
    return named[0].strip() if len(named) == 1 and len(parts(command)) > 1 else command


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
    corrected = last = None
    for turn in reversed(turns[:at]):
        if turn.kind in _USER_KINDS:
            break
        command = _shell(turn)
        if command and last is None:
            last = command
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
            succeeded = named_part(said, command)
            break
    if corrected is None and succeeded and last and _related(last, succeeded):
        corrected = last  # the agent's last command, redone the way the user named
    return corrected, succeeded


def _related(corrected: str, succeeded: str) -> bool:
    """The same program, or the same subcommand (`npm install` → `pnpm install`)."""
    (old, old_sub), (new, new_sub) = command_head(corrected), command_head(succeeded)
    return not _same(corrected, succeeded) and old is not None and (
        old == new or (old_sub is not None and old_sub == new_sub))


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
