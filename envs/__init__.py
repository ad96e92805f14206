"""PettingZoo environments over the `sim` games, their encoders and RL helpers.

    from envs import first_cycle_v0          # PettingZoo AEC: env(), raw_env()
    from envs import cipher_v0               # FE Cipher, the same API
    from envs import xenodex_v0              # XenodeX, 2-4 players: env(num_players=4)
    from envs import single_agent            # gymnasium env against a fixed opponent
    from envs import BatchEnv                # N matches stepped together, stacked arrays
    from envs.vector import BatchVectorEnv   # BatchEnv vs opponents as a gymnasium VectorEnv

Modules (an env module's docstring is that env's documentation page):
- `first_cycle_v0`: First Cycle as a PettingZoo AEC env.
- `cipher_v0`: FE Cipher as a PettingZoo AEC env.
- `xenodex_v0`: XenodeX as a PettingZoo AEC env for 2 to 4 players.
- `core`: the AEC env they all are (`CardGameAECEnv` over a `CardGameSpec`): the AEC loop,
  seeding, rewards, illegal actions, rendering.
- `registry`: which env module serves which `sim` game (`game_spec(name)`).
- `batch`: `BatchEnv`, N matches of one game stepped together for RL throughput.
- `vector`: `BatchVectorEnv`, a `BatchEnv` of one learning seat against an opponent as a
  `gymnasium.vector.VectorEnv` (same-step autoreset, masks in `infos["action_mask"]`).
- `single_agent`: `single_agent(game, opponent=...)`, a gymnasium env of one learning seat.
- `opponents`: what an opponent may be (an agent object or a `(state, rng)` callable).
- `encoding`: the observation encoders (one per game) and their shared machinery.
- `render`: the text boards of `render_mode="ansi"` and `"human"`.

The three envs side by side (default params; every value from `game.action_space_size`
and the encoder):

| | first_cycle_v0 | cipher_v0 | xenodex_v0 |
|---|---|---|---|
| agents | 2 | 2 | 2, 3 or 4 (`num_players`) |
| actions | Discrete(321) | Discrete(598) | Discrete(312) / (339) / (290) at 2 / 3 / 4 |
| observation | Box float32 (2581,) | Box float32 (2563,) | Box float32 (4761,) at every count |
| ends | win, or turn limit (truncation) | win, or turn limit (truncation) | win or draw at the cycle limit (termination) |
| parallel API | no | no | no |

envs import `sim` only, never `agents` or `experiments`: an opponent is passed in as an
agent object (`agents.make("greedy")`), not by name.
"""
from envs import cipher_v0, first_cycle_v0, xenodex_v0
from envs.batch import BatchEnv, BatchStep
from envs.single_agent import SingleAgentEnv, single_agent

__all__ = ["BatchEnv", "BatchStep", "SingleAgentEnv", "cipher_v0", "first_cycle_v0",
           "single_agent", "xenodex_v0"]
