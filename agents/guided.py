"""`GuidedMCTSAgent`: MCTS whose choices are proposed by a trained policy ("guided").

    agents.make("guided:first_cycle")                       # zoo model, its top 3 actions, 300 iterations
    agents.make("guided:first_cycle,top_k=2,prune=tree")    # top 2 at every decision of the seat
    agents.make("guided:path=runs/ppo/final.zip,leaf=value")

The policy (a zoo model or a checkpoint, as for the `ppo` agent) reads the seat's
observation and ranks the legal actions; the `top_k` most probable are the only root
actions the search tries, so its iterations go to the moves the network finds plausible
instead of being spread over every legal action. With `prune="tree"` the searching seat's
decisions deeper in the tree are pruned the same way (the network's logits for the seat's
observation of each determinized state there, computed in numpy: agents/network_numpy.py);
with `prune="both"` every seat's are, each ranked from that seat's observation of the
determinized state (a model of the opponents drawn from the searcher's own sample, never
from the true hidden cards). Otherwise the search is the baseline SO-ISMCTS of
agents/mcts.py with the same settings (`iterations`, `c`, rollout, evaluator); `leaf="value"`
scores new leaves with the network's value head instead of a rollout and the heuristic.
With one candidate the agent plays it without searching. The agent sees what both of its
parts see: the seat's observation and its own determinizations. Needs the `rl` extra.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat
from agents.mcts import MCTSAgent, MCTSConfig

LEAVES = ("rollout", "value")
PRUNES = ("root", "tree", "both")


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
    """rollout decisions before the leaf evaluator scores the state (leaf "rollout")"""
    prune: str = "root"
    """where the policy's top_k prune decisions: "root" (the root only), "tree" (every decision
    of the searching seat in the tree, from the network's logits in numpy) or "both" (every
    decision of every seat in the tree, each ranked from its own seat's observation)"""
    rank_once: bool = False
    """with prune tree or both: rank a tree node's actions once, from the first
    determinization that reaches it, instead of at every visit (far fewer network
    evaluations; a later determinization keeps those of the ranked actions legal in it)"""
    leaf: str = "rollout"
    """how a new leaf is scored: "rollout" (the baseline's random rollout, then the game's
    heuristic) or "value" (the network's value head at the leaf itself, for the seat to act)"""
    device: str = "cpu"
    """torch device of the network"""

    def __post_init__(self) -> None:
        if self.top_k < 1:
            raise ValueError(f"GuidedConfig.top_k must be >= 1, got {self.top_k}")
        if self.prune not in PRUNES:
            raise ValueError(f"GuidedConfig.prune must be one of {', '.join(PRUNES)}, got {self.prune!r}")
        if self.rank_once and self.prune == "root":
            raise ValueError("GuidedConfig.rank_once ranks tree nodes: it needs prune=tree or prune=both")
        if self.leaf not in LEAVES:
            raise ValueError(f"GuidedConfig.leaf must be one of {', '.join(LEAVES)}, got {self.leaf!r}")


class GuidedMCTSAgent:
    """SO-ISMCTS over the actions a trained policy ranks highest (at the root, or at every
    decision of the searching seat)."""

    name: ClassVar[str] = "guided"

    def __init__(self, config: GuidedConfig | None = None) -> None:
        from agents.ppo import PPOAgent, PPOConfig
        self.config = config or GuidedConfig()
        cfg = self.config
        self._policy_agent = PPOAgent(PPOConfig(model=cfg.model, path=cfg.path, device=cfg.device))
        self._net = LazyNetwork(self._policy_agent)
        value = cfg.leaf == "value"
        self._search = MCTSAgent(
            MCTSConfig(iterations=cfg.iterations, c=cfg.c, rollout_depth=0 if value else cfg.rollout_depth),
            evaluator=ValueLeaf(self._net) if value else None,
            plan=PolicyTopK(self._net, cfg.top_k) if cfg.prune != "root" else None,
            plan_every_seat=cfg.prune == "both", plan_once_per_node=cfg.rank_once)

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


class LazyNetwork:
    """A policy agent's network in numpy (agents/network_numpy.py) and the env encoder of the
    game it plays, loaded on first use: `value(state, seat)`, `logits(state, seat)`."""

    def __init__(self, policy_agent: Any) -> None:
        self._policy_agent = policy_agent
        self._net: Any = None
        self._encoders: dict[tuple[str, int], Any] = {}

    def _ready(self, state: Any) -> tuple[Any, Any]:
        if self._net is None:
            from agents.network_numpy import NumpyPolicy
            from agents.ppo import load_policy
            self._net = NumpyPolicy(load_policy(self._policy_agent.path, self._policy_agent.config.device))
        game = state.game
        key = (game.name, game.num_players)
        encoder = self._encoders.get(key)
        if encoder is None:
            from envs.registry import game_spec
            encoder = self._encoders[key] = game_spec(game.name).make_encoder(game)
        return self._net, encoder

    def value(self, state: Any, seat: int) -> float:
        """The value head's estimate for `seat` from its observation of `state`."""
        net, encoder = self._ready(state)
        return net.value(encoder.encode_seat(state, seat))

    def logits(self, state: Any, seat: int) -> np.ndarray:
        """The action head's logits for `seat`'s observation of `state`."""
        net, encoder = self._ready(state)
        return net.logits(encoder.encode_seat(state, seat))


class PolicyTopK:
    """A search plan (agents/mcts.py `plan`): of the legal actions of the seat to act, the `k`
    the policy's logits rank highest (ties: lower id)."""

    def __init__(self, net: LazyNetwork, k: int) -> None:
        self._net = net
        self._k = k

    def __call__(self, state: Any, legal: list[int]) -> list[int]:
        """The allowed subset of `legal`."""
        if len(legal) <= self._k:
            return legal
        logits = self._net.logits(state, state.current_player)
        return sorted(legal, key=lambda a: (-logits[a], a))[: self._k]


class ValueLeaf:
    """A search's leaf evaluator from a policy's value head: the seat to act gets the value
    of its own observation (clipped to [-1, 1]), every other seat an equal share of its
    negation."""

    def __init__(self, net: LazyNetwork) -> None:
        self._net = net

    def __call__(self, state: Any) -> list[float]:
        """One value per seat of the (non-terminal) `state`."""
        seat = state.current_player
        v = min(1.0, max(-1.0, self._net.value(state, seat)))
        n = state.game.num_players
        out = [-v / (n - 1)] * n
        out[seat] = v
        return out
