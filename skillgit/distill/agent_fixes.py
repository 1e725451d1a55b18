"""The fix the agent found itself for a failed tool call (`env_signals` reads the rest).

Before the user speaks again (and within FIX_WINDOW calls), either setup steps run and then
the very same call passes (`setup_before_rerun`: the fix is to run the steps first), or a
different but related call succeeds (the same program, mostly the same words, or the same
tool on a different input), or, for a shell command, another command succeeds instead
(`_alternative`). A setup step is a shell command that succeeded and is none of: a
read-only inspection (`is_inspection`), a code change, or the failing command with words
added or dropped. No fix is a command a tool's output told the agent to run
(`tool_sourced`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from skillgit.distill.facts import tool_kind
from skillgit.distill.tool_sourced import told_by_a_tool
from skillgit.transcripts.model import Turn, TurnKind

FIX_WINDOW = 12
FIX_SIMILARITY = 0.4
MAX_SETUP_STEPS = 3
SEARCH_PROGRAMS = frozenset({"grep", "egrep", "rg", "ag", "ack", "find", "fd", "ls", "test",
                              "[", "diff", "cmp", "which", "command", "type", "pgrep"})
_PREFIXES = frozenset({"sudo", "env", "time", "timeout", "nice", "exec", "command"})
_MULTI = frozenset({"git", "npm", "npx", "pnpm", "yarn", "bun", "bunx", "uv", "uvx", "poetry",
                    "pip", "pip3", "python", "python3", "cargo", "go", "docker", "kubectl",
                    "make", "just", "gh", "dotnet", "mvn", "gradle", "node"})
_INSPECTIONS = SEARCH_PROGRAMS | frozenset(
    "cat head tail less more tree pwd echo printf whereis file stat wc du df printenv ps id "
    "whoami uname date sleep true jq sed awk man history clear".split()) | {"", *(
        f"git {c}" for c in "status log diff show branch remote rev-parse blame ls-files grep "
        "describe".split())}
_CODE_CHANGES = frozenset({"patch", "git add", "git commit", "git apply", "git restore",
                           "git stash"})
_NOT_SETUP = _INSPECTIONS | _CODE_CHANGES
_MOVES = frozenset({"cd", "pushd", "popd"})
_IN_PLACE = re.compile(r"\s(?:-\w*i\b|--in-place)")  # sed -i, perl -pi -e
# A search that acts on what it finds (find -delete, find -exec rm …) changes the tree.
_ACTS_ON_FOUND = re.compile(r"\s-(?:delete|exec|execdir|ok)\b")
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")



def program_of(command: str) -> str:
    """The program a shell command runs ("git commit", "pytest"), prefixes skipped."""
    words = command.strip().split()
    while words and (_ASSIGNMENT.match(words[0]) or words[0] in _PREFIXES):
        words = words[1:]
    if len(words) >= 3 and words[0] == "cd" and words[2] in ("&&", ";"):
        words = words[3:]
    if not words:
        return ""
    head = words[0].rsplit("/", 1)[-1]
    if head in _MULTI and len(words) > 1 and not words[1].startswith("-"):
        return f"{head} {words[1]}"
    return head


def is_failure(turn: Turn) -> bool:
    result = turn.result if turn.kind is TurnKind.TOOL_CALL else None
    return result is not None and (result.is_error or result.exit_code not in (None, 0))


def is_success(turn: Turn) -> bool:
    """A call that ran and passed; one the user turned down or interrupted did neither (it is
    never the fix that worked)."""
    return (turn.kind is TurnKind.TOOL_CALL and turn.result is not None
            and not turn.result.rejected and not is_failure(turn))


def program_called(turn: Turn) -> str:
    if tool_kind(turn) == "shell":
        return program_of(turn.tool_input or "")
    return turn.tool_name or ""


def setup_before_rerun(failing: Turn, turns: Sequence[Turn]) -> list[Turn] | None:
    """The setup steps run between `failing` (or its last failed retry) and the very same call
    passing; none when the user spoke first or FIX_WINDOW calls passed; None if it never did."""
    command = (failing.tool_input or "").strip()
    steps: list[Turn] = []
    seen, open_ = 0, True
    for turn in after(failing, turns):
        open_ = open_ and turn.kind is not TurnKind.USER
        if turn.kind is not TurnKind.TOOL_CALL:
            continue
        seen += 1
        open_ = open_ and seen <= FIX_WINDOW
        if turn.tool_name == failing.tool_name and (turn.tool_input or "").strip() == command:
            if is_success(turn):
                return steps if open_ else []
            steps = []  # what ran before this retry did not help
        elif open_ and _is_setup(turn, command):
            steps.append(turn)
    return None


def _is_setup(turn: Turn, failing: str) -> bool:
    command = (turn.tool_input or "").strip()
    if tool_kind(turn) != "shell" or not is_success(turn) or program_of(command) in _NOT_SETUP:
        return False
    words, other = command.split(), failing.split()
    return not (words[:1] == other[:1] and (set(words) <= set(other) or set(other) <= set(words)))


def after(turn: Turn, turns: Sequence[Turn]) -> Sequence[Turn]:
    """The turns after `turn` (turn indexes are ordered but need not be positions)."""
    return turns[bisect_right(turns, turn.index, key=lambda t: t.index):]


def find_fix(failing: Turn, turns: Sequence[Turn]) -> tuple[list[Turn], bool] | None:
    """The steps that fixed `failing`, and whether they are setup run before the same call."""
    found = _any_fix(failing, turns)
    told = found and any(told_by_a_tool(s, turns, since=failing.index) for s in found[0])
    return None if told else found


def _any_fix(failing: Turn, turns: Sequence[Turn]) -> tuple[list[Turn], bool] | None:
    if setup := setup_before_rerun(failing, turns):
        return setup[-MAX_SETUP_STEPS:], True
    program = program_called(failing)
    command = (failing.tool_input or "").strip()
    seen = 0
    for turn in after(failing, turns):
        if turn.kind is TurnKind.USER:
            return None
        if turn.kind is not TurnKind.TOOL_CALL:
            continue
        seen += 1
        if seen > FIX_WINDOW:
            return None
        candidate = (turn.tool_input or "").strip()
        if (turn.tool_name == failing.tool_name and candidate not in ("", command)
                and is_success(turn) and (program_called(turn) == program
                                           or _similarity(candidate, command) >= FIX_SIMILARITY)):
            return [turn], False
    alternative = _alternative(failing, turns)
    return ([alternative], False) if alternative is not None else None


def _alternative(failing: Turn, turns: Sequence[Turn]) -> Turn | None:
    """The command run instead of a failed shell command (see the module docstring)."""
    command = (failing.tool_input or "").strip()
    if tool_kind(failing) != "shell" or not command:
        return None
    base = program_of(command).split(" ", 1)[0]
    found: Turn | None = None
    next_attempt, seen = True, 0  # next_attempt: only inspections since the failure
    for turn in after(failing, turns):
        if turn.kind is TurnKind.USER or seen >= FIX_WINDOW:
            break
        if turn.kind is not TurnKind.TOOL_CALL:
            continue
        seen += 1
        candidate = (turn.tool_input or "").strip()
        if found is not None:
            if turn.tool_name == failing.tool_name and candidate == command:
                return None  # back to the failed command: not its replacement
        elif _is_code_change(turn, candidate):
            return None
        elif tool_kind(turn) == "shell" and not is_inspection(candidate):
            if not is_success(turn) or candidate == command:
                next_attempt = False
            elif next_attempt or program_of(candidate).split(" ", 1)[0] == base:
                found = turn
            else:
                return None
    return found


def is_inspection(command: str) -> bool:
    """A read-only look around (or a change of folder): neither an attempt nor a fix."""
    program = program_of(command)
    words = program.split(" ")
    if _ACTS_ON_FOUND.search(command) or (words[0] in ("sed", "perl")
                                          and _IN_PLACE.search(command)):
        return False  # `sed -i …` edits the file it names
    return (program in _INSPECTIONS or words[0] in _MOVES or words[1:] == ["help"]
            or any(word in ("--help", "--version") for word in command.split()))


def _is_code_change(turn: Turn, command: str) -> bool:
    if tool_kind(turn) != "shell":
        return tool_kind(turn) == "edit"
    program = program_of(command)
    return program in _CODE_CHANGES or (program in ("sed", "perl") and bool(
        _IN_PLACE.search(command)))


def _similarity(a: str, b: str) -> float:
    """Jaccard similarity of the commands' words ("python -m x" vs "python3 -m x": 0.5)."""
    left, right = set(a.split()), set(b.split())
    return len(left & right) / len(left | right) if left and right else 0.0
