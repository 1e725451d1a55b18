"""Per-file fixed costs of a warm run (issue 13): a file the index knows, unchanged since, is
not sniffed again; a changed or new one is; one file reached by two names is read once."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from sessionkit import sample_session

from skillgit.distill.cache import DigestCache, default_cache_dir
from skillgit.distill.heuristic import HeuristicEngine
from skillgit.distill.run import DistillOptions, DistillResult, distill_sessions
from skillgit.redact import Redactor
from skillgit.transcripts import claude_code
from skillgit.transcripts.discover import SessionQuery

IDS = [f"0000000{n}-dddd-4bbb-8ccc-00000000000{n}" for n in range(1, 4)]


def run(source: Path, refresh: bool = False) -> DistillResult:
    return distill_sessions(HeuristicEngine(), DistillOptions(
        query=SessionQuery(source=source), workers=1, refresh=refresh),
        DigestCache(default_cache_dir()), Redactor.from_environment())


@pytest.fixture
def sniffed(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    seen: list[Path] = []
    real = claude_code.sniff

    def counting(path: Path) -> bool:
        seen.append(path)
        return real(path)

    monkeypatch.setattr(claude_code, "sniff", counting)
    return seen


def test_a_warm_run_sniffs_only_what_changed(tmp_path: Path, sniffed: list[Path]) -> None:
    folder = tmp_path / "sessions"
    paths = [sample_session(sid, topic=f"module {n}").write(folder) for n, sid in enumerate(IDS)]
    first = run(folder)
    assert first.stats.computed == 3 and len(sniffed) >= 3
    sniffed.clear()
    warm = run(folder)
    assert sniffed == [] and warm.stats.cached == 3 and warm.stats.files_parsed == 0
    sample_session(IDS[1], topic="module 1").user("and run the linter too").write(folder)
    later = time.time() + 5
    os.utime(paths[1], (later, later))
    changed = run(folder)
    assert sniffed == [paths[1]] and changed.stats.files_parsed == 1
    sniffed.clear()
    refreshed = run(folder, refresh=True)
    assert len(sniffed) == 3 and refreshed.stats.computed == 3


def test_one_file_by_two_names_is_read_once(tmp_path: Path) -> None:
    folder = tmp_path / "sessions"
    path = sample_session(IDS[0], topic="module 0").write(folder)
    os.link(path, path.with_name("hardlink-" + path.name))
    (folder / "again").symlink_to(path.parent, target_is_directory=True)
    result = run(folder)
    assert result.stats.files == 1 and [d.session_id for d in result.digests] == [IDS[0]]
