"""`PPOAgent`: a trained masked-PPO policy playing as an agent.

    agents.make("ppo:first_cycle")                    # a model of the zoo (agents/zoo)
    agents.make("ppo:path=runs/ppo/final.zip")        # a checkpoint of experiments/rl/train_ppo.py
    agents.make("ppo:path=my_policy.pt")              # a policy file (agents/policy_file.py)

The network sees only `encode(state.observation(seat))` (the game's env encoder) and
the legal-action mask, like any policy adapter. With `deterministic` (the default) it
plays the most probable legal action; otherwise it samples from the masked policy with
the agent's own generator, so matches stay reproducible.

`act_batch(states, rngs)` decides for many states in one forward pass (what BatchEnv asks
of an opponent that has it: envs/opponents.py), each state's choice drawn from its own
generator as `act` draws it. A forward pass over many rows rounds differently from one
over a single row (in the last bits of float32), so a batched choice can differ from
`act`'s only where two actions tie to that precision, or, when sampling, where the draw
falls that close to the boundary between two actions; tests/agents/test_ppo_batch.py
checks that the choices agree over seeded games. A zoo model refuses a game or
seat count other than its own, and any policy refuses an observation of another size,
naming both; a missing or unreadable checkpoint is refused naming the path the spec gave.
Needs the `rl` extra (torch, sb3-contrib); policies are cached per (path, device).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from agents.base import AgentConfig, acting_seat
from agents.policy import default_encoder, env_encoder, legal_mask
from sim.core.errors import InvalidArgumentError


@dataclasses.dataclass(frozen=True)
class PPOConfig(AgentConfig):
    """Which policy (a zoo model or a file), on which device, and whether to play greedily."""

    positional: ClassVar[str] = "model"
    """the field a bare spec value fills: "ppo:first_cycle" is model=first_cycle"""

    model: str = ""
    """a zoo model's name (agents/zoo; `tcglab zoo list`)"""
    path: str = ""
    """a MaskablePPO checkpoint (.zip, experiments/rl/train_ppo.py) or a policy file (.pt)"""
    device: str = "cpu"
    """torch device for the network"""
    deterministic: bool = True
    """play the most probable legal action (else sample with the agent's rng)"""


def _require_rl() -> None:
    try:
        import sb3_contrib  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the extra
        raise ImportError("the ppo agent needs the 'rl' extra: pip install 'tcglab[rl]'") from exc


def checked_path(path: str) -> str:
    """`path` when it names a file (SB3's spelling without ".zip" is kept: `path + ".zip"`
    when only that exists); InvalidArgumentError naming the path as given otherwise."""
    given = Path(path)
    if given.is_file():
        return path
    if not given.exists() and not path.endswith((".zip", ".pt")) and Path(path + ".zip").is_file():
        return path + ".zip"
    if given.is_dir():
        raise InvalidArgumentError(f"ppo agent: path={path} is a folder, not a checkpoint (.zip) "
                                   "or policy file (.pt)")
    raise InvalidArgumentError(f"ppo agent: path={path}: no such file")


@lru_cache(maxsize=16)
def load_policy(path: str, device: str = "cpu") -> Any:
    """The masked policy of a checkpoint (.zip) or policy file (.pt), cached per (path, device).
    InvalidArgumentError names the path as given when it is missing or not a checkpoint."""
    _require_rl()
    if path.endswith(".pt"):
        from agents.policy_file import load_policy as load_file
        return load_file(path, device)
    path = checked_path(path)
    from sb3_contrib import MaskablePPO
    try:
        return MaskablePPO.load(path, device=device).policy
    except Exception as exc:  # zipfile, pickle and torch raise several kinds for a corrupt or foreign file
        text = (str(exc).strip().splitlines() or [""])[0]
        raise InvalidArgumentError(f"checkpoint {path}: unreadable ({type(exc).__name__}: {text})") from exc


@lru_cache(maxsize=8)
def _encoder_for(game: Any):
    return default_encoder(game)


SMALL_BATCH = 8
"""Up to this many states `batch_probabilities` encodes their observation dicts together
(`encode_batch`); beyond, straight from the states (`encode_seats`), whose fixed cost per
call is higher and per state lower. Both write the same vectors."""


@lru_cache(maxsize=8)
def _batch_encoder_for(game: Any):
    return env_encoder(game)


def _network_probabilities(policy: Any, obs: Any, masks: np.ndarray) -> Any:
    """The policy's masked action probabilities (a tensor) for the observation batch `obs`
    (agents/networks.py's `action_probabilities`: `get_distribution`'s numbers)."""
    from agents.networks import action_probabilities as network_probabilities
    return network_probabilities(policy, obs, masks)


def _check_width(policy: Any, width: int, game: Any) -> None:
    """ValueError when the policy reads observations of another size than `game` encodes."""
    expected = policy.observation_space.shape[0]
    if width != expected:
        raise ValueError(f"ppo agent: the policy reads observations of {expected} entries, but "
                         f"{game.name} with {game.num_players} seats encodes {width}: "
                         "it was trained on another game or seat count")


