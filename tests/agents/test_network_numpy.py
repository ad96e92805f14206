"""NumpyPolicy (agents/network_numpy.py) computes the torch policy's value and logits."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy  # noqa: E402

from agents.network_numpy import NumpyPolicy  # noqa: E402
from agents.policy_file import policy_kwargs_for  # noqa: E402
from tests.agents import positions  # noqa: E402


def _policy(arch: dict, width: int, actions: int) -> MaskableActorCriticPolicy:
    torch.manual_seed(7)
    return MaskableActorCriticPolicy(gym.spaces.Box(-np.inf, np.inf, (width,), np.float32),
                                     gym.spaces.Discrete(actions), lr_schedule=lambda _: 1e-3,
                                     **policy_kwargs_for(arch))


def test_numpy_value_and_logits_equal_the_torch_policys():
    from envs.registry import game_spec
    game = positions.GAME
    encoder = game_spec("first_cycle").make_encoder(game)
    policy = _policy({"policy": "sparse", "net_arch": [32, 16, 16]}, encoder.size, game.action_space_size)
    with torch.no_grad():  # weights far from their initial values, so every layer matters
        for p in policy.parameters():
            p.add_(torch.randn_like(p) * 0.3)
    net = NumpyPolicy(policy)
    checked = 0
    for state in positions.random_positions(6, seed=2):
        obs = encoder.encode_seat(state, max(state.current_player, 0))
        x = torch.as_tensor(obs[None])
        with torch.no_grad():
            value = policy.predict_values(x).item()
            latent_pi = policy.mlp_extractor.forward_actor(policy.extract_features(x))
            logits = policy.action_net(latent_pi)[0].numpy()
        assert net.value(obs) == pytest.approx(value, abs=1e-5)
        assert np.allclose(net.logits(obs), logits, atol=1e-5)
        checked += 1
    assert checked >= 6


def test_a_dense_policy_is_refused_by_name():
    policy = _policy({"policy": "mlp", "net_arch": [8]}, 20, 4)
    with pytest.raises(ValueError, match="needs a sparse policy"):
        NumpyPolicy(policy)
