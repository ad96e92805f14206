"""ReusedRolloutBuffer (experiments/rl/rollout_buffer.py) gives exactly the minibatches of
sb3-contrib's MaskableRolloutBuffer, rollout after rollout, while reusing its memory."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
import torch
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer

from experiments.rl.rollout_buffer import FIELDS, ReusedRolloutBuffer

STEPS, ENVS, WIDTH, ACTIONS = 6, 4, 13, 5


def fill(buffer, rng: np.random.Generator) -> None:
    """One rollout of random transitions, with its returns and advantages."""
    buffer.reset()
    for _ in range(STEPS):
        obs = (rng.random((ENVS, WIDTH)) < 0.3) * rng.normal(size=(ENVS, WIDTH))
        buffer.add(obs.astype(np.float32), rng.integers(ACTIONS, size=(ENVS, 1)), rng.normal(size=ENVS),
                   rng.random(ENVS) < 0.2, torch.as_tensor(rng.normal(size=ENVS)),
                   torch.as_tensor(rng.normal(size=ENVS)), action_masks=rng.random((ENVS, ACTIONS)) < 0.6)
    buffer.compute_returns_and_advantage(torch.as_tensor(rng.normal(size=ENVS)), rng.random(ENVS) < 0.2)


def minibatches(buffer, batch_size: int, seed: int) -> list[list[torch.Tensor]]:
    """Every minibatch of one pass, each field copied before the next minibatch is drawn."""
    np.random.seed(seed)  # the buffers' shuffle draws from numpy's global generator
    return [[field.clone() for field in batch] for batch in buffer.get(batch_size)]


@pytest.mark.parametrize("batch_size", [8, 24, 10])
def test_reused_buffer_gives_sb3_contribs_minibatches_rollout_after_rollout(batch_size):
    space = gym.spaces.Box(-np.inf, np.inf, (WIDTH,), np.float32)
    actions = gym.spaces.Discrete(ACTIONS)
    stock = MaskableRolloutBuffer(STEPS, space, actions, device="cpu", n_envs=ENVS)
    reused = ReusedRolloutBuffer(STEPS, space, actions, device="cpu", n_envs=ENVS)
    seen_obs = set()
    for rollout in range(3):
        fill(stock, np.random.default_rng(rollout))
        fill(reused, np.random.default_rng(rollout))
        seen_obs.add(id(reused.observations))
        for epoch in range(2):
            want = minibatches(stock, batch_size, seed=10 * rollout + epoch)
            got = minibatches(reused, batch_size, seed=10 * rollout + epoch)
            assert len(got) == len(want) == -(-STEPS * ENVS // batch_size)
            for a, b in zip(want, got):
                for name, x, y in zip(FIELDS, a, b):
                    assert x.dtype == y.dtype and torch.equal(x, y), f"{name} differs in rollout {rollout}"
    assert len(seen_obs) == 1, "each rollout should write into the same observation array"
