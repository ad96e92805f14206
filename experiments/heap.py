"""`frozen_heap()`: leave the objects alive now out of the garbage collector's full collections
while a long search runs in this process.

    with frozen_heap():
        search(spec, study)        # a tune's trials, a deck search's rounds

A search driver imports large libraries before it starts (optuna, SQLAlchemy, pandas, ribs,
torch), and what it creates afterwards is small. A full collection walks every tracked
object, so in such a process each one costs more than the driver's own work between two
trials, and one runs whenever enough new objects have survived younger collections.
`gc.freeze` moves every object alive at the start into a permanent generation that no
collection walks; forked workers inherit it, so their collections do not copy those pages
either. `gc.unfreeze` hands them back when the block ends. Garbage cycles among the frozen
objects are only collected after that. A block inside another (or under a caller that
froze objects itself) leaves the freezing to the outer one.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Freeze the objects alive now for the garbage collector until the block ends (see the
    module docstring); a no-op inside a frozen heap."""
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
