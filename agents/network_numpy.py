"""A sparse policy's forward pass in numpy, one observation at a time, for search.

A search evaluates thousands of single states per decision; a torch forward pass of one
observation costs about a hundred times its arithmetic in call overhead. `NumpyPolicy`
copies the weights of a policy built by agents/networks.py (`--policy sparse`, every zoo
model) once and computes the same numbers with numpy:

    from agents.network_numpy import NumpyPolicy
    net = NumpyPolicy(load_policy("agents/zoo/first_cycle.pt"))
    net.value(obs)         # the value head's estimate for the observing seat
    net.logits(obs)        # the action head's logits (unmasked)

tests/agents/test_network_numpy.py checks both against the torch policy.
"""
from __future__ import annotations

from typing import Any

import numpy as np


class NumpyPolicy:
    """The value and action heads of a sparse actor-critic policy, in float64 numpy."""

    def __init__(self, policy: Any) -> None:
        weights = {k: v.detach().cpu().double().numpy() for k, v in policy.state_dict().items()}
        if "features_extractor.linear.weight" not in weights:
            raise ValueError("NumpyPolicy needs a sparse policy (tcglab train --policy sparse, every zoo "
                             "model); this one has no shared sparse first layer")
        self.first = weights["features_extractor.linear.weight"]          # (in, hidden), one row per entry
        self.first_bias = weights["features_extractor.linear.bias"]
        self.pi = _dense_layers(weights, "mlp_extractor.policy_net")
        self.vf = _dense_layers(weights, "mlp_extractor.value_net")
        self.action = (weights["action_net.weight"].T, weights["action_net.bias"])
        self.value_out = (weights["value_net.weight"][0], float(weights["value_net.bias"][0]))

    def features(self, obs: np.ndarray) -> np.ndarray:
        """The shared first layer's output (tanh of the sparse product) for one observation."""
        nz = np.flatnonzero(obs)
        return np.tanh(obs[nz] @ self.first[nz] + self.first_bias)

    def value(self, obs: np.ndarray) -> float:
        """The value head's estimate of the observing seat's return."""
        h = self.features(obs)
        for w, b in self.vf:
            h = np.tanh(h @ w + b)
        w, b = self.value_out
        return float(h @ w + b)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The action head's logits for one observation, every action (mask them yourself)."""
        h = self.features(obs)
        for w, b in self.pi:
            h = np.tanh(h @ w + b)
        w, b = self.action
        return h @ w + b


def _dense_layers(weights: dict[str, np.ndarray], prefix: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """The (weight transposed, bias) of each Linear of an SB3 `mlp_extractor` head, in order."""
    layers = []
    index = 0
    while f"{prefix}.{index}.weight" in weights:
        layers.append((weights[f"{prefix}.{index}.weight"].T.copy(), weights[f"{prefix}.{index}.bias"]))
        index += 2  # Linear, activation, Linear, ...
    return layers
