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


def test_fast_masked_categorical_matches_sb3_contribs_values_and_gradients():
    from sb3_contrib.common.maskable.distributions import MaskableCategorical

    from agents.networks import FastMaskableCategorical
    g = torch.Generator().manual_seed(1)
    raw = torch.randn(6, 40, generator=g) * 3
    masks = torch.rand(6, 40, generator=g) < 0.3
    masks[0] = False
    masks[0, 7] = True                               # one legal action
    masks[1] = True                                  # every action legal
    actions = torch.tensor([7, 3, *[int(torch.nonzero(m)[0]) for m in masks[2:]]])
    results = []
    for cls in (MaskableCategorical, FastMaskableCategorical):
        logits = raw.clone().requires_grad_(True)
        dist = cls(logits=logits, masks=masks.numpy())
        loss = dist.log_prob(actions).sum() + dist.entropy().sum()
        loss.backward()
        results.append((dist.probs.detach(), dist.log_prob(actions).detach(), dist.entropy().detach(), logits.grad))
    (p0, lp0, h0, g0), (p1, lp1, h1, g1) = results
    assert torch.allclose(p0, p1, atol=1e-6) and torch.equal(p1[~masks], torch.zeros(int((~masks).sum())))
    assert torch.allclose(lp0, lp1, atol=1e-5) and torch.allclose(h0, h1, atol=1e-5)
    assert torch.allclose(g0, g1, atol=1e-5)
    draws = FastMaskableCategorical(logits=raw.expand(200, 6, 40).reshape(-1, 40),
                                    masks=masks.repeat(200, 1).numpy()).sample()
    assert masks.repeat(200, 1)[torch.arange(1200), draws].all()          # only legal actions are drawn
