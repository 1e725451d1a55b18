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
from skillgit.transcripts.jsonl import (
    LineStats,
    decode_line,
    first_records,
    iter_lines,
    read_head,
)
from skillgit.transcripts.model import Conversation, Redacting, parse_timestamp
from skillgit.transcripts.walk import find_files

AGENT = "codex"

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_MAX_JSON_BYTES = 256 * 1024 * 1024
_CALL_ID = re.compile(rb'"call_id": ?"([A-Za-z0-9_.:-]{1,200})"')
_EXIT_CODE = re.compile(rb'"exit_code": ?(-?\d{1,9})[,}]')
_TIMESTAMP = re.compile(rb'\{"timestamp": ?"([0-9T:.+Z-]{10,40})"')


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
    yield from find_files(root, lambda path: path.name.startswith("rollout-")
                          and path.suffix in (".jsonl", ".json"))


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
        for line in iter_lines(path, stats):
            if _skip_line(line):
                stats.skipped_by_prefilter += 1
            elif not _exec_end_shortcut(line, reader):
                record = decode_line(line, stats)
                if record is not None:
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
    head = line[:120].replace(b'": "', b'":"')
    return (b'"type":"token_count"' in head or b'"type":"reasoning"' in head
            or b'"type":"token_usage_record"' in head)


def _exec_end_shortcut(line: bytes, reader: CodexReader) -> bool:
    """`exec_command_end` repeats a command's whole output (stdout, aggregated, formatted)
    but only its call id and exit code are needed: read those two without decoding the line.
    Anything unusual (other key order, two exit codes, a torn line) takes the normal path."""
    head = line[:200]
    if ((b'"type":"exec_command_end"' not in head and b'"type": "exec_command_end"' not in head)
            or not line.rstrip().endswith(b"}")):
        return False
    call = _CALL_ID.search(line, 0, 400)
    codes = _EXIT_CODE.findall(line)
    if call is None or len(codes) != 1:
        return False
    reader.exit_codes[call.group(1).decode("ascii", "replace")] = int(codes[0])
    stamp = _TIMESTAMP.match(line)
    if stamp:
        reader.builder.seen_time(parse_timestamp(stamp.group(1).decode("ascii", "replace")))
    return True


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
