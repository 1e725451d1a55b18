"""The verdict cache: entries round-trip, and a failed write leaves no temporary file."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillgit import atomicfile
from skillgit.judge.answer import Judgement, KillCheck, Reasoned
from skillgit.judge.cache import CachedJudgement, VerdictCache


def entry() -> CachedJudgement:
    why = Reasoned(holds=True, reason="r", evidence=["fp1#0"])
    judgement = Judgement(candidates=["fp1"], repeatable=why, room_to_improve=why,
                          repeated_ask=why, kind="new", skill=None, rank=1,
                          kill_switches=[KillCheck(switch="one-off", fires=False, reason="r",
                                                   evidence=[])])
    return CachedJudgement(members=["fp1"], judgement=judgement)


def cache(root: Path) -> VerdictCache:
    return VerdictCache(root, model="m", min_sessions=2, skills=[])


def test_an_entry_round_trips(tmp_path: Path) -> None:
    cache(tmp_path).put(entry())
    assert cache(tmp_path).get("fp1") == entry()
    assert cache(tmp_path).get("fp2") is None


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"),
                                     RuntimeError("interrupted")], ids=["disk-full", "other"])
def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 failure: BaseException) -> None:
    def fail(*_args: object) -> None:
        raise failure

    monkeypatch.setattr(atomicfile.os, "replace", fail)  # where the cache writes
    if isinstance(failure, OSError):
        cache(tmp_path).put(entry())  # a cache that cannot be written costs calls only
    else:
        with pytest.raises(RuntimeError):
            cache(tmp_path).put(entry())
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []
    monkeypatch.undo()
    cache(tmp_path).put(entry())
    assert cache(tmp_path).get("fp1") == entry()
