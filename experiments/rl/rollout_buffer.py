"""A MaskablePPO rollout buffer that keeps its memory from one rollout to the next.

sb3-contrib's `MaskableRolloutBuffer` allocates a fresh observation array for every rollout,
a flattened copy of it for every update and two more copies for every minibatch (a numpy
gather, then a torch copy). With First Cycle's 2,581-wide observations that is megabytes per
minibatch, and on Linux every fresh large allocation is new pages that fault in on first
touch: two thirds of the PPO update went to those copies. This buffer gives the same
samples from arrays and tensors allocated once:

    MaskablePPO(policy, venv, rollout_buffer_class=ReusedRolloutBuffer)

Minibatch tensors are overwritten by the next minibatch: MaskablePPO's `train` reads each
one before asking for the next, as does anything that consumes a minibatch before
requesting another. `tcglab train --policy sparse` (the default) uses it.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer, MaskableRolloutBufferSamples

FIELDS = ("observations", "actions", "values", "log_probs", "advantages", "returns", "action_masks")
"""The per-sample arrays of a minibatch, in MaskableRolloutBufferSamples' order."""


class ReusedRolloutBuffer(MaskableRolloutBuffer):
    """`MaskableRolloutBuffer` with the same samples, its observation arrays and minibatch
    tensors allocated once and reused (CPU; other devices fall back to the parent's way)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._rollout_obs: np.ndarray | None = None   # (steps, envs, *obs): what add() fills
        self._flat_obs: np.ndarray | None = None      # (steps * envs, *obs): what get() reads
        self._sources: dict[str, torch.Tensor] | None = None
        self._minibatch: dict[tuple[str, int], torch.Tensor] = {}
        super().__init__(*args, **kwargs)

    def reset(self) -> None:
        """Start a new rollout, writing into the previous rollout's observation array."""
        super().reset()
        self._sources = None
        if self._rollout_obs is not None and self._rollout_obs.shape == self.observations.shape:
            self.observations = self._rollout_obs   # the parent's fresh zeros were never touched
        else:
            self._rollout_obs = self.observations

    def swap_and_flatten(self, arr: np.ndarray) -> np.ndarray:  # type: ignore[override]
        """The parent's (steps, envs, ...) -> (steps * envs, ...) in env-major order; the
        observations land in an array kept from the last update."""
        if arr is not self._rollout_obs:
            return super().swap_and_flatten(arr)
        steps, envs = arr.shape[:2]
        if self._flat_obs is None or self._flat_obs.shape != (steps * envs, *arr.shape[2:]):
            self._flat_obs = np.empty((steps * envs, *arr.shape[2:]), dtype=arr.dtype)
        np.copyto(self._flat_obs.reshape(envs, steps, *arr.shape[2:]), arr.swapaxes(0, 1))
        return self._flat_obs

    def _get_samples(self, batch_inds: np.ndarray, env: Any = None) -> MaskableRolloutBufferSamples:
        if env is not None or self.device.type != "cpu":
            return super()._get_samples(batch_inds, env)
        if self._sources is None:
            self._sources = {name: torch.from_numpy(getattr(self, name)) for name in FIELDS}
        index = torch.from_numpy(np.ascontiguousarray(batch_inds, dtype=np.int64))
        out = []
        for name in FIELDS:
            source = self._sources[name]
            key = (name, len(index))
            if key not in self._minibatch:
                self._minibatch[key] = source.new_empty((len(index), *source.shape[1:]))
            batch = torch.index_select(source, 0, index, out=self._minibatch[key])
            out.append(batch.reshape(-1, self.mask_dims) if name == "action_masks"
                       else batch.flatten() if name in ("values", "log_probs", "advantages", "returns") else batch)
        return MaskableRolloutBufferSamples(*out)
