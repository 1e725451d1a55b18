"""Python's cyclic garbage collector, set for a run that builds many long-lived objects.

A mining run reads tens of thousands of cached digests and builds as many signals and term
sets, nearly all of them alive until the run ends, and makes almost no cyclic garbage (parse
trees, models and sets are freed by reference counting). With the default thresholds (a young
collection every 700 allocations, a full one each time the heap grows by a quarter) the
collector spends a tenth of a warm run traversing objects that are never garbage.

`fewer_collections` collects the young generation every `YOUNG_THRESHOLD` allocations
instead, and its `settle` moves every object alive at that moment (the distilled digests) out
of the collector's sight (`gc.freeze`) until the block ends. Both are undone on exit. Neither
changes what any code computes: the collector only ever frees unreachable cycles, and still
does, less often.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 50_000
OLDER_THRESHOLDS = (20, 100)   # young collections per middle one, middle per full one


@contextmanager
def fewer_collections() -> Iterator[Callable[[], None]]:
    """Collect less often inside the block; yields `settle`, which freezes what is alive now
    (only when nothing else froze objects before: their owner unfreezes those)."""
    before = gc.get_threshold()
    frozen = False

    def settle() -> None:
        nonlocal frozen
        if not frozen and gc.get_freeze_count() == 0:
            gc.freeze()
            frozen = True

    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
    try:
        yield settle
    finally:
        gc.set_threshold(*before)
        if frozen:
            gc.unfreeze()
