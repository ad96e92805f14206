"""Heuristic evaluations of non-terminal states, one per game, found by game name.

A heuristic is a callable `(state) -> list[float]`: a value in [-1, 1] for every seat,
defined on what a seat may see (`state.observation(seat)`, or XenodeX's public board) and
computed straight from the public fields of the state that view copies, without building
it (search calls it on its own determinized copies, thousands of times a second).
`make_heuristic(game, **weights)` builds the registered one of a game with its weights
overridden (`make_reference_heuristic(game)`: the same values from the view that
defines them, slowly); a game without one gets `zero_heuristic` (every seat 0.0), which
turns a depth-limited search into pure win/loss search. `evaluate(state, heuristic)`
returns the true `returns()` on terminal states and the heuristic otherwise.

    from agents.heuristics import make_heuristic
    h = make_heuristic(game, scale=2.0)        # the game's heuristic, one weight changed
    values = h(state)                          # one value per seat

Modules:
- `first_cycle`: First Cycle's material count (`FirstCycleWeights`).
- `cipher`: FE Cipher's orbs, board, cards and Main Character threat (`CipherWeights`).
- `xenodex`: XenodeX's per-seat score turned into expected rewards (`XenodexWeights`).
The two-seat heuristics share `TwoSeatHeuristic` (seat 1's value is minus seat 0's).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agents.by_game import ByGame

Heuristic = Callable[[Any], list[float]]

# game name -> (module, factory): the factory takes weight overrides and returns a Heuristic.
_HEURISTICS = ByGame("heuristic", "weights", {
    "cipher": ("agents.heuristics.cipher", "make"),
    "first_cycle": ("agents.heuristics.first_cycle", "make"),
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
    zero-sum game of two seats, seat 1's value is minus seat 0's."""

    __slots__ = ("weights",)

    def __init__(self, weights: Any) -> None:
        self.weights = weights

    def __call__(self, state: Any) -> list[float]:
        v = self.seat0_value(state)
        return [v, -v]

    def seat0_value(self, state: Any) -> float:
        """Seat 0's value of a non-terminal `state`."""
        raise NotImplementedError


def make_reference_heuristic(game: Any) -> Heuristic:
    """The registered heuristic of `game` (default weights) computed from the view that
    defines it: `value` of seat 0's observation (First Cycle, FE Cipher; seat 1 gets minus
    it) or `values` of the public board (XenodeX). Several times slower than the heuristic
    `make_heuristic` gives, and equal to it: the definition the fast paths and the greedy
    agent are held to (tests, bench/agents.py)."""
    name = game.name
    if name == "first_cycle":
        from agents.heuristics import first_cycle as fc_h
        fc_w = fc_h.FirstCycleWeights()

        def first_cycle(state: Any) -> list[float]:
            v = fc_h.value(state.observation(0), fc_w)
            return [v, -v]
        return first_cycle
    if name == "cipher":
        from agents.heuristics import cipher as cipher_h
        cipher_w = cipher_h.CipherWeights()

        def cipher(state: Any) -> list[float]:
            v = cipher_h.value(state.observation(0), cipher_w, state.game)
            return [v, -v]
        return cipher
    if name == "xenodex":
        from agents.heuristics import xenodex as xd_h
        xd_w = xd_h.XenodexWeights()
        tables = xd_h._Tables(game)
        return lambda state: xd_h.values(state.public_board(), tables, xd_w)
    return zero_heuristic


def evaluate(state: Any, heuristic: Heuristic) -> list[float]:
    """`state.returns()` when the game is over, else `heuristic(state)`."""
    if state.is_terminal():
        return list(state.returns())
    return heuristic(state)
