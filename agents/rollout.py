"""Rollout policies for search: `(state, rng) -> action` on the search's own copy.

- `random_policy`: a uniformly random legal action (cheap; the default of MCTS).
- `GreedyPolicy`: the one-ply greedy choice under a heuristic (see agents/greedy.py),
  a random action with probability `epsilon`; far stronger per step and far slower.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from agents.heuristics import Heuristic, evaluate

RolloutPolicy = Callable[[Any, np.random.Generator], int]


def random_policy(state: Any, rng: np.random.Generator) -> int:
    """A uniformly random legal action."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


def one_ply_scores(state: Any, seat: int, actions: list[int], heuristic: Heuristic) -> list[float]:
    """For each action, `seat`'s value of the position right after it (on clones of `state`).

    The result is scored as it is, whoever must decide next (a pending choice of any seat,
    a battle half-way, the opponent's turn): the heuristic is expected to value such states.
    """
    scores = []
    for a in actions:
        child = state.clone()
        child.apply(a)
        scores.append(evaluate(child, heuristic)[seat])
    return scores


def argmax_random_tie(values: list[float], rng: np.random.Generator, tol: float = 1e-12) -> int:
    """Index of the largest value; ties broken uniformly with `rng`."""
    best = max(values)
    ties = [i for i, v in enumerate(values) if v >= best - tol]
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


class GreedyPolicy:
    """Epsilon-greedy one-ply rollout policy under `heuristic`."""

    __slots__ = ("epsilon", "heuristic")

    def __init__(self, heuristic: Heuristic, epsilon: float = 0.1) -> None:
        self.heuristic = heuristic
        self.epsilon = epsilon

    def __call__(self, state: Any, rng: np.random.Generator) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.epsilon:
            return legal[int(rng.random() * len(legal))]
        scores = one_ply_scores(state, state.current_player, legal, self.heuristic)
        return legal[argmax_random_tie(scores, rng)]
