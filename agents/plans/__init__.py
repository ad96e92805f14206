"""Plans: game-specific strategy that prunes a seat's legal actions before a search.

A plan is a callable `(state, legal) -> list[int]`: the subset of `legal` (never empty,
in the same order) that the plan allows `state.current_player` to play now. It reads
only what that seat may see (public facts and its own cards), so a search may call it
on its determinized copies. `make_plan(game, **settings)` builds the registered plan of
a game (`None` when the game has none); `MCTSAgent` prunes its own seat's decisions with
it (`MCTSConfig.plan`), as Go programs prune moves with expert knowledge, so the search
spends its iterations choosing among the moves that fit the plan.

An agent asks on the live state through `allowed_actions(plan, state, legal)`, which shows
the plan a determinization (the agent interface offers nothing else, agents/base.py) drawn
from a generator of its own, so the agent's stream is left as it was; the plan reads only
what the seat sees, so every determinization gets the same answer.

Modules:
- `xenodex`: XenodeX's home-slot plan (`HomeSlotSettings`): hold one slot with everything,
  keep a reserve, spoil late.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from agents.by_game import ByGame

Plan = Callable[[Any, list[int]], list[int]]

# game name -> (module, factory): the factory takes settings and returns a Plan.
_PLANS = ByGame("plan", "settings", {"xenodex": ("agents.plans.xenodex", "make")})
names = _PLANS.names
"""`names()`: the games that have a registered plan."""


_VIEW_RNG = np.random.default_rng(0)
"""Draws the determinizations of `allowed_actions`: never the agent's own generator."""


def allowed_actions(plan: Plan, state: Any, legal: list[int]) -> list[int]:
    """The actions of `legal` that `plan` allows the seat to act on the live `state`, read
    from a determinization for that seat (see the module docstring)."""
    if len(legal) < 2:
        return legal
    return plan(state.determinize(state.current_player, _VIEW_RNG), legal)


def make_plan(game: Any, **settings: Any) -> Plan | None:
    """The registered plan of `game` (a game object or its name), or None if it has none."""
    return _PLANS.build(game, **settings)


def required_plan(game: Any, field: str) -> Plan:
    """The plan of `game`; a ValueError naming the config `field` that asked for it when the
    game has none."""
    plan = make_plan(game)
    if plan is None:
        raise ValueError(f"{field}: game {game.name!r} has no plan (games with one: {names()})")
    return plan
