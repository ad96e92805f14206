"""PettingZoo environments over the `sim` games, their encoders and RL helpers.

    from envs import first_cycle_v0          # PettingZoo AEC: env(), raw_env()
    from envs import cipher_v0               # FE Cipher, the same API
    from envs import xenodex_v0              # XenodeX, 2-4 players: env(num_players=4)
    from envs import single_agent            # gymnasium env against a fixed opponent
    from envs import BatchEnv                # N matches stepped together, stacked arrays

Each game has `envs/<game>_v<N>.py` (its documentation page is the module docstring),
an encoder in `envs/encoding/<game>.py` (layout in docs/encoding/<game>.md) and a text
renderer in `envs/render/<game>.py`; the env machinery in `envs/core.py` is shared.
"""
from envs import cipher_v0, first_cycle_v0, xenodex_v0
from envs.batch import BatchEnv, BatchStep
from envs.single_agent import SingleAgentEnv, single_agent

__all__ = ["BatchEnv", "BatchStep", "SingleAgentEnv", "cipher_v0", "first_cycle_v0",
           "single_agent", "xenodex_v0"]
