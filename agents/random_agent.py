"""`RandomAgent`: a uniformly random legal action, the floor of every strength table."""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat


@dataclasses.dataclass(frozen=True)
class RandomConfig(AgentConfig):
    """The random agent has nothing to configure."""


class RandomAgent:
    """Plays each legal action with equal probability (drawn from the `rng` of `act`)."""

    name: ClassVar[str] = "random"

    def __init__(self, config: RandomConfig | None = None) -> None:
        self.config = config or RandomConfig()

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """A uniformly random legal action for `state.current_player`."""
        acting_seat(state, rng)
        legal = state.legal_actions()
        return legal[int(rng.integers(len(legal)))]
