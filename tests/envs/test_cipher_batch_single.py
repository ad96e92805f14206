"""BatchEnv and the single-agent wrapper with game="cipher" (smoke tests on top of the
game-generic tests of test_batch.py and test_single_agent.py; its board is tested in
test_render.py)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import agents
from envs import BatchEnv, single_agent
from tests.envs.helpers import (
    RandomOpponent,
    assert_rows_match_states,
    play_single_agent_episode,
    random_batch_actions,
)


def test_batch_env_rows_masks_and_auto_reset():
    benv = BatchEnv("cipher", num_envs=6, seed=1, max_turns=8,
                    decks=["white_starter", "black_starter"])
    out = benv.reset()
    assert out.obs.shape == (6, benv.observation_size) and out.obs.dtype == np.float32
    assert out.mask.shape == (6, benv.num_actions) and out.rewards.shape == (6, 2)
    rng = np.random.default_rng(1)
    turn = slice(*benv.encoder.slices()["turn"])
    ends = 0
    for _ in range(600):
        assert_rows_match_states(benv, out)
        out = benv.step(random_batch_actions(out, rng))
        assert (out.rewards.sum(axis=1) == 0).all()
        for i in np.flatnonzero(out.dones):
            ends += 1
            assert out.obs[i, turn][0] == pytest.approx(1 / 8)  # a fresh game in the slot
    assert ends > 5


def test_batch_env_against_an_opponent():
    benv = BatchEnv("cipher", num_envs=4, seed=3, opponent=RandomOpponent(), seat=1)
    out = benv.reset()
    rng = np.random.default_rng(3)
    for _ in range(200):
        assert (out.player == 1).all()
        out = benv.step(random_batch_actions(out, rng))
        assert (out.actor == 1).all()


def test_single_agent_check_env_and_episodes():
    env = single_agent("cipher", opponent=RandomOpponent(), illegal_action="penalize", seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    env = single_agent("cipher", opponent=RandomOpponent(), seat="random", max_turns=10)
    rng = np.random.default_rng(0)
    for seed in range(3):
        total, term, trunc, _ = play_single_agent_episode(env, rng, seed)
        assert total in (-1.0, 0.0, 1.0) and term != trunc


def test_single_agent_against_an_agents_make_opponent():
    env = single_agent("cipher", opponent=agents.make("greedy"), seed=2, max_turns=6)
    obs, info = env.reset()
    assert obs.shape == env.observation_space.shape
    assert info["action_mask"].any()
