"""cipher_v0's own env contract (the tests it shares with first_cycle_v0, PettingZoo's suite
included, are in test_pettingzoo_api.py): the defender decides inside the attacker's turn."""
from __future__ import annotations

import numpy as np
import pytest

from envs import cipher_v0


def test_the_defender_decides_inside_the_attackers_turn():
    """Evasion is the defender's choice: the agent to act switches without a turn change."""
    env = cipher_v0.env()
    raw = env.unwrapped
    rng = np.random.default_rng(8)
    env.reset(seed=8)
    for agent in env.agent_iter(20_000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        state = raw.game_state
        if state.pending is not None and state.pending[0] == "evasion":
            assert agent == f"player_{1 - state.active}"
            assert not raw.observe(f"player_{state.active}")["action_mask"].any()
            return
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    pytest.fail("no evasion choice met")
