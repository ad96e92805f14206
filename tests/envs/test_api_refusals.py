"""The AEC, batch, single-agent and vector envs refuse bad arguments at the call that received them.

A bool seat, decks given as one string, a number, an unknown deck or the wrong count of
decks are refused by the constructor (they used to pass it and fail at the first
`reset`, or deal a game from the letters of a name); a penalize-mode step with an action
that is not an int raises instead of a TypeError inside `int()` or a silent penalty;
`BatchVectorEnv.reset` names a bad seed with the project's InvalidArgumentError and takes
a numpy integer seed as the constructor does.
"""
from __future__ import annotations

import numpy as np
import pytest

from envs import BatchEnv, first_cycle_v0, single_agent
from envs.vector import BatchVectorEnv
from sim import IllegalActionError
from sim.core.errors import InvalidArgumentError, InvalidDeckError
from tests.envs.helpers import RandomOpponent


def vector(**kwargs):
    return BatchVectorEnv("first_cycle", **{"num_envs": 2, "opponent": RandomOpponent(), **kwargs})


def test_single_agent_refuses_a_bool_seat_and_takes_a_numpy_seat():
    with pytest.raises(ValueError, match="seat must be 0..1 or 'random', got True"):
        single_agent("first_cycle", opponent=RandomOpponent(), seat=True)
    assert single_agent("first_cycle", opponent=RandomOpponent(), seat=np.int64(1)).seat == 1


@pytest.mark.parametrize("make", [lambda d: single_agent("first_cycle", opponent=RandomOpponent(), decks=d),
                                  lambda d: vector(decks=d), lambda d: BatchEnv("first_cycle", decks=d),
                                  lambda d: first_cycle_v0.env(decks=d)],
                         ids=["single_agent", "vector", "BatchEnv", "aec_env"])
@pytest.mark.parametrize("decks, error, message", [
    ("black_starter", ValueError, "decks must be a list with one deck per seat.*got str 'black_starter'"),
    (5, ValueError, "decks must be a list with one deck per seat.*got int 5"),
    (["nope", "black_starter"], InvalidDeckError, "unknown deck name 'nope'"),
    (["black_starter"], InvalidDeckError, "needs 2 decks, got 1"),
])
def test_bad_decks_are_refused_by_the_constructor(make, decks, error, message):
    with pytest.raises(error, match=message):
        make(decks)


def test_good_decks_still_deal():
    env = single_agent("first_cycle", opponent=RandomOpponent(), decks=("blue_starter", "green_starter"))
    env.reset(seed=0)
    assert env.decks == ["blue_starter", "green_starter"]
    assert vector(decks=["blue_starter", "green_starter"]).reset(seed=0)[0].shape[0] == 2


@pytest.mark.parametrize("action, shown", [(None, "None is a NoneType"), (1.0, "1.0 is a float"),
                                           ("0", "'0' is a str"), (np.array([0]), r"array\(\[0\]\) is a ndarray"),
                                           (True, "True is a bool")])
def test_penalize_mode_raises_on_an_action_that_is_not_an_int(action, shown):
    env = single_agent("first_cycle", opponent=RandomOpponent(), illegal_action="penalize")
    env.reset(seed=1)
    before = env.game_state.to_dict()
    with pytest.raises(IllegalActionError, match=f"action {shown}; an action is an int id"):
        env.step(action)
    assert env.game_state.to_dict() == before
    legal = int(np.flatnonzero(env.action_masks())[0])
    env.step(np.int64(legal))  # the episode goes on: nothing was spent


def test_penalize_mode_still_penalizes_an_int_out_of_range():
    env = single_agent("first_cycle", opponent=RandomOpponent(), illegal_action="penalize")
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(10 ** 6)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


@pytest.mark.parametrize("seed, shown", [(-1, "got int -1"), ("a", "got str 'a'"), (1.5, "got float 1.5"),
                                         (True, "got bool True")])
def test_vector_reset_names_a_bad_seed(seed, shown):
    env = vector()
    with pytest.raises(InvalidArgumentError, match=f"seed must be a non-negative int or None, {shown}"):
        env.reset(seed=seed)


@pytest.mark.parametrize("seed, shown", [(-1, "got int -1"), ("a", "got str 'a'"),
                                         (np.random.SeedSequence(1), "got a SeedSequence")])
def test_env_seeds_are_refused_saying_what_an_env_takes(seed, shown):
    # an env takes an int or None, not the SeedSequence that sim's own seeds accept
    with pytest.raises(InvalidArgumentError, match=f"^seed must be a non-negative int or None, {shown}$"):
        first_cycle_v0.env().reset(seed=seed)


def test_vector_reset_takes_a_numpy_seed_as_a_python_one():
    a, _ = vector().reset(seed=np.int64(3))
    b, _ = vector().reset(seed=3)
    assert np.array_equal(a, b)
