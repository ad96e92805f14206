"""Policy networks for tcglab's sparse observations (needs the 'rl' extra: torch, SB3).

About 2% of an observation's entries are nonzero (one-hot card ids, counts, flags), and a
batch of observations leaves nine in ten columns all zero, so a dense first layer spends
almost all its time multiplying zeros. `SparseLinear` computes `x @ W + b` over the columns
that hold a nonzero entry only, and `SparseFeatures` wraps it as a Stable-Baselines3
features extractor shared by the policy and value heads:

    from agents.networks import SparseMaskablePolicy, sparse_policy_kwargs
    MaskablePPO(SparseMaskablePolicy, venv, policy_kwargs=sparse_policy_kwargs((256, 256)))

builds observation -> SparseLinear(256) -> tanh, then one more 256-unit tanh layer for the
policy head and one for the value head (tanh computed by `fast_tanh`), trained with torch's
fused Adam. Its action distribution (`FastMaskableCategorical`) is sb3-contrib's masked
categorical computed without exponentiating masked logits and sampled by inverting its
cumulative distribution, both far cheaper on the CPU. `tcglab train` uses it (`--policy
sparse`, the default); checkpoints record the class by name, so
`agents.make("ppo:path=...")` loads them.
"""
from __future__ import annotations

import math
from typing import Any

import gymnasium as gym
import torch
from sb3_contrib.common.maskable.distributions import MaskableCategorical, MaskableCategoricalDistribution
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.policies import BasePolicy
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from torch import nn

HUGE_NEG = -1e8
"""The log-probability a masked action gets (sb3-contrib's value)."""
_ONE_DRAW = torch.Size()
"""`sample`'s default shape: one draw per row (torch's own default)."""


class SparseLinear(nn.Module):
    """`x @ weight + bias` for a batch `x` (B, in) that is mostly zeros, multiplying only the
    columns that hold a nonzero entry. `weight` is stored (in, out), one row per input entry."""

    def __init__(self, in_features: int, out_features: int, gain: float = math.sqrt(2)) -> None:
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        weight = torch.empty(out_features, in_features)
        nn.init.orthogonal_(weight, gain=gain)  # what SB3 gives its dense layers
        self.weight = nn.Parameter(weight.t().contiguous())
        self.bias = nn.Parameter(torch.zeros(out_features))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """The layer's output (B, out) for the input batch `x` (B, in)."""
        if x.dim() != 2 or x.shape[1] != self.in_features:
            raise ValueError(f"SparseLinear: expected input (batch, {self.in_features}), got {tuple(x.shape)}")
        used = used_columns(x)
        return torch.addmm(self.bias, x.index_select(1, used), self.weight.index_select(0, used))


def used_columns(x: torch.Tensor) -> torch.Tensor:
    """Indices of the columns of the 2-d `x` that hold a nonzero entry in some row, ascending.

    A batch of observations uses a few percent of the columns (one-hot card ids, counts,
    flags), so a matrix product over these columns alone is `x @ weight` at a few percent
    of the cost, and its gradient touches only those rows of the weight."""
    return torch.nonzero(x.abs().sum(0)).squeeze(1)  # a sum of magnitudes is zero only for all-zero columns


class SparseFeatures(BaseFeaturesExtractor):
    """SB3 features extractor: a `SparseLinear` layer of `features_dim` units and tanh."""

    def __init__(self, observation_space: gym.spaces.Box, features_dim: int = 256) -> None:
        if len(observation_space.shape) != 1:
            raise ValueError(f"SparseFeatures needs a flat Box observation space, got shape {observation_space.shape}")
        super().__init__(observation_space, features_dim)
        self.linear = SparseLinear(int(observation_space.shape[0]), features_dim)

    def forward(self, observations: torch.Tensor) -> torch.Tensor:
        """The features (B, features_dim) of a batch of flat observations."""
        return fast_tanh(self.linear(observations.float()))


class _FastTanh(torch.autograd.Function):
    """tanh as `2 sigmoid(2x) - 1` (within 2e-7 of torch.tanh): the CPU's tanh kernel is about
    4x slower than its sigmoid, and three tanh layers were a tenth of each PPO update."""

    @staticmethod
    def forward(ctx, x):  # noqa: D102 - autograd's protocol
        y = torch.sigmoid(x * 2.0).mul_(2.0).sub_(1.0)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):  # noqa: D102 - autograd's protocol
        (y,) = ctx.saved_tensors
        return torch.ops.aten.tanh_backward(grad, y)


def fast_tanh(x: torch.Tensor) -> torch.Tensor:
    """tanh of `x` (with its gradient), computed as `2 sigmoid(2x) - 1`."""
    return _FastTanh.apply(x)


