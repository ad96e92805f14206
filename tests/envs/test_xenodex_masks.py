"""Mask test for xenodex_v0: over thousands of random steps at 2, 3 and 4 players, the mask's
ones are exactly the engine's legal actions for the agent to act, and all zeros for every
other agent."""
from __future__ import annotations

import numpy as np
import pytest

from envs import xenodex_v0


@pytest.mark.parametrize("players,steps", [(2, 1500), (3, 1200), (4, 1500)])
def test_mask_is_exactly_the_legal_actions(players, steps):
    env = xenodex_v0.env(num_players=players)
    raw = env.unwrapped
    rng = np.random.default_rng(11 + players)
    done_steps = games = 0
    env.reset(seed=11)
    while done_steps < steps:
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            state = raw.game_state
            if term or trunc:
                assert not obs["action_mask"].any()
                env.step(None)
                continue
            seat = raw.possible_agents.index(agent)
            assert state.current_player == seat
            legal = state.legal_actions()
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == legal
            assert set(np.unique(mask).tolist()) <= {0, 1}
            for other in raw.possible_agents:
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
            env.step(int(rng.choice(legal)))
            done_steps += 1
            if done_steps >= steps:
                break
        games += 1
        env.reset()
    assert games >= 2  # a full game and the next one begun
