"""Baseline agents for every tcglab game: random, greedy, SO-ISMCTS and a policy adapter.

    import agents
    agent = agents.make("mcts:iterations=400,c=1.4")     # or make("mcts", iterations=400)
    action = agent.act(state, np.random.default_rng(0))  # for state.current_player

Every agent reads the state only through what its seat may see (agents/base.py) and
draws its randomness from the generator given to `act`. `available()` lists the names.
See docs/agents.md for what each agent does and how strong it is.

Modules:
- `base`: the agent interface (`Agent`, `AgentConfig`) and spec parsing ("mcts:c=1.4").
- `random_agent`: `RandomAgent`, a uniformly random legal action ("random").
- `greedy`: `GreedyAgent`, one-ply lookahead under the game's heuristic ("greedy").
- `mcts`: `MCTSAgent`, single-observer information-set MCTS ("mcts").
- `rollout`: the rollout policies MCTS plays its simulations with.
- `policy`: `PolicyAgent`, any `(observation, mask) -> action` callable as an agent ("policy").
- `ppo`: `PPOAgent`, a trained masked-PPO policy as an agent ("ppo"; needs the 'rl' extra).
- `guided`: `GuidedMCTSAgent`, MCTS over a trained policy's top actions ("guided").
- `networks`: the sparse-first-layer policy network `tcglab train` uses (torch).
- `network_numpy`: `NumpyPolicy`, that network's value and logits in numpy, for search.
- `policy_file`: compact policy files (weights and architecture, no optimizer).
- `zoo`: the shipped trained models, `ppo:<name>` (`names`, `entry`, `policy_path`).
- `heuristics`: one state evaluation per game (`make_heuristic`).
- `plans`: game strategy that prunes a seat's legal actions before a search (`make_plan`).
- `by_game`: `ByGame`, the table heuristics and plans are found in by game name.

agents import `envs` and `sim`, never `experiments`.
"""
from __future__ import annotations

import importlib
from typing import Any

from agents.base import Agent, AgentConfig, parse_spec

# name -> (module, agent class, config class)
_AGENTS: dict[str, tuple[str, str, str]] = {
    "random": ("agents.random_agent", "RandomAgent", "RandomConfig"),
    "greedy": ("agents.greedy", "GreedyAgent", "GreedyConfig"),
    "mcts": ("agents.mcts", "MCTSAgent", "MCTSConfig"),
    "policy": ("agents.policy", "PolicyAgent", "PolicyConfig"),
    "ppo": ("agents.ppo", "PPOAgent", "PPOConfig"),  # needs the 'rl' extra
    "guided": ("agents.guided", "GuidedMCTSAgent", "GuidedConfig"),  # needs the 'rl' extra
}


def available() -> list[str]:
    """The agent names `make` accepts."""
    return sorted(_AGENTS)


def register(name: str, module: str, agent_class: str, config_class: str) -> None:
    """Make `make(name)` build `module.agent_class(module.config_class(**config))`."""
    _AGENTS[name] = (module, agent_class, config_class)


def config_class(name: str) -> type[AgentConfig]:
    """The config dataclass of agent `name`."""
    if name not in _AGENTS:
        raise ValueError(f"unknown agent {name!r}; available: {available()}")
    module, _, cfg = _AGENTS[name]
    return getattr(importlib.import_module(module), cfg)


def make(name_or_spec: str, **config: Any) -> Agent:
    """An agent by name or spec string ("mcts:iterations=400,c=1.4", "ppo:first_cycle" for a
    config with a `positional` field); keyword arguments override the spec's values.
    Unknown names or fields, a field given twice and a spec that is not a string raise ValueError."""
    if not isinstance(name_or_spec, str):
        raise ValueError(f"an agent spec is a name or a string such as 'mcts:iterations=400'; available: "
                         f"{available()}; got {type(name_or_spec).__name__} {name_or_spec!r}")
    cfg_cls = config_class(name_or_spec.partition(":")[0].strip())
    name, spec_config = parse_spec(name_or_spec, getattr(cfg_cls, "positional", None))
    module, cls, _ = _AGENTS[name]
    agent_cls = getattr(importlib.import_module(module), cls)
    return agent_cls(cfg_cls().replace(**{**spec_config, **config}))


__all__ = ["Agent", "AgentConfig", "available", "config_class", "make", "parse_spec", "register"]
