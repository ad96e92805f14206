"""`experiments.heap.frozen_heap`: objects alive at the start are frozen for the garbage collector
during the block, and handed back after it (also when it raises); inner blocks leave it to the
outer one."""
from __future__ import annotations

import gc

import pytest

from experiments.heap import frozen_heap


class Node:
    """A tracked object that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.other = None


def cycle() -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a


def test_objects_alive_at_the_start_are_frozen_and_handed_back():
    assert gc.get_freeze_count() == 0
    before = [Node() for _ in range(100)]
    with frozen_heap():
        frozen = gc.get_freeze_count()
        assert frozen >= len(before)
        with frozen_heap():  # inner: nothing more frozen, nothing handed back at its end
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen
        cycle()  # garbage made inside the block is still collected
        assert gc.collect() >= 2
    assert gc.get_freeze_count() == 0


def test_a_block_that_raises_hands_the_objects_back():
    with pytest.raises(RuntimeError), frozen_heap():
        assert gc.get_freeze_count() > 0
        raise RuntimeError("stop")
    assert gc.get_freeze_count() == 0


def test_a_caller_that_froze_objects_keeps_them_frozen():
    gc.freeze()
    try:
        count = gc.get_freeze_count()
        with frozen_heap():
            pass
        assert gc.get_freeze_count() == count
    finally:
        gc.unfreeze()
