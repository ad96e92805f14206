"""FE Cipher as a PettingZoo AEC environment: `cipher_v0`.

    from envs import cipher_v0

    env = cipher_v0.env(decks=["white_starter", "black_starter"], orbs=3)
    env.reset(seed=42)
    print(env.unwrapped.game.char_names[:3])   # unit slices are indexed by character

The agents `"player_0"` and `"player_1"` are the engine's seats 0 and 1; the rules are
rules/fe_cipher.md as implemented by `sim.cipher` (docs/rules/cipher.md). The AEC loop,
seeding, illegal actions, rendering and action labels are those of every env here, and so
is the reason for having no parallel view: see envs/core.py (and envs/__init__.py for the
three envs side by side).

**Arguments** (all keyword): `decks` - two decks, each a starter name ("red_starter",
"blue_starter", "white_starter", "black_starter"), a `Deck` or a deck dict (default: red
vs blue, the engine's default); `render_mode` - None, "ansi" or "human";
`with_action_labels=False`; any field of `CipherParams` (e.g. `max_turns=80`, `orbs=3`) -
passed to `sim.load_game`, validated there. Changing params can change the observation
size and the action count (`max_order`, `max_copies`).

**Turns and actions.** The agent to act is the engine's `current_player`: usually the
active player, but the defender answers the evasion choice inside the attacker's turn,
each player answers their own mulligan at set-up, and a compound play (attack, then its
target; a skill, then its target or the bonds it reverses; a critical, then the card
discarded) is several consecutive steps of the same agent. With the default params the
action space is Discrete(598) (`game.action_space_size`); ids are the engine's
(`state.action_label(a)` names one; units are named by character, one unit per character
name per side).

**Observation.** `"observation"` (Box float32 (2563,) by default) encodes
`State.observation(player)` with `envs.encoding.cipher.CipherEncoder`, in the named slices
of docs/encoding/cipher.md (`env.unwrapped.encoder.slices()` in code). It holds only what
that player may know: orbs are face-down for everyone, their owner included, so it holds
only how many each player has left. `"action_mask"` (Box int8 (598,)) marks with 1 the
engine's legal actions for the agent to act; it is all zeros for the other agent and
after the game ends.

**Rewards and ends.** 0 on every step until the last, then +1 for the winner and -1 for
the loser (the engine's `returns()`). Destroying a Main Character with no orb left
terminates every agent; reaching the turn limit (`max_turns`, default 60) is a draw that
truncates every agent (reward 0). An empty deck is not a loss (FE-4). There is no other
step limit: the turn limit bounds every game.

Measured speed: docs/performance.md (`make bench`).

**Version history.**
- v0: first release (encoder layout of docs/encoding/cipher.md, size 2563 with the
  default params and card set).
"""
from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from envs.core import CardGameAECEnv, CardGameSpec, wrap
from envs.encoding.cipher import CipherEncoder
from sim.cipher.board import render_board

SPEC = CardGameSpec(game="cipher", env_name="cipher_v0", make_encoder=CipherEncoder,
                    render_text=render_board)


def raw_env(**kwargs: Any) -> CardGameAECEnv:
    """The unwrapped env (keyword arguments: see the module docstring)."""
    return CardGameAECEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The env with PettingZoo's standard wrappers (AssertOutOfBounds, OrderEnforcing)."""
    return wrap(raw_env(**kwargs))
