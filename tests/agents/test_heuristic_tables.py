"""`TableCache` (agents/heuristics/tables.py): one table per (game, weights) pair, rebuilt
for another pair, and bounded; and every game's heuristic pickles without its caches."""
from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from agents.heuristics import make_heuristic
from agents.heuristics.tables import TableCache
from sim import load_game


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


@pytest.mark.parametrize("name,players", [("first_cycle", 2), ("cipher", 2), ("xenodex", 2), ("xenodex", 4)])
def test_a_pickled_heuristic_leaves_its_caches_behind(name, players):
    """A heuristic's tables and memos (positions it scored included) are caches: a pickle or
    a copy of a used one is as small as a fresh one's and scores alike."""
    game = load_game(name, num_players=players) if name == "xenodex" else load_game(name)
    heuristic = make_heuristic(game, scale=1.5)
    fresh = len(pickle.dumps(heuristic))
    state = game.new_state(3)
    rng = np.random.default_rng(3)
    values = []
    for _ in range(60):
        if state.is_terminal():
            break
        values.append(heuristic(state))
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    again = pickle.loads(pickle.dumps(heuristic))
    assert len(pickle.dumps(heuristic)) == fresh
    assert again.weights == heuristic.weights and copy.deepcopy(heuristic).weights == heuristic.weights
    assert again(state) == heuristic(state) and len(values) > 20
