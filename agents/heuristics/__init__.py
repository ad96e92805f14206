"""Heuristic evaluations of non-terminal states, one per game, found by game name.

A heuristic is a callable `(state) -> list[float]`: a value in [-1, 1] for every seat,
defined on what a seat may see (`state.observation(seat)`, or XenodeX's public board) and
computed straight from the public fields of the state that view copies, without building
it (search calls it on its own determinized copies, thousands of times a second).
`make_heuristic(game, **weights)` builds the registered one of a game with its weights
overridden (agents/heuristics/reference.py: the same values from the view that defines
them, slowly); a game without one gets `zero_heuristic` (every seat 0.0), which
turns a depth-limited search into pure win/loss search. `evaluate(state, heuristic)`
returns the true `returns()` on terminal states and the heuristic otherwise.

    from agents.heuristics import make_heuristic
    h = make_heuristic(game, scale=2.0)        # the game's heuristic, one weight changed
    values = h(state)                          # one value per seat

Modules:
- `first_cycle`: First Cycle's material count (`FirstCycleWeights`); `first_cycle_state`
  computes it from the state (`FirstCycleHeuristic`).
- `cipher`: FE Cipher's orbs, board, cards and Main Character threat (`CipherWeights`);
  `cipher_state` computes it from the state (`CipherHeuristic`).
- `xenodex`: XenodeX's per-seat score turned into expected rewards (`XenodexWeights`);
  `xenodex_slots` adds its board terms slot by slot, replaying those of unchanged slots.
- `reference`: each heuristic computed from the view that defines it (`make_reference_heuristic`).
- `tables`: `TableCache`, the per-(game, weights) tables of the state paths, built once.
The two-seat heuristics share `TwoSeatHeuristic` (seat 1's value is minus seat 0's).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from agents.by_game import ByGame
from agents.heuristics.tables import TableCache

Heuristic = Callable[[Any], list[float]]

# game name -> (module, factory): the factory takes weight overrides and returns a Heuristic.
_HEURISTICS = ByGame("heuristic", "weights", {
    "cipher": ("agents.heuristics.cipher_state", "make"),
    "first_cycle": ("agents.heuristics.first_cycle_state", "make"),
    "xenodex": ("agents.heuristics.xenodex", "make"),
})
register = _HEURISTICS.register
"""`register(game_name, module, factory)`: `make_heuristic(game_name)` calls `module.factory`."""
names = _HEURISTICS.names
"""`names()`: the games that have a registered heuristic."""


def zero_heuristic(state: Any) -> list[float]:
    """Every seat 0.0: no knowledge beyond wins and losses."""
    return [0.0] * state.game.num_players


def make_heuristic(game: Any, **weights: Any) -> Heuristic:
    """The registered heuristic of `game` (a game object or its name), weights overridden."""
    heuristic = _HEURISTICS.build(game, **weights)
    return zero_heuristic if heuristic is None else heuristic


class TwoSeatHeuristic:
    """Base of the two-seat heuristics (First Cycle, FE Cipher): `(state) -> [v, -v]`, where
    v is seat 0's value in [-1, 1] (`seat0_value`, read from seat 0's observation): in a
    zero-sum game of two seats, seat 1's value is minus seat 0's.

    A subclass names its `TableCache` (`tables`: the per-(game, weights) tables its state
    path reads) and `value_with`, a staticmethod `(state, tables) -> seat 0's value`; an
    instance keeps the tables of the last game it scored."""

    __slots__ = ("weights", "_tables")
    tables: ClassVar[TableCache]
    value_with: ClassVar[Callable[[Any, Any], float]]

    def __init__(self, weights: Any) -> None:
        self.weights = weights
        self._tables: Any = None

    def __reduce__(self) -> tuple:
        # the tables are a cache: a copy or a pickle rebuilds them
        return type(self), (self.weights,)

    def __call__(self, state: Any) -> list[float]:
        t = self._tables
        if t is None or t.game is not state.game or t.w is not self.weights:
            t = self._tables = self.tables.get(state.game, self.weights)
        v = self.value_with(state, t)
        return [v, -v]

    def seat0_value(self, state: Any) -> float:
        """Seat 0's value of a non-terminal `state`."""
        return self(state)[0]


def evaluate(state: Any, heuristic: Heuristic) -> list[float]:
    """`state.returns()` when the game is over, else `heuristic(state)`."""
    if state.is_terminal():
        return list(state.returns())
    return heuristic(state)
