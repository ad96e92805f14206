"""PettingZoo's own test suite on first_cycle_v0 and cipher_v0, plus the env contract on top
of it: rewards only at the end, termination on a win (First Cycle: a Leader at 0 HP; FE
Cipher: a Main Character with no orb left destroyed), truncation at the turn limit, illegal
actions raising (XenodeX too), action labels on request. What is one game's own stays in
test_cipher_pettingzoo_api.py and test_xenodex_api.py."""
from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import pytest
from gymnasium.spaces import Discrete
from pettingzoo.test import api_test, seed_test

import envs
from envs.core import DiscreteActions
from sim import IllegalActionError
from tests.envs.helpers import ENVS, play_random


@dataclass(frozen=True)
class Case:
    """What the shared env tests vary per game."""

    other_decks: list[str]          # a non-default deck pair for the unwrapped api_test
    other_params: dict              # with a non-default param
    win_params: dict                # params under which most random games end in a win
    win_reason: str                 # the end_reason of a win


CASES = {
    "first_cycle": Case(["green_starter", "blue_starter"], {"leader_hp": 3}, {"leader_hp": 1},
                        "leader_hp"),
    "cipher": Case(["white_starter", "black_starter"], {"orbs": 2}, {"orbs": 0},
                   "mc_destroyed"),
}
GAMES = list(CASES)


# (game, env keyword arguments) of the tests every game shares, XenodeX included
ILLEGAL_CASES = [("first_cycle", {}), ("cipher", {}), ("xenodex", {"num_players": 3})]
LABEL_CASES = [("first_cycle", {}, 40), ("cipher", {}, 60), ("xenodex", {"num_players": 4}, 60)]


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the suite warns that Dict observations are not arrays
        api_test(ENVS[game].env(), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes_unwrapped_with_other_decks_and_params(game):
    case = CASES[game]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(ENVS[game].raw_env(decks=case.other_decks, **case.other_params), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_seed_test_passes(game):
    seed_test(ENVS[game].env, num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_agents_spaces_and_metadata(game):
    env = ENVS[game].env()
    raw = env.unwrapped
    assert env.possible_agents == ["player_0", "player_1"]
    assert raw.metadata["name"] == f"{game}_v0"
    assert raw.metadata["is_parallelizable"] is False
    space = env.observation_space("player_0")
    assert space["observation"].shape == (raw.encoder.size,)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (raw.game.action_space_size,)
    assert space["action_mask"].dtype == np.int8
    assert env.action_space("player_1").n == raw.game.action_space_size


@pytest.mark.parametrize("game", GAMES)
def test_docstring_states_the_real_sizes(game):
    raw = ENVS[game].raw_env()
    doc = ENVS[game].__doc__
    assert f"Discrete({raw.game.action_space_size})" in doc
    assert f"Box float32 ({raw.encoder.size},)" in doc
    assert f"Box int8 ({raw.game.action_space_size},)" in doc
    assert f"size {raw.encoder.size}" in doc
    table = envs.__doc__  # the package's table of the three envs side by side
    assert f"Discrete({raw.game.action_space_size})" in table
    assert f"Box float32 ({raw.encoder.size},)" in table


@pytest.mark.parametrize("game", GAMES)
def test_win_terminates_with_plus_minus_one(game):
    case = CASES[game]
    env = ENVS[game].env(**case.win_params)
    rng = np.random.default_rng(0)
    seen = 0
    for seed in range(6):
        env.reset(seed=seed)
        totals = play_random(env, rng)
        state = env.unwrapped.game_state
        if state.end_reason != case.win_reason:
            continue
        seen += 1
        assert sorted(totals.values()) == [-1.0, 1.0]
        assert totals[f"player_{state.winner}"] == 1.0
    assert seen >= 3
    # after the last agent steps with None, no agent is left
    assert env.agents == []


@pytest.mark.parametrize("game", GAMES)
def test_turn_limit_truncates_with_zero_reward(game):
    env = ENVS[game].env(max_turns=3)
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


@pytest.mark.parametrize(("game", "kwargs"), ILLEGAL_CASES)
def test_illegal_action_raises_and_changes_nothing(game, kwargs):
    env = ENVS[game].env(**kwargs)
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


@pytest.mark.parametrize(("game", "kwargs", "steps"), LABEL_CASES)
def test_action_labels_on_request(game, kwargs, steps):
    env = ENVS[game].env(with_action_labels=True, **kwargs)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(steps):
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
    plain = ENVS[game].env(**kwargs)
    plain.reset(seed=5)
    assert plain.last()[4] == {}


@pytest.mark.parametrize("game", GAMES)
def test_reset_seed_sequence_is_reproducible(game):
    a, b = ENVS[game].raw_env(), ENVS[game].raw_env()
    a.reset(seed=9)
    b.reset(seed=9)
    seeds_a = [a.game_seed] + [a.reset() or a.game_seed for _ in range(3)]
    seeds_b = [b.game_seed] + [b.reset() or b.game_seed for _ in range(3)]
    assert seeds_a == seeds_b and len(set(seeds_a)) == 4
    a.reset(seed=10)
    assert a.game_seed not in seeds_b


def test_action_space_contains_answers_as_gymnasium_discrete():
    """`DiscreteActions` is only a faster `Discrete`: the same answer for every kind of input."""
    n = 321
    fast, plain = DiscreteActions(n), Discrete(n)
    inputs = [-(2 ** 70), -1, 0, 1, n - 1, n, n + 1, 2 ** 63, 2 ** 70, True, False,
              np.int64(5), np.int64(n), np.int8(-1), np.uint64(7), np.uint64(2 ** 63 + 1),
              np.int32(0), np.array(4), np.array([4]), 4.0, np.float32(4), "4", None]
    for x in inputs:
        assert fast.contains(x) == plain.contains(x), repr(x)
    assert fast == plain and repr(fast) == repr(plain) and isinstance(fast, Discrete)
    env = ENVS["first_cycle"].env()
    assert isinstance(env.action_space("player_0"), DiscreteActions)
