"""`PolicyAgent`: any callable `(observation, mask) -> action` plays through `act`.

The callable gets what the seat may know and nothing else: `encode(state.observation(seat))`
(by default the game's env encoder, `envs.registry.game_spec(game).make_encoder(game)`
as in envs/encoding/<game>.py, imported lazily so agents stay importable without envs) and the legal-action mask, an int8 array of
`game.action_space_size` with 1 at each legal action. A trained network, a scripted
bot or a human prompt can all be wrapped. An illegal answer raises ValueError.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat

Encoder = Callable[[dict], Any]
PolicyFn = Callable[[Any, np.ndarray], int]


@dataclasses.dataclass(frozen=True)
class PolicyConfig(AgentConfig):
    """The wrapped callables (by reference) and whether the rng is passed on."""

    policy: PolicyFn | None = None
    """`(observation, mask) -> action`, or `(observation, mask, rng)` with `pass_rng`."""
    encode: Encoder | None = None
    """Observation dict -> policy input; None: the game's env encoder (lazy import)."""
    pass_rng: bool = False
    """Call `policy(observation, mask, rng)` so a sampling policy uses the agent's rng."""


def env_encoder(game: Any) -> Any:
    """The game's env encoder (envs/encoding/<game>.py: `encode` of an observation,
    `encode_seats` of many states), imported on first use."""
    try:
        from envs.registry import game_spec
        spec = game_spec(game.name)
    except (ImportError, ValueError) as exc:
        raise ImportError(f"no observation encoder for game {game.name!r} in envs; "
                          "pass encode= to PolicyAgent") from exc
    return spec.make_encoder(game)


def default_encoder(game: Any) -> Encoder:
    """The `encode` of the game's env encoder (envs/encoding/<game>.py), imported on first use."""
    return env_encoder(game).encode


def legal_mask(state: Any) -> np.ndarray:
    """The int8 mask of legal actions over the game's whole action space."""
    mask = np.zeros(state.game.action_space_size, dtype=np.int8)
    mask[state.legal_actions()] = 1
    return mask


class PolicyAgent:
    """Adapts a `(observation, mask) -> action` callable to the agent interface."""

    name: ClassVar[str] = "policy"

    def __init__(self, config: PolicyConfig | None = None, *, policy: PolicyFn | None = None,
                 encode: Encoder | None = None) -> None:
        cfg = config or PolicyConfig()
        if policy is not None or encode is not None:
            cfg = dataclasses.replace(cfg, policy=policy or cfg.policy, encode=encode or cfg.encode)
        if cfg.policy is None:
            raise ValueError("PolicyAgent needs a policy callable: PolicyAgent(policy=fn)")
        self.config = cfg
        self._encoders: dict[int, tuple[Any, Encoder]] = {}

    def _encoder(self, game: Any) -> Encoder:
        if self.config.encode is not None:
            return self.config.encode
        cached = self._encoders.get(id(game))
        if cached is None or cached[0] is not game:  # one encoder per game object (params)
            cached = self._encoders[id(game)] = (game, default_encoder(game))
        return cached[1]

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """The policy's action for the acting seat's encoded observation and mask."""
        seat = acting_seat(state, rng)
        obs = self._encoder(state.game)(state.observation(seat))
        mask = legal_mask(state)
        policy = self.config.policy
        assert policy is not None
        action = policy(obs, mask, rng) if self.config.pass_rng else policy(obs, mask)
        action = int(action)
        if not 0 <= action < mask.size or not mask[action]:
            raise ValueError(f"policy returned {action}, which is not a legal action "
                             f"(legal: {state.legal_actions()})")
        return action
