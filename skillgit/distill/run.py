"""The distill pipeline: sessions in, one cached `Digest` per conversation out.

Session files come from the transcripts discovery (`--since`, `--agent`, `--source`),
newest first. A file whose conversations all have cached digests is not even parsed;
otherwise each conversation is looked up by content hash and only misses go to the
engine, on `workers` threads. Each digest is verified (quotes must occur in their turn)
and cached the moment it is done, so an interrupted run keeps its work: an
`EngineUnavailable` stops the run (reported in `DistillResult.error`), an `InvalidAnswer`
skips that one session with a warning. Sidechains, sessions without a user prompt and
skillgit's own LLM calls are skipped.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from skillgit import stages
from skillgit.digest import Digest
from skillgit.distill.cache import (
    ConversationRef,
    DigestCache,
    as_cached,
    conversation_ref,
    digest_key,
    file_fingerprint,
    parse_tag,
)
from skillgit.distill.verify import verify_digest, with_sources
from skillgit.llm.base import Engine, EngineUnavailable, InvalidAnswer, Usage
from skillgit.transcripts.discover import (
    SessionQuery,
    file_context,
    select_adapters,
    session_files,
)
from skillgit.transcripts.model import Adapter, Conversation, Redacting
from skillgit.transcripts.walk import describe

Sink = Callable[[str], None]


@dataclass(frozen=True)
class DistillOptions:
    query: SessionQuery = field(default_factory=SessionQuery)
    workers: int = 4
    limit: int | None = None
    refresh: bool = False
    parse_tag: str = ""  # identifies parser + redaction settings for the file index


@dataclass
class DistillStats:
    files: int = 0
    files_parsed: int = 0
    sessions: int = 0
    cached: int = 0
    computed: int = 0
    engine_calls: int = 0
    skipped_empty: int = 0
    skipped_own_calls: int = 0
    skipped_invalid: int = 0
    failed: int = 0
    dropped_items: int = 0


@dataclass
class DistillResult:
    digests: list[Digest] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    stats: DistillStats = field(default_factory=DistillStats)
    error: EngineUnavailable | None = None


class _StoodDown(Exception):
    """A queued job that was not run because the engine had become unreachable."""


@dataclass(frozen=True)
class _Job:
    conversation: Conversation
    key: str


def prompt_version_of(engine: Engine) -> str:
    """The engine's prompt version (part of the cache key); engines may omit it."""
    value = getattr(engine, "prompt_version", None)
    return value if isinstance(value, str) and value else "unversioned"


