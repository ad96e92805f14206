"""`GuidedMCTSAgent`: MCTS whose root choices are proposed by a trained policy ("guided").

    agents.make("guided:first_cycle")                       # zoo model, its top 3 actions, 300 iterations
    agents.make("guided:first_cycle,top_k=2,iterations=300")
    agents.make("guided:path=runs/ppo/final.zip")

The policy (a zoo model or a checkpoint, as for the `ppo` agent) reads the seat's
observation and ranks the legal actions; the `top_k` most probable are the only root
actions the search tries, so its iterations go to the moves the network finds plausible
instead of being spread over every legal action. Below the root the search is the
baseline SO-ISMCTS of agents/mcts.py with the same settings (`iterations`, `c`, rollout,
evaluator). With one candidate the agent plays it without searching. The agent sees what
both of its parts see: the seat's observation and its own determinizations. Needs the
`rl` extra.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat
from agents.mcts import MCTSAgent, MCTSConfig


@dataclasses.dataclass(frozen=True)
class GuidedConfig(AgentConfig):
    """The guiding policy, how many root candidates it proposes, and the search budget."""

    positional: ClassVar[str] = "model"
    """the field a bare spec value fills: "guided:first_cycle" is model=first_cycle"""

    model: str = ""
    """a zoo model's name (agents/zoo)"""
    path: str = ""
    """or a checkpoint (.zip) or policy file (.pt)"""
    top_k: int = 3
    """root candidates: the policy's most probable legal actions"""
    iterations: int = 300
    """search iterations per decision"""
    c: float | None = None
    """UCB constant; None: the game's default (agents/mcts.py GAME_DEFAULTS)"""
    rollout_depth: int = 8
    """rollout decisions before the leaf evaluator scores the state"""
    device: str = "cpu"
    """torch device of the network"""

    def __post_init__(self) -> None:
        if self.top_k < 1:
            raise ValueError(f"GuidedConfig.top_k must be >= 1, got {self.top_k}")


class GuidedMCTSAgent:
    """SO-ISMCTS over the root actions a trained policy ranks highest."""

    name: ClassVar[str] = "guided"

    def __init__(self, config: GuidedConfig | None = None) -> None:
        from agents.ppo import PPOAgent, PPOConfig
        self.config = config or GuidedConfig()
        cfg = self.config
        self._policy_agent = PPOAgent(PPOConfig(model=cfg.model, path=cfg.path, device=cfg.device))
        self._search = MCTSAgent(MCTSConfig(iterations=cfg.iterations, c=cfg.c, rollout_depth=cfg.rollout_depth))

    @property
    def last_search_stats(self) -> Any:
        """The last search's `SearchStats` (agents/mcts.py), None when the last move needed none."""
        return self._search.last_search_stats

    def candidates(self, state: Any) -> list[int]:
        """The `top_k` legal actions the policy finds most probable, best first (ties: lower id)."""
        probs = self._policy_agent.probabilities(state)
        legal = state.legal_actions()
        return sorted(legal, key=lambda a: (-probs[a], a))[: self.config.top_k]

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """The most visited of the policy's candidates after a search from the seat's view."""
        acting_seat(state, rng)
        candidates = self.candidates(state)
        if len(candidates) == 1:
            self._search.last_search_stats = self._search.last_root = None
            return candidates[0]
        self._search.search(state, rng, root_actions=frozenset(candidates))
        stats = self._search.last_search_stats
        assert stats is not None
        return stats.best
