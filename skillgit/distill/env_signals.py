"""Heuristic environment feedback: what running things revealed.

- *failure-then-fix*: a tool call fails and, before the user speaks again, the agent runs
  a different but related command (same program, or mostly the same words) or the same
  tool on a different input, and that succeeds: the failing command and its fix are kept;
- *repeated-error*: the same error (digits, paths and quoted names masked) comes back at
  two or more tool calls without a fix;
- *failure*: a single informative failure that was never resolved, or an error the user
  pasted or described in a prompt ("TypeError: …", "fatal: …", "command not found").

Failures that carry no lesson are ignored: the user refusing a tool call, a search that
simply found nothing (`grep`/`rg`/`find` exit 1 with no message), and a command that failed
and later passed unchanged (a test that passes once the code is fixed).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from skillgit.digest import Evidence, FeedbackItem
from skillgit.distill.evidence import excerpt
from skillgit.distill.facts import tool_kind
from skillgit.transcripts.model import Conversation, Turn, TurnKind

MAX_ENV_FEEDBACK = 8
MAX_REPORTED = 3
FIX_WINDOW = 12
FIX_SIMILARITY = 0.4
MAX_COMMAND_CHARS = 300
_EXIT_LINE = re.compile(r"^\s*(?:exit code:? ?-?\d+|process exited with code -?\d+)\s*$",
                        re.IGNORECASE)
_ERROR_WORDS = re.compile(
    r"error|fail|not found|denied|invalid|cannot|can't|could not|couldn't|no such|unknown|"
    r"missing|refused|timed? ?out|exception|traceback|fatal|unable|not permitted|"
    r"no matches|unrecognized|unsupported|requires|deprecated|does not exist", re.IGNORECASE)
_REJECTED = re.compile(r"doesn't want to proceed|tool use was rejected|user rejected|"
                       r"aborted by the user|interrupted", re.IGNORECASE)
_SEARCH_PROGRAMS = frozenset({"grep", "egrep", "rg", "ag", "ack", "find", "fd", "ls", "test",
                              "[", "diff", "cmp", "which", "command", "type", "pgrep"})
_PREFIXES = frozenset({"sudo", "env", "time", "timeout", "nice", "exec", "command"})
_MULTI = frozenset({"git", "npm", "npx", "pnpm", "yarn", "bun", "bunx", "uv", "uvx", "poetry",
                    "pip", "pip3", "python", "python3", "cargo", "go", "docker", "kubectl",
                    "make", "just", "gh", "dotnet", "mvn", "gradle", "node"})
_REPORTED = re.compile(
    r"^\s*(?:Traceback \(most recent call last\)|(?:[\w.]*(?:Error|Exception)):\s|"
    r"error(?:\[\w+\])?:\s|fatal:\s|panic:\s|npm ERR!)|command not found|permission denied|"
    r"no such file or directory|segmentation fault", re.IGNORECASE | re.MULTILINE)
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_MASKS = ((re.compile(r"(['\"`]).*?\1"), "<q>"), (re.compile(r"\S*[/\\]\S*"), "<path>"),
          (re.compile(r"\b[0-9a-f]{6,}\b", re.IGNORECASE), "<hex>"), (re.compile(r"\d+"), "0"))


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
        fix = next((f for m in members if (f := _find_fix(m, turns)) is not None), None)
        if fix is not None:
            failing = next(m for m in members if m.index < fix.index)
            fixed.append(_fixed_item(failing, fix))
        elif len(members) >= 2:
            repeated.append(_repeated_item(members))
        elif _error_line(members[0]):
            single.append(_single_item(members[0]))
    return (fixed + repeated + single + _reported(turns))[:MAX_ENV_FEEDBACK]


def _reported(turns: Sequence[Turn]) -> list[FeedbackItem]:
    """Errors the user pasted or described in a prompt."""
    found: list[FeedbackItem] = []
    for turn in turns:
        if turn.kind is not TurnKind.USER or len(found) >= MAX_REPORTED:
            continue
        match = _REPORTED.search(turn.text)
        if match is None:
            continue
        start = turn.text.rfind("\n", 0, match.start()) + 1
        end = turn.text.find("\n", match.end())
        quote = excerpt(turn.text, start, end if end >= 0 else None)
        if quote:
            found.append(FeedbackItem(kind="failure", summary=f"reported by the user: {quote}",
                                      evidence=[Evidence(quote=quote, turn=turn.index)]))
    return found


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
    if turn.kind is not TurnKind.TOOL_CALL or turn.result is None:
        return False
    return turn.result.is_error or (turn.result.exit_code not in (None, 0))


def _is_success(turn: Turn) -> bool:
    return (turn.kind is TurnKind.TOOL_CALL and turn.result is not None
            and not _is_failure(turn))


def _program(turn: Turn) -> str:
    if tool_kind(turn) == "shell":
        return program_of(turn.tool_input or "")
    return turn.tool_name or ""


def _teaches_something(turn: Turn, turns: Sequence[Turn]) -> bool:
    text = turn.result.text if turn.result is not None else ""
    if _REJECTED.search(text[:300]):
        return False  # the user said no: user feedback, not the environment
    program = _program(turn).split(" ", 1)[0]
    if program in _SEARCH_PROGRAMS and not _error_line(turn):
        return False  # a search that found nothing
    command = (turn.tool_input or "").strip()
    later = (t for t in _after(turn, turns) if t.kind is TurnKind.TOOL_CALL)
    return not any(_is_success(t) and (t.tool_input or "").strip() == command
                   and t.tool_name == turn.tool_name for t in later)


def _after(turn: Turn, turns: Sequence[Turn]) -> Sequence[Turn]:
    """The turns after `turn` (turn indexes are ordered but need not be positions)."""
    low, high = 0, len(turns)
    while low < high:
        middle = (low + high) // 2
        if turns[middle].index <= turn.index:
            low = middle + 1
        else:
            high = middle
    return turns[low:]


def _find_fix(failing: Turn, turns: Sequence[Turn]) -> Turn | None:
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
            return turn
    return None


def _similarity(a: str, b: str) -> float:
    """Jaccard similarity of the commands' words ("python -m x" vs "python3 -m x": 0.5)."""
    left, right = set(a.split()), set(b.split())
    return len(left & right) / len(left | right) if left and right else 0.0


