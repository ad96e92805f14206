"""BatchVecEnv (experiments/rl/sb3_vec.py): an SB3 VecEnv that sb3-contrib's MaskablePPO
accepts: its protocol and SB3's own wrappers and checks, masks through sb3-contrib's
helpers, auto-reset with terminal observations, seeding, and a short MaskablePPO run."""
from __future__ import annotations

import numpy as np
import pytest
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
from stable_baselines3.common.utils import check_for_correct_spaces
from stable_baselines3.common.vec_env import VecCheckNan, VecEnv, VecMonitor

import agents
from experiments.rl.sb3_vec import BatchVecEnv
from sim import IllegalActionError


def masked_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of (N, A) bool masks."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def test_sb3_vec_env_protocol_masks_and_sb3_checks():
    venv = BatchVecEnv("first_cycle", num_envs=4, opponent=agents.make("random"), seat="random",
                       seed=0)
    assert isinstance(venv, VecEnv) and venv.num_envs == 4
    check_for_correct_spaces(venv, venv.vector.single_observation_space,
                             venv.vector.single_action_space)
    obs = venv.reset()
    assert obs.shape == (4, *venv.observation_space.shape) and obs.dtype == np.float32
    assert all(venv.observation_space.contains(row) for row in obs)
    assert is_masking_supported(venv)
    masks = get_action_masks(venv)
    assert masks.shape == (4, venv.action_space.n) and masks.dtype == bool
    assert (masks == venv.action_masks()).all() and masks.any(axis=1).all()
    for i, state in enumerate(venv.vector.batch.states):
        assert set(np.flatnonzero(masks[i]).tolist()) == set(state.legal_actions())
    assert venv.get_attr("render_mode") == [None] * 4 and venv.env_is_wrapped(object) == [False] * 4
    assert len(venv.env_method("action_masks", indices=[1, 3])) == 2
    # SB3's own wrappers: NaN/inf checks on every step, episode statistics
    checked = VecMonitor(VecCheckNan(venv, raise_exception=True))
    checked.reset()
    rng = np.random.default_rng(0)
    episodes = []
    for _ in range(150):
        obs, rewards, dones, infos = checked.step(masked_random(get_action_masks(venv), rng))
        assert obs.shape == (4, venv.observation_space.shape[0]) and rewards.dtype == np.float32
        assert dones.dtype == bool and len(infos) == 4
        episodes += [info["episode"] for info in infos if "episode" in info]
    assert episodes and all(e["r"] in (-1.0, 0.0, 1.0) for e in episodes)


def test_sb3_vec_env_auto_reset_returns_terminal_observation_and_truncation():
    venv = BatchVecEnv("first_cycle", num_envs=6, opponent=agents.make("random"), seat="random",
                       seed=3, max_turns=4, leader_hp=2)
    enc = venv.vector.encoder
    turn = slice(*enc.slices()["turn"])
    venv.reset()
    rng = np.random.default_rng(3)
    ends = truncations = 0
    for _ in range(200):
        seats = venv.vector._last.player.copy()
        venv.step_async(masked_random(venv.action_masks(), rng))
        obs, rewards, dones, infos = venv.step_wait()
        for i, info in enumerate(infos):
            assert info["seat"] == venv.vector.batch.states[i].current_player
            assert info["opponent"] == 0                  # one opponent: always the first
            if not dones[i]:
                assert "terminal_observation" not in info and rewards[i] == 0
                continue
            assert info["final_opponent"] == 0
            ends += 1
            ended = venv.vector.batch.ended[i]
            assert rewards[i] == ended.returns()[seats[i]]
            assert (info["terminal_observation"] == enc.encode(ended.observation(int(seats[i])))).all()
            assert info["TimeLimit.truncated"] == (max(ended.returns()) <= 0)
            truncations += info["TimeLimit.truncated"]
            assert obs[i, turn][0] <= 2 / 4 + 1e-6      # already the next game
    assert ends > 20 and 0 < truncations < ends


def test_sb3_vec_env_same_seed_same_first_observations_and_masks():
    def first(seed):
        venv = BatchVecEnv("cipher", num_envs=3, opponent=agents.make("random"), seat="random")
        venv.seed(seed)
        return venv.reset(), venv.action_masks()
    (o1, m1), (o2, m2), (o3, _) = first(8), first(8), first(9)
    assert (o1 == o2).all() and (m1 == m2).all() and not (o1 == o3).all()


@pytest.fixture
def one_torch_thread():
    """One torch thread for the test (two threads on two shared cores run 10x slower)."""
    import torch
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def test_maskable_ppo_trains_through_the_batch_vec_env(one_torch_thread):
    venv = BatchVecEnv("first_cycle", num_envs=16, opponent=agents.make("random"), seat="random",
                       seed=0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=256, n_epochs=2, seed=0,
                        policy_kwargs={"net_arch": [64, 64]}, verbose=0)
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(3072)                 # every sampled action legal, or BatchEnv would raise
    assert model.num_timesteps >= 3072
    assert any(not (a == b).all() for a, b in zip(before, model.policy.parameters()))
    obs = venv.reset()
    actions, _ = model.predict(obs, action_masks=venv.action_masks(), deterministic=True)
    assert venv.action_masks()[np.arange(16), actions].all()
    # without the masks PPO samples illegal actions, which the env refuses
    unmasked = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=256, seed=0, verbose=0,
                           policy_kwargs={"net_arch": [64]})
    with pytest.raises(IllegalActionError):
        unmasked.learn(1024, use_masking=False)


def test_sb3_vec_env_says_which_opponent_of_a_mix_each_game_and_each_ended_match_faced():
    venv = BatchVecEnv("first_cycle", num_envs=6, opponent=[agents.make("random"), agents.make("random")],
                       seat="random", seed=4, max_turns=4, leader_hp=2)
    venv.reset()
    rng = np.random.default_rng(5)
    faced = set()
    for _ in range(150):
        before = venv.vector.batch.opponent_index.copy()
        venv.step_async(masked_random(venv.action_masks(), rng))
        obs, rewards, dones, infos = venv.step_wait()
        for i, info in enumerate(infos):
            assert info["opponent"] == venv.vector.batch.opponent_index[i]
            if dones[i]:
                assert info["final_opponent"] == before[i]
                faced.add(info["final_opponent"])
    assert faced == {0, 1}

