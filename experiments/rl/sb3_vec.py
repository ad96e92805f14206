"""`BatchVecEnv`: tcglab's batched matches as a Stable-Baselines3 `VecEnv` for MaskablePPO.

    import agents
    from sb3_contrib import MaskablePPO
    from experiments.rl.sb3_vec import BatchVecEnv

    venv = BatchVecEnv("first_cycle", num_envs=64, opponent=agents.make("random"),
                       seat="random", seed=0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=512).learn(100_000)

It wraps `envs.vector.BatchVectorEnv` (N matches of one learning seat against an opponent,
stepped and encoded together by `envs.BatchEnv`) in SB3's own conventions, so no
`DummyVecEnv` of single envs is needed:

- `reset()` returns the (N, D) observations; `step_async(actions)` / `step_wait()` return
  observations, rewards (float32), dones and one info dict per slot (`seat`, and `opponent`:
  which opponent of a mix its game faces, 0 for one opponent).
- **Auto-reset**, as SB3 documents it: when slot i's match ends, `dones[i]` is True, the
  returned observation is already the next game's first one, and `infos[i]` carries
  `terminal_observation` (the learner's view of the final state) and
  `TimeLimit.truncated` (True for the turn limit, which MaskablePPO bootstraps from) and
  `final_opponent` (the opponent the ended match faced).
- **Masks**: sb3-contrib's MaskablePPO reads them with `env_method("action_masks")`
  (`sb3_contrib.common.maskable.utils.get_action_masks`) after checking
  `has_attr("action_masks")`; here that returns one bool (A,) row per slot, from the masks
  the batch already computed. `action_masks()` gives them as one (N, A) array.
- **Seeding**: `seed(s)` (what SB3 algorithms call with their `seed=`) is used by the next
  `reset()` (the first slot's seed, s, roots the batch); the constructor's `seed` otherwise.
  Same seed, same games and observations.

`get_attr` / `set_attr` / `env_method` reach this object's own attributes and methods (the
slots share one engine loop, so there is no per-slot env object), answered once per
requested slot; `env_is_wrapped` is False for every slot.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices

from envs.vector import BatchVectorEnv


class BatchVecEnv(VecEnv):
    """N batched matches against an opponent as an SB3 VecEnv; see the module docstring."""

    def __init__(self, game: str = "first_cycle", num_envs: int = 16, opponent: Any = None,
                 seat: int | str = 0, seed: int | None = None,
                 decks: Sequence[Any] | None = None, **param_overrides: Any) -> None:
        self.vector = BatchVectorEnv(game, num_envs=num_envs, opponent=opponent, seat=seat,
                                     seed=seed, decks=decks, **param_overrides)
        self.render_mode = None
        self._actions: np.ndarray | None = None
        super().__init__(self.vector.num_envs, self.vector.single_observation_space,
                         self.vector.single_action_space)

    # ------------------------------------------------------------------ VecEnv API
    def reset(self) -> np.ndarray:
        """Deal a new game in every slot (seeded by the last `seed()`, if any)."""
        seed = self._seeds[0]
        obs, _ = self.vector.reset(seed=seed)
        self._reset_seeds()
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        """Remember the actions; `step_wait` plays them."""
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Play the remembered actions; auto-reset ended slots (see the module docstring)."""
        if self._actions is None:
            raise RuntimeError("step_async(actions) must come before step_wait()")
        actions = np.asarray(self._actions).reshape(self.num_envs)
        self._actions = None
        obs, rewards, terminated, truncated, infos = self.vector.step(actions)
        dones = terminated | truncated
        seats = infos["seat"].tolist()
        out = [{"seat": s, "opponent": k} for s, k in zip(seats, infos["opponent"].tolist())]
        if dones.any():
            final = infos["final_obs"]
            ended = infos["final_info"]["opponent"]
            for i in np.flatnonzero(dones).tolist():
                out[i]["terminal_observation"] = final[i]
                out[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
                out[i]["final_opponent"] = int(ended[i])
        return obs, rewards.astype(np.float32), dones, out

    def close(self) -> None:
        """Nothing to release (the matches live in this process)."""
        self.vector.close()

    def action_masks(self) -> np.ndarray:
        """(N, A) bool: True at each slot's legal actions."""
        return self.vector.action_masks()

    # ------------------------------------------------------------------ attributes
    def has_attr(self, attr_name: str) -> bool:
        """Whether the slots answer `attr_name` (MaskablePPO asks for "action_masks")."""
        return hasattr(self, attr_name)

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """This object's `attr_name`, once per requested slot."""
        value = getattr(self, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Set `attr_name` on this object (the slots share it)."""
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        """Per-slot results of `method_name`: `action_masks` gives each slot's own mask row;
        any other method of this object is called once and its result given to every slot."""
        rows = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: VecEnvIndices = None) -> list[bool]:
        """No slot is a wrapped gymnasium env."""
        return [False for _ in self._get_indices(indices)]
