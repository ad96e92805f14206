"""Opponents for the single-agent wrapper and BatchEnv: anything that picks an action.

An opponent is either
- an agent object with `act(state, rng) -> action` (the interface of `agents`, for the
  seat `state.current_player`; docs/ARCHITECTURE.md), e.g. `agents.make("greedy")`;
- a callable `(state, rng) -> action`.

    import agents
    from envs import single_agent
    env = single_agent("cipher", opponent=agents.make("mcts:iterations=200"))

envs sit below agents and never import them, so a name string such as "random" is refused
with a ValueError that says to pass `agents.make(name)` instead.

The env passes the live engine state; honest agents read it only through
`observation(seat)`, `legal_actions()` and `determinize(seat, rng)`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

Policy = Callable[[Any, np.random.Generator], int]


def as_policy(opponent: Any) -> Policy:
    """The `(state, rng) -> action` callable of an agent object or of a callable."""
    if opponent is None:
        raise ValueError("an opponent is required: an agent with act(state, rng), e.g. "
                         "agents.make('random'), or a callable (state, rng) -> action")
    if isinstance(opponent, str):
        raise ValueError(f"opponent {opponent!r} is a name, and envs do not build agents: "
                         f"pass the agent itself, agents.make({opponent!r})")
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
