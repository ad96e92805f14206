"""The sparse first layer (agents/networks.py) computes exactly the dense layer it replaces."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("stable_baselines3")

from agents.networks import SparseFeatures, SparseLinear, nonzero_entries, sparse_policy_kwargs  # noqa: E402


def _sparse_batch(rows: int, cols: int, density: float, seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    x = (torch.rand(rows, cols, generator=g) < density).float() * torch.randn(rows, cols, generator=g)
    x[1] = 0.0                        # an observation with no nonzero entry at all
    x[2, -1] = 5.0                    # the last column
    return x


def test_nonzero_entries_are_torch_nonzero_in_the_same_order():
    x = _sparse_batch(64, 300, 0.02)
    rows, cols = nonzero_entries(x)
    ref_rows, ref_cols = torch.nonzero(x, as_tuple=True)
    assert torch.equal(rows, ref_rows) and torch.equal(cols, ref_cols)


def test_sparse_linear_equals_the_dense_product_and_its_gradient():
    layer = SparseLinear(300, 16)
    x = _sparse_batch(32, 300, 0.03)
    out = layer(x)
    dense = x @ layer.weight + layer.bias
    assert torch.allclose(out, dense, atol=1e-5)
    assert torch.allclose(out[1], layer.bias)   # an all-zero row gives the bias alone
    out.square().sum().backward()
    grad_sparse = layer.weight.grad.clone()
    layer.weight.grad = None
    (x @ layer.weight + layer.bias).square().sum().backward()
    assert torch.allclose(grad_sparse, layer.weight.grad, atol=1e-4)


def test_sparse_linear_refuses_an_input_of_the_wrong_width():
    with pytest.raises(ValueError, match=r"expected input \(batch, 300\), got \(4, 299\)"):
        SparseLinear(300, 8)(torch.zeros(4, 299))


def test_sparse_features_is_a_shared_sb3_extractor_and_kwargs_need_a_layer():
    space = gym.spaces.Box(-np.inf, np.inf, (50,), np.float32)
    features = SparseFeatures(space, features_dim=8)
    assert features.features_dim == 8 and features(torch.zeros(3, 50)).shape == (3, 8)
    kwargs = sparse_policy_kwargs((32, 16))
    assert kwargs["features_extractor_kwargs"] == {"features_dim": 32}
    assert kwargs["net_arch"] == {"pi": [16], "vf": [16]}
    with pytest.raises(ValueError, match="at least one layer"):
        sparse_policy_kwargs(())
