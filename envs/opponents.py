"""Opponents for the single-agent wrapper and BatchEnv: anything that picks an action.

An opponent is any of
- an agent object with `act(state, rng) -> action` (the interface of `agents`, for the
  seat `state.current_player`; ../shared/DESIGN.md layer 3);
- a callable `(state, rng) -> action`;
- a name or spec string for `agents.make` (e.g. "random", "mcts:iterations=200"),
  resolved when the `agents` package provides it.

The env passes the live engine state; honest agents read it only through
`observation(seat)`, `legal_actions()` and `determinize(seat, rng)`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

Policy = Callable[[Any, np.random.Generator], int]


def as_policy(opponent: Any) -> Policy:
    """A `(state, rng) -> action` callable for any accepted opponent form."""
    if opponent is None:
        raise ValueError("an opponent is required: an agent with act(state, rng), a callable "
                         "(state, rng) -> action, or an agents.make name such as 'random'")
    if isinstance(opponent, str):
        try:
            import agents
            opponent = agents.make(opponent)
        except Exception as e:  # the agents package may not provide the name (yet)
            raise ValueError(f"cannot build opponent {opponent!r} with agents.make: {e}") from e
    act = getattr(opponent, "act", None)
    if callable(act):
        return act
    if callable(opponent):
        return opponent
    raise TypeError("opponent must have act(state, rng) or be callable, got "
                    f"{type(opponent).__name__}")


def play_until(state: Any, seats: frozenset[int] | set[int], policy: Policy,
               rng: np.random.Generator) -> int:
    """Let `policy` play every seat not in `seats` until one of `seats` decides or the game
    ends; returns the number of opponent moves made."""
    moves = 0
    while not state.is_terminal() and state.current_player not in seats:
        state.apply(policy(state, rng))
        moves += 1
    return moves