class _Run:
    def __init__(self, engine: Engine, options: DistillOptions, cache: DigestCache,
                 redactor: Redacting, on_digest: Callable[[Digest], None] | None,
                 warn: Sink, cutoff: float | None) -> None:
        self.engine, self.options, self.cache, self.redactor = engine, options, cache, redactor
        self.on_digest, self.warn, self.cutoff = on_digest, warn, cutoff
        self.result = DistillResult()
        self.pending: dict[Future[tuple[Digest, Usage]], _Job] = {}
        self.version = prompt_version_of(engine)
        self.cache_broken = False
        self.index: dict[tuple[str, Path], tuple[str, list[ConversationRef]]] = {}
        self.fingerprints: dict[Path, str] = {}  # taken once per file and run
        self.agents: list[str] = []
        self.claimed: dict[Path, str | None] = {}  # what `known` answered, per path
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def full(self) -> bool:
        limit = self.options.limit
        return limit is not None and len(self.result.digests) + len(self.pending) >= limit

    def key(self, ref: ConversationRef) -> str:
        return digest_key(ref.content_hash, self.engine.name, self.engine.model, self.version)

    def eligible(self, ref: ConversationRef, *, count: bool) -> bool:
        stats = self.result.stats
        if ref.is_sidechain and not self.options.query.include_sidechains:
            return False
        if self.cutoff is not None and ref.last_activity is not None \
                and ref.last_activity < self.cutoff:
            return False
        if ref.own_call or ref.n_user_turns == 0:
            if count:
                stats.sessions += 1
                if ref.own_call:
                    stats.skipped_own_calls += 1
                else:
                    stats.skipped_empty += 1
            return False
        return True

    def known(self, path: Path) -> str | None:
        """The agent whose index entry holds `path`, unchanged since (discovery then need not
        sniff it), first in adapter order; what was read is kept for `from_index`."""
        if self.options.refresh:
            return None
        if path in self.claimed:  # every adapter asks in turn: look it up once
            return self.claimed[path]
        fingerprint = self.fingerprint(path)
        found = None
        for agent in self.agents:
            refs = self.cache.file_refs(agent, path, fingerprint)
            if refs is not None:
                self.index[(agent, path)] = (fingerprint, refs)
                found = agent
                break
        self.claimed[path] = found
        return found

    def fingerprint(self, path: Path) -> str:
        found = self.fingerprints.get(path)
        if found is None:
            found = self.fingerprints[path] = file_fingerprint(path, self.options.parse_tag)
        return found

    def from_index(self, agent: str, path: Path, fingerprint: str) -> bool:
        """Emit cached digests for an unchanged file; False when it must be parsed."""
        seen = self.index.pop((agent, path), None)
        refs = seen[1] if seen is not None and seen[0] == fingerprint else \
            self.cache.file_refs(agent, path, fingerprint)
        if refs is None:
            return False
        digests: list[Digest] = []
        for ref in refs:
            if self.eligible(ref, count=False):
                cached = self.cache.get(self.key(ref))
                if cached is None:
                    return False
                digests.append(cached)
        for ref in refs:
            self.eligible(ref, count=True)  # counts the sessions it skips
        for digest in digests:
            if self.full():
                break
            self.result.stats.sessions += 1
            self.emit(digest, cached=True)
        return True

    def parse(self, adapter: Adapter, agent: str, path: Path, fingerprint: str) -> None:
        self.result.stats.files_parsed += 1
        refs: list[ConversationRef] = []
        conversations: Iterator[Conversation] | None = None
        while True:
            try:  # only the adapter's own failures are caught here, not the callbacks'
                if conversations is None:
                    conversations = iter(adapter.parse(path, self.redactor))
                conversation = next(conversations, None)
            except OSError as exc:  # gone or unreadable since it was found
                self.warn(f"could not read {file_context(path, exc)}: {describe(exc)}")
                return
            except Exception as exc:  # hostile input must not stop the run
                self.warn(f"could not read {path} as {agent}: {type(exc).__name__}: {exc}")
                return
            if conversation is None:
                break
            refs.append(self.accept(conversation))
        self.store(lambda: self.cache.put_file_refs(agent, path, fingerprint, refs))

    def accept(self, conversation: Conversation) -> ConversationRef:
        for message in conversation.warnings:
            self.warn(message)
        ref = conversation_ref(conversation)
        if self.full() or self.result.error is not None or not self.eligible(ref, count=True):
            return ref
        self.result.stats.sessions += 1
        key = self.key(ref)
        cached = None if self.options.refresh else self.cache.get(key)
        if cached is not None:
            self.emit(cached, cached=True)
        else:
            self.submit(_Job(conversation, key))
        return ref

    def submit(self, job: _Job) -> None:
        while len(self.pending) >= 2 * max(self.options.workers, 1):
            self.drain(block=True)
        self.pending[self.pool.submit(self.call_engine, job.conversation)] = job

    def call_engine(self, conversation: Conversation) -> tuple[Digest, Usage]:
        """Runs on a worker thread; once the engine is unreachable, queued jobs stand down."""
        if self.stopping.is_set():
            raise _StoodDown
        with self.lock:
            self.result.stats.engine_calls += 1
        try:
            return self.engine.distill(conversation)
        except EngineUnavailable:
            self.stopping.set()
            raise

    def drain(self, *, block: bool) -> None:
        if not self.pending:
            return
        done, _ = wait(list(self.pending), timeout=None if block else 0,
                       return_when=FIRST_COMPLETED)
        for future in done:
            job = self.pending.pop(future)
            self.finish(future, job)

    def finish(self, future: Future[tuple[Digest, Usage]], job: _Job) -> None:
        stats, session = self.result.stats, job.conversation.session_id
        if future.cancelled():
            return
        try:
            digest, usage = future.result()
        except _StoodDown:
            return
        except EngineUnavailable as exc:
            self.result.error = self.result.error or exc
            for other in self.pending:
                other.cancel()
            return
        except InvalidAnswer as exc:
            stats.skipped_invalid += 1
            self.result.usage = self.result.usage + exc.usage
            self.warn(f"skipping session {session}: the engine's answer was invalid ({exc})")
            return
        except Exception as exc:  # an engine bug on one session must not stop the run
            stats.failed += 1
            self.warn(f"skipping session {session}: engine {self.engine.name} failed: "
                      f"{type(exc).__name__}: {exc}")
            return
        self.result.usage = self.result.usage + usage
        verified = verify_digest(digest, job.conversation)
        if verified.dropped:
            stats.dropped_items += verified.dropped
            digest = Digest.model_validate({**digest.model_dump(),
                                            **verified.answer.model_dump()})
        digest = with_sources(digest, job.conversation)  # quotes screened with their turn
        digest = as_cached(digest)  # a cold run sees what a warm one reads back
        self.store(lambda: self.cache.put(job.key, digest))
        stats.computed += 1
        self.emit(digest, cached=False)

    def emit(self, digest: Digest, *, cached: bool) -> None:
        if cached:
            self.result.stats.cached += 1
        self.result.digests.append(digest)
        stages.advance()
        if self.on_digest is not None:
            self.on_digest(digest)

    def store(self, write: Callable[[], None]) -> None:
        try:
            write()
        except OSError as exc:
            if not self.cache_broken:
                self.cache_broken = True
                self.warn(f"cannot write the digest cache in {self.cache.root}: {exc}")

    def run(self, files: list[tuple[str, Path]], adapters: Mapping[str, Adapter]) -> None:
        with ThreadPoolExecutor(max_workers=max(self.options.workers, 1)) as self.pool:
            for agent, path in files:
                if self.result.error is not None or self.full():
                    break
                self.result.stats.files += 1
                fingerprint = self.fingerprint(path)
                if self.options.refresh or not self.from_index(agent, path, fingerprint):
                    self.parse(adapters[agent], agent, path, fingerprint)
                self.drain(block=False)
            while self.pending:
                self.drain(block=True)


