"""PettingZoo's own test suite on cipher_v0, plus the env's contract on top of it: rewards
only at the end, termination when a Main Character with no orb left is destroyed,
truncation at the turn limit, illegal actions raising, action labels on request."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from envs import cipher_v0
from sim import IllegalActionError


def _play(env, rng, max_steps=100_000):
    """Random legal play until every agent is done; returns {agent: total reward}."""
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_steps):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_api_test_passes():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the suite warns that Dict observations are not arrays
        api_test(cipher_v0.env(), num_cycles=1000)


def test_api_test_passes_unwrapped_with_other_decks_and_params():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(cipher_v0.raw_env(decks=["white_starter", "black_starter"], orbs=2),
                 num_cycles=300)


def test_seed_test_passes():
    seed_test(cipher_v0.env, num_cycles=300)


def test_agents_spaces_and_metadata():
    env = cipher_v0.env()
    raw = env.unwrapped
    assert env.possible_agents == ["player_0", "player_1"]
    assert raw.metadata["name"] == "cipher_v0"
    assert raw.metadata["is_parallelizable"] is False
    space = env.observation_space("player_0")
    assert space["observation"].shape == (raw.encoder.size,)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (raw.game.action_space_size,)
    assert space["action_mask"].dtype == np.int8
    assert env.action_space("player_1").n == raw.game.action_space_size


def test_docstring_states_the_real_sizes():
    raw = cipher_v0.raw_env()
    doc = cipher_v0.__doc__
    assert f"Discrete({raw.game.action_space_size})" in doc
    assert f"Box float32 ({raw.encoder.size},)" in doc
    assert f"Box int8 ({raw.game.action_space_size},)" in doc
    assert f"size {raw.encoder.size}" in doc


def test_win_terminates_with_plus_minus_one():
    env = cipher_v0.env(orbs=0)
    rng = np.random.default_rng(0)
    seen = 0
    for seed in range(6):
        env.reset(seed=seed)
        totals = _play(env, rng)
        state = env.unwrapped.game_state
        if state.end_reason != "mc_destroyed":
            continue
        seen += 1
        assert sorted(totals.values()) == [-1.0, 1.0]
        assert totals[f"player_{state.winner}"] == 1.0
    assert seen >= 3
    assert env.agents == []


def test_turn_limit_truncates_with_zero_reward():
    env = cipher_v0.env(max_turns=3)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term and reward == 0.0
            assert not obs["action_mask"].any()
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.unwrapped.game_state.end_reason == "turn_limit"


def test_illegal_action_raises_and_changes_nothing():
    env = cipher_v0.env()
    env.reset(seed=3)
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.game_state.to_dict()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.unwrapped.game_state.to_dict() == before
    assert env.agent_selection == agent
    with pytest.raises(AssertionError):  # outside Discrete(A): PettingZoo's wrapper
        env.step(env.action_space(agent).n)


def test_action_labels_on_request():
    env = cipher_v0.env(with_action_labels=True)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(60):
        agent = env.agent_selection
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            break
        legal = np.flatnonzero(obs["action_mask"])
        labels = info["action_labels"]
        assert sorted(labels) == legal.tolist()
        assert all(isinstance(v, str) and v for v in labels.values())
        assert all(env.infos[a] == {} for a in env.agents if a != agent)
        env.step(int(rng.choice(legal)))
    plain = cipher_v0.env()
    plain.reset(seed=5)
    assert plain.last()[4] == {}


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
