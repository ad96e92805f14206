"""BatchEnv against a mix of opponents: each game faces one of them, drawn per game from the
slot's own generator, reproducibly and whatever the number of slots."""
from __future__ import annotations

import numpy as np
import pytest

from envs import BatchEnv


class Recorder:
    """A uniform random opponent that records which games (engine state objects) it moved in."""

    def __init__(self) -> None:
        self.games: set[int] = set()

    def __call__(self, state, rng):
        self.games.add(id(state))
        legal = state.legal_actions()
        return legal[int(rng.integers(len(legal)))]


def _play(benv: BatchEnv, steps: int, seed: int = 0, watch=None) -> list[list[int]]:
    """Step `benv` with uniform legal learner moves; the opponent index of every slot after
    each step (and `watch(benv)` after each step)."""
    rng = np.random.default_rng(seed)
    out = benv.reset()
    seen = [benv.opponent_index.tolist()]
    for _ in range(steps):
        out = benv.step((rng.random(out.mask.shape) * out.mask).argmax(axis=1))
        seen.append(benv.opponent_index.tolist())
        if watch is not None:
            watch(benv)
    return seen


def test_each_game_faces_one_opponent_of_the_mix_drawn_per_game():
    a, b = Recorder(), Recorder()
    benv = BatchEnv("first_cycle", num_envs=8, seed=3, opponent=[a, b], seat="random")
    faced: dict[int, int] = {}  # game (state object id) -> the opponent index it was dealt

    def watch(env):
        for i, s in enumerate(env.states):
            faced.setdefault(id(s), int(env.opponent_index[i]))
            # keep the states alive so no id is reused by a later game
            kept.append(s)

    kept: list = []
    _play(benv, 600, watch=watch)
    assert a.games and b.games and not a.games & b.games
    for game, k in faced.items():
        assert game not in (b.games if k == 0 else a.games)
    picks = list(faced.values())
    assert 0.25 < np.mean(picks) < 0.75 and len(picks) >= 20  # both drawn, about evenly


def test_the_draws_repeat_with_the_seed_and_do_not_depend_on_the_number_of_slots():
    four = _play(BatchEnv("cipher", num_envs=4, seed=11, opponent=[Recorder(), Recorder(), Recorder()],
                          seat=1), 0)
    eight = _play(BatchEnv("cipher", num_envs=8, seed=11, opponent=[Recorder(), Recorder(), Recorder()],
                           seat=1), 0)
    again = _play(BatchEnv("cipher", num_envs=4, seed=11, opponent=[Recorder(), Recorder(), Recorder()],
                           seat=1), 0)
    assert four == again and four[0] == eight[0][:4]
    other = _play(BatchEnv("cipher", num_envs=8, seed=12, opponent=[Recorder(), Recorder(), Recorder()],
                           seat=1), 0)
    assert other[0] != eight[0]


def test_a_one_opponent_list_is_that_opponent():
    def trajectory(opponent):
        benv = BatchEnv("xenodex", num_envs=6, seed=5, opponent=opponent, seat="random", num_players=3)
        rng = np.random.default_rng(1)
        out = benv.reset()
        seen = [out.obs.tobytes()]
        for _ in range(60):
            out = benv.step((rng.random(out.mask.shape) * out.mask).argmax(axis=1))
            seen.append(out.obs.tobytes() + out.rewards.tobytes())
        return seen

    rec = Recorder()
    assert trajectory([rec]) == trajectory(rec)


def test_a_bad_mix_is_refused_naming_what_is_wrong():
    with pytest.raises(ValueError, match="empty list"):
        BatchEnv("first_cycle", num_envs=2, opponent=[])
    with pytest.raises(ValueError, match="is a name"):
        BatchEnv("first_cycle", num_envs=2, opponent=[Recorder(), "greedy"])


def test_each_ended_match_says_which_opponent_it_faced_down_to_the_vector_envs():
    from envs.vector import BatchVectorEnv
    opponents = [Recorder(), Recorder(), Recorder()]
    benv = BatchEnv("first_cycle", num_envs=6, seed=9, opponent=opponents, seat="random")
    rng = np.random.default_rng(2)
    out = benv.reset()
    ended = 0
    for _ in range(400):
        before = benv.opponent_index.copy()
        out = benv.step((rng.random(out.mask.shape) * out.mask).argmax(axis=1))
        assert set(benv.ended_opponents) == set(benv.ended) == set(np.flatnonzero(out.dones).tolist())
        for i, k in benv.ended_opponents.items():
            assert k == before[i]
            ended += 1
    assert ended >= 10
    venv = BatchVectorEnv("first_cycle", num_envs=6, seed=9, opponent=[Recorder(), Recorder(), Recorder()],
                          seat="random")
    obs, infos = venv.reset()
    assert (infos["opponent"] == venv.batch.opponent_index).all()
    seen = 0
    for _ in range(400):
        before = venv.batch.opponent_index.copy()
        masks = venv.action_masks()
        obs, rewards, term, trunc, infos = venv.step((rng.random(masks.shape) * masks).argmax(axis=1))
        assert (infos["opponent"] == venv.batch.opponent_index).all()
        if "final_info" in infos:
            done = term | trunc
            assert (infos["final_info"]["_opponent"] == done).all()
            assert (infos["final_info"]["opponent"][done] == before[done]).all()
            seen += int(done.sum())
    assert seen >= 10
