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

**Speed.** One run, 2026-11-30 09:52, the 2-core VM otherwise idle (a long job paused),
wall time. `python ../shared/bench/peers.py --seconds 4 --aec envs.first_cycle_v0:env
--only floor,texas,custom,aec` (one 4 s run per row): floor_wrapped 31,057 steps/s,
texas_holdem_v4 9,128, first_cycle_v0 14,595 (target half the floor: 15,528, and 15,000).
Right after, `python bench/env.py --games first_cycle --seconds 3` (best of 3 interleaved
runs per row):

| row | steps/s | us/step |
|---|---|---|
| `engine` (sim alone, random legal play, no observation) | 92,238 | 10.8 |
| `aec_env` (standard wrappers, observation encoded every step) | 16,782 | 59.6 |
| `batch_env` (64 matches, column-wise `encode_batch`) | 31,297 | 32.0 |
| batch_env / aec_env | 1.86x | |

Single runs of the same rows varied by about 10% on this VM (ratios 1.85-2.06x over the
session's idle runs), which is why `bench/env.py` reports the best of `--repeat` runs.
Where a BatchEnv decision goes: the engine (legal actions and apply) about 11 us,
`State.observation(player)` about 7.5 us, the column-wise `encode_batch` about 8.5 us
(a light Python pass over the dicts, then numpy for all rows), masks and the loop the
rest. The AEC env does the same engine and observation work, encodes one row at a time
(`gather` and two `put`s, about 11 us) and adds about 28 us of PettingZoo wrappers and
per-step bookkeeping (the do-nothing floor with wrappers costs 32 us a step). For the
2x of issue 3 the shared engine and observation work must shrink further (BatchEnv near
28 us a decision at this AEC speed). At the start of this work (one idle run, same VM)
the rows were 73.0 us (AEC) and 40.9 us (BatchEnv), 1.78x; the changes since (fighters as
`Fighter` records, passives skipped where none can apply, the column-wise batch encoding)
keep observations and masks bit-identical.

Later the same day (12:28-12:35, idle, after the Act step's legal actions got about 0.5 us
cheaper, same lists) the VM ran about 15% slower for every row, the peers included: three
peers.py runs gave floor_wrapped 26,304 / 26,398 / 26,729, texas_holdem_v4 8,034 / 7,692 /
7,812 and first_cycle_v0 14,302 / 13,253 / 13,638 steps/s (0.54 / 0.50 / 0.51 of the floor,
below 15,000 absolute); `bench/env.py` gave batch_env / aec_env = 2.04x, 2.12x and 2.12x
(16 matches 1.76x, 256 matches 2.08x). Compare rows from one run, never across runs.

Later still (14:38-14:42, idle) the VM ran fast, the peers at the issue's own figures: three
peers.py runs gave floor_wrapped 35,633 / 35,966 / 35,228, texas_holdem_v4 10,833 / 11,101 /
10,977 and first_cycle_v0 18,572 / 18,971 / 18,782 steps/s (0.52-0.53 of the floor, above
15,000, 1.7x texas_holdem_v4), while `bench/env.py` gave batch_env / aec_env = 1.83x and
1.83x (aec 18,883 / 19,156, batch 34,564 / 35,081), 1.77x with 256 matches and 1.66x with
16. So the two targets of issue 3 pass in turn: the AEC figure when the VM runs fast, the
BatchEnv ratio when it runs slow (from the slow to the fast state an AEC step got about 28%
cheaper, a BatchEnv decision about 16%). Both at once need the work the two share (engine,
`observation`, encoding: about 26 us of a BatchEnv decision) near 22 us.
`python bench/env.py --games first_cycle --peers` now times peers.py's floor and
texas_holdem_v4 in the same interleaved rounds, so all the figures come from one run: at
15:14-15:16 (idle, VM fast) it gave, twice, aec_env 18,593 / 18,150 steps/s, batch_env
34,192 / 33,497, floor_wrapped 36,035 / 33,893, texas_holdem_v4 10,565 / 10,121: aec_env /
floor 0.52 / 0.54, aec_env / texas 1.76 / 1.79, batch_env / aec_env 1.84x / 1.85x. The
BatchEnv target misses by about 2.3 us a decision (29.2 us against half of 53.8).

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
