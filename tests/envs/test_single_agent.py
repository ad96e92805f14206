"""The gymnasium single-agent wrapper: check_env, masks, opponents, illegal actions."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from envs import single_agent
from sim import IllegalActionError
from tests.envs.helpers import RandomOpponent, play_single_agent_episode


def test_check_env_passes():
    env = single_agent("first_cycle", opponent=RandomOpponent(), illegal_action="penalize",
                       seed=0, render_mode="ansi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    # The only note: alternative render modes need a gymnasium registry spec to be tried.
    assert [str(w.message) for w in caught if "spec" not in str(w.message)] == []


def test_full_episodes_against_a_random_opponent():
    env = single_agent("first_cycle", opponent=RandomOpponent(), seat=1)
    rng = np.random.default_rng(0)
    results = [play_single_agent_episode(env, rng, seed) for seed in range(4)]
    for total, term, trunc, _ in results:
        assert total in (-1.0, 0.0, 1.0)
        assert term != trunc
        if trunc:
            assert total == 0.0
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError):
        env.step(0)


def test_illegal_action_raise_and_penalize():
    env = single_agent("first_cycle", opponent=RandomOpponent())
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    before = env.game_state.to_dict()
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.game_state.to_dict() == before
    env = single_agent("first_cycle", opponent=RandomOpponent(), illegal_action="penalize")
    env.reset(seed=1)
    _, reward, term, trunc, info = env.step(illegal)
    assert (reward, term, trunc) == (-1.0, True, False) and info["illegal_action"]
    with pytest.raises(ValueError):
        single_agent("first_cycle", opponent=RandomOpponent(), illegal_action="ignore")


def test_seats_and_opponent_forms():
    calls = []

    def first_legal(state, rng):
        calls.append(state.current_player)
        return state.legal_actions()[0]

    seats = set()
    env = single_agent("first_cycle", opponent=first_legal, seat="random", max_turns=6)
    rng = np.random.default_rng(2)
    for seed in range(8):
        play_single_agent_episode(env, rng, seed)
        seats.add(env.seat)
    assert seats == {0, 1}
    assert calls and all(isinstance(c, int) for c in calls)
    with pytest.raises(ValueError):
        single_agent("first_cycle", opponent=None)
    with pytest.raises(TypeError):
        single_agent("first_cycle", opponent=42)
    with pytest.raises(ValueError):
        single_agent("first_cycle", opponent=RandomOpponent(), seat=2)


def test_reset_seed_reproduces_the_episode():
    env = single_agent("first_cycle", opponent=RandomOpponent())
    a = [env.reset(seed=5)[0]] + [env.step(int(np.flatnonzero(env.action_masks())[0]))[0]
                                  for _ in range(5)]
    b = [env.reset(seed=5)[0]] + [env.step(int(np.flatnonzero(env.action_masks())[0]))[0]
                                  for _ in range(5)]
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_opponent_built_by_agents_make():
    import agents

    env = single_agent("first_cycle", opponent=agents.make("random"), seat=1)
    rng = np.random.default_rng(6)
    total, term, trunc, _ = play_single_agent_episode(env, rng, seed=6)
    assert total in (-1.0, 0.0, 1.0) and term != trunc


def test_an_opponent_name_is_refused_with_the_agents_make_call_to_use():
    """envs sit below agents and never import them: a name says what to pass instead."""
    with pytest.raises(ValueError, match=r"agents\.make\('greedy'\)"):
        single_agent("first_cycle", opponent="greedy")


def test_a_mix_of_opponents_faces_one_per_episode_drawn_from_the_seed():
    class Recorder:
        def __init__(self):
            self.games = set()

        def __call__(self, state, rng):
            self.games.add(id(state))
            legal = state.legal_actions()
            return legal[int(rng.integers(len(legal)))]

    def episodes(opponent, count=12):
        env = single_agent("first_cycle", opponent=opponent, seat="random", seed=7)
        picks, kept = [], []
        for _ in range(count):
            obs, info = env.reset()
            picks.append(env.opponent_index)
            kept.append(env.game_state)
            done = False
            while not done:
                legal = np.flatnonzero(env.action_masks())
                obs, reward, term, trunc, info = env.step(int(legal[0]))
                done = term or trunc
        return picks, kept

    a, b = Recorder(), Recorder()
    picks, kept = episodes([a, b])
    assert set(picks) == {0, 1} and a.games and b.games and not a.games & b.games
    for k, state in zip(picks, kept):
        assert id(state) not in (b.games if k == 0 else a.games)
    assert episodes([Recorder(), Recorder()])[0] == picks        # the same seed, the same draws
    one = Recorder()
    assert episodes([one], 3)[0] == [0, 0, 0]
    with pytest.raises(ValueError, match="empty list"):
        single_agent("first_cycle", opponent=[])
