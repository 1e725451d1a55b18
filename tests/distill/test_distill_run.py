"""The distill pipeline and its cache: zero engine calls on unchanged sessions, misses on
change, refresh, interrupted runs, skipped sessions, and concurrent writers."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from multiprocessing import get_context
from pathlib import Path

import pytest
from sessionkit import ClaudeSession, Talk, sample_session

from skillgit.digest import Digest
from skillgit.distill.cache import DigestCache, default_cache_dir, file_fingerprint, parse_tag
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.render import SENTINEL
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions
from skillgit.llm.base import EngineUnavailable, InvalidAnswer, Usage
from skillgit.redact import Redactor
from skillgit.transcripts.discover import SessionQuery
from skillgit.transcripts.model import Conversation

IDS = [f"0000000{n}-aaaa-4bbb-8ccc-00000000000{n}" for n in range(1, 4)]


class CountingEngine(HeuristicEngine):
    """The heuristic engine, counting calls; `failures` maps a call number to an error."""

    def __init__(self, failures: dict[int, Exception] | None = None,
                 prompt_version: str = "test-1") -> None:
        self.calls = 0
        self.failures = failures or {}
        self.prompt_version = prompt_version
        self._lock = threading.Lock()

    def distill(self, conversation: Conversation) -> tuple[Digest, Usage]:
        with self._lock:
            self.calls += 1
            failure = self.failures.get(self.calls)
        if failure is not None:
            raise failure
        return super().distill(conversation)


@pytest.fixture
def sessions(tmp_path: Path) -> Path:
    folder = tmp_path / "sessions"
    for number, session_id in enumerate(IDS):
        path = sample_session(session_id, topic=f"module {number}").write(folder)
        stamp = time.time() - 3600 * (number + 1)  # IDS[0] is the newest
        os.utime(path, (stamp, stamp))
    return folder


def _run(source: Path, engine: CountingEngine, *, workers: int = 4, limit: int | None = None,
         refresh: bool = False, since: float | None = None,
         warnings: list[str] | None = None) -> DistillResult:
    query = SessionQuery(agents=("claude-code",), source=source, since_days=since)
    options = DistillOptions(query=query, workers=workers, limit=limit, refresh=refresh)
    sink = warnings if warnings is not None else []
    return distill_sessions(engine, options, DigestCache(default_cache_dir()),
                            Redactor.from_environment(), on_warning=sink.append)


def _json(result: DistillResult) -> list[str]:
    return sorted(d.model_dump_json() for d in result.digests)


def test_second_run_makes_no_engine_call_and_parses_no_file(sessions: Path) -> None:
    first_engine, second_engine = CountingEngine(), CountingEngine()
    first = _run(sessions, first_engine)
    assert first_engine.calls == 3 and first.stats.computed == 3
    second = _run(sessions, second_engine)
    assert second_engine.calls == 0 and second.stats.engine_calls == 0
    assert second.stats.files_parsed == 0 and second.stats.cached == 3
    assert _json(second) == _json(first)


def test_refresh_recomputes_everything(sessions: Path) -> None:
    _run(sessions, CountingEngine())
    engine = CountingEngine()
    result = _run(sessions, engine, refresh=True)
    assert engine.calls == 3 and result.stats.cached == 0


def test_a_changed_conversation_misses_and_only_it(sessions: Path) -> None:
    _run(sessions, CountingEngine())
    sample_session(IDS[1], topic="module 1").user("and run the linter too").write(sessions)
    engine = CountingEngine()
    result = _run(sessions, engine)
    assert engine.calls == 1
    assert (result.stats.cached, result.stats.computed) == (2, 1)
    changed = [d for d in result.digests if d.session_id == IDS[1]]
    assert changed[0].n_user_turns == 3


def test_another_prompt_version_is_another_cache_entry(sessions: Path) -> None:
    _run(sessions, CountingEngine(prompt_version="v1"))
    engine = CountingEngine(prompt_version="v2")
    _run(sessions, engine)
    assert engine.calls == 3


def test_engine_unavailable_stops_the_run_and_keeps_finished_digests(sessions: Path) -> None:
    failing = CountingEngine(failures={2: EngineUnavailable("openai: connection refused")})
    result = _run(sessions, failing, workers=1)
    assert isinstance(result.error, EngineUnavailable)
    assert [d.session_id for d in result.digests] == [IDS[0]]
    assert failing.calls == 2  # queued work stood down once the engine was unreachable
    healthy = CountingEngine()
    resumed = _run(sessions, healthy, workers=1)
    assert healthy.calls == 2 and resumed.stats.cached == 1 and len(resumed.digests) == 3


def test_invalid_answer_skips_only_that_session(sessions: Path) -> None:
    spent = Usage(input_tokens=700, output_tokens=90, calls=2)
    engine = CountingEngine(failures={1: InvalidAnswer("not JSON", usage=spent)})
    warnings: list[str] = []
    result = _run(sessions, engine, workers=1, warnings=warnings)
    assert result.error is None and len(result.digests) == 2
    assert result.stats.skipped_invalid == 1
    assert (result.usage.input_tokens, result.usage.calls) == (700, 2)
    assert any(IDS[0] in w and "invalid" in w for w in warnings)


def test_limit_takes_the_newest_sessions(sessions: Path) -> None:
    engine = CountingEngine()
    result = _run(sessions, engine, limit=2)
    assert sorted(d.session_id for d in result.digests) == sorted(IDS[:2])
    assert engine.calls == 2


def test_since_skips_old_files_and_old_conversations(tmp_path: Path) -> None:
    now = datetime.now(timezone.utc)
    folder = tmp_path / "s"
    sample_session("recent", start=now - timedelta(hours=2)).write(folder)
    sample_session("old-file", start=now - timedelta(hours=2)).write(folder)
    sample_session("old-talk", start=now - timedelta(days=9)).write(folder)
    old = time.time() - 10 * 86400
    os.utime(folder / "old-file.jsonl", (old, old))
    result = _run(folder, CountingEngine(), since=5)
    assert [d.session_id for d in result.digests] == ["recent"]


def test_own_llm_calls_and_prompt_less_sessions_are_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    ClaudeSession("own-call").user(f"{SENTINEL}\nDistill the recorded session").write(folder)
    ClaudeSession("no-prompt").say("hello").write(folder)
    sample_session("real-one").write(folder)
    engine = CountingEngine()
    result = _run(folder, engine)
    assert [d.session_id for d in result.digests] == ["real-one"]
    assert (result.stats.skipped_own_calls, result.stats.skipped_empty) == (1, 1)
    assert engine.calls == 1


def test_cache_holds_no_raw_transcript_text(tmp_path: Path) -> None:
    secret = "ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
    session = (ClaudeSession("raw-text")
               .user(f"Rotate the CI token {secret} and update the workflow.")
               .tool("Read", {"file_path": "/work/proj/ci.yml"}, "UNIQUE-FILE-CONTENT-4711")
               .say("UNIQUE-ASSISTANT-REPLY-4712"))
    _run(session.write(tmp_path / "s").parent, CountingEngine())
    stored = b"".join(p.read_bytes() for p in default_cache_dir().rglob("*.json"))
    assert b"Rotate the CI token" in stored  # the task quote, redacted
    for raw in (secret, "UNIQUE-FILE-CONTENT-4711", "UNIQUE-ASSISTANT-REPLY-4712"):
        assert raw.encode() not in stored


def _digest(number: int) -> Digest:
    return Digest(agent="claude-code", session_id=f"s{number}", engine="heuristic",
                  prompt_version="t", topics=[f"topic {number} " + "x" * 2000])


def _hammer(root: str, rounds: int) -> int:
    cache = DigestCache(Path(root))
    for number in range(rounds):
        cache.put(f"{number % 7:064x}", _digest(number))
    return rounds


def test_concurrent_writers_leave_only_valid_files(tmp_path: Path) -> None:
    root = tmp_path / "cache"
    with ThreadPoolExecutor(8) as threads:
        assert sum(threads.map(_hammer, [str(root)] * 8, [40] * 8)) == 320
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as processes:
        assert sum(processes.map(_hammer, [str(root)] * 2, [40] * 2)) == 80
    files = list(root.rglob("*"))
    entries = [p for p in files if p.is_file()]
    assert len(entries) == 7
    assert not [p for p in entries if p.name.startswith(".tmp-")]
    cache = DigestCache(root)
    for number in range(7):
        stored = cache.get(f"{number:064x}")
        assert stored is not None and stored.session_id.startswith("s")


def test_a_database_change_in_its_write_ahead_log_changes_the_fingerprint(
        tmp_path: Path) -> None:
    database = tmp_path / "opencode.db"
    database.write_bytes(b"main")
    before = file_fingerprint(database, "tag")
    (tmp_path / "opencode.db-wal").write_bytes(b"new rows")
    assert file_fingerprint(database, "tag") != before
    assert file_fingerprint(database, "other") != file_fingerprint(database, "tag")


def test_parse_tag_follows_redaction_settings() -> None:
    assert parse_tag(["ACME-[0-9]+"], {"HOME": "/home/a"}) != parse_tag([], {"HOME": "/home/a"})
    assert parse_tag([], {"HOME": "/home/a"}) != parse_tag([], {"HOME": "/home/b"})


class _BrokenAdapter:
    """Yields one good conversation per file, then fails like a parser bug would."""

    AGENT = "broken"

    def default_roots(self, env: object) -> list[Path]:
        return []

    def discover(self, root: Path) -> list[Path]:
        return sorted(root.glob("*.log"))

    def sniff(self, path: Path) -> bool:
        return path.suffix == ".log"

    def parse(self, path: Path, redactor: object) -> Iterator[Conversation]:
        yield Talk(session_id=path.stem).user("Summarize the deployment log please.").build()
        raise ValueError("unexpected record")


def test_a_failing_parser_is_a_warning_but_a_failing_consumer_is_not_hidden(
        tmp_path: Path) -> None:
    (tmp_path / "a.log").write_text("x")
    options = DistillOptions(query=SessionQuery(source=tmp_path))
    warnings: list[str] = []
    result = distill_sessions(CountingEngine(), options, DigestCache(tmp_path / "c"),
                              Redactor.from_environment(), registry={"broken": _BrokenAdapter()},
                              on_warning=warnings.append)
    assert [d.session_id for d in result.digests] == ["a"]
    assert any("ValueError: unexpected record" in w for w in warnings)

    def refuse(_digest: Digest) -> None:
        raise BrokenPipeError("stdout closed")

    with pytest.raises(BrokenPipeError):
        distill_sessions(CountingEngine(), options, DigestCache(tmp_path / "d"),
                         Redactor.from_environment(), registry={"broken": _BrokenAdapter()},
                         on_digest=refuse)