def action_probabilities(policy: Any, state: Any) -> np.ndarray:
    """The masked policy's probability of each action for `state.current_player`."""
    import torch
    seat = acting_seat(state)
    obs = np.asarray(_encoder_for(state.game)(state.observation(seat)), dtype=np.float32)
    _check_width(policy, obs.shape[0], state.game)
    mask = legal_mask(state).astype(bool)
    obs_t, _ = policy.obs_to_tensor(obs)
    with torch.no_grad():
        probs = _network_probabilities(policy, obs_t, mask[None])[0].cpu().numpy().astype(np.float64)
    probs[~mask] = 0.0
    return probs / probs.sum()


def batch_probabilities(policy: Any, states: Sequence[Any]) -> np.ndarray:
    """`(N, actions)`: row i the masked policy's probability of each action for
    `states[i].current_player`, for N states of one game (none over) in one forward pass.
    The rows are encoded by the env encoder's batch encoders, which write exactly
    `encode(state.observation(seat))`: `encode_batch` of the observations for a few states,
    `encode_seats` (which reads only what the observation holds: tests/envs check both) for
    more (`SMALL_BATCH`)."""
    import torch
    if not states:
        raise ValueError("batch_probabilities: no states given")
    game = states[0].game
    for i, s in enumerate(states):
        if s.game is not game:
            raise ValueError(f"batch_probabilities: state {i} is of another game object than "
                             "state 0 (batch states of one game)")
    seats = [acting_seat(s) for s in states]
    encoder = _batch_encoder_for(game)
    if len(states) <= SMALL_BATCH:
        obs = encoder.encode_batch([s.observation(seat) for s, seat in zip(states, seats)])
    else:
        obs = encoder.encode_seats(states, seats)
    _check_width(policy, obs.shape[1], game)
    from envs.core import legal_masks
    mask = legal_masks(states, game.action_space_size).astype(bool)
    obs_t, _ = policy.obs_to_tensor(obs)
    with torch.no_grad():
        probs = _network_probabilities(policy, obs_t, mask).cpu().numpy().astype(np.float64)
    probs[~mask] = 0.0
    for row in probs:  # each row normalized as action_probabilities normalizes its one
        row /= row.sum()
    return probs


def batch_policy_actions(policy: Any, states: Sequence[Any], rngs: Sequence[np.random.Generator],
                         deterministic: bool = True) -> list[int]:
    """`policy_action` of each state (`rngs[i]` drawing for `states[i]` when sampling), the
    probabilities computed in one forward pass (`batch_probabilities`)."""
    if len(rngs) != len(states):
        raise ValueError(f"{len(states)} states but {len(rngs)} generators")
    return [choose_action(p, deterministic, rng)
            for p, rng in zip(batch_probabilities(policy, states), rngs)]


def choose_action(probs: np.ndarray, deterministic: bool = True, rng: np.random.Generator | None = None) -> int:
    """The most probable action, or one sampled from `probs` with `rng`."""
    if deterministic or rng is None:
        return int(np.argmax(probs))
    return int(rng.choice(len(probs), p=probs))


def policy_action(policy: Any, state: Any, deterministic: bool = True,
                  rng: np.random.Generator | None = None) -> int:
    """The policy's action: argmax of the masked policy, or a sample drawn with `rng`."""
    return choose_action(action_probabilities(policy, state), deterministic, rng)


class PPOAgent:
    """A trained masked-PPO policy behind the agent interface."""

    name: ClassVar[str] = "ppo"

    def __init__(self, config: PPOConfig | None = None) -> None:
        self.config = config or PPOConfig()
        if bool(self.config.model) == bool(self.config.path):
            raise ValueError("ppo agent: give a zoo model (ppo:<name>, e.g. ppo:first_cycle) or "
                             "path=<checkpoint .zip or policy .pt>, not both")
        self._plays: tuple[str, int] | None = None
        if self.config.model:
            from agents import zoo
            card = zoo.entry(self.config.model)  # UnknownModelError names the models there are
            self._path = str(zoo.policy_path(self.config.model))
            self._plays = (card["game"], int(card["num_players"]))
        else:
            self._path = checked_path(self.config.path)

    @property
    def path(self) -> str:
        """The checkpoint or policy file the agent plays (a zoo model's file for `model`)."""
        return self._path

    def probabilities(self, state: Any) -> np.ndarray:
        """The masked policy's probability of each action for `state.current_player`."""
        acting_seat(state)
        self._check_plays(state.game)
        return action_probabilities(load_policy(self._path, self.config.device), state)

    def _check_plays(self, game: Any) -> None:
        """ValueError when a zoo model is asked to play another game or seat count."""
        if self._plays is not None and self._plays != (game.name, game.num_players):
            plays, seats = self._plays
            raise ValueError(f"ppo:{self.config.model} plays {plays} with {seats} seats, not "
                             f"{game.name} with {game.num_players}")

    def act(self, state: Any, rng: np.random.Generator) -> int:
        """The policy's action for `state.current_player`."""
        acting_seat(state, rng)
        return choose_action(self.probabilities(state), self.config.deterministic, rng)

    def act_batch(self, states: Sequence[Any], rngs: Sequence[np.random.Generator]) -> list[int]:
        """`act` for each of many states of one game (`rngs[i]` for `states[i]`), in one
        forward pass of the network (module docstring)."""
        if len(rngs) != len(states):
            raise ValueError(f"{len(states)} states but {len(rngs)} generators")
        for state, rng in zip(states, rngs):
            acting_seat(state, rng)
        if states:
            self._check_plays(states[0].game)
        else:
            return []
        return batch_policy_actions(load_policy(self._path, self.config.device), states, rngs,
                                    self.config.deterministic)
