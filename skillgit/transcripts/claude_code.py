"""Claude Code transcripts: `<config>/projects/<encoded-cwd>/<session>.jsonl`.

One conversation per file. Subagents (flat `agent-*.jsonl` up to 2.0.x, nested
`<session>/subagents/agent-*.jsonl` from 2.1.x) are sidechains whose parent is the
`sessionId` their records carry. Real user prompts exclude tool results, `isMeta` records,
compaction summaries, command/local-command/bash/system-reminder/task-notification
content and interrupt markers (those become INTERRUPT turns); streamed assistant lines
sharing a `message.id` are merged. A `Skill` tool_use becomes one SKILL turn (with the
tool's result), not a TOOL_CALL; reading a `<name>/SKILL.md` file is a TOOL_CALL followed by
a SKILL turn. `<command-name>` records are SLASH_COMMAND turns.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path

from skillgit.transcripts.builder import ConversationBuilder
from skillgit.transcripts.claude_records import ClaudeReader
from skillgit.transcripts.jsonl import LineStats, first_records, iter_records
from skillgit.transcripts.model import Conversation, Redacting
from skillgit.transcripts.walk import find_files

AGENT = "claude-code"

_KNOWN_TYPES = {"user", "assistant", "system", "summary", "file-history-snapshot",
                "queue-operation", "progress", "attachment", "last-prompt", "custom-title"}


def default_roots(env: Mapping[str, str]) -> list[Path]:
    """`$CLAUDE_CONFIG_DIR/projects` (comma or path-separator list), else ~/.claude/projects."""
    configured = env.get("CLAUDE_CONFIG_DIR", "").strip()
    if configured:
        parts = [p for chunk in configured.split(",") for p in chunk.split(os.pathsep)]
        return [Path(p).expanduser() / "projects" for p in parts if p.strip()]
    roots: list[Path] = []
    home = env.get("HOME")
    if home:
        roots.append(Path(home) / ".claude" / "projects")
    xdg = env.get("XDG_CONFIG_HOME") or (str(Path(home) / ".config") if home else "")
    if xdg:
        roots.append(Path(xdg) / "claude" / "projects")
    return roots


def discover(root: Path) -> Iterator[Path]:
    """Every `*.jsonl` under `root`, sessions and subagents alike, in a stable order."""
    if root.is_file():
        yield root
        return
    if root.is_dir():
        yield from find_files(root, lambda path: path.suffix == ".jsonl")


def sniff(path: Path) -> bool:
    """True for a JSONL file whose first records look like Claude Code's."""
    if path.suffix != ".jsonl":
        return False
    for record in first_records(path):
        kind = record.get("type")
        if kind in _KNOWN_TYPES and ("sessionId" in record or "leafUuid" in record
                                     or kind == "file-history-snapshot"):
            return True
    return False


def _skip_line(line: bytes) -> bool:
    """File snapshots and thinking-only streamed assistant lines are never needed."""
    if line.startswith((b'{"type":"file-history-snapshot"', b'{"type": "file-history-snapshot"')):
        return True
    # Quotes inside JSON strings are escaped, so these byte patterns are real keys.
    return (b'"thinking"' in line and _has_type(line, b"thinking")
            and _has_type(line, b"assistant") and not _has_type(line, b"text")
            and not _has_type(line, b"tool_use"))


def _has_type(line: bytes, value: bytes) -> bool:
    return b'"type":"' + value + b'"' in line or b'"type": "' + value + b'"' in line


def parse(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    """Parse one Claude Code session (or subagent) file into one conversation."""
    stats = LineStats()
    reader = ClaudeReader(ConversationBuilder(agent=AGENT, source_path=str(path)))
    for record in iter_records(path, stats, prefilter=_skip_line):
        reader.feed(record)
    builder = reader.builder
    if builder.is_sidechain:
        builder.parent_session_id = reader.first_session_id or None
        builder.session_id = f"agent-{reader.agent_id}" if reader.agent_id else path.stem
    elif path.stem in reader.session_ids or not reader.first_session_id:
        builder.session_id = path.stem
    else:
        builder.session_id = reader.first_session_id
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    yield builder.build(redactor, stats, size)
