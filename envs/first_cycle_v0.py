"""First Cycle as a PettingZoo AEC environment: `first_cycle_v0`.

    from envs import first_cycle_v0

    env = first_cycle_v0.env(render_mode="ansi")
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
| Import | `from envs import first_cycle_v0` |
| Actions | Discrete(321) with the default params (`game.action_space_size`) |
| Agents | `["player_0", "player_1"]` (seats 0 and 1 of the engine) |
| Observation | Dict: `"observation"` Box float32 (2581,), `"action_mask"` Box int8 (321,) |
| Parallel API | no (see below) |
| Rules | rules/first_cycle.md as implemented by `sim.first_cycle` (docs/rules/first_cycle.md) |

**Arguments** (all keyword): `decks` - two decks, each a starter name ("black_starter",
"orange_starter", "green_starter", "blue_starter"), a `Deck` or a deck dict (default:
black vs orange, the engine's default); `render_mode` - None, "ansi" (`render()`
returns the board as text) or "human" (prints it after every step);
`with_action_labels=False` - when True, `infos[agent to act]["action_labels"]` maps each
legal action id to its readable label (slow: off by default); any field of
`FirstCycleParams` (e.g. `max_turns=80`, `leader_hp=7`) - passed to `sim.load_game`,
validated there. Changing params can change the observation size and the action count.

**Turns and actions.** The agent to act (`agent_selection`) is the engine's
`current_player`: usually the active player, but the defender answers Guard and Support
choices inside the attacker's turn, and a compound play (play a card, then choose its
target, ...) is several consecutive steps of the same agent, so the action space stays a
small flat Discrete. Action ids are the engine's (`state.action_label(a)` names one).
An action outside the space trips PettingZoo's `AssertOutOfBoundsWrapper`; an illegal
action raises `sim.IllegalActionError` and leaves the game unchanged (there is no
penalty mode in the AEC env; the single-agent wrapper has one).

**Observation.** `"observation"` is the float32 encoding of
`State.observation(player)` by `envs.encoding.first_cycle.FirstCycleEncoder`, laid out in
named slices documented in docs/encoding/first_cycle.md (`env.unwrapped.encoder.slices()`
in code). It holds only what that player may know. `"action_mask"` is 1 exactly at the
engine's legal actions for the agent to act, and all zeros for the other agent and after
the game ends.

**Rewards and ends.** 0 on every step until the last, then +1 for the winner and -1 for
the loser (the engine's `returns()`). Reducing the opponent's Leader to 0 HP terminates
every agent; reaching the turn limit (`max_turns`, default 60) is a draw that truncates
every agent (reward 0). There is no other step limit: the turn limit bounds every game.

**Seeding.** `reset(seed=s)` makes the game sequence reproducible: that reset and every
later unseeded reset deal games from `SeedSequence(s)`, identically in every process.
`env.unwrapped.game_seed` is the engine seed of the game in play and
`env.unwrapped.game_state` its engine state (for inspection; act only through `step`).

**Why no parallel view.** First Cycle is strictly turn-based with one decider at a
time, often the same player several times in a row. PettingZoo's parallel API expects
every live agent to act on every step; `aec_to_parallel` only accepts envs whose agents
all act once per cycle, and a parallel step here would have to invent a no-op action for
the agent that is not deciding, which the mask (all zeros for that agent) cannot offer.
So, like PettingZoo's classic board and card games, this env is AEC only
(`metadata["is_parallelizable"] = False`). For throughput, use `envs.batch.BatchEnv`
(many matches stepped at once, stacked observations and masks); for single-agent RL,
`envs.single_agent`.

**Speed** (decisions per second under uniformly random legal play, one core, CPU time:
`python bench/env.py --games first_cycle --cpu-time --seconds 3`; 2026-11-30, CPython
3.11.7 on the shared 2-core VM while two long jobs kept both cores busy, so indicative;
before = the code of issue 3's start, same conditions):

| row | before | now |
|---|---|---|
| `engine` (sim alone, no observation; load noise, its code only got faster) | ~100,000 | ~94,000 |
| `aec_env` (wrappers, observation encoded every step) | ~16,000 | ~16,800 |
| `batch_env` (64 matches, one fill per step) | ~25,400 | ~27,700 |
| batch_env / aec_env | 1.59x | 1.65x |

Measured interleaved (AEC and BatchEnv alternating every 0.3 s CPU, so both see the same
load): before 64.9 / 39.6 us per decision (1.64x), now 59.3 / 35.9 us (1.65x). Per
BatchEnv decision, `State.observation(player)` and the encoder's `gather` take about a
quarter each, the engine's `apply` a fifth, legal actions a seventh; the AEC env adds
about 23 us of PettingZoo wrappers and per-step numpy to the same work. Issue 3 asks
BatchEnv for 2x the AEC env: speeding up the shared work raises the ratio only slowly
(it needs the shared part near 20 us, now about 31), so 2x is not reached yet.

Beside the peers, one run of `python ../shared/bench/peers.py --seconds 4 --aec
envs.first_cycle_v0:env --aec envs.cipher_v0:env --aec envs.xenodex_v0:env --only
floor,texas,custom,aec` (2026-11-30 07:14, wall time, the VM otherwise idle): floor_wrapped
29,630 steps/s, texas_holdem_v4 9,364, first_cycle_v0 15,754 (target: half the floor, so
14,815), cipher_v0 12,516, xenodex_v0 6,508. `bench/env.py --games first_cycle --seconds 3`
right after (wall time; its loop also draws the random action from the mask) gave aec_env
12,994 and batch_env 23,825, a ratio of 1.83x.

**Version history.**
- v0: first release (First Cycle engine of issue 2; encoder layout of
  docs/encoding/first_cycle.md, size 2581 with the default params and card set).
"""
from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from envs.core import CardGameAECEnv, CardGameSpec, wrap
from envs.encoding.first_cycle import FirstCycleEncoder
from envs.render.first_cycle import render_board

SPEC = CardGameSpec(game="first_cycle", env_name="first_cycle_v0",
                    make_encoder=FirstCycleEncoder, render_text=render_board)


def raw_env(**kwargs: Any) -> CardGameAECEnv:
    """The unwrapped env (keyword arguments: see the module docstring)."""
    return CardGameAECEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The env with PettingZoo's standard wrappers (AssertOutOfBounds, OrderEnforcing)."""
    return wrap(raw_env(**kwargs))