def distill_sessions(engine: Engine, options: DistillOptions, cache: DigestCache,
                     redactor: Redacting, *, env: Mapping[str, str] | None = None,
                     registry: Mapping[str, Adapter] | None = None,
                     on_digest: Callable[[Digest], None] | None = None,
                     on_warning: Sink | None = None, now: float | None = None) -> DistillResult:
    """Distill every conversation `options.query` selects; see the module docstring."""
    query = options.query
    adapters = select_adapters(query.agents, registry)
    cutoff = None
    if query.since_days is not None:
        cutoff = (time.time() if now is None else now) - query.since_days * 86400
    sink = on_warning or (lambda _message: None)

    def warn(message: str) -> None:  # paths in it: the home folder shows as ~
        sink(redactor.redact(message))

    run = _Run(engine, options, cache, redactor, on_digest, warn, cutoff)
    run.agents = list(adapters)
    files = list(session_files(adapters, source=query.source, env=env, modified_after=cutoff,
                               on_warning=warn, known=run.known))
    files.sort(key=lambda item: (-_mtime(item[1]), str(item[1])))
    stages.begin("distilling", min(len(files), options.limit or len(files)), "sessions")
    run.run(files, adapters)
    return run.result


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


__all__ = ["DistillOptions", "DistillResult", "DistillStats", "conversation_ref",
           "distill_sessions", "parse_tag", "prompt_version_of"]
