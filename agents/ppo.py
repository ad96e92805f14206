"""`PPOAgent`: a MaskablePPO checkpoint (experiments/rl/train_ppo.py) playing as an agent.

    agents.make("ppo:path=runs/ppo/final.zip")

The network sees only `encode(state.observation(seat))` (the game's env encoder) and
the legal-action mask, like any policy adapter. With `deterministic` (the default) it
plays the most probable legal action; otherwise it samples from the masked policy with
the agent's own generator, so matches stay reproducible. Needs the `rl` extra (torch,
sb3-contrib); models are cached per (path, device).
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat
from agents.policy import default_encoder, legal_mask


@dataclasses.dataclass(frozen=True)
class PPOConfig(AgentConfig):
    """Which checkpoint, on which device, and whether to play greedily."""

    path: str = ""
    """a .zip saved by MaskablePPO (experiments/rl/train_ppo.py)"""
    device: str = "cpu"
    """torch device for the network"""
    deterministic: bool = True
    """play the most probable legal action (else sample with the agent's rng)"""


@lru_cache(maxsize=16)
def load_model(path: str, device: str = "cpu") -> Any:
    """A MaskablePPO model from a checkpoint (cached)."""
    try:
        from sb3_contrib import MaskablePPO
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise ImportError("the ppo agent needs the 'rl' extra: pip install 'tcglab[rl]'") from exc
    return MaskablePPO.load(path, device=device)


@lru_cache(maxsize=8)
def _encoder_for(game: Any):
    return default_encoder(game)


def action_probabilities(model: Any, state: Any) -> np.ndarray:
    """The masked policy's probability of each action for `state.current_player`."""
    import torch
    seat = acting_seat(state)
    obs = np.asarray(_encoder_for(state.game)(state.observation(seat)), dtype=np.float32)
    mask = legal_mask(state).astype(bool)
    obs_t, _ = model.policy.obs_to_tensor(obs)
    with torch.no_grad():
        dist = model.policy.get_distribution(obs_t, action_masks=mask[None])
        probs = dist.distribution.probs[0].cpu().numpy().astype(np.float64)
    probs[~mask] = 0.0
    return probs / probs.sum()


def model_action(model: Any, state: Any, deterministic: bool = True,
                 rng: np.random.Generator | None = None) -> int:
    """The model's action: argmax of the masked policy, or a sample drawn with `rng`."""
    probs = action_probabilities(model, state)
    if deterministic or rng is None:
        return int(np.argmax(probs))
    return int(rng.choice(len(probs), p=probs))


class PPOAgent:
    """A trained MaskablePPO policy behind the agent interface."""

    name: ClassVar[str] = "ppo"

    def __init__(self, config: PPOConfig | None = None) -> None:
        self.config = config or PPOConfig()
        if not self.config.path:
            raise ValueError("ppo agent: give path=<checkpoint .zip>")

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """The checkpoint's action for `state.current_player`."""
        acting_seat(state, rng)
        model = load_model(self.config.path, self.config.device)
        return model_action(model, state, self.config.deterministic, rng)
