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
never across runs. Fifteen idle runs on 2026-11-30 20:24-20:46 (`--repeat 5`: best of 5),
after BatchEnv stopped calling `np.diff` for its mask (about 5 us a step):

| row | steps/s (range over the runs) | us/step |
|---|---|---|
| `engine` (sim alone, random legal play; ten runs) | 85,700-96,300 | 10.4-11.7 |
| `aec_env` | 14,000-16,900 | 59-71 |
| `batch_env` (64 matches) | 30,000-34,600 | 29-33 |
| `floor_wrapped` (peers.py) | 25,200-30,900 | 32-40 |
| `texas_holdem_v4` (peers.py) | 7,500-8,700 | 115-134 |

Within each run: aec_env / floor_wrapped 0.52-0.59 (at least 0.5 in all fifteen),
batch_env / aec_env 1.99-2.18x (median 2.06; at least 2x in fourteen, 1.99 in one) and
aec_env / texas_holdem_v4 1.77-2.01. aec_env passed 15,000 in eight of the fifteen
(floor_wrapped 27,000-30,900 in those, 25,200-27,600 in the other seven; issue 3 measured
the floor at about 30,000). Eight later runs, 22:48-22:59, came in a faster phase of the
VM (floor_wrapped 33,500-37,400), alternating 64 and 256 matches: aec_env 18,800-21,000
(0.55-0.58 of the floor, 1.84-1.96x texas_holdem_v4), but batch_env / aec_env 1.86-1.93x
with 64 matches and 2.00-2.06x with 256. In that phase the AEC loop gained more than
BatchEnv did (likely: PettingZoo's Python bookkeeping gains from a faster clock, BatchEnv's
pass over 64 states and their dicts is bound more by the caches), so the 2x ratio is the
tighter of issue 3's two targets. Earlier series (best of 3):
13 runs 18:58-19:38, aec_env / floor_wrapped 0.52-0.57 and batch_env / aec_env 1.98-2.19x
(at least 2x in twelve; 2.24x with 256 matches). A BatchEnv step also pays a fixed cost,
about 150-200 us whatever the number of matches (numpy calls of `encode_batch` and the
mask, validation): 40 us a decision with 16 matches, 32 with 64, 29 with 256.

Where the time goes. A BatchEnv decision: the engine's apply about 7 us, its legal actions
3-4, `State.observation(player)` 6-7, the column-wise `encode_batch` 6-8 (one light Python
pass, then numpy for all rows; about 100 us a call is fixed numpy overhead, so 16 matches
pay more a row and 256 less), masks, the loop and new deals the rest. BatchEnv passes
`encode_batch` a generator, so each observation dict is dropped once read: built as a list,
64 live dicts made the cyclic garbage collector scan and promote them, about 3 us a
decision. An AEC step adds PettingZoo's wrappers and bookkeeping (the do-nothing floor is
30-40 us) and encodes one row at a time (`gather`, then two `put`s); in that loop the
observation and its encoding cost about 27 us, twice what they cost timed alone (the same
two calls repeated at once cost a third less: the rest of the loop pushes their code and
data out of the CPU caches). `AssertOutOfBoundsWrapper` checks every
action with the action space's `contains`; gymnasium's `Discrete` spends about 2 us on it
timed alone (`np.iinfo`, a cast, `np.can_cast`) and 5-7 us in the loop, so the env's
`DiscreteActions` (a `Discrete` in every other respect) answers a Python int directly
(interleaved A/B: aec_env 75-77 -> 70-72 us a step). The two targets of
issue 3 pull apart: work saved in the AEC env alone lowers batch_env / aec_env, so both
gain only from cheaper engine, observation and encoding code. Earlier steps (same
observations and masks, bit-identical): fighters as `Fighter` records, passives skipped
where none can apply, the column-wise batch encoding, cheaper Act-step legal actions.

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
