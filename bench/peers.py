"""The peer rows: other libraries' games, timed beside ours with the same loops.

Every peer plays uniformly random legal moves in the loop of bench/loops.py that times
the row of ours it stands beside, in the same process and run.

AEC peers (bench/env.py, beside each game's `aec_env` row; loop `aec_loop`):
- `floor_wrapped`: a do-nothing PettingZoo `AECEnv` defined here (2 agents,
  `Discrete(4)`, an 8-float observation and an all-ones mask, 20 decisions a game) under
  the wrapper stack of PettingZoo's classic envs (`TerminateIllegalWrapper`,
  `AssertOutOfBoundsWrapper`, `OrderEnforcingWrapper`). Its speed is what PettingZoo's
  own loop and wrappers cost, a ceiling no wrapped AEC env can pass; the AEC env ratio
  target is measured against it.
- `texas_holdem_v4`: PettingZoo's classic limit Texas hold'em (RLCard's game underneath).

Engine peers (bench/engine.py, beside each game's engine row; loop `play_engine`):
- `openspiel:gin_rummy`: OpenSpiel's gin rummy through pyspiel, no observation computed.
  Chance nodes (the deal, stock draws) are sampled from `chance_outcomes()` inside set-up
  and `apply`: timed, not counted as decisions.
- `rlcard:uno`: RLCard's UNO through its native `env.reset()` / `env.step()`, which also
  encode the next player's observation at every step.

The engine peers run through a small adapter (`legal_actions`, `apply`, `is_terminal`);
it adds one or two Python calls per decision (well under a microsecond), far below the
noise of these figures.

A peer whose library is missing is skipped with one printed line naming the extra that
installs it (`pip install -e '.[bench]'`); `make bench` installs it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

INSTALL_HINT = "pip install -e '.[bench]'"
FLOOR_GAME_LENGTH = 20


class Skip(Exception):
    """A peer's library is missing (or lacks the game): the row is skipped, not failed."""


@dataclass(frozen=True)
class Peer:
    """One peer row: `make()` returns an AEC env (AEC peers) or a `new_state(seed)` function."""

    name: str
    note: str
    make: Callable[[], Any]


