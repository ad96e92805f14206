"""Checks of the values that enter an engine through its protocol (ruling C-4): an action id,
a seat, a random generator and a seed.

Each returns the value in its plain form or raises the engine's error naming the value and
what it must be, at the call that received it. The three engines call them at their entry
points (`apply`, `action_label`, `observation`, `determinize`, `new_state`), so a bad value
never travels further in; agents check their `rng` with `check_generator`.

    >>> check_action(3, 10)
    3
    >>> check_action(0.0, 10)
    Traceback (most recent call last):
    ...
    sim.core.errors.IllegalActionError: action 0.0 is a float; an action is an int id 0..9
"""
from __future__ import annotations

from typing import Any

import numpy as np

from sim.core.errors import IllegalActionError, InvalidArgumentError


def is_int(value: Any) -> bool:
    """Whether `value` is an int or a numpy integer (not a bool)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_action(action: Any, size: int) -> int:
    """`action` as a Python int when it is an int or numpy integer in 0..size-1; else
    IllegalActionError saying what is wrong (its type, or the range)."""
    if type(action) is not int:
        if not is_int(action):
            raise IllegalActionError(
                f"action {action!r} is a {type(action).__name__}; an action is an int id 0..{size - 1}")
        action = int(action)
    if not 0 <= action < size:
        raise IllegalActionError(f"action {action} is outside the action space 0..{size - 1}")
    return action


def check_seat(player: Any, num_players: int, what: str = "player") -> int:
    """`player` as a Python int when it is a seat of this game (0..num_players-1); else
    InvalidArgumentError naming the value."""
    if not is_int(player):
        raise InvalidArgumentError(
            f"{what} {player!r} is a {type(player).__name__}; a {what} is a seat int 0..{num_players - 1}")
    if not 0 <= player < num_players:
        raise InvalidArgumentError(f"{what} {player} is not a seat of this game (0..{num_players - 1})")
    return int(player)


def check_generator(rng: Any, what: str = "rng") -> np.random.Generator:
    """`rng` when it is a numpy Generator (`np.random.default_rng(seed)`); else
    InvalidArgumentError (a seed, a RandomState or None are refused: pass a Generator)."""
    if not isinstance(rng, np.random.Generator):
        raise InvalidArgumentError(
            f"{what} must be a numpy Generator (np.random.default_rng(seed)), got {type(rng).__name__} {rng!r}")
    return rng


def check_seed(seed: Any, what: str = "seed") -> int | np.random.SeedSequence:
    """`seed` when it is a non-negative int (Python or numpy, not a bool) or a numpy
    SeedSequence; else InvalidArgumentError saying what a seed must be."""
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if not is_int(seed) or seed < 0:
        raise InvalidArgumentError(
            f"{what} must be a non-negative int or a numpy SeedSequence, got {type(seed).__name__} {seed!r}")
    return int(seed)
