"""Heuristic environment feedback: what running things revealed.

- *failure-then-fix*: a tool call fails and, before the user speaks again (and within
  FIX_WINDOW calls), either
  - setup steps run and then the very same call passes (the fix: run the steps first; `fix`
    holds them, then the command). A setup step is a shell command that succeeded and is
    none of: a read-only inspection (`ls`, `cat`, `grep`, `git status`/`log`/`diff`...), a
    code change (`sed`, `patch`, `git add`/`commit`/`apply`; edit tools are not shell
    commands at all), or the failing command with words added or dropped (`pytest
    tests/a.py` after `pytest`: another try);
  - or a different but related call succeeds: the same program, mostly the same words, or
    the same tool on a different input;
  - or, for a shell command, another command succeeds instead: the next successful shell
    command that is no inspection (nor `cd`, `--help`) is the fix when it runs the same
    base program (`make lint` -> `make check`) or is the agent's next attempt, only
    inspections in between (`make gen` -> `go run ./cmd/gentool`); not when a code change
    ran first (the edit was the attempt), nor when the failed command is run again later
    (the other command was a step or another check, not its replacement).
  Summaries name commands, not the agent's tool ("Bash", "exec_command"), so a lesson
  reads the same from every agent;
  - or, for a shell command, the user's next prompt gives the command to run instead (a
    code span, a `$ ` line, or the same program in plain text: `user_fixes`): the fix came
    from the user;
- *repeated-error*: the same error (digits, paths and quoted names masked) comes back at
  two or more tool calls without a fix;
- *failure*: a single informative failure that was never resolved, or an error the user
  pasted or described in a prompt ("TypeError: …", "fatal: …", "command not found").

No fix is a command a tool's output told the agent to run (a hook's hint, a README it read:
`tool_sourced`); the environment's words are no lesson unless the user says them.

Failures that carry no lesson are ignored: the user refusing a tool call, a search that
simply found nothing (`grep`/`rg`/`find` exit 1 with no message), and a command that failed
and later passed unchanged with no setup step in between (a flaky command, a test that passes
once the code is fixed, or a retry after the user spoke).

The quoted reason is the line that best states the root cause (`error_lines.error_line`:
`Caused by:`, `file:line: message`, `error:`... over progress such as `go: downloading`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from skillgit.digest import Evidence, FeedbackItem
from skillgit.distill.error_lines import error_line, reason, reported_errors, signature
from skillgit.distill.evidence import excerpt, sentence_quote
from skillgit.distill.facts import tool_kind
from skillgit.distill.tool_sourced import told_by_a_tool
from skillgit.distill.user_fixes import given_command
from skillgit.transcripts.model import Conversation, Turn, TurnKind

MAX_ENV_FEEDBACK = 8
FIX_WINDOW = 12
FIX_SIMILARITY = 0.4
MAX_SETUP_STEPS = 3
MAX_COMMAND_CHARS = 300
_INTERRUPTED = re.compile(r"interrupted", re.IGNORECASE)
_SEARCH_PROGRAMS = frozenset({"grep", "egrep", "rg", "ag", "ack", "find", "fd", "ls", "test",
                              "[", "diff", "cmp", "which", "command", "type", "pgrep"})
_PREFIXES = frozenset({"sudo", "env", "time", "timeout", "nice", "exec", "command"})
_MULTI = frozenset({"git", "npm", "npx", "pnpm", "yarn", "bun", "bunx", "uv", "uvx", "poetry",
                    "pip", "pip3", "python", "python3", "cargo", "go", "docker", "kubectl",
                    "make", "just", "gh", "dotnet", "mvn", "gradle", "node"})
_INSPECTIONS = _SEARCH_PROGRAMS | frozenset(
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


def env_feedback(conversation: Conversation) -> list[FeedbackItem]:
    """Environment feedback items for `conversation`, most useful first."""
    turns = conversation.turns
    failures = [t for t in turns if _is_failure(t) and _teaches_something(t, turns)]
    groups: dict[str, list[Turn]] = {}
    for turn in failures:
        groups.setdefault(_signature(turn), []).append(turn)
    fixed: list[FeedbackItem] = []
    repeated: list[FeedbackItem] = []
    single: list[FeedbackItem] = []
    for members in groups.values():
        found = next(((m, f) for m in members if (f := _find_fix(m, turns)) is not None), None)
        given = None if found else next(
            ((m, g) for m in members if (g := _from_user(m, turns)) is not None), None)
        if found is not None:
            fixed.append(_fixed_item(found[0], *found[1]))
        elif given is not None:
            fixed.append(_user_fixed_item(given[0], *given[1]))
        elif len(members) >= 2:
            repeated.append(_repeated_item(members))
        elif _error_line(members[0]):
            single.append(_single_item(members[0]))
    return (fixed + repeated + single + reported_errors(turns))[:MAX_ENV_FEEDBACK]


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


def _is_failure(turn: Turn) -> bool:
    result = turn.result if turn.kind is TurnKind.TOOL_CALL else None
    return result is not None and (result.is_error or result.exit_code not in (None, 0))


def _is_success(turn: Turn) -> bool:
    return (turn.kind is TurnKind.TOOL_CALL and turn.result is not None
            and not _is_failure(turn))


def _program(turn: Turn) -> str:
    if tool_kind(turn) == "shell":
        return program_of(turn.tool_input or "")
    return turn.tool_name or ""


def _teaches_something(turn: Turn, turns: Sequence[Turn]) -> bool:
    if turn.result is not None and turn.result.rejected:
        return False  # the user said no: user feedback, not the environment
    text = turn.result.text if turn.result is not None else ""
    if _INTERRUPTED.search(text[:300]):
        return False  # the user stopped it: not what the environment did
    if _program(turn).split(" ", 1)[0] in _SEARCH_PROGRAMS and not _error_line(turn):
        return False  # a search that found nothing
    return _setup_before_rerun(turn, turns) != []  # [] when it passed later unchanged


def _setup_before_rerun(failing: Turn, turns: Sequence[Turn]) -> list[Turn] | None:
    """The setup steps run between `failing` (or its last failed retry) and the very same call
    passing; none when the user spoke first or FIX_WINDOW calls passed; None if it never did."""
    command = (failing.tool_input or "").strip()
    steps: list[Turn] = []
    seen, open_ = 0, True
    for turn in _after(failing, turns):
        open_ = open_ and turn.kind is not TurnKind.USER
        if turn.kind is not TurnKind.TOOL_CALL:
            continue
        seen += 1
        open_ = open_ and seen <= FIX_WINDOW
        if turn.tool_name == failing.tool_name and (turn.tool_input or "").strip() == command:
            if _is_success(turn):
                return steps if open_ else []
            steps = []  # what ran before this retry did not help
        elif open_ and _is_setup(turn, command):
            steps.append(turn)
    return None


def _is_setup(turn: Turn, failing: str) -> bool:
    command = (turn.tool_input or "").strip()
    if tool_kind(turn) != "shell" or not _is_success(turn) or program_of(command) in _NOT_SETUP:
        return False
    words, other = command.split(), failing.split()
    return not (words[:1] == other[:1] and (set(words) <= set(other) or set(other) <= set(words)))


def _after(turn: Turn, turns: Sequence[Turn]) -> Sequence[Turn]:
    """The turns after `turn` (turn indexes are ordered but need not be positions)."""
    return turns[bisect_right(turns, turn.index, key=lambda t: t.index):]


def _find_fix(failing: Turn, turns: Sequence[Turn]) -> tuple[list[Turn], bool] | None:
    """The steps that fixed `failing`, and whether they are setup run before the same call."""
    found = _any_fix(failing, turns)
    told = found and any(told_by_a_tool(s, turns, since=failing.index) for s in found[0])
    return None if told else found


def _any_fix(failing: Turn, turns: Sequence[Turn]) -> tuple[list[Turn], bool] | None:
    if setup := _setup_before_rerun(failing, turns):
        return setup[-MAX_SETUP_STEPS:], True
    program = _program(failing)
    command = (failing.tool_input or "").strip()
    seen = 0
    for turn in _after(failing, turns):
        if turn.kind is TurnKind.USER:
            return None
        if turn.kind is not TurnKind.TOOL_CALL:
            continue
        seen += 1
        if seen > FIX_WINDOW:
            return None
        candidate = (turn.tool_input or "").strip()
        if (turn.tool_name == failing.tool_name and candidate not in ("", command)
                and _is_success(turn) and (_program(turn) == program
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
    for turn in _after(failing, turns):
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
            if not _is_success(turn) or candidate == command:
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
    if _ACTS_ON_FOUND.search(command):
        return False
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


def _error_line(turn: Turn) -> str:
    """The line of a failing call's output most like its error ('' when none)."""
    return error_line(turn.result.text if turn.result is not None else "")


