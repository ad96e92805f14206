"""`GreedyAgent`: one-ply lookahead under the game's heuristic, on determinized copies.

For each legal action the agent applies it to a copy of a determinization (drawn from
the acting seat's view, so hidden cards and future draws are re-dealt) and scores the
result with the game's heuristic from the acting seat's side (agents/heuristics). It
scores the result as it stands even when a choice is pending (its own next step of a
compound play, or the defender's Guard) — the heuristic values such states. With
`samples` > 1 the scores are averaged over that many determinizations. Ties are broken
with the `rng` of `act`. The determinization's legal list is built once, so the copies
inherit it, and the last action is played on the determinization itself: the choices,
scores and draws from `rng` are those of a fresh copy per action. A heuristic that scores
only the public board (`scores_public_board`, XenodeX's) is given the game's
`determinize_public` copy where it has one: the draws from `rng` and the public board after
each action are `determinize`'s, without the cost of re-dealing the characters canonically.
With `plan` the agent chooses only among the actions the game's plan allows (agents/plans);
off by default, so plain "greedy" is the baseline opponent.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat
from agents.heuristics import Heuristic, make_heuristic
from agents.plans import Plan, allowed_actions, required_plan
from agents.rollout import argmax_random_tie


@dataclasses.dataclass(frozen=True)
class GreedyConfig(AgentConfig):
    """Greedy agent settings."""

    samples: int = 1
    """Determinizations the one-ply scores are averaged over."""
    plan: bool = False
    """Choose only among the actions the game's plan allows (agents/plans)."""

    def __post_init__(self) -> None:
        if self.samples < 1:
            raise ValueError(f"GreedyConfig.samples must be >= 1, got {self.samples}")


class GreedyAgent:
    """Plays the action whose immediate result the heuristic likes best."""

    name: ClassVar[str] = "greedy"

    def __init__(self, config: GreedyConfig | None = None, heuristic: Heuristic | None = None) -> None:
        self.config = config or GreedyConfig()
        self._heuristic = heuristic
        self._by_game: dict[str, Heuristic] = {}
        self._plans: dict[str, Plan] = {}
        self.last_scores: dict[int, float] | None = None
        """Action -> mean one-ply score of the last decision with a choice."""

    def heuristic_for(self, game: Any) -> Heuristic:
        """The injected heuristic, else the one registered for `game`."""
        if self._heuristic is not None:
            return self._heuristic
        h = self._by_game.get(game.name)
        if h is None:
            h = self._by_game[game.name] = make_heuristic(game)
        return h

    def plan_for(self, game: Any) -> Plan:
        """The game's plan (ValueError when it has none)."""
        plan = self._plans.get(game.name)
        if plan is None:
            plan = self._plans[game.name] = required_plan(game, "GreedyConfig.plan")
        return plan

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """The legal (and, with `plan`, allowed) action with the best averaged one-ply score
        for the acting seat."""
        seat = acting_seat(state, rng)
        legal = state.legal_actions()
        if self.config.plan:
            legal = allowed_actions(self.plan_for(state.game), state, legal)
        if len(legal) == 1:
            return legal[0]
        heuristic = self.heuristic_for(state.game)
        totals = [0.0] * len(legal)
        deal = state.determinize
        if getattr(heuristic, "scores_public_board", False):
            deal = getattr(state, "determinize_public", deal)
        for _ in range(self.config.samples):
            world = deal(seat, rng)
            for i, s in enumerate(spend_world(world, seat, legal, heuristic)):
                totals[i] += s
        self.last_scores = {a: t / self.config.samples for a, t in zip(legal, totals)}
        return legal[argmax_random_tie(totals, rng)]


def spend_world(world: Any, seat: int, actions: list[int], heuristic: Heuristic) -> list[float]:
    """`one_ply_scores` of `actions` on a determinization the caller no longer needs, faster:
    its legal list is built once (the clones inherit it instead of each rebuilding it), and
    the last action is applied to `world` itself rather than to a clone."""
    world.legal_actions()
    scores = []
    last = len(actions) - 1
    for i, a in enumerate(actions):
        child = world if i == last else world.clone()
        child.apply(a)
        scores.append(child.returns()[seat] if child.is_terminal() else heuristic(child)[seat])
    return scores


def plain_lookahead(state: Any, rng: np.random.Generator, heuristic: Heuristic, samples: int = 1,
                    plan: Plan | None = None) -> tuple[int, dict[int, float] | None]:
    """The plain one-ply lookahead `GreedyAgent` computes faster, kept as its definition:
    (the chosen action, action -> mean score, or None when only one action is allowed).

    Per sample one determinization for the acting seat, then for each legal (and, with
    `plan`, allowed) action a fresh clone of it, the action applied and the result scored
    for the acting seat (`returns()` when the game is over); ties broken with `rng`. With
    the reference heuristic (agents/heuristics/reference.py) this is greedy as first
    written: tests hold `GreedyAgent` to its choices, scores and draws from `rng`, and
    bench/agents.py times both.
    """
    seat = state.current_player
    legal = state.legal_actions()
    if plan is not None:
        legal = allowed_actions(plan, state, legal)
    if len(legal) == 1:
        return legal[0], None
    totals = [0.0] * len(legal)
    for _ in range(samples):
        world = state.determinize(seat, rng)
        for i, a in enumerate(legal):
            child = world.clone()
            child.apply(a)
            totals[i] += (list(child.returns()) if child.is_terminal() else heuristic(child))[seat]
    pick = argmax_random_tie(totals, rng)
    return legal[pick], {a: t / samples for a, t in zip(legal, totals)}
