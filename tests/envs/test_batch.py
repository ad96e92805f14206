"""BatchEnv: shapes, the perspective convention, masks = engine legal actions, auto-reset,
per-seat rewards, opponent mode, illegal actions, seeding."""
from __future__ import annotations

import numpy as np
import pytest

from envs import BatchEnv
from sim import IllegalActionError
from tests.envs.helpers import RandomOpponent, assert_rows_match_states, random_batch_actions


def test_shapes_and_dtypes():
    benv = BatchEnv("first_cycle", num_envs=5, seed=0)
    out = benv.reset()
    n, d, a = 5, benv.observation_size, benv.num_actions
    assert out.obs.shape == (n, d) and out.obs.dtype == np.float32
    assert out.mask.shape == (n, a) and out.mask.dtype == np.int8
    assert out.player.shape == (n,) and out.rewards.shape == (n, 2)
    assert out.terminated.dtype == bool and out.truncated.shape == (n,)
    assert (out.actor == -1).all() and not out.dones.any()
    out = benv.step(random_batch_actions(out, np.random.default_rng(0)))
    assert out.obs.shape == (n, d) and out.rewards.dtype == np.float32
    assert set(out.actor.tolist()) <= {0, 1}


def test_rows_are_the_player_to_acts_view_and_masks_are_legal():
    benv = BatchEnv("first_cycle", num_envs=6, seed=1, decks=["blue_starter", "green_starter"])
    out = benv.reset()
    rng = np.random.default_rng(1)
    for _ in range(300):
        assert_rows_match_states(benv, out)
        out = benv.step(random_batch_actions(out, rng))


def test_auto_reset_and_rewards():
    benv = BatchEnv("first_cycle", num_envs=8, seed=2, max_turns=6, leader_hp=1)
    out = benv.reset()
    rng = np.random.default_rng(2)
    turn = slice(*benv.encoder.slices()["turn"])
    ends = wins = 0
    for _ in range(400):
        actions = random_batch_actions(out, rng)
        out = benv.step(actions)
        done = out.dones
        assert not (out.terminated & out.truncated).any()
        assert (out.rewards[~done] == 0).all()
        assert (out.rewards.sum(axis=1) == 0).all()
        for i in np.flatnonzero(done):
            ends += 1
            if out.terminated[i]:
                wins += 1
                assert sorted(out.rewards[i].tolist()) == [-1.0, 1.0]
            else:
                assert (out.rewards[i] == 0).all()
            # the slot already holds a fresh game: turn 1, the legal actions of its opener
            assert out.obs[i, turn][0] == pytest.approx(1 / 6)
            assert out.mask[i].any()
    assert ends > 20 and 0 < wins < ends


def test_opponent_mode_plays_the_other_seat():
    benv = BatchEnv("first_cycle", num_envs=4, seed=3, opponent=RandomOpponent(), seat=1,
                    max_turns=8)
    out = benv.reset()
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(200):
        assert (out.player == 1).all()
        assert all(s.current_player == 1 for s in benv.states)
        out = benv.step(random_batch_actions(out, rng))
        assert (out.actor == 1).all()
        finished += int(out.dones.sum())
    assert finished > 0
    with pytest.raises(ValueError):
        BatchEnv("first_cycle", num_envs=2, opponent=RandomOpponent(), seat=2)


def test_callable_opponent():
    calls = []

    def first_legal(state, rng):
        calls.append(state.current_player)
        return state.legal_actions()[0]

    benv = BatchEnv("first_cycle", num_envs=2, seed=4, opponent=first_legal, seat=0)
    out = benv.reset()
    rng = np.random.default_rng(4)
    for _ in range(30):
        out = benv.step(random_batch_actions(out, rng))
    assert calls and set(calls) == {1}


def test_illegal_action_raises_before_any_match_moves():
    benv = BatchEnv("first_cycle", num_envs=3, seed=5)
    out = benv.reset()
    before = [s.to_dict() for s in benv.states]
    actions = out.mask.argmax(axis=1)
    actions[2] = int(np.flatnonzero(out.mask[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="match 2"):
        benv.step(actions)
    with pytest.raises(IllegalActionError):
        benv.step(np.full(3, benv.num_actions))
    with pytest.raises(IllegalActionError):
        benv.step([0, 0])
    assert [s.to_dict() for s in benv.states] == before


def test_seeding_is_reproducible_and_per_slot():
    def run(num_envs, seed):
        benv = BatchEnv("first_cycle", num_envs=num_envs, seed=seed)
        out = benv.reset()
        return benv.game_seeds[:], out

    seeds_a, out_a = run(4, 9)
    seeds_b, out_b = run(4, 9)
    seeds_c, out_c = run(2, 9)
    assert seeds_a == seeds_b and np.array_equal(out_a.obs, out_b.obs)
    assert seeds_c == seeds_a[:2] and np.array_equal(out_c.obs, out_a.obs[:2])
    assert run(4, 10)[0] != seeds_a


@pytest.mark.parametrize("num_envs", [0, -3, 2.5, "4", True, None])
def test_a_bad_num_envs_is_refused_naming_the_value(num_envs):
    with pytest.raises(ValueError, match=f"num_envs must be an int of at least 1, got {num_envs!r}"):
        BatchEnv("first_cycle", num_envs=num_envs)
