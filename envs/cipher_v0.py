"""FE Cipher as a PettingZoo AEC environment: `cipher_v0`.

    from envs import cipher_v0

    env = cipher_v0.env(render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])  # or your policy
        env.step(action)
    env.close()

| | |
|---|---|
| Import | `from envs import cipher_v0` |
| Actions | Discrete(598) with the default params (`game.action_space_size`) |
| Agents | `["player_0", "player_1"]` (seats 0 and 1 of the engine) |
| Observation | Dict: `"observation"` Box float32 (2563,), `"action_mask"` Box int8 (598,) |
| Parallel API | no (see below) |
| Rules | rules/fe_cipher.md as implemented by `sim.cipher` (docs/rules/cipher.md) |

**Arguments** (all keyword): `decks` - two decks, each a starter name ("red_starter",
"blue_starter", "white_starter", "black_starter"), a `Deck` or a deck dict (default: red
vs blue, the engine's default); `render_mode` - None, "ansi" (`render()` returns the board
as text) or "human" (prints it after every step); `with_action_labels=False` - when True,
`infos[agent to act]["action_labels"]` maps each legal action id to its readable label
(slow: off by default); any field of `CipherParams` (e.g. `max_turns=80`, `orbs=3`) -
passed to `sim.load_game`, validated there. Changing params can change the observation
size and the action count (`max_order`, `max_copies`).

**Turns and actions.** The agent to act (`agent_selection`) is the engine's
`current_player`: usually the active player, but the defender answers the evasion choice
inside the attacker's turn, each player answers their own mulligan at set-up, and a
compound play (attack, then its target; a skill, then its target or the bonds it
reverses; a critical, then the card discarded) is several consecutive steps of the same
agent, so the action space stays a small flat Discrete. Action ids are the engine's
(`state.action_label(a)` names one; units are named by character, one unit per character
name per side). An action outside the space trips PettingZoo's
`AssertOutOfBoundsWrapper`; an illegal action raises `sim.IllegalActionError` and leaves
the game unchanged (there is no penalty mode in the AEC env; the single-agent wrapper has
one).

**Observation.** `"observation"` is the float32 encoding of `State.observation(player)`
by `envs.encoding.cipher.CipherEncoder`, laid out in named slices documented in
docs/encoding/cipher.md (`env.unwrapped.encoder.slices()` in code). It holds only what
that player may know: orbs are face-down for everyone, their owner included, so it holds
only how many each player has left. `"action_mask"` is 1 exactly at the engine's legal
actions for the agent to act, and all zeros for the other agent and after the game ends.

**Rewards and ends.** 0 on every step until the last, then +1 for the winner and -1 for
the loser (the engine's `returns()`). Destroying a Main Character with no orb left
terminates every agent; reaching the turn limit (`max_turns`, default 60) is a draw that
truncates every agent (reward 0). An empty deck is not a loss (FE-4). There is no other
step limit: the turn limit bounds every game.

**Seeding.** `reset(seed=s)` makes the game sequence reproducible: that reset and every
later unseeded reset deal games from `SeedSequence(s)`, identically in every process.
`env.unwrapped.game_seed` is the engine seed of the game in play and
`env.unwrapped.game_state` its engine state (for inspection; act only through `step`).

**Why no parallel view.** As in first_cycle_v0: one decider at a time, often the same
player several times in a row, so PettingZoo's parallel API (every live agent acts on
every step) does not fit (`metadata["is_parallelizable"] = False`). For throughput, use
`envs.BatchEnv("cipher", ...)` (many matches stepped at once, stacked observations and
masks); for single-agent RL, `envs.single_agent("cipher", opponent=...)`.

**Speed** (decisions per second under uniformly random legal play, one core, CPU time:
`python bench/env.py --games first_cycle,cipher --cpu-time --seconds 5`; 2026-11-30,
CPython 3.11.7 on the shared 2-core VM while other jobs kept both cores busy, load 5-7,
so indicative; First Cycle from the same run for comparison):

| row | cipher_v0 | first_cycle_v0 |
|---|---|---|
| `engine` (sim alone, no observation) | ~157,000 | ~86,000 |
| `aec_env` (wrappers, observation encoded every step) | ~11,300 | ~12,500 |
| `batch_env` (64 matches, one `encode_batch` per step) | ~13,900 | ~20,500 |

Target (issue 6): the env at least 10,000 steps/s. Per step, the engine's
`observation(player)` takes about 20 us (every unit's power with its continuous skills),
the encoding about 15-22 us (gather 12-15 us, then two numpy `put`s) and the engine's own
step about 6-8 us; PettingZoo's wrappers and the AEC bookkeeping take the rest.
`python bench/engine.py --games cipher` (engine only, set-up included, wall time) gave
112,000 decisions/s on a quiet core and 47,000 with both cores busy (target 20,000).

Beside the peers, from one run of `python ../shared/bench/peers.py --seconds 4 --aec
envs.first_cycle_v0:env --aec envs.cipher_v0:env --aec envs.xenodex_v0:env --only
floor,texas,custom,aec` (2026-11-30 07:14, wall time, the VM otherwise idle): cipher_v0
12,516 steps/s (target 10,000), first_cycle_v0 15,754, floor_wrapped 29,630,
texas_holdem_v4 9,364. `python bench/engine.py --games cipher --peers` a minute before:
engine 137,831 decisions/s with set-up included (target 20,000), OpenSpiel gin_rummy 48,691.
Later (15:55, idle, wall time, `python bench/env.py --seconds 2`, after BatchEnv began
handing `encode_batch` a generator so that the garbage collector has no batch of live
observations to scan): aec_env 11,392 and batch_env 16,802 steps/s (1.47x).

**Version history.**
- v0: first release (FE Cipher engine of issue 6; encoder layout of
  docs/encoding/cipher.md, size 2563 with the default params and card set).
"""
from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from envs.core import CardGameAECEnv, CardGameSpec, wrap
from envs.encoding.cipher import CipherEncoder
from envs.render.cipher import render_board

SPEC = CardGameSpec(game="cipher", env_name="cipher_v0", make_encoder=CipherEncoder,
                    render_text=render_board)


def raw_env(**kwargs: Any) -> CardGameAECEnv:
    """The unwrapped env (keyword arguments: see the module docstring)."""
    return CardGameAECEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The env with PettingZoo's standard wrappers (AssertOutOfBounds, OrderEnforcing)."""
    return wrap(raw_env(**kwargs))
