"""XenodeX as a PettingZoo AEC environment for 2 to 4 players: `xenodex_v0`.

    from envs import xenodex_v0

    env = xenodex_v0.env(num_players=4, render_mode="ansi")
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
| Import | `from envs import xenodex_v0` |
| Actions | Discrete(312) at 2 players, Discrete(339) at 3, Discrete(290) at 4 (default params; `game.action_space_size`) |
| Agents | `["player_0", ..., "player_{n-1}"]` for `num_players` n = 2 (default), 3 or 4 (seats 0..n-1 of the engine, P1..Pn) |
| Observation | Dict: `"observation"` Box float32 (4761,) at every player count and seat, `"action_mask"` Box int8 (A,) with A the action count above |
| Parallel API | no (see below) |
| Rules | rules/xenodex.md as implemented by `sim.xenodex` (docs/rules/xenodex.md) |

**Arguments** (all keyword): `num_players` - 2, 3 or 4 (a field of `XenodexParams`, passed to
`sim.load_game`); `decks` - one per seat, each a faction deck name ("synth", "greys",
"others"), a deck dict or a `DeckSpec` (default: synth, greys, others, then synth again);
`render_mode` - None, "ansi" (`render()` returns the board as text) or "human" (prints it
after every step); `with_action_labels=False` - when True, `infos[agent to act]["action_labels"]`
maps each legal action id to its readable label (slow: off by default); any other field of
`XenodexParams` (e.g. `cycle_limit=8`, `ancients=True`) - validated by `sim.load_game`.
Changing params other than `num_players` can change the observation size; `num_players`
changes the action count only.

**Turns and actions.** The agent to act (`agent_selection`) is the engine's
`current_player`: each phase asks the seats one at a time clockwise from the cycle's lead
(Summon, Deploy, the strikes of each battle, Recovery), and a compound play (select a
character, then its target; a transmission, then its target) is several consecutive steps
of the same agent, so the action space stays a small flat Discrete. Action ids are the
engine's (`state.action_label(a)` names one; blocks in docs/rules/xenodex.md "Actions");
the `target`, `capture` and `seat` blocks are seat-relative (0 = you, 1 = next clockwise,
...), like the observation. An action outside the space trips PettingZoo's
`AssertOutOfBoundsWrapper`; an illegal action raises `sim.IllegalActionError` and leaves
the game unchanged.

**Observation.** `"observation"` is the float32 encoding of `State.observation(player)` by
`envs.encoding.xenodex.XenodexEncoder`, in named slices documented in
docs/encoding/xenodex.md (`env.unwrapped.encoder.slices()` in code). It holds only what
that player may know, and it is seen from that player's seat: seat block 0 is the
observer, then the others clockwise, padded to 4 seats, so its size is the same for every
seat and every player count. `"action_mask"` is 1 exactly at the engine's legal actions
for the agent to act, and all zeros for every other agent and after the game ends.

**Rewards and ends.** 0 on every step until the last. A win (convergence at Results, or
the most proven slots at the cycle limit) gives the winner +1 and each other seat
-1/(n-1) (the engine's `returns()`), so the rewards sum to 0; a tie for most proven slots
at the limit is a draw, 0 for everyone. Every end, draws included, is a *termination*:
the cycle limit (`cycle_limit`, default 12) is a rule of the game that decides it, not a
time limit (the observation holds the cycles left), so `truncation_reasons` is empty and
nothing is ever truncated. The limit bounds every game; there is no other step limit.

**Seeding.** `reset(seed=s)` makes the game sequence reproducible: that reset and every
later unseeded reset deal games from `SeedSequence(s)`, identically in every process.
`env.unwrapped.game_seed` is the engine seed of the game in play and
`env.unwrapped.game_state` its engine state (for inspection; act only through `step`).

**Why no parallel view.** Only one seat decides at a time, often the same one several
times in a row (a compound play), and the phases ask seats one by one; PettingZoo's
parallel API would need a no-op action for the seats not deciding, which the mask cannot
offer. So, like PettingZoo's classic games, this env is AEC only
(`metadata["is_parallelizable"] = False`). For throughput use `envs.BatchEnv("xenodex",
num_players=4, ...)`; for single-agent RL, `envs.single_agent("xenodex", opponent=...,
num_players=3)` (the opponent agent plays every other seat).

**Speed** (decisions per second under uniformly random legal play, one core, CPU time:
`python bench/env.py --games xenodex,xenodex@3,xenodex@4 --cpu-time`, 3 s per row;
2026-11-30, CPython 3.11.7 on the shared 2-core VM while other jobs ran, so indicative):

| row | 2 players | 3 players | 4 players |
|---|---|---|---|
| `engine` (sim alone, no observation) | ~105,000 | ~103,000 | ~103,000 |
| `aec_env` (wrappers, observation encoded every step) | ~5,600 | ~4,600 | ~4,500 |
| `batch_env` (64 matches, one `encode_batch` per step) | ~7,300 | ~6,300 | ~6,800 |

Per step, the engine's `observation(player)` takes about 110-135 us (every unit's STR and
DEF with auras) and the encoding about 80-105 us; the engine's own step is about 10 us.

Beside the peers, from one run of `python ../shared/bench/peers.py --seconds 4 --aec
envs.first_cycle_v0:env --aec envs.cipher_v0:env --aec envs.xenodex_v0:env --only
floor,texas,custom,aec` (2026-11-30 07:14, wall time, the VM otherwise idle, 2 seats):
xenodex_v0 6,508 steps/s, first_cycle_v0 15,754, floor_wrapped 29,630, texas_holdem_v4
9,364. `python bench/engine.py --games xenodex,xenodex@3,xenodex@4 --peers` a minute
before: engine 108,806 / 103,637 / 100,498 decisions/s at 2 / 3 / 4 seats with set-up
included (target 20,000 at 2), OpenSpiel gin_rummy 48,691.
Later (15:55, idle, wall time, `python bench/env.py --seconds 2`, after BatchEnv began
handing `encode_batch` a generator so that the garbage collector has no batch of live
observations to scan): aec_env 6,612 / 5,298 and batch_env 8,928 / 8,698 steps/s at 2 / 4
seats (1.35x / 1.64x).
Latest (2026-12-01 01:08, idle, wall time, `python bench/env.py --games
xenodex,xenodex@3,xenodex@4 --seconds 2`, the VM in a fast phase), after the observation
began looking up each side's aura once per slot (not through `battle.strength` and
`battle.defense` per unit) and the batch paths converting index lists with `int64_array`:
engine 140,030 / 135,824 / 132,394, aec_env 8,525 / 6,974 / 6,651, batch_env 11,238 /
9,914 / 10,269 steps/s at 2 / 3 / 4 seats (an A/B against the code before, in one sitting:
aec_env +8-13%, batch_env +6-9%).

**Version history.**
- v0: first release (XenodeX engine of issue 7; encoder layout of docs/encoding/xenodex.md,
  size 4761 with the default params and card set at 2, 3 and 4 players).
"""
from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from envs.core import CardGameAECEnv, CardGameSpec, wrap
from envs.encoding.xenodex import XenodexEncoder
from envs.render.xenodex import render_board

SPEC = CardGameSpec(game="xenodex", env_name="xenodex_v0", make_encoder=XenodexEncoder,
                    render_text=render_board, truncation_reasons=frozenset())


def raw_env(**kwargs: Any) -> CardGameAECEnv:
    """The unwrapped env (keyword arguments: see the module docstring)."""
    return CardGameAECEnv(SPEC, **kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The env with PettingZoo's standard wrappers (AssertOutOfBounds, OrderEnforcing)."""
    return wrap(raw_env(**kwargs))
