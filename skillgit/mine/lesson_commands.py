"""What a lesson's commands are: the program a command runs, the command the user wrote
for the one corrected, the command the sessions agree on, and who wrote it out.

Helpers of `lessons`: each reads commands as the agent ran them or as the user's words
wrote them, never a model's paraphrase.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from skillgit.mine.shell_command import Command, parse
from skillgit.proposal import Signal

_ENV_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_WRAPPERS = frozenset({"sudo", "env", "npx", "pnpx", "bunx", "uv", "uvx", "poetry", "pipenv",
                       "run", "exec", "time", "nice", "python", "python3", "-m"})


def command_tool(command: str | None) -> str | None:
    """The program a shell command runs (skipping env assignments and wrappers like npx)."""
    for word in (command or "").split():
        if _ENV_ASSIGN.match(word) or word.lower() in _WRAPPERS:
            continue
        tool = word.rsplit("/", 1)[-1].lower()
        return tool if re.fullmatch(r"[a-z][a-z0-9._-]*", tool) else None
    return None


CD_FIRST = re.compile(r"^\s*cd\s+\S+\s*(?:&&|;)\s*")


def program(command: str | None) -> str | None:
    """The first program word of a command (env assignments, sudo/env and a leading `cd
    dir &&` skipped), as run: `uv` for "uv run pytest", where `command_tool` says
    `pytest`."""
    for word in CD_FIRST.sub("", command or "").split():
        if _ENV_ASSIGN.match(word) or word in ("sudo", "env", "time", "nice", "exec"):
            continue
        tool = word.rsplit("/", 1)[-1].lower()
        return tool if re.fullmatch(r"[a-z][a-z0-9._-]*", tool) else None
    return None


def flat(command: str | None) -> str:
    """`command` on one line, its whitespace collapsed."""
    return " ".join((command or "").split())


def writer(group: Sequence[Signal], do: str | None) -> Signal | None:
    """The first signal whose own words write `do` out (the user's corrected command): its
    words state the rule, not those of a session that only named a flag of it."""
    written = flat(do)
    return next((s for s in group if written and written in flat(s.summary)), None)


_SPAN = re.compile(r"`([^`\n]{2,200})`")


def told_command(speaker: Signal, dont: str | None) -> str | None:
    """The command the user wrote for the one corrected, when the agent then ran another
    (`gh pr create --draft` said after `gh pr create --fill`, though the agent then ran
    `gh pr ready 412 --undo` to repair the one it had opened): the same program and
    subcommand as `dont`, with another argument."""
    old = parse(bare(dont or ""))
    done = parse(bare(speaker.succeeded_command or ""))
    told = [c for c in map(parse, map(bare, _SPAN.findall(speaker.quote))) if c is not None]
    if old is None or (done is not None and any(_same_head(c, done) for c in told)):
        return None  # the agent then ran what the user wrote: that is the command
    for span in _SPAN.findall(speaker.quote):
        new = parse(bare(span))
        if new is not None and _same_head(new, old) and new != old and (
                done is None or not _same_head(done, new)):
            return _with_flags(dont or "", span, old, new)
    return None


def _with_flags(dont: str, span: str, old: Command, new: Command) -> str:
    """`span`, or `dont` with the flags `span` adds when the user named only those (`gh pr
    create --draft` for `gh pr create --fill --base main`: add `--draft`)."""
    added = [t for t in span.split() if t.startswith("-") and t not in dont.split()]
    if set(new.words) <= set(old.words) and added:
        return " ".join([*dont.split(), *added])
    return " ".join(span.split())


def _same_head(a: Command, b: Command) -> bool:
    """One program and subcommand (two words of it when both have them: `gh pr create`)."""
    n = min(2, len(a.words), len(b.words))
    return a.program == b.program and a.words[:n] == b.words[:n] and (n > 0 or a.words == b.words)


def bare(command: str) -> str:
    """`command` without its leading env assignments ("SQLX_OFFLINE=true cargo clippy")."""
    words = command.split()
    while words and _ENV_ASSIGN.match(words[0]):
        words = words[1:]
    return " ".join(words)


def agreed_do(group: Sequence[Signal]) -> tuple[str, str | None] | None:
    """(do, dont) when two or more sessions then ran one command (env assignments aside)
    though no (do, dont) pair recurs: the command as most often run, bare when some session
    ran it bare, and the corrected command only when most of those sessions corrected one
    (the one most share, else the words their program and arguments share: `go test`)."""
    runs: dict[str, list[Signal]] = {}
    for s in group:
        if s.succeeded_command:
            runs.setdefault(bare(flat(s.succeeded_command)), []).append(s)
    if not runs:
        return None
    as_bare, members = max(runs.items(), key=lambda kv: len({s.session_id for s in kv[1]}))
    if len({s.session_id for s in members}) < 2:
        return None
    as_run = Counter(flat(s.succeeded_command) for s in members).most_common()
    do = as_bare if any(flat(s.succeeded_command) == as_bare for s in members) else as_run[0][0]
    donts = [CD_FIRST.sub("", bare(flat(s.corrected_command))) for s in members
             if s.corrected_command]
    if 2 * len(donts) <= len(members):
        return do, None  # most sessions corrected nothing in particular
    dont, n = Counter(donts).most_common(1)[0]
    if 2 * n > len(members):
        return do, dont
    tools = {program(d) for d in donts}   # `go test ./a`, `go test ./...`: what they share
    tool = tools.pop() if len(tools) == 1 else None
    return do, common(tool, donts) if tool else None


def common(tool: str, commands: Sequence[str | None]) -> str:
    """`tool` and the words after it that every one of `commands` shares ("pnpm add")."""
    words = [(c or "").split() for c in commands]
    shared = [tool]
    for position in range(1, min(map(len, words), default=0)):
        if len({w[position] for w in words}) != 1 or words[0][position].startswith("-"):
            break
        shared.append(words[0][position])
    return " ".join(shared)
