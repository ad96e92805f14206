"""PettingZoo's own test suite on xenodex_v0 at 2, 3 and 4 players, plus the env's contract
on top of it: agents and spaces, the observation size the same for every seat and player
count, rewards only at the end (the winner +1, each other seat -1/(n-1), 0 on a draw),
every end a termination, and the text board. Illegal actions raising and action labels,
tested like the other games', are in test_pettingzoo_api.py."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import envs
from envs import xenodex_v0
from tests.envs.helpers import play_random, random_steps


def _end(obs, reward, term, trunc):
    assert term and not trunc  # the cycle limit is a rule, never a truncation
    assert not obs["action_mask"].any()


def _play(env, rng):
    """Random legal play until every agent is done; returns {agent: total reward}."""
    return play_random(env, rng, max_steps=200_000, at_end=_end)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_api_test_passes(players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the suite warns that Dict observations are not arrays
        api_test(xenodex_v0.env(num_players=players), num_cycles=400)


def test_api_test_passes_unwrapped_with_other_decks_and_params():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(xenodex_v0.raw_env(num_players=3, decks=["others", "others", "greys"],
                                    cycle_limit=4, ancients=True), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seed_test_passes(players):
    seed_test(lambda **kw: xenodex_v0.env(num_players=players, **kw), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_agents_spaces_and_metadata(players):
    env = xenodex_v0.env(num_players=players)
    raw = env.unwrapped
    assert env.possible_agents == [f"player_{i}" for i in range(players)]
    assert raw.metadata["name"] == "xenodex_v0"
    assert raw.metadata["is_parallelizable"] is False
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space["observation"].shape == (raw.encoder.size,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (raw.game.action_space_size,)
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == raw.game.action_space_size


def test_observation_size_is_the_same_for_every_player_count_and_seat():
    sizes = set()
    for players in (2, 3, 4):
        env = xenodex_v0.env(num_players=players)
        env.reset(seed=players)
        for agent in env.possible_agents:
            sizes.add(env.observe(agent)["observation"].shape)
    assert sizes == {(xenodex_v0.raw_env().encoder.size,)}


def test_docstring_states_the_real_sizes():
    doc = xenodex_v0.__doc__
    size = xenodex_v0.raw_env().encoder.size
    assert f"Box float32 ({size},)" in doc and f"size {size}" in doc
    for players, label in ((2, "at 2 players"), (3, "at 3"), (4, "at 4")):
        n = xenodex_v0.raw_env(num_players=players).game.action_space_size
        assert f"Discrete({n}) {label}" in doc
        assert f"({n})" in envs.__doc__  # the package's table of the three envs


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_win_gives_plus_one_and_minus_one_over_n_minus_one(players):
    env = xenodex_v0.env(num_players=players, cycle_limit=3)
    rng = np.random.default_rng(players)
    wins = 0
    for seed in range(8):
        env.reset(seed=seed)
        totals = _play(env, rng)
        state = env.unwrapped.game_state
        assert sum(totals.values()) == pytest.approx(0.0)
        if state.winner < 0:
            assert state.end_reason == "draw" and set(totals.values()) == {0.0}
            continue
        wins += 1
        for seat, agent in enumerate(env.possible_agents):
            expected = 1.0 if seat == state.winner else -1.0 / (players - 1)
            assert totals[agent] == pytest.approx(expected)
        assert env.agents == []
    assert wins >= 2


def test_a_draw_at_the_cycle_limit_terminates_with_zero_rewards():
    env = xenodex_v0.env(num_players=4, cycle_limit=1)
    rng = np.random.default_rng(0)
    draws = 0
    for seed in range(10):
        env.reset(seed=seed)
        totals = _play(env, rng)
        if env.unwrapped.game_state.end_reason == "draw":
            draws += 1
            assert set(totals.values()) == {0.0}
    assert draws >= 1


def test_render_ansi_shows_the_board_and_the_legal_actions():
    env = xenodex_v0.env(num_players=4, render_mode="ansi")
    env.reset(seed=2)
    random_steps(env, np.random.default_rng(2), 150)
    text = env.render()
    assert text.startswith("XenodeX (4 players)")
    for needle in ("P1 · Vexa", "P4 · Quillon", "S2", "S4", "Legal actions:"):
        assert needle in text
    headers = [line.split()[0] for line in text.splitlines() if line[:1] == "S"]
    assert headers == ["S2", "S3", "S4"]  # the board at 4 players
    state = env.unwrapped.game_state
    assert state.action_label(state.legal_actions()[0]) in text
