"""Codex CLI rollouts: `$CODEX_HOME/{sessions,archived_sessions}/**/rollout-*.jsonl`.

Generations handled: the `{timestamp,type,payload}` envelope (Sept 2025 on, incl. 0.147+
`item_completed` and 0.158 `content_item_kinds`), the mid-2025 pre-envelope JSONL (a
header line, `record_type` markers, bare items) and the TypeScript CLI's single
`rollout-*.json`. Real prompts come from `event_msg/user_message` and from `response_item`
user messages that are not injected (AGENTS.md, `<environment_context>`, `<skill>` …);
their event/response twins are merged. A `<skill>` injection or a command reading
`<name>/SKILL.md` is a SKILL turn. Unified-exec polls (`write_stdin` with no input) are
folded into the `exec_command` they poll. Exit codes come from `exec_command_end`, from
"Process exited with code N", or from an output's `metadata.exit_code`. Compressed
`.jsonl.zst` archives are not read (no zstd in the standard library before 3.14).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from skillgit.transcripts.builder import ConversationBuilder
from skillgit.transcripts.codex_items import CodexReader
from skillgit.transcripts.jsonl import LineStats, first_records, iter_records, read_head
from skillgit.transcripts.model import Conversation, Redacting

AGENT = "codex"

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_MAX_JSON_BYTES = 256 * 1024 * 1024


def default_roots(env: Mapping[str, str]) -> list[Path]:
    """`$CODEX_HOME/{sessions,archived_sessions}`, CODEX_HOME defaulting to ~/.codex."""
    home = env.get("CODEX_HOME", "").strip()
    if not home:
        user_home = env.get("HOME")
        if not user_home:
            return []
        home = os.path.join(user_home, ".codex")
    base = Path(home).expanduser()
    return [base / "sessions", base / "archived_sessions"]


def discover(root: Path) -> Iterator[Path]:
    """`rollout-*.jsonl` / `rollout-*.json` files under `root`, in a stable order."""
    if root.is_file():
        yield root
        return
    if not root.is_dir():
        return
    found = [p for p in root.rglob("rollout-*") if p.suffix in (".jsonl", ".json")]
    yield from sorted(p for p in found if p.is_file())


def sniff(path: Path) -> bool:
    """True for a Codex rollout of any supported generation."""
    if path.suffix == ".json":
        head = read_head(path, 4096)
        return head.lstrip().startswith(b"{") and b'"session"' in head and b'"items"' in head
    if path.suffix != ".jsonl":
        return False
    records = first_records(path, 3)
    if not records:
        return False
    first = records[0]
    if first.get("type") == "session_meta" and isinstance(first.get("payload"), dict):
        return True
    if "payload" in first and first.get("type") in ("response_item", "event_msg",
                                                    "turn_context", "compacted"):
        return True
    # Pre-envelope: a bare header line, then `record_type` markers and bare items.
    return ("id" in first and "timestamp" in first and "type" not in first
            and any(key in first for key in ("instructions", "git", "cwd"))) or any(
        "record_type" in r for r in records)


def parse(path: Path, redactor: Redacting) -> Iterator[Conversation]:
    """Parse one rollout into one conversation."""
    stats = LineStats()
    reader = CodexReader(ConversationBuilder(agent=AGENT, source_path=str(path)))
    if path.suffix == ".json":
        for item in _legacy_json_items(path, stats, reader):
            reader.feed_item(item, None)
    else:
        for record in iter_records(path, stats, prefilter=_skip_line):
            reader.feed(record)
    builder = reader.finish()
    if not builder.session_id:
        match = _UUID.search(path.name)
        builder.session_id = match.group(0) if match else path.stem
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    yield builder.build(redactor, stats, size)


def _skip_line(line: bytes) -> bool:
    """Token counters and reasoning blobs are never needed; skip them before decoding."""
    head = line[:120]
    return (b'"type":"token_count"' in head or b'"type":"reasoning"' in head
            or b'"type":"token_usage_record"' in head)


def _legacy_json_items(path: Path, stats: LineStats, reader: CodexReader) -> list[Any]:
    """The TypeScript CLI's `{"session": {...}, "items": [...]}` file."""
    try:
        if path.stat().st_size > _MAX_JSON_BYTES:
            stats.bad("file too large")
            return []
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        stats.bad("malformed JSON")
        return []
    if not isinstance(data, dict):
        stats.bad("not a JSON object")
        return []
    session = data.get("session")
    if isinstance(session, dict):
        reader.meta(session)
    items = data.get("items")
    return items if isinstance(items, list) else []
