"""The sparse policy's pieces (agents/networks.py) compute what the dense ones they replace do."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("stable_baselines3")

from agents.networks import (  # noqa: E402
    FastTanh,
    SparseFeatures,
    SparseLinear,
    fast_tanh,
    sparse_policy_kwargs,
    used_columns,
)


def _sparse_batch(rows: int, cols: int, density: float, seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    x = (torch.rand(rows, cols, generator=g) < density).float() * torch.randn(rows, cols, generator=g)
    x[1] = 0.0                        # an observation with no nonzero entry at all
    x[2, -1] = 5.0                    # the last column
    return x


def test_used_columns_are_the_columns_with_a_nonzero_entry_ascending():
    x = _sparse_batch(64, 300, 0.02)
    x[5, 0] = float("nan")            # NaN is not zero: its column is used (and the NaN shows)
    expected = sorted({int(c) for c in torch.nonzero(x.nan_to_num(1.0), as_tuple=True)[1]})
    assert used_columns(x).tolist() == expected
    assert used_columns(torch.zeros(3, 10)).tolist() == []


def test_fast_tanh_is_tanh_in_value_and_gradient():
    x = torch.linspace(-12, 12, 2001).requires_grad_(True)
    y = fast_tanh(x)
    assert (y - torch.tanh(x)).abs().max() < 3e-7
    y.sum().backward()
    assert torch.allclose(x.grad, 1 - torch.tanh(x.detach()) ** 2, atol=1e-6)
    assert isinstance(sparse_policy_kwargs((8, 8))["activation_fn"](), FastTanh)


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


def test_fast_masked_categorical_draws_each_action_with_its_probability():
    from agents.networks import FastMaskableCategorical
    g = torch.Generator().manual_seed(3)
    raw = torch.randn(1, 30, generator=g)
    masks = torch.rand(1, 30, generator=g) < 0.4
    masks[0, -1] = False                                                  # the last action masked
    n = 40_000
    torch.manual_seed(5)
    dist = FastMaskableCategorical(logits=raw.expand(n, 30), masks=masks.expand(n, 30).numpy())
    counts = torch.bincount(dist.sample(), minlength=30).float()
    expected = dist.probs[0] * n
    assert counts[~masks[0]].sum() == 0
    chi2 = float(((counts - expected)[masks[0]] ** 2 / expected[masks[0]]).sum())
    assert chi2 < 3 * int(masks.sum())     # a chi-square with ~k degrees of freedom stays far below 3k
