"""XenodeX as a PettingZoo AEC environment for 2 to 4 players: `xenodex_v0`.

    from envs import xenodex_v0

    env = xenodex_v0.env(num_players=4, decks=["synth", "greys", "others", "synth"])
    env.reset(seed=42)
    print(env.agents)   # ["player_0", ..., "player_3"]: seats 0..3, P1..P4

For `num_players` n = 2 (default), 3 or 4 the agents are `"player_0"` ..
`"player_{n-1}"`, the engine's seats 0..n-1 (the rulebook's P1..Pn, as labels and boards
name them: the agent "player_1" is P2), playing rules/xenodex.md as
`sim.xenodex` implements it (docs/rules/xenodex.md). envs/core.py documents what every env
here shares (the AEC loop, seeding, illegal actions, rendering, action labels, no parallel
view); envs/__init__.py compares the three.

**Arguments** (all keyword): `num_players` - 2, 3 or 4 (a field of `XenodexParams`, passed to
`sim.load_game`); `decks` - one per seat, each a faction deck name ("synth", "greys",
"others"), a deck dict or a `DeckSpec` (default: synth, greys, others, then synth again);
`render_mode` - None, "ansi" or "human"; `with_action_labels=False`; any other field of
`XenodexParams` (e.g. `cycle_limit=8`, `ancients=True`) - validated by `sim.load_game`.
Changing params other than `num_players` can change the observation size; `num_players`
changes the action count only.

**Turns and actions.** The agent to act is the engine's `current_player`: each phase asks
the seats one at a time clockwise from the cycle's lead (Summon, Deploy, the strikes of
each battle, Recovery), and a compound play (select a character, then its target; a
transmission, then its target) is several consecutive steps of the same agent. The action
space (default params, `game.action_space_size`) is Discrete(312) at 2 players,
Discrete(339) at 3, Discrete(290) at 4. Action ids are the engine's
(`state.action_label(a)` names one; blocks in docs/rules/xenodex.md "Actions"); the
`target`, `capture` and `seat` blocks are seat-relative (0 = you, 1 = next clockwise,
...), like the observation.

**Observation.** `"observation"`, a Box float32 (4761,) at every player count and seat, is
the encoding of `State.observation(player)` by `envs.encoding.xenodex.XenodexEncoder`, in
named slices documented in docs/encoding/xenodex.md (`env.unwrapped.encoder.slices()` in
code). It holds only what that player may know, and it is seen from that player's seat:
seat block 0 is the observer, then the others clockwise, padded to 4 seats, so its size is
the same for every seat and every player count. `"action_mask"`, a Box int8 (A,) with A
the action count, is 1 exactly at the engine's legal actions for the agent to act, and
all zeros for every other agent and after the game ends.

**Rewards and ends.** 0 on every step until the last. A win (convergence at Results, or
the most proven slots at the cycle limit) gives the winner +1 and each other seat
-1/(n-1) (the engine's `returns()`), so the rewards sum to 0; a tie for most proven slots
at the limit is a draw, 0 for everyone. Every end, draws included, is a *termination*:
the cycle limit (`cycle_limit`, default 12) is a rule of the game that decides it, not a
time limit (the observation holds the cycles left), so `truncation_reasons` is empty and
nothing is ever truncated. The limit bounds every game; there is no other step limit.
For throughput use `envs.BatchEnv("xenodex", num_players=4, ...)`; for single-agent RL,
`envs.single_agent("xenodex", opponent=..., num_players=3)` (the opponent plays every
other seat).

Measured speed: docs/performance.md (`make bench`).

**Version history.**
- v0: first release (encoder layout of docs/encoding/xenodex.md, size 4761 with the
  default params and card set at 2, 3 and 4 players).
"""
from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from envs.core import CardGameAECEnv, CardGameSpec, wrap
from envs.encoding.xenodex import XenodexEncoder
from sim.xenodex.board import render_board

SPEC = CardGameSpec(game="xenodex", env_name="xenodex_v0", make_encoder=XenodexEncoder,
                    render_text=render_board, truncation_reasons=frozenset())


def raw_env(**kwargs: Any) -> CardGameAECEnv:
    """The unwrapped env (keyword arguments: see the module docstring)."""
    return CardGameAECEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The env with PettingZoo's standard wrappers (AssertOutOfBounds, OrderEnforcing)."""
    return wrap(raw_env(**kwargs))
