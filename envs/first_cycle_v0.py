"""First Cycle as a PettingZoo AEC environment: `first_cycle_v0`.

    from envs import first_cycle_v0

    env = first_cycle_v0.env(decks=["green_starter", "blue_starter"], max_turns=80)
    env.reset(seed=42)
    print(env.unwrapped.encoder.slices()["own_hand"])   # where your hand is in the vector

Two agents, `"player_0"` and `"player_1"` (seats 0 and 1 of the engine), play
rules/first_cycle.md as `sim.first_cycle` implements it (docs/rules/first_cycle.md). What
every env here shares (the AEC loop, seeding, illegal actions, rendering, action labels,
and why none has a parallel view) is in envs/core.py; the envs side by side: envs/__init__.py.

**Arguments** (all keyword): `decks` - two decks, each a starter name ("black_starter",
"orange_starter", "green_starter", "blue_starter"), a `Deck` or a deck dict (default:
black vs orange, the engine's default); `render_mode` - None, "ansi" or "human";
`with_action_labels=False`; any field of `FirstCycleParams` (e.g. `max_turns=80`,
`leader_hp=7`) - passed to `sim.load_game`, validated there. Changing params can change
the observation size and the action count.

**Turns and actions.** The agent to act is the engine's `current_player`: usually the
active player, but the defender answers Guard and Support choices inside the attacker's
turn, and a compound play (play a card, then choose its target, ...) is several
consecutive steps of the same agent. The action space is Discrete(321) with the default
params (`game.action_space_size`); action ids are the engine's (`state.action_label(a)`
names one).

**Observation.** A Dict. `"observation"`, Box float32 (2581,) with the default params, is
the encoding of `State.observation(player)` by
`envs.encoding.first_cycle.FirstCycleEncoder`, laid out in named slices documented in
docs/encoding/first_cycle.md (`env.unwrapped.encoder.slices()` in code). It holds only
what that player may know. `"action_mask"`, Box int8 (321,), is 1 exactly at the engine's
legal actions for the agent to act, and all zeros for the other agent and after the game
ends.

**Rewards and ends.** 0 on every step until the last, then +1 for the winner and -1 for
the loser (the engine's `returns()`). Reducing the opponent's Leader to 0 HP terminates
every agent; reaching the turn limit (`max_turns`, default 60) is a draw that truncates
every agent (reward 0). There is no other step limit: the turn limit bounds every game.

Measured speed: docs/performance.md (`make bench`).

**Version history.**
- v0: first release (encoder layout of docs/encoding/first_cycle.md, size 2581 with the
  default params and card set).
"""
from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from envs.core import CardGameAECEnv, CardGameSpec, wrap
from envs.encoding.first_cycle import FirstCycleEncoder
from sim.first_cycle.board import render_board

SPEC = CardGameSpec(game="first_cycle", env_name="first_cycle_v0",
                    make_encoder=FirstCycleEncoder, render_text=render_board)


def raw_env(**kwargs: Any) -> CardGameAECEnv:
    """The unwrapped env (keyword arguments: see the module docstring)."""
    return CardGameAECEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The env with PettingZoo's standard wrappers (AssertOutOfBounds, OrderEnforcing)."""
    return wrap(raw_env(**kwargs))
