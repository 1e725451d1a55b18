"""`skillgit sessions`: list the agent sessions skillgit can read, or show one of them.

stdout is data (a table, or JSON Lines with `--json`); warnings go to stderr. Everything
printed has been through the redactor inside the adapters, and through `skillgit.printable`
(control and bidi characters shown escaped) on the way out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import click

from skillgit.cli.jsonout import versioned
from skillgit.cli.options import DAYS
from skillgit.errors import EXIT_OK
from skillgit.printable import home_relative, json_printable, printable
from skillgit.redact.screen import screened_output
from skillgit.transcripts.discover import SessionQuery, find_conversation, iter_conversations
from skillgit.transcripts.model import Conversation, Redacting, Turn, TurnKind

LIST_KEYS = ("agent", "session_id", "started_at", "cwd", "n_user_turns", "n_tool_calls",
             "n_tool_errors", "skills_used", "parse_warnings")
_RESULT_LINES = 6
F = TypeVar("F", bound=Callable[..., Any])


def _query_options(function: F) -> F:
    return _options(function, one_session=False)


def _show_options(function: F) -> F:
    return _options(function, one_session=True)


def _options(function: F, *, one_session: bool) -> F:
    options = [
        click.option("--since", "since", type=DAYS, default=None,
                     metavar="DAYS", help="Only sessions active in the last DAYS days."),
        click.option("--agent", "agents", multiple=True, metavar="NAME",
                     help="Only this agent (repeatable): claude-code, codex, gemini, …"),
        click.option("--source", type=click.Path(path_type=Path), default=None,
                     help="Read this file or folder instead of the agents' default "
                          "locations (format detected per file)."),
        click.option("--include-sidechains", is_flag=True,
                     help="Accepted for symmetry; show always searches subagent sessions too."
                     if one_session else "Also list subagent / sidechain sessions."),
        click.option("--json", "as_json", is_flag=True,
                     help="Print the session as one JSON document." if one_session
                     else "Emit JSON Lines on stdout, one object per session."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _redactor() -> Redacting:
    """The redactor `distill` and `mine` use: built-in rules plus `redact.extra_patterns`."""
    from skillgit.config import load_config
    from skillgit.redact import Redactor

    return Redactor.from_environment(list(load_config().redact.extra_patterns))


def _warn(message: str) -> None:
    click.echo(f"skillgit: warning: {printable(message)}", err=True)


def _query(since: float | None, agents: tuple[str, ...], source: Path | None,
           include_sidechains: bool) -> SessionQuery:
    return SessionQuery(agents=agents, source=source, since_days=since,
                        include_sidechains=include_sidechains)


@click.group(invoke_without_command=True)
@_query_options
@click.pass_context
@screened_output
def sessions(ctx: click.Context, since: float | None, agents: tuple[str, ...],
             source: Path | None, include_sidechains: bool, as_json: bool) -> int:
    """List agent sessions: one row per session, newest first.

    Columns: agent, session id, start time, user prompts, tool calls, tool errors, bad
    lines skipped, skills used, cwd. `skillgit sessions show ID` prints one session.
    """
    ctx.obj = {"query": _query(since, agents, source, include_sidechains), "json": as_json}
    if ctx.invoked_subcommand is not None:
        return EXIT_OK
    rows = [summary_row(c) for c in iter_conversations(ctx.obj["query"], _redactor(),
                                                         on_warning=_warn)]
    rows.sort(key=lambda row: row["started_at"] or "", reverse=True)
    if as_json:
        for row in rows:
            click.echo(json_printable(json.dumps(versioned(row), ensure_ascii=False)))
    else:
        _print_table(rows)
    return EXIT_OK


@sessions.command("show")
@click.argument("session_id")
@_show_options
@click.pass_context
@screened_output
def show(ctx: click.Context, session_id: str, since: float | None, agents: tuple[str, ...],
         source: Path | None, include_sidechains: bool, as_json: bool) -> int:
    """Print one session (a unique prefix of its id is enough), redacted."""
    parent = ctx.obj or {}
    query = parent.get("query") or SessionQuery()
    query = SessionQuery(agents=agents or query.agents, source=source or query.source,
                         since_days=since if since is not None else query.since_days,
                         include_sidechains=True)
    del include_sidechains  # show always searches sidechains too
    conversation = find_conversation(session_id, query, _redactor(), on_warning=_warn)
    conversation = conversation.model_copy(  # the rest went through the redactor already
        update={"source_path": home_relative(conversation.source_path)})
    if as_json or parent.get("json"):
        click.echo(json_printable(json.dumps(versioned(conversation.model_dump(mode="json")),
                                             indent=2, ensure_ascii=False)))
    else:
        for line in render_conversation(conversation):
            click.echo(printable(line))
    return EXIT_OK


def summary_row(conversation: Conversation) -> dict[str, Any]:
    """The `--json` row for one conversation: exactly `LIST_KEYS`."""
    started = conversation.started_at
    return {
        "agent": conversation.agent,
        "session_id": conversation.session_id,
        "started_at": started.isoformat() if started else None,
        "cwd": conversation.cwd,
        "n_user_turns": len(conversation.user_turns),
        "n_tool_calls": len(conversation.tool_calls),
        "n_tool_errors": conversation.n_tool_errors,
        "skills_used": conversation.skills_used,
        "parse_warnings": conversation.parse_warnings,
    }


def _print_table(rows: list[dict[str, Any]]) -> None:
    header = ("AGENT", "SESSION", "STARTED", "USER", "TOOLS", "ERRORS", "BAD", "SKILLS", "CWD")
    table = [header] + [tuple(printable(cell) for cell in (
        row["agent"], row["session_id"], (row["started_at"] or "-")[:16].replace("T", " "),
        str(row["n_user_turns"]), str(row["n_tool_calls"]), str(row["n_tool_errors"]),
        str(row["parse_warnings"]), ",".join(row["skills_used"]) or "-", row["cwd"] or "-",
    )) for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(header) - 1)]
    for line in table:
        cells = [cell.ljust(widths[i]) for i, cell in enumerate(line[:-1])]
        click.echo("  ".join([*cells, line[-1]]).rstrip())
    if not rows:
        click.echo("skillgit: no sessions found", err=True)


def render_conversation(conversation: Conversation) -> Iterable[str]:
    """A readable, plain-text rendering of one conversation."""
    c = conversation
    yield f"{c.agent} session {c.session_id}"
    yield f"  file:     {c.source_path}"
    for label, value in (("cwd", c.cwd), ("branch", c.git_branch), ("model", c.model),
                         ("version", c.agent_version), ("parent", c.parent_session_id)):
        if value:
            yield f"  {label + ':':<9} {value}"
    started = c.started_at.isoformat() if c.started_at else "?"
    ended = c.ended_at.isoformat() if c.ended_at else "?"
    yield f"  time:     {started} → {ended}"
    yield (f"  counts:   {len(c.user_turns)} user prompts, {len(c.tool_calls)} tool calls, "
           f"{c.n_tool_errors} tool errors, {c.parse_warnings} bad lines skipped, "
           f"{c.injected_dropped} injected records dropped"
           + (", sidechain" if c.is_sidechain else ""))
    if c.skills_used:
        yield f"  skills:   {', '.join(c.skills_used)}"
    for turn in c.turns:
        yield ""
        yield from _render_turn(turn)


def _render_turn(turn: Turn) -> Iterable[str]:
    when = turn.timestamp.strftime("%Y-%m-%d %H:%M:%S") if turn.timestamp else ""
    kind = turn.kind
    if kind is TurnKind.TOOL_CALL:
        yield f"[{turn.index}] tool {turn.tool_name}  {when}".rstrip()
        yield from _indent(f"$ {turn.tool_input or ''}", 4)
        if turn.result is not None:
            status = "error" if turn.result.is_error else "ok"
            if turn.result.exit_code is not None:
                status += f", exit {turn.result.exit_code}"
            yield f"    → {status}"
            lines = turn.result.text.split("\n")
            yield from _indent("\n".join(lines[:_RESULT_LINES]), 6)
            if len(lines) > _RESULT_LINES:
                yield f"      … ({len(lines) - _RESULT_LINES} more lines)"
    elif kind is TurnKind.SKILL:
        yield f"[{turn.index}] skill {turn.skill_name} (via {turn.invoked_by})  {when}".rstrip()
    elif kind is TurnKind.SLASH_COMMAND:
        yield f"[{turn.index}] command {turn.command} {turn.text}".rstrip()
    elif kind in (TurnKind.INTERRUPT, TurnKind.COMPACTION):
        yield f"[{turn.index}] -- {kind.value} {turn.text} --  {when}".rstrip()
    else:
        yield f"[{turn.index}] {kind.value}  {when}".rstrip()
        yield from _indent(turn.text, 4)


def _indent(text: str, width: int) -> Iterable[str]:
    pad = " " * width
    for line in text.split("\n"):
        yield f"{pad}{line}".rstrip()
