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

**Speed.** `python bench/env.py --games first_cycle --peers` (or `make bench`) times the
engine, this env (random legal actions, standard wrappers, the observation encoded every
step), `BatchEnv` (64 matches) and peers.py's `floor_wrapped` and `texas_holdem_v4` in
the same interleaved rounds (best of 3 runs of 3 s per row) and prints the ratios issue 3
asks for. The shared 2-core VM drifts by 10-30% within an hour, so compare rows of one run,
never across runs. Six idle runs on 2026-12-01 00:38-00:46 (`--repeat 5`: best of 5; four
with 64 matches, two with 256), the VM in a fast phase (floor 37,000-37,800):

| row | steps/s (range over the runs) | us/step |
|---|---|---|
| `engine` (sim alone, random legal play) | 147,900-153,100 | 6.5-6.8 |
| `aec_env` | 22,090-22,490 | 44.5-45.3 |
| `batch_env` (64 matches) | 46,370-46,520 | 21.5-21.6 |
| `batch_env` (256 matches) | 47,080-47,460 | 21.1-21.2 |
| `floor_wrapped` (peers.py) | 37,050-37,820 | 26.4-27.0 |
| `texas_holdem_v4` (peers.py) | 11,070-11,320 | 88-90 |

Within each run: aec_env / floor_wrapped 0.59-0.60, batch_env / aec_env 2.06-2.09x with 64
matches and 2.11-2.13x with 256, aec_env / texas_holdem_v4 1.98-2.02. Before the changes of
that night, in the same VM phase (eight runs, 2026-11-30 22:48-22:59): aec_env
18,800-21,000 (0.55-0.58 of the floor) and batch_env / aec_env 1.86-1.93x with 64 matches;
in a slower phase (fifteen runs, 20:24-20:46, floor 25,200-30,900) aec_env 14,000-16,900
(0.52-0.59 of the floor) and batch_env / aec_env 1.99-2.18x. Work saved in the AEC env
alone lowers batch_env / aec_env, so both targets gain only from cheaper engine,
observation and encoding code, or from batch-only savings in `encode_batch` and BatchEnv.

What the changes of 2026-12-01 did (outputs identical: the same 2,000 seeded games give the
same legal lists, actions, events and observations, and `encode_batch` is bit-identical to
the previous one):
- the engine's hot paths (`_main_actions`, trigger queueing, the support and guard
  steps, `power`) use plain loops instead of comprehensions, whose own frame on Python
  3.11 was about a third of `_main_actions` on its short lists (3.05 -> 1.95 us), and
  return early where nothing triggers or no passive applies: engine-only play 110,000 ->
  145,000 decisions/s (A/B in one sitting);
- `encode_batch` collects each row's fighter lists and flattens the records once for the
  batch (not with per-row `map`/`chain` calls), and writes each record's eight fields in one
  clip-and-scale pass: 6.8 -> 5.7 us a row timed alone;
- lists of Python ints become numpy arrays through `envs.encoding.base.int64_array`
  (`struct.pack`, then `np.frombuffer`: about 6 ns an element against `np.fromiter`'s 12):
  `encode_batch`'s facts, zone cards and fighter records, `put_rows`' indices and BatchEnv's
  legal ids: 5.7 -> 5.0 us a row.

Where the time goes. A BatchEnv decision (64 matches, in the loop, about 21.5 us): the
engine's apply about 5 us, `State.observation(player)` about 6-7, the column-wise
`encode_batch` about 5-6 (one light Python pass, then numpy for all rows; about 60 us a
call is fixed numpy overhead), legal actions and the mask about 3, the bench's action choice
about 1. BatchEnv passes `encode_batch` a generator, so each observation dict is dropped once
read: built as a list, 64 live dicts made the cyclic garbage collector scan and promote them,
about 3 us a decision. An AEC step adds PettingZoo's wrappers and bookkeeping (the
do-nothing floor is 27-40 us) and encodes one row at a time (`gather`, then two `put`s); in
that loop the observation and its encoding cost about twice what they cost timed alone (the
rest of the loop pushes their code and data out of the CPU caches).
`AssertOutOfBoundsWrapper` checks every action with the action space's `contains`;
gymnasium's `Discrete` spends about 2 us on it timed alone and 5-7 us in the loop, so the
env's `DiscreteActions` (a `Discrete` in every other respect) answers a Python int directly.
Earlier steps (same observations and masks, bit-identical): fighters as `Fighter` records,
passives skipped where none can apply, the column-wise batch encoding, cheaper Act-step
legal actions.

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