def _error_line(turn: Turn) -> str:
    """The most informative line of a failing call's output, verbatim ('' when none)."""
    text = turn.result.text if turn.result is not None else ""
    lines = [line for line in text.split("\n")
             if line.strip() and not _EXIT_LINE.match(line) and len(line.strip()) > 3]
    for line in lines:
        if _ERROR_WORDS.search(line):
            return excerpt(line)
    return excerpt(lines[-1]) if lines else ""  # tools tend to end with the reason


def _signature(turn: Turn) -> str:
    line = _error_line(turn).lower()
    if not line:
        return f"{turn.tool_name}:{_program(turn)}:{(turn.tool_input or '')[:200]}"
    for pattern, replacement in _MASKS:
        line = pattern.sub(replacement, line)
    return " ".join(line.split())[:160]


def _quote(turn: Turn) -> Evidence:
    quote = _error_line(turn) or excerpt(turn.tool_input or "") or excerpt(
        turn.result.text if turn.result else "")
    return Evidence(quote=quote or (turn.tool_name or "tool call"), turn=turn.index)


def _short(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _command(turn: Turn) -> str | None:
    command = (turn.tool_input or "").strip()
    return command[:MAX_COMMAND_CHARS] if command else None


def _fixed_item(failing: Turn, fix: Turn) -> FeedbackItem:
    fix_quote = excerpt(fix.tool_input or "")
    evidence = [_quote(failing)]
    if fix_quote:
        evidence.append(Evidence(quote=fix_quote, turn=fix.index))
    error = _error_line(failing)
    summary = (f"{failing.tool_name} `{_short(failing.tool_input or '')}` failed"
               + (f" ({_short(error, 90)})" if error else "")
               + f"; `{_short(fix.tool_input or '')}` worked")
    return FeedbackItem(kind="failure-then-fix", summary=summary, evidence=evidence,
                        command=_command(failing), fix=_command(fix))


def _repeated_item(members: list[Turn]) -> FeedbackItem:
    first = members[0]
    error = _error_line(first) or _short(first.tool_input or "")
    return FeedbackItem(kind="repeated-error", evidence=[_quote(m) for m in members[:3]],
                        summary=f"{_short(error, 140)} (seen {len(members)} times)",
                        command=_command(first))


def _single_item(turn: Turn) -> FeedbackItem:
    summary = (f"{turn.tool_name} `{_short(turn.tool_input or '')}` failed: "
               f"{_short(_error_line(turn), 140)}")
    return FeedbackItem(kind="failure", summary=summary, evidence=[_quote(turn)],
                        command=_command(turn))
