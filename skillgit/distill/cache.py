"""Digests on disk, so a re-run on unchanged sessions makes no engine call and no parse.

Layout under `$XDG_CACHE_HOME/skillgit/digests/` (default `~/.cache/skillgit/digests/`):

- `v1/<k[:2]>/<k>.json`: one `Digest`, where `k` hashes (conversation content hash,
  engine, model, prompt version). The content hash covers the whole redacted
  conversation, so any change to a session misses.
- `files/<f[:2]>/<f>.json`: what one session file held when it was last parsed (per
  conversation: id, content hash and the facts the filters need), valid while the file's
  size, mtime and the parser/redaction settings are unchanged. It lets a re-run skip
  parsing files whose digests are all cached.

Nothing here holds transcript text: digests are built from redacted conversations and
carry only short redacted quotes; the file index holds hashes, ids and numbers. Every
write goes to a temporary file in the same folder and is moved into place with
`os.replace`, so concurrent runs never leave a torn file; an unreadable entry is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from datetime import timezone
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from skillgit import __version__
from skillgit.atomicfile import write_atomic
from skillgit.digest import DIGEST_SCHEMA_VERSION, Digest
from skillgit.distill.render import SENTINEL
from skillgit.redact.screen import screen_value
from skillgit.transcripts.model import Conversation

LAYOUT = "v2"  # v2: digests carry `opening` (resumed-session detection by content)
# Prompts that mark an LLM call made by a miner (skillgit's own, or Skill Miner's).
OWN_CALL_MARKERS = (SENTINEL[:26], "[skill-miner:llm-call")


class ConversationRef(BaseModel):
    """What the pipeline needs to know about a conversation without parsing it again."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    session_id: str
    content_hash: str
    is_sidechain: bool = False
    last_activity: float | None = None
    n_user_turns: int = 0
    own_call: bool = False


class _FileEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    fingerprint: str
    conversations: list[ConversationRef]


def cache_root(env: Mapping[str, str] | None = None) -> Path:
    """`$XDG_CACHE_HOME/skillgit` (an absolute path only), else `~/.cache/skillgit`."""
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or ""
    root = Path(base) if base and os.path.isabs(base) else (
        Path(env.get("HOME") or Path.home()) / ".cache")
    return root / "skillgit"


def default_cache_dir(env: Mapping[str, str] | None = None) -> Path:
    """`$XDG_CACHE_HOME/skillgit/digests`, else `~/.cache/skillgit/digests`."""
    return cache_root(env) / "digests"


def content_hash(conversation: Conversation) -> str:
    """A hash of the whole redacted conversation (its file location excluded)."""
    data = conversation.model_dump_json(exclude={"source_path"})
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()


def digest_key(content: str, engine: str, model: str | None, prompt_version: str) -> str:
    """The cache key of a digest: content hash, engine, model and prompt version."""
    material = json.dumps([LAYOUT, content, engine, model or "", prompt_version,
                           DIGEST_SCHEMA_VERSION])
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


def conversation_ref(conversation: Conversation) -> ConversationRef:
    """The facts the pipeline's filters need, and the content hash."""
    last = conversation.ended_at or conversation.started_at
    if last is not None and last.tzinfo is None:
        last = last.replace(tzinfo=timezone.utc)
    return ConversationRef(
        session_id=conversation.session_id, content_hash=content_hash(conversation),
        is_sidechain=conversation.is_sidechain,
        last_activity=last.timestamp() if last is not None else None,
        n_user_turns=len(conversation.user_turns),
        own_call=any(m in turn.text for turn in conversation.user_turns[:3]
                     for m in OWN_CALL_MARKERS))


def parse_tag(extra_patterns: Sequence[str] = (), env: Mapping[str, str] | None = None) -> str:
    """What, besides a session file, decides the parsed conversations: skillgit's version
    and the redaction settings (home folder, extra patterns). Part of the file index key."""
    env = os.environ if env is None else env
    material = json.dumps([__version__, env.get("HOME", ""), list(extra_patterns)])
    return hashlib.sha256(material.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def file_fingerprint(path: Path, tag: str) -> str:
    """Size and mtime of the file, and of its SQLite write-ahead log when there is one
    (new rows of a WAL-mode database land there, leaving the main file untouched)."""
    parts = [os.path.basename(path), tag]
    for candidate in (path, path.with_name(path.name + "-wal")):
        try:
            stat = candidate.stat()
        except OSError:
            parts.append("-")
        else:
            parts.append(f"{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join(parts)


def as_cached(digest: Digest) -> Digest:
    """`digest` exactly as the cache keeps it: every string through the final screen.

    A freshly computed digest is used in this form too, so a cold run and a warm one see the
    same text (a first run must not carry what only the first redactor saw). Idempotent."""
    return Digest.model_validate_json(
        Digest.model_validate(screen_value(digest.model_dump(mode="json"))).model_dump_json())


class DigestCache:
    """Reads and atomically writes cached digests and the session-file index."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def get(self, key: str) -> Digest | None:
        raw = _read(self._digest_path(key))
        if raw is None:
            return None
        try:
            return Digest.model_validate_json(raw)
        except ValidationError:
            return None  # a foreign or older entry: recompute it

    def put(self, key: str, digest: Digest) -> None:
        write_atomic(self._digest_path(key),
                      as_cached(digest).model_dump_json().encode("utf-8"))

    def file_refs(self, agent: str, path: Path,
                  fingerprint: str) -> list[ConversationRef] | None:
        """The conversations `path` held, if it has not changed since it was indexed."""
        raw = _read(self._file_path(agent, path))
        if raw is None:
            return None
        try:
            entry = _FileEntry.model_validate_json(raw)
        except ValidationError:
            return None
        return list(entry.conversations) if entry.fingerprint == fingerprint else None

    def put_file_refs(self, agent: str, path: Path, fingerprint: str,
                      refs: list[ConversationRef]) -> None:
        entry = _FileEntry(fingerprint=fingerprint, conversations=refs)
        write_atomic(self._file_path(agent, path), entry.model_dump_json().encode("utf-8"))

    def _digest_path(self, key: str) -> str:
        return os.path.join(self.root, LAYOUT, key[:2], f"{key}.json")

    def _file_path(self, agent: str, path: Path) -> str:
        """The index entry of `path` as spelled, made absolute (not resolved: that costs a
        system call per folder of the path; another spelling of one file is one more
        entry, and the fingerprint still decides whether an entry is valid)."""
        location = os.path.abspath(path) if not os.path.isabs(path) else os.fspath(path)
        name = hashlib.sha256(f"{agent}\0{location}".encode("utf-8", "surrogatepass"))
        digest = name.hexdigest()
        return os.path.join(self.root, "files", digest[:2], f"{digest}.json")


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as stream:
            return stream.read()
    except OSError:
        return None
