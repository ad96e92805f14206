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

An opponent that also has `act_batch(states, rngs) -> actions` (a network agent such as
`agents.make("ppo:first_cycle")`, or the self-play pool of `tcglab train`) is asked for
many matches' moves at once: `BatchEnv` collects every match where the opponent must move
and calls it once per round (`play_until_batch`), `rngs[i]` being match i's own opponent
generator, as `act` would get it.

The env passes the live engine state; honest agents read it only through
`observation(seat)`, `legal_actions()` and `determinize(seat, rng)`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

Policy = Callable[[Any, np.random.Generator], int]
BatchPolicy = Callable[[list[Any], list[np.random.Generator]], list[int]]


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


def as_batch_policy(opponent: Any) -> BatchPolicy | None:
    """The opponent's `act_batch(states, rngs)` when it has one, else None."""
    act_batch = getattr(opponent, "act_batch", None)
    return act_batch if callable(act_batch) else None


def play_until_batch(states: Sequence[Any], rows: Iterable[int], seats: Sequence[frozenset[int]],
                     act_batch: BatchPolicy, rngs: Sequence[np.random.Generator]) -> None:
    """`play_until` for each match `i` of `rows` (`states[i]`, its learning seats `seats[i]`,
    its opponent generator `rngs[i]`), the opponent asked once per round for every match
    still waiting on it."""
    waiting = [i for i in rows
               if not states[i].is_terminal() and states[i].current_player not in seats[i]]
    while waiting:
        actions = act_batch([states[i] for i in waiting], [rngs[i] for i in waiting])
        if len(actions) != len(waiting):
            raise ValueError(f"act_batch returned {len(actions)} actions for {len(waiting)} states")
        for i, a in zip(waiting, actions):
            states[i].apply(a)
        waiting = [i for i in waiting
                   if not states[i].is_terminal() and states[i].current_player not in seats[i]]
