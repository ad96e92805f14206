"""Heuristic evaluations of non-terminal states, one per game, found by game name.

A heuristic is a callable `(state) -> list[float]`: a value in [-1, 1] for every seat,
read only from `state.observation(seat)` (search calls it on its own determinized
copies). `make_heuristic(game, **weights)` builds the registered one of a game with its
weights overridden; a game without one gets `zero_heuristic` (every seat 0.0), which
turns a depth-limited search into pure win/loss search. `evaluate(state, heuristic)`
returns the true `returns()` on terminal states and the heuristic otherwise.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Heuristic = Callable[[Any], list[float]]

# game name -> (module, factory): the factory takes weight overrides and returns a Heuristic.
_HEURISTICS: dict[str, tuple[str, str]] = {
    "cipher": ("agents.heuristics.cipher", "make"),
    "first_cycle": ("agents.heuristics.first_cycle", "make"),
    "xenodex": ("agents.heuristics.xenodex", "make"),
}


def register(game_name: str, module: str, factory: str) -> None:
    """Make `make_heuristic(game_name)` call `module.factory(**weights)`."""
    _HEURISTICS[game_name] = (module, factory)


def names() -> list[str]:
    """Games that have a registered heuristic."""
    return sorted(_HEURISTICS)


def zero_heuristic(state: Any) -> list[float]:
    """Every seat 0.0: no knowledge beyond wins and losses."""
    return [0.0] * state.game.num_players


def make_heuristic(game: Any, **weights: Any) -> Heuristic:
    """The registered heuristic of `game` (a game object or its name), weights overridden."""
    name = game if isinstance(game, str) else game.name
    if name not in _HEURISTICS:
        if weights:
            raise ValueError(f"game {name!r} has no heuristic to give weights {sorted(weights)}")
        return zero_heuristic
    module, factory = _HEURISTICS[name]
    return getattr(importlib.import_module(module), factory)(**weights)


def evaluate(state: Any, heuristic: Heuristic) -> list[float]:
    """`state.returns()` when the game is over, else `heuristic(state)`."""
    if state.is_terminal():
        return list(state.returns())
    return heuristic(state)
