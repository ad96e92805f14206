"""`BatchVectorEnv`: `BatchEnv` against opponents as a `gymnasium.vector.VectorEnv` (gymnasium 1.x).

    import agents
    from envs.vector import BatchVectorEnv

    envs = BatchVectorEnv("first_cycle", num_envs=64, opponent=agents.make("random"),
                          seat="random", seed=0)
    obs, infos = envs.reset()                  # obs (64, D) float32
    mask = infos["action_mask"]                # (64, A) int8, 1 at the legal actions
    obs, rewards, terminations, truncations, infos = envs.step(actions)   # actions (64,) ints

Sub-environment i is match slot i of a `BatchEnv`: one learning seat (`seat`, an int or
"random" for a seat drawn per game from the slot's seed) against `opponent` (an agent with
`act(state, rng)` or a callable, or a list of them: each game faces one, drawn per game,
`self.batch.opponent_index` saying which; envs/opponents.py, envs/batch.py), whose moves
happen inside `reset` and `step`. Every step is a decision of the learner, so all N observations are encoded together
by the game's batch encoder.

**Spaces.** `single_observation_space` is the encoder's `Box` float32 (D,) and
`single_action_space` is `Discrete(A)`; `observation_space` and `action_space` are their
batched forms (`Box` (N, D), `MultiDiscrete` of N times A), as gymnasium's `batch_space`
builds them.

**Action masks** are in `infos["action_mask"]` ((N, A) int8, with `infos["_action_mask"]`
all True, as gymnasium batches an info key) after every `reset` and `step`, and from
`action_masks()` ((N, A) bool). `infos["seat"]` is each slot's learning seat and
`infos["opponent"]` the opponent its game faces (an index into a mix; 0 for one opponent).

**Rewards and ends.** A slot's reward is the learner's result on the step its match ends
(+1 win, -1 loss, 0 draw; XenodeX: -1/(n-1) for a loss), 0 before; a win (or a XenodeX
draw) sets `terminations`, the turn limit sets `truncations`.

**Autoreset: same step** (`metadata["autoreset_mode"]` is `AutoresetMode.SAME_STEP`, see
https://farama.org/Vector-Autoreset-Mode). When slot i's match ends, the same `step` deals
its next game: row i of the returned observations and masks is already the new game's
first decision. The ended game's last observation (the learner's view of the final state)
is `infos["final_obs"][i]` (an object array, None in the other rows, with the bool mask
`infos["_final_obs"]`), and `infos["final_info"]` holds that game's `seat` and `opponent`. So the next
`step` takes an action for every slot; there is no reset step to skip.

**Illegal actions** raise `sim.IllegalActionError` naming the slot, before any slot moves.

**Seeding.** `reset(seed=s)` (or the constructor's `seed` for the first unseeded reset)
roots the `BatchEnv` seed sequence: the same seed gives the same games, seats, opponent
moves, observations and masks, in any process; a `reset()` without a seed deals new games
from the continuing sequence. A seed is a non-negative int, Python or numpy; anything else
raises `sim.InvalidArgumentError` naming it. `decks` is checked at the constructor
(`envs.core.check_decks`, as `BatchEnv` does): a bad deck is refused there, not at the first `reset`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from envs.batch import BatchEnv, BatchStep
from envs.core import env_seed


class BatchVectorEnv(VectorEnv):
    """N matches of one learning seat against an opponent, as a gymnasium vector env;
    see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"autoreset_mode": AutoresetMode.SAME_STEP,
                                          "render_modes": []}

    def __init__(self, game: str = "first_cycle", num_envs: int = 16, opponent: Any = None,
                 seat: int | str = 0, seed: int | None = None,
                 decks: Sequence[Any] | None = None, **param_overrides: Any) -> None:
        if opponent is None:
            raise ValueError("BatchVectorEnv needs an opponent for the other seats: an agent "
                             "with act(state, rng), e.g. agents.make('random'), or a callable")
        self.batch = BatchEnv(game, num_envs=num_envs, seed=seed, opponent=opponent, seat=seat,
                              decks=decks, **param_overrides)  # checks decks (envs.core.check_decks)
        self.num_envs = self.batch.num_envs
        self.encoder = self.batch.encoder
        low, high = self.encoder.bounds()
        self.single_observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self._last: BatchStep | None = None
        self._all = np.ones(self.num_envs, dtype=bool)
        self._rows = np.arange(self.num_envs)

    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game in every slot; returns the observations and the infos (masks). A bad
        `seed` (negative, not an int) raises InvalidArgumentError before anything changes."""
        seed = env_seed(seed)
        super().reset(seed=seed)
        self._last = out = self.batch.reset(seed=seed)
        return out.obs, self._infos(out)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Play `actions[i]` for the learner of slot i; ended slots are dealt anew (same step)."""
        if self._last is None:
            raise RuntimeError("call reset() before step()")
        out = self._last = self.batch.step(np.asarray(actions))
        rewards = out.rewards[self._rows, out.actor].astype(np.float64)
        infos = self._infos(out)
        if self.batch.ended:
            done = out.dones
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i, obs in self.final_observations(out).items():
                final_obs[i] = obs
            infos["final_obs"] = final_obs
            infos["_final_obs"] = done.copy()
            opponent = np.zeros(self.num_envs, dtype=np.int64)
            for i, k in self.batch.ended_opponents.items():
                opponent[i] = k
            infos["final_info"] = {"seat": np.where(done, out.actor, 0), "_seat": done.copy(),
                                   "opponent": opponent, "_opponent": done.copy()}
        return out.obs, rewards, out.terminated.copy(), out.truncated.copy(), infos

    def final_observations(self, out: BatchStep) -> dict[int, np.ndarray]:
        """The learner's encoded view of each match that ended on the last step, by slot."""
        return {i: self.encoder.encode_seat(s, int(out.actor[i]))
                for i, s in self.batch.ended.items()}

    def action_masks(self) -> np.ndarray:
        """(N, A) bool: True at each slot's legal actions (sb3-contrib's name for the masks)."""
        if self._last is None:
            raise RuntimeError("call reset() before action_masks()")
        return self._last.mask.astype(bool)

    def _infos(self, out: BatchStep) -> dict[str, Any]:
        return {"action_mask": out.mask, "_action_mask": self._all.copy(),
                "seat": out.player.copy(), "_seat": self._all.copy(),
                "opponent": self.batch.opponent_index.copy(), "_opponent": self._all.copy()}
