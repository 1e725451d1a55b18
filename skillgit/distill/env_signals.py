"""Heuristic environment feedback: what running things revealed.

- *failure-then-fix*: a tool call fails and, before the user speaks again (and within
  FIX_WINDOW calls; the agent's own fix is found by `agent_fixes`), either
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
    code span, a `$ ` line, or the same program in plain text: `user_fixes`), or a setting or
    flags whose name the error names (`OPENSSL_STATIC=1` after an openssl link error): the fix came
    from the user; a command inside a question about the failure is none;
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
from collections.abc import Sequence

from skillgit.digest import Evidence, FeedbackItem
from skillgit.distill import agent_fixes as fixes
from skillgit.distill.agent_fixes import is_inspection, program_of
from skillgit.distill.error_lines import error_line, reason, reported_errors, signature
from skillgit.distill.evidence import excerpt, sentence_quote
from skillgit.distill.facts import tool_kind
from skillgit.distill.user_fixes import given_command
from skillgit.transcripts.model import Conversation, Turn, TurnKind

__all__ = ["env_feedback", "is_inspection", "program_of"]

MAX_ENV_FEEDBACK = 8
MAX_COMMAND_CHARS = 300
_INTERRUPTED = re.compile(r"interrupted", re.IGNORECASE)


def env_feedback(conversation: Conversation) -> list[FeedbackItem]:
    """Environment feedback items for `conversation`, most useful first."""
    turns = conversation.turns
    failures = [t for t in turns if fixes.is_failure(t) and _teaches_something(t, turns)]
    groups: dict[str, list[Turn]] = {}
    for turn in failures:
        groups.setdefault(_signature(turn), []).append(turn)
    fixed: list[FeedbackItem] = []
    repeated: list[FeedbackItem] = []
    single: list[FeedbackItem] = []
    for members in groups.values():
        found = next(((m, f) for m in members if (f := fixes.find_fix(m, turns)) is not None), None)
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


def _teaches_something(turn: Turn, turns: Sequence[Turn]) -> bool:
    if turn.result is not None and turn.result.rejected:
        return False  # the user said no: user feedback, not the environment
    text = turn.result.text if turn.result is not None else ""
    if _INTERRUPTED.search(text[:300]):
        return False  # the user stopped it: not what the environment did
    searched = fixes.program_called(turn).split(" ", 1)[0] in fixes.SEARCH_PROGRAMS
    if searched and not _error_line(turn):
        return False  # a search that found nothing
    return fixes.setup_before_rerun(turn, turns) != []  # [] when it passed later unchanged


def _error_line(turn: Turn) -> str:
    """The line of a failing call's output most like its error ('' when none)."""
    return error_line(turn.result.text if turn.result is not None else "")


def _signature(turn: Turn) -> str:
    line = _error_line(turn)
    return signature(line) if line else (
        f"{turn.tool_name}:{fixes.program_called(turn)}:{(turn.tool_input or '')[:200]}")


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
    user = next((t for t in fixes.after(failing, turns) if t.kind is TurnKind.USER), None)
    if user is None:
        return None
    succeeded = []  # what the agent then ran without error, up to the next prompt
    for turn in fixes.after(user, turns):
        if turn.kind is TurnKind.USER:
            break
        if (turn.kind is TurnKind.TOOL_CALL and tool_kind(turn) == "shell"
                and turn.result is not None and not turn.result.is_error):
            succeeded.append((turn.tool_input or "").strip())
    output = failing.result.text if failing.result is not None else ""
    found = given_command(user.text, failing.tool_input or "", fixes.program_called(failing),
                          succeeded, error=output)
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
