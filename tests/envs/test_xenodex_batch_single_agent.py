"""BatchEnv and the single-agent wrapper with game="xenodex" at 2-4 players: shapes, the
perspective convention, masks, auto-reset with n-player rewards, an opponent agent playing
every other seat, gymnasium's check_env, full episodes."""
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


@pytest.mark.parametrize("players", [2, 4])
def test_batch_rows_masks_auto_reset_and_rewards(players):
    benv = BatchEnv("xenodex", num_envs=4, seed=players, num_players=players, cycle_limit=2)
    out = benv.reset()
    n = 4
    assert out.obs.shape == (n, benv.observation_size) and out.rewards.shape == (n, players)
    rng = np.random.default_rng(players)
    ends = wins = 0
    for step in range(700):
        if step % 50 == 0:
            assert_rows_match_states(benv, out)
        out = benv.step(random_batch_actions(out, rng))
        assert not out.truncated.any()  # every XenodeX end is a termination
        assert (out.rewards[~out.dones] == 0).all()
        assert np.allclose(out.rewards.sum(axis=1), 0.0, atol=1e-6)
        for i in np.flatnonzero(out.dones):
            ends += 1
            r = sorted(out.rewards[i].tolist())
            if r[-1] > 0:
                wins += 1
                assert r == pytest.approx([-1.0 / (players - 1)] * (players - 1) + [1.0])
            else:
                assert r == [0.0] * players
            assert out.mask[i].any()  # the slot already holds a fresh game
    assert ends >= 4 and wins >= 1


def test_batch_opponent_agent_plays_every_other_seat():
    benv = BatchEnv("xenodex", num_envs=3, seed=3, opponent=agents.make("random"), seat=2,
                    num_players=4, cycle_limit=2)
    out = benv.reset()
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(150):
        assert (out.player == 2).all()
        out = benv.step(random_batch_actions(out, rng))
        assert (out.actor == 2).all()
        finished += int(out.dones.sum())
    assert finished > 0


def test_single_agent_check_env_and_episodes_at_three_players():
    env = single_agent("xenodex", opponent=RandomOpponent(), seat="random", seed=0,
                       illegal_action="penalize", num_players=3, cycle_limit=3)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught if "spec" not in str(w.message)] == []
    rng = np.random.default_rng(0)
    seats = set()
    for seed in range(4):
        total, term, trunc, _ = play_single_agent_episode(env, rng, seed)
        seats.add(env.seat)
        assert term and not trunc
        assert total in (1.0, -0.5, 0.0)
    assert len(seats) > 1


def test_single_agent_against_greedy_at_four_players():
    env = single_agent("xenodex", opponent=agents.make("greedy"), seat=1, num_players=4, cycle_limit=1)
    obs, info = env.reset(seed=5)
    assert obs.shape == env.observation_space.shape and info["seat"] == 1
    rng = np.random.default_rng(5)
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if term or trunc:
            break
    assert reward in (1.0, -1.0 / 3, 0.0)
