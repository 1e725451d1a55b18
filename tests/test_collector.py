"""`collector.fewer_collections`: the garbage collector runs less often inside the block, what
`settle` froze is unfrozen after it, the settings before it come back (on an error too), and
cyclic garbage is still collected inside it."""

from __future__ import annotations

import gc
import weakref

import pytest

from skillgit.collector import OLDER_THRESHOLDS, YOUNG_THRESHOLD, fewer_collections


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def test_thresholds_and_freezing_are_undone_on_exit() -> None:
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    alive = [_Node() for _ in range(100)]
    with fewer_collections() as settle:
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
        settle()
        assert gc.get_freeze_count() >= len(alive)
        settle()   # twice is once
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_an_error_inside_restores_the_settings() -> None:
    before = gc.get_threshold()
    with pytest.raises(ValueError), fewer_collections() as settle:
        settle()
        raise ValueError("boom")
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_objects_someone_else_froze_stay_frozen() -> None:
    gc.freeze()
    try:
        theirs = gc.get_freeze_count()
        with fewer_collections() as settle:
            settle()   # not ours to freeze more, nor to unfreeze later
            assert gc.get_freeze_count() == theirs
        assert gc.get_freeze_count() == theirs
    finally:
        gc.unfreeze()


def test_cyclic_garbage_is_still_collected_inside() -> None:
    collected: list[bool] = []
    with fewer_collections() as settle:
        settle()
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        weakref.finalize(a, collected.append, True)
        del a, b
        assert not collected   # a cycle: reference counting alone never frees it
        kept: list[list[int]] = [[] for _ in range(YOUNG_THRESHOLD * 2)]   # a young collection
        assert collected == [True]
        del kept
