"""`TableCache`: the tables a state-path heuristic derives from a (game, weights) pair,
built once per pair and shared by every call.

    _TABLES = TableCache(_Tables)          # _Tables(game, weights), with .game and .w
    t = _TABLES.get(state.game, weights)   # the same object for the same pair

A cached table keeps its game and weights, so a pair reusing a dead pair's ids is rebuilt,
not mistaken for it; the cache forgets everything past `limit` pairs.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class TableCache(Generic[T]):
    """Tables built by `build(game, weights)` (objects with `.game` and `.w`), per pair."""

    def __init__(self, build: Callable[[Any, Any], T], limit: int = 64) -> None:
        self.build = build
        self.limit = limit
        self.tables: dict[tuple[int, int], T] = {}

    def get(self, game: Any, w: Any) -> T:
        """The tables of (game, w), built on first use."""
        key = (id(game), id(w))
        t = self.tables.get(key)
        if t is None or t.game is not game or t.w is not w:  # type: ignore[attr-defined]
            if len(self.tables) >= self.limit:
                self.tables.clear()
            t = self.tables[key] = self.build(game, w)
        return t
