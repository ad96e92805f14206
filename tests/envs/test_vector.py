"""BatchVectorEnv (gymnasium 1.x vector env over BatchEnv): spaces, reset/step shapes and
dtypes, masks in infos, same-step autoreset with final observations, rewards of the learning
seat, random seats, illegal actions, seeding; and BatchEnv's seat="random"."""
from __future__ import annotations

import numpy as np
import pytest
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from envs import BatchEnv
from envs.vector import BatchVectorEnv
from sim import IllegalActionError
from tests.envs.helpers import RandomOpponent


def masked_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of (N, A) masks."""
    return (rng.random(masks.shape) * (masks > 0)).argmax(axis=1)


@pytest.mark.parametrize("game,params", [("first_cycle", {}), ("cipher", {}),
                                         ("xenodex", {"num_players": 4})])
def test_vector_env_spaces_and_reset_step_shapes(game, params):
    n = 3
    env = BatchVectorEnv(game, num_envs=n, opponent=RandomOpponent(), seat="random", seed=1,
                         **params)
    assert isinstance(env, VectorEnv) and env.num_envs == n
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    d, a = env.batch.observation_size, env.batch.num_actions
    assert env.single_observation_space == spaces.Box(*env.encoder.bounds(), dtype=np.float32)
    assert env.single_observation_space.shape == (d,)
    assert env.single_action_space == spaces.Discrete(a)
    assert env.observation_space == batch_space(env.single_observation_space, n)
    assert env.action_space == batch_space(env.single_action_space, n)
    obs, infos = env.reset(seed=2)
    assert obs.shape == (n, d) and obs.dtype == np.float32 and obs in env.observation_space
    assert infos["action_mask"].shape == (n, a) and infos["action_mask"].dtype == np.int8
    assert infos["_action_mask"].all() and infos["action_mask"].any(axis=1).all()
    assert (env.action_masks() == infos["action_mask"].astype(bool)).all()
    assert set(infos["seat"].tolist()) <= set(range(env.batch.num_players))
    rng = np.random.default_rng(0)
    for _ in range(30):
        actions = masked_random(infos["action_mask"], rng)
        assert actions in env.action_space
        obs, rewards, term, trunc, infos = env.step(actions)
        assert obs.shape == (n, d) and obs in env.observation_space
        assert rewards.shape == (n,) and rewards.dtype == np.float64
        assert term.shape == trunc.shape == (n,) and term.dtype == trunc.dtype == bool
        assert infos["action_mask"].any(axis=1).all()


def test_vector_env_same_step_autoreset_reports_the_ended_game():
    env = BatchVectorEnv("first_cycle", num_envs=8, opponent=RandomOpponent(), seat="random",
                         seed=2, max_turns=6, leader_hp=1)
    turn = slice(*env.encoder.slices()["turn"])
    obs, infos = env.reset()
    rng = np.random.default_rng(2)
    ends = wins = 0
    for _ in range(200):
        seats = infos["seat"].copy()
        obs, rewards, term, trunc, infos = env.step(masked_random(infos["action_mask"], rng))
        done = term | trunc
        assert not (term & trunc).any() and (rewards[~done] == 0).all()
        if not done.any():
            assert "final_obs" not in infos
            continue
        assert (infos["_final_obs"] == done).all() and (infos["final_info"]["_seat"] == done).all()
        for i in range(env.num_envs):
            if not done[i]:
                assert infos["final_obs"][i] is None
                continue
            ends += 1
            ended = env.batch.ended[i]
            seat = int(seats[i])
            assert infos["final_info"]["seat"][i] == seat
            assert rewards[i] == ended.returns()[seat]
            wins += rewards[i] == 1.0
            assert term[i] == (max(ended.returns()) > 0)
            final = infos["final_obs"][i]
            assert final in env.single_observation_space
            assert (final == env.encoder.encode(ended.observation(seat))).all()
            # the row is already the next game's first decision of its learner (turn 1, or
            # turn 2 when the opponent opened)
            assert obs[i, turn][0] <= 2 / 6 + 1e-6 and infos["action_mask"][i].any()
            fresh = env.batch.states[i]
            assert (obs[i] == env.encoder.encode(fresh.observation(int(infos["seat"][i])))).all()
            assert not (final == obs[i]).all()
    assert ends > 20 and 0 < wins < ends


def test_vector_env_rows_are_the_learning_seats_view():
    env = BatchVectorEnv("first_cycle", num_envs=6, opponent=RandomOpponent(), seat=1, seed=4)
    obs, infos = env.reset()
    rng = np.random.default_rng(4)
    for _ in range(60):
        assert (infos["seat"] == 1).all()
        for i, state in enumerate(env.batch.states):
            assert state.current_player == 1
            assert (obs[i] == env.encoder.encode(state.observation(1))).all()
            assert set(np.flatnonzero(infos["action_mask"][i]).tolist()) == set(state.legal_actions())
        obs, _, _, _, infos = env.step(masked_random(infos["action_mask"], rng))


def test_batch_env_random_seat_is_drawn_per_game_from_the_slot_seed():
    benv = BatchEnv("first_cycle", num_envs=16, seed=5, opponent=RandomOpponent(), seat="random",
                    max_turns=4)
    out = benv.reset()
    seen = set(out.player.tolist())
    assert (out.player == benv.seats).all()
    rng = np.random.default_rng(5)
    for _ in range(100):
        before = benv.seats.copy()
        out = benv.step(masked_random(out.mask, rng))
        assert (out.actor == before).all() and (out.player == benv.seats).all()
        assert all(s.current_player == p for s, p in zip(benv.states, out.player))
        seen |= set(out.player.tolist())
    assert seen == {0, 1}
    again = BatchEnv("first_cycle", num_envs=16, seed=5, opponent=RandomOpponent(), seat="random",
                     max_turns=4).reset()
    assert (again.player == benv.reset(seed=5).player).all()


def test_batch_env_random_seat_needs_an_opponent_and_bad_seats_are_refused():
    with pytest.raises(ValueError, match="seat='random' needs an opponent"):
        BatchEnv("first_cycle", num_envs=2, seat="random")
    with pytest.raises(ValueError, match="got 'left'"):
        BatchEnv("first_cycle", num_envs=2, opponent=RandomOpponent(), seat="left")
    with pytest.raises(ValueError, match="got 2"):
        BatchEnv("first_cycle", num_envs=2, opponent=RandomOpponent(), seat=2)
    with pytest.raises(ValueError, match="needs an opponent"):
        BatchVectorEnv("first_cycle", num_envs=2)


def test_vector_env_same_seed_same_first_observations_and_masks():
    def first(seed):
        env = BatchVectorEnv("first_cycle", num_envs=5, opponent=RandomOpponent(), seat="random")
        obs, infos = env.reset(seed=seed)
        step = env.step(masked_random(infos["action_mask"], np.random.default_rng(0)))
        return obs, infos["action_mask"], infos["seat"], step[0], step[4]["action_mask"]
    a, b, c = first(11), first(11), first(12)
    for x, y in zip(a, b):
        assert (x == y).all()
    assert not (a[0] == c[0]).all()
    env = BatchVectorEnv("first_cycle", num_envs=5, opponent=RandomOpponent(), seat="random", seed=11)
    obs, infos = env.reset()
    assert (obs == a[0]).all() and (infos["action_mask"] == a[1]).all()
    env.step(masked_random(infos["action_mask"], np.random.default_rng(1)))
    obs, infos = env.reset(seed=11)                  # a seeded reset starts over
    assert (obs == a[0]).all() and (infos["action_mask"] == a[1]).all()


def test_vector_env_illegal_action_names_the_slot_and_moves_nothing():
    env = BatchVectorEnv("first_cycle", num_envs=4, opponent=RandomOpponent(), seed=6)
    obs, infos = env.reset()
    actions = masked_random(infos["action_mask"], np.random.default_rng(6))
    bad = int(np.flatnonzero(infos["action_mask"][2] == 0)[0])
    actions[2] = bad
    with pytest.raises(IllegalActionError, match=f"match 2: action {bad} "):
        env.step(actions)
    assert (np.stack([env.encoder.encode(s.observation(0)) for s in env.batch.states]) == obs).all()
    with pytest.raises(RuntimeError, match="reset"):
        BatchVectorEnv("first_cycle", num_envs=2, opponent=RandomOpponent()).step(np.zeros(2, int))