def floor_env(wrapped: bool = True) -> Any:
    """The do-nothing AEC env, under PettingZoo's classic wrappers when `wrapped`."""
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    try:
        from pettingzoo.utils import AgentSelector
    except ImportError:  # PettingZoo before 1.25 names the class agent_selector
        from pettingzoo.utils import agent_selector as AgentSelector

    class FloorEnv(AECEnv):
        metadata = {"name": "floor_v0", "render_modes": [], "is_parallelizable": False}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = ["player_0", "player_1"]
            space = spaces.Dict({"observation": spaces.Box(0.0, 1.0, shape=(8,), dtype=np.float32),
                                 "action_mask": spaces.Box(0, 1, shape=(4,), dtype=np.int8)})
            self.observation_spaces = {a: space for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(4) for a in self.possible_agents}
            self._obs = np.zeros(8, dtype=np.float32)
            self._mask = np.ones(4, dtype=np.int8)

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def observe(self, agent: str) -> dict:
            return {"observation": self._obs, "action_mask": self._mask}

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0 for a in self.agents}
            self._cumulative_rewards = {a: 0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self._selector = AgentSelector(self.agents)
            self.agent_selection = self._selector.reset()
            self.num_moves = 0

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0
            self.num_moves += 1
            if self.num_moves >= FLOOR_GAME_LENGTH:
                self.terminations = {a: True for a in self.agents}
                self.rewards = {"player_0": 1, "player_1": -1}
            self.agent_selection = self._selector.next()
            self._accumulate_rewards()

    env = FloorEnv()
    if wrapped:
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
        env = wrappers.AssertOutOfBoundsWrapper(env)
        env = wrappers.OrderEnforcingWrapper(env)
    return env


def _floor() -> Any:
    try:
        return floor_env(wrapped=True)
    except ImportError as e:
        raise Skip(f"pettingzoo does not import ({e})") from e


def _texas_holdem() -> Any:
    try:
        from pettingzoo.classic import texas_holdem_v4
    except (ImportError, AttributeError) as e:  # rlcard missing: pettingzoo[classic] not installed
        raise Skip(f"pettingzoo.classic.texas_holdem_v4 does not import ({e})") from e
    return texas_holdem_v4.env()


class _OpenSpielState:
    """An OpenSpiel state seen through our state protocol; chance nodes sampled in `apply`."""

    __slots__ = ("state", "rng", "legal_actions", "is_terminal")

    def __init__(self, state: Any, rng: Any) -> None:
        self.state, self.rng = state, rng
        self.legal_actions, self.is_terminal = state.legal_actions, state.is_terminal
        self._chance()

    def _chance(self) -> None:
        state, rng = self.state, self.rng
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            r, acc = rng.random(), 0.0
            action = outcomes[-1][0]
            for a, p in outcomes:
                acc += p
                if r < acc:
                    action = a
                    break
            state.apply_action(action)

    def apply(self, action: int) -> None:
        self.state.apply_action(action)
        if self.state.is_chance_node():
            self._chance()


def _openspiel(game_name: str) -> Callable[[int], Any]:
    try:
        import pyspiel
    except ImportError as e:
        raise Skip(f"open_spiel (pyspiel) is not installed ({e})") from e
    import random

    if game_name not in pyspiel.registered_names():
        raise Skip(f"{game_name!r} is not in this pyspiel build")
    game = pyspiel.load_game(game_name)
    return lambda seed: _OpenSpielState(game.new_initial_state(), random.Random(seed))


class _RLCardState:
    """An RLCard env's current game seen through our state protocol (one env, reused)."""

    __slots__ = ("env", "obs", "is_terminal")

    def __init__(self, env: Any, seed: int) -> None:
        env.seed(seed)
        self.env = env
        self.obs, _player = env.reset()
        self.is_terminal = env.is_over

    def legal_actions(self) -> list[int]:
        return list(self.obs["legal_actions"])

    def apply(self, action: int) -> None:
        self.obs, _player = self.env.step(action)


def _rlcard(env_id: str) -> Callable[[int], Any]:
    try:
        import rlcard
    except ImportError as e:
        raise Skip(f"rlcard is not installed ({e})") from e
    env = rlcard.make(env_id, config={"seed": 0})
    return lambda seed: _RLCardState(env, seed)


AEC_PEERS = (
    Peer("floor_wrapped", "PettingZoo do-nothing AEC env + classic wrappers: the framework's floor",
         _floor),
    Peer("texas_holdem_v4", "PettingZoo classic limit hold'em (AEC)", _texas_holdem),
)
ENGINE_PEERS = (
    Peer("openspiel:gin_rummy", "OpenSpiel gin rummy (C++ via pyspiel), no observation",
         lambda: _openspiel("gin_rummy")),
    Peer("rlcard:uno", "RLCard UNO, native reset/step (observation encoded each step)",
         lambda: _rlcard("uno")),
)


def load(peers: Iterable[Peer]) -> tuple[list[tuple[Peer, Any]], list[dict[str, str]]]:
    """Build each peer once: `([(peer, made)], skipped)`; prints one line per skipped peer.

    For an AEC peer `made` is a factory of fresh envs; for an engine peer, `new_state`."""
    ready, skipped = [], []
    for peer in peers:
        try:
            made = peer.make()
        except Skip as e:
            line = f"# peer {peer.name} skipped: {e}; install the peer libraries: {INSTALL_HINT}"
            print(line, flush=True)
            skipped.append({"name": peer.name, "reason": str(e), "install": INSTALL_HINT})
            continue
        if peer in AEC_PEERS:
            made.close()
            made = peer.make
        ready.append((peer, made))
    return ready, skipped