def _signature(turn: Turn) -> str:
    line = _error_line(turn)
    return signature(line) if line else (
        f"{turn.tool_name}:{_program(turn)}:{(turn.tool_input or '')[:200]}")


def _quote(turn: Turn) -> Evidence:
    quote = _error_line(turn) or excerpt(turn.tool_input or "") or excerpt(
        turn.result.text if turn.result else "")
    return Evidence(quote=quote or (turn.tool_name or "tool call"), turn=turn.index)


def _short(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _command(turn: Turn) -> str | None:
    return (turn.tool_input or "").strip()[:MAX_COMMAND_CHARS] or None


def _called(turn: Turn) -> str:
    """A shell command by itself (whichever agent's tool ran it), other calls with the tool."""
    command = f"`{_short(turn.tool_input or '')}`"
    return command if tool_kind(turn) == "shell" else f"{turn.tool_name} {command}"


def _fixed_item(failing: Turn, steps: list[Turn], setup: bool) -> FeedbackItem:
    evidence = [_quote(failing)] + [Evidence(quote=q, turn=s.index) for s in steps
                                    if (q := excerpt(s.tool_input or ""))]
    error = reason(_error_line(failing))
    commands = [(s.tool_input or "").strip() for s in steps]
    fix = " then ".join(f"`{_short(c)}`" for c in commands)
    summary = (f"{_called(failing)} failed" + (f" ({_short(error, 90)})" if error else "")
               + (f"; run {fix} first" if setup else f"; {fix} worked"))
    if setup:
        commands.append((failing.tool_input or "").strip())
    return FeedbackItem(kind="failure-then-fix", summary=summary, evidence=evidence,
                        command=_command(failing), fix="\n".join(commands)[:MAX_COMMAND_CHARS])


def _from_user(failing: Turn, turns: Sequence[Turn]) -> tuple[Turn, str, int] | None:
    """The user's next prompt after a failed shell command, the command it gives and where."""
    if tool_kind(failing) != "shell":
        return None
    user = next((t for t in _after(failing, turns) if t.kind is TurnKind.USER), None)
    if user is None:
        return None
    succeeded = []  # what the agent then ran without error, up to the next prompt
    for turn in _after(user, turns):
        if turn.kind is TurnKind.USER:
            break
        if (turn.kind is TurnKind.TOOL_CALL and tool_kind(turn) == "shell"
                and turn.result is not None and not turn.result.is_error):
            succeeded.append((turn.tool_input or "").strip())
    found = given_command(user.text, failing.tool_input or "", _program(failing), succeeded)
    return None if found is None else (user, *found)


def _user_fixed_item(failing: Turn, user: Turn, command: str, position: int) -> FeedbackItem:
    quote = sentence_quote(user.text, position) or excerpt(user.text)
    error = reason(_error_line(failing))
    summary = (f"{_called(failing)} failed" + (f" ({_short(error, 90)})" if error else "")
               + f"; the user gave `{_short(command)}`")
    return FeedbackItem(kind="failure-then-fix", summary=summary,
                        evidence=[_quote(failing), Evidence(quote=quote, turn=user.index)],
                        command=_command(failing), fix=command[:MAX_COMMAND_CHARS])


def _repeated_item(members: list[Turn]) -> FeedbackItem:
    first = members[0]
    error = reason(_error_line(first)) or _short(first.tool_input or "")
    return FeedbackItem(kind="repeated-error", evidence=[_quote(m) for m in members[:3]],
                        summary=f"{_short(error, 140)} (seen {len(members)} times)",
                        command=_command(first))


def _single_item(turn: Turn) -> FeedbackItem:
    summary = f"{_called(turn)} failed: {_short(reason(_error_line(turn)), 140)}"
    return FeedbackItem(kind="failure", summary=summary, evidence=[_quote(turn)],
                        command=_command(turn))
