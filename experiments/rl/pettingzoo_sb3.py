"""Plugging a tcglab PettingZoo env into another library: Stable-Baselines3 (sb3-contrib).

`AECLearnerEnv` turns any of our AEC envs (`envs.first_cycle_v0.env()`, `cipher_v0`,
`xenodex_v0`) into a gymnasium env for one learning agent, the other agents answering
through any `(observation, action_mask) -> action` callable — a random policy, a frozen
copy of the learner (self-play), or a scripted bot. It talks to the env only through
PettingZoo's AEC API (`reset`, `agent_iter`-style `last()` / `step()`), so it is the
pattern to follow for RLlib, Tianshou or any other library that expects one agent.

    from sb3_contrib import MaskablePPO
    from envs import first_cycle_v0
    env = AECLearnerEnv(first_cycle_v0.env, learner="player_0", opponent=random_policy(0))
    model = MaskablePPO("MlpPolicy", env).learn(10_000)

`frozen_policy(model)` wraps a trained model as an opponent, for self-play.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

OpponentPolicy = Callable[[np.ndarray, np.ndarray], int]


def random_policy(seed: int) -> OpponentPolicy:
    """A uniform choice among the legal actions, from its own generator."""
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def frozen_policy(model: Any, deterministic: bool = True) -> OpponentPolicy:
    """A trained MaskablePPO model as an opponent (self-play against a frozen copy)."""
    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=deterministic)
        return int(action)
    return act


class AECLearnerEnv(gymnasium.Env):
    """One agent of a PettingZoo AEC env as a gymnasium env with `action_masks()`."""

    def __init__(self, make_env: Callable[[], Any], learner: str = "player_0",
                 opponent: OpponentPolicy | None = None) -> None:
        self.aec = make_env()
        self.learner = learner
        self.opponent = opponent or random_policy(0)
        self.observation_space = self.aec.observation_space(learner)["observation"]
        self.action_space = self.aec.action_space(learner)
        self._mask = np.zeros(self.action_space.n, dtype=np.int8)

    def _advance(self) -> tuple[np.ndarray, float, bool, bool]:
        """Let the other agents play until the learner must act or the game is over."""
        while True:
            obs, reward, term, trunc, _ = self.aec.last()
            agent = self.aec.agent_selection
            if term or trunc:
                if agent == self.learner:
                    return obs["observation"], float(reward), bool(term), bool(trunc)
                self.aec.step(None)
                continue
            if agent == self.learner:
                self._mask = obs["action_mask"]
                return obs["observation"], 0.0, False, False
            self.aec.step(self.opponent(obs["observation"], obs["action_mask"]))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game; the learner's first observation."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        obs, _, _, _ = self._advance()
        return obs, {}

    def step(self, action: int):
        """The learner's action, then the others' until the learner acts again or the end."""
        self.aec.step(int(action))
        obs, reward, term, trunc = self._advance()
        if not (term or trunc):
            reward = 0.0
        return obs, reward, term, trunc, {}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions (sb3-contrib reads this)."""
        return self._mask.astype(bool)
