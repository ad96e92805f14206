"""`TableCache` (agents/heuristics/tables.py): one table per (game, weights) pair, rebuilt
for another pair, and bounded."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agents.heuristics.tables import TableCache


@dataclass
class _Table:
    game: Any
    w: Any


def test_one_table_per_pair_and_another_for_another_pair():
    built: list[tuple] = []
    cache = TableCache(lambda g, w: built.append((g, w)) or _Table(g, w))
    game, w, other_w = object(), object(), object()
    t = cache.get(game, w)
    assert cache.get(game, w) is t and len(built) == 1
    u = cache.get(game, other_w)
    assert u is not t and (u.game, u.w) == (game, other_w) and len(built) == 2


def test_a_table_of_a_dead_pair_with_the_same_ids_is_not_reused():
    cache = TableCache(_Table)
    game, w = object(), object()
    stale = _Table(object(), w)
    cache.tables[(id(game), id(w))] = stale   # what a dead game with a reused id leaves
    t = cache.get(game, w)
    assert t is not stale and t.game is game


def test_the_cache_forgets_past_its_limit():
    cache = TableCache(_Table, limit=3)
    keep = [(object(), object()) for _ in range(5)]
    for g, w in keep:
        cache.get(g, w)
    assert len(cache.tables) <= 3