class FastTanh(nn.Module):
    """`nn.Tanh` computed by `fast_tanh`: the sparse policy's activation."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """tanh of `x`."""
        return fast_tanh(x)


class FastMaskableCategorical(MaskableCategorical):
    """sb3-contrib's masked categorical with the same probabilities, log-probabilities and
    entropy, normalised without exponentiating the masked logits: CPU `exp` of a value
    below about -88 (such as the -1e8 a masked logit becomes) leaves the vectorised path
    and costs 10-25x more, which made it a seventh of the PPO update."""

    def apply_masking(self, masks: Any) -> None:
        """Mask out actions where `masks` is False (None restores the unmasked logits)."""
        if masks is None:
            super().apply_masking(None)
            return
        raw = self._original_logits
        legal, shifted, weights, total = masked_weights(raw, masks)
        self.masks = legal
        self.logits = torch.where(legal, shifted - total.log(), torch.tensor(HUGE_NEG, dtype=raw.dtype))
        self._param = self.logits
        self.__dict__["probs"] = weights / total  # Categorical's lazy `probs`, computed here

    def entropy(self) -> torch.Tensor:
        """The entropy of each row (a masked action's probability is exactly 0 here, so it
        adds nothing without the parent's extra masking pass)."""
        if self.masks is None:
            return super().entropy()
        return -(self.logits * self.probs).sum(-1)

    def sample(self, sample_shape: torch.Size = _ONE_DRAW) -> torch.Tensor:
        """One action per row, drawn with its probability by inverting the cumulative
        distribution with one uniform number per row (torch's multinomial costs 13x more
        here); a masked action is never drawn."""
        if sample_shape != torch.Size() or self.masks is None:
            return super().sample(sample_shape)
        cdf = self.probs.cumsum(-1)
        u = torch.rand(cdf.shape[:-1] + (1,), dtype=cdf.dtype, device=cdf.device) * cdf[..., -1:]
        drawn = torch.searchsorted(cdf, u, right=True).squeeze(-1).clamp_(max=cdf.shape[-1] - 1)
        # u rounding up to the total can land past the last legal action: take that action then
        last_legal = cdf.shape[-1] - 1 - self.masks.flip(-1).to(torch.uint8).argmax(-1)
        return torch.minimum(drawn, last_legal)


def masked_weights(raw: torch.Tensor, masks: Any) -> tuple[torch.Tensor, ...]:
    """`FastMaskableCategorical`'s masking of the normalised logits `raw` (B, A) by `masks`:
    (legal, the logits less each row's top legal one, their exponentials zeroed where
    masked, each row's total); the probabilities are weights / total."""
    legal = torch.as_tensor(masks, dtype=torch.bool, device=raw.device).reshape(raw.shape)
    legal = legal | ~legal.any(-1, keepdim=True)  # a row with no legal action: all count
    top = raw.masked_fill(~legal, -torch.inf).amax(-1, keepdim=True).detach()
    shifted = raw - top
    weights = torch.exp(shifted.masked_fill(~legal, 0.0)) * legal
    return legal, shifted, weights, weights.sum(-1, keepdim=True)


def action_probabilities(policy: Any, obs: torch.Tensor, masks: Any) -> torch.Tensor:
    """(B, A): the masked action probabilities of `policy` for the observation batch `obs`,
    the very numbers `policy.get_distribution(obs, masks).distribution.probs` holds. For a
    `SparseMaskablePolicy` they are computed with the same operations without building the
    distribution objects (about a third of a small batch's time); any other policy is asked
    `get_distribution`. Call it under `torch.no_grad()`."""
    if not isinstance(policy.action_dist, FastMaskableCategoricalDistribution):
        return policy.get_distribution(obs, action_masks=masks).distribution.probs
    features = BasePolicy.extract_features(policy, obs, policy.pi_features_extractor)
    logits = policy.action_net(policy.mlp_extractor.forward_actor(features))
    logits = logits.view(-1, policy.action_dist.action_dim)
    raw = logits - logits.logsumexp(dim=-1, keepdim=True)  # what Categorical keeps
    _, _, weights, total = masked_weights(raw, masks)
    return weights / total


class FastMaskableCategoricalDistribution(MaskableCategoricalDistribution):
    """The SB3 action distribution of `FastMaskableCategorical`."""

    def proba_distribution(self, action_logits: torch.Tensor) -> FastMaskableCategoricalDistribution:
        """Set the distribution from the action net's logits (masks come by `apply_masking`)."""
        self.distribution = FastMaskableCategorical(logits=action_logits.view(-1, self.action_dim),
                                                    validate_args=False)
        return self


class SparseMaskablePolicy(MaskableActorCriticPolicy):
    """MaskablePPO's actor-critic policy with `FastMaskableCategorical` action distributions;
    built with `sparse_policy_kwargs` it is the policy `tcglab train` trains."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.action_dist = FastMaskableCategoricalDistribution(int(self.action_space.n))


def sparse_policy_kwargs(net_arch: tuple[int, ...]) -> dict[str, Any]:
    """SB3 `policy_kwargs` for hidden layers `net_arch`: the first layer sparse and shared by
    the policy and value heads, the rest dense and separate per head."""
    if not net_arch:
        raise ValueError("sparse policy: net_arch needs at least one layer")
    rest = list(net_arch[1:])
    return {"features_extractor_class": SparseFeatures,
            "features_extractor_kwargs": {"features_dim": int(net_arch[0])},
            "net_arch": {"pi": rest, "vf": list(rest)},
            "activation_fn": FastTanh,
            # one fused kernel per step instead of a dozen passes over the wide first layer
            "optimizer_kwargs": {"fused": True}}
