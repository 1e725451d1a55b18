"""Reading Gemini CLI session files into plain records (used by `skillgit.transcripts.gemini`).

Legacy ``.json`` is one ``ConversationRecord`` object. The ``.jsonl`` log (>= 0.39) is
replayed the way upstream ``loadConversationRecord`` does it: the header line holds the
metadata, message records are upserted by ``id`` (the last write wins, the first position
stays), ``{"$set": …}`` updates metadata (``$set.messages`` replaces the whole list) and
``{"$rewindTo": id}`` drops that message and every later one (an unknown id drops all).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from skillgit.transcripts.jsonl import LineStats, iter_records

SESSION_NAME = re.compile(r"^session-.*-([0-9A-Za-z]{8})\.jsonl?$")

# (session metadata or None if there is none, messages in order, bad records counted)
Records = tuple[dict[str, Any] | None, list[dict[str, Any]], LineStats]


def load_legacy_json(path: Path) -> Records:
    """A whole-file ConversationRecord; falls back to JSONL replay if it is not one."""
    try:
        document = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return replay_jsonl(path)
    stats = LineStats()
    if not isinstance(document, dict) or not isinstance(document.get("sessionId"), str):
        stats.bad("not a Gemini CLI session object")
        return None, [], stats
    raw = document.get("messages")
    messages: list[dict[str, Any]] = []
    for message in raw if isinstance(raw, list) else []:
        if isinstance(message, dict):
            messages.append(message)
        else:
            stats.bad("message is not an object")
    return document, messages, stats


def replay_jsonl(path: Path) -> Records:
    stats = LineStats()
    meta: dict[str, Any] = {}
    messages: dict[str, dict[str, Any]] = {}
    for record in iter_records(path, stats):
        rewind = record.get("$rewindTo")
        if isinstance(rewind, str):
            ids = list(messages)
            drop = ids[ids.index(rewind):] if rewind in messages else ids
            for message_id in drop:
                del messages[message_id]
        elif isinstance(record.get("id"), str):
            messages[record["id"]] = record  # an update keeps the first position
        elif isinstance(record.get("$set"), dict):
            update = record["$set"]
            checkpoint = update.get("messages")
            if isinstance(checkpoint, list):
                messages = {m["id"]: m for m in checkpoint
                            if isinstance(m, dict) and isinstance(m.get("id"), str)}
            meta.update({k: v for k, v in update.items() if k != "messages"})
        elif isinstance(record.get("sessionId"), str):
            meta.update(record)
    if not meta.get("sessionId"):
        return None, [], stats
    return meta, list(messages.values()), stats


def project_root(path: Path, meta: Mapping[str, Any]) -> str | None:
    """The project directory: ``.project_root`` marker, ``projects.json``, directories."""
    for marker in (parent / ".project_root" for parent in list(path.parents)[:3]):
        text = _read_text(marker).strip() if marker.is_file() else ""
        if text:
            return text
    for parent in list(path.parents)[:5]:
        found = _from_projects_json(parent / "projects.json", path, meta.get("projectHash"))
        if found:
            return found
    directories = meta.get("directories")
    if isinstance(directories, list) and directories and isinstance(directories[0], str):
        return directories[0]
    return None


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _from_projects_json(registry: Path, path: Path, project_hash: object) -> str | None:
    if not registry.is_file():
        return None
    try:
        projects = json.loads(registry.read_bytes()).get("projects")
    except (OSError, ValueError, AttributeError):
        return None
    slugs = {p.name for p in path.parents if p.parent.name == "tmp"}
    for project, slug in (projects.items() if isinstance(projects, dict) else []):
        digest = hashlib.sha256(project.encode("utf-8")).hexdigest()
        if slug in slugs or digest == project_hash or digest in slugs:
            return str(project)
    return None
