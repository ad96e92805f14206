"""`single_agent(game, opponent=...)`: a gymnasium env where one seat learns and an agent
plays the others.

    from envs import single_agent
    import agents

    env = single_agent("first_cycle", opponent=agents.make("random"), seat=0)
    obs, info = env.reset(seed=0)
    mask = env.action_masks()          # sb3-contrib MaskablePPO reads this method

**Spaces.** The observation is a flat `Box` float32 (D,): the game's encoding of
`State.observation(seat)` (layout in docs/encoding/<game>.md), which is what
sb3-contrib's MaskablePPO and most RL libraries expect. The action space is
`Discrete(A)`; the legal actions are `action_masks()` (bool, (A,)) and also
`info["action_mask"]` (int8) after every `reset` and `step`.

**Opponent.** An agent with `act(state, rng)` (e.g. `agents.make("greedy")`) or a
callable `(state, rng) -> action`; a name string is refused (envs/opponents.py). It plays
every seat but `seat` (0, 1, ... or "random" for a seat drawn per episode from the env's
seed); its moves happen inside `reset`/`step`, so every observation is one where the
learner decides or the game is over. A list of opponents is a mix: each episode faces one
of them, drawn from the episode's seed (`opponent_index` says which).

**Rewards and ends.** The learner's result on the final step (+1 win, -1 loss, 0 draw),
0 before. A win ends the episode with `terminated`; the turn limit with `truncated`.

**Illegal actions.** `illegal_action="raise"` (default) raises `sim.IllegalActionError`
and changes nothing. `"penalize"` ends the episode instead: reward -1, `terminated`
True, `info["illegal_action"]` True (gymnasium's `check_env` steps unmasked actions, so
it needs this mode). An action that is not an int at all (None, a float, a string, an
array) is a caller's bug, not a move: it raises `IllegalActionError` in both modes.

**Arguments** are checked at the constructor: `seat` (an int seat, not a bool, or
"random"), `decks` (a list or tuple, one deck per seat, tried on the game there with
`envs.core.check_decks`, so a bad deck is refused before the first `reset`).

**Seeding.** `reset(seed=s)` (or the constructor's `seed`, used by the first unseeded
reset) roots a `SeedSequence`: each reset deals the next game and draws the opponent's
and the seat's randomness from it, so episodes repeat exactly in any process.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from envs.core import check_decks, env_seed, is_truncation, next_game_seed, show_board
from envs.opponents import as_policy, play_until
from envs.registry import game_spec
from sim import load_game
from sim.core.errors import IllegalActionError

ILLEGAL_MODES = ("raise", "penalize")


class SingleAgentEnv(gymnasium.Env):
    """A gymnasium env of one learning seat against an opponent; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, game: str = "first_cycle", opponent: Any = None, seat: int | str = 0,
                 illegal_action: str = "raise", seed: int | None = None,
                 decks: Sequence[Any] | None = None, render_mode: str | None = None,
                 **param_overrides: Any) -> None:
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_MODES}, "
                             f"got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.card_game_spec = game_spec(game)
        self.game = load_game(game, **param_overrides)
        self.encoder = self.card_game_spec.make_encoder(self.game)
        self.num_players = int(self.game.num_players)
        if seat != "random" and (isinstance(seat, bool | np.bool_) or not isinstance(seat, int | np.integer)
                                 or not 0 <= seat < self.num_players):
            raise ValueError(f"seat must be 0..{self.num_players - 1} or 'random', got {seat!r}")
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else int(seat)
        self._learner = frozenset({self.seat})
        mix = list(opponent) if isinstance(opponent, list | tuple) else [opponent]
        if not mix:
            raise ValueError("opponent is an empty list: give at least one agent")
        self._policies = [as_policy(o) for o in mix]
        self._policy = self._policies[0]
        self.opponent_index = 0
        """The opponent (index into `opponent`'s list) this episode faces."""
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.decks = check_decks(self.game, decks)
        self.num_actions = int(self.game.action_space_size)
        low, high = self.encoder.bounds()
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self._init_seed = env_seed(seed)
        self._seeds: np.random.SeedSequence | None = None
        self._opp_rng: np.random.Generator | None = None
        self.game_state: Any = None
        self.game_seed: int | None = None
        self._over = True

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        seed = env_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.SeedSequence(seed)
        elif self._seeds is None:
            self._seeds = np.random.SeedSequence(self._init_seed)
        game_seq, opp_seq, seat_seq = self._seeds.spawn(3)
        self._opp_rng = np.random.Generator(np.random.PCG64(opp_seq))
        if len(self._policies) > 1:  # a fourth child, only for a mix (a single opponent's episodes stay as they were)
            pick = np.random.Generator(np.random.PCG64(self._seeds.spawn(1)[0]))
            self.opponent_index = int(pick.integers(len(self._policies)))
            self._policy = self._policies[self.opponent_index]
        if self.seat_choice == "random":
            seat_rng = np.random.Generator(np.random.PCG64(seat_seq))
            self.seat = int(seat_rng.integers(self.num_players))
        self._learner = frozenset({self.seat})
        self.game_seed = next_game_seed(game_seq)
        self.game_state = self.game.new_state(self.game_seed, self.decks)
        play_until(self.game_state, self._learner, self._policy, self._opp_rng)
        self._over = self.game_state.is_terminal()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        state = self.game_state
        if self.illegal_action == "penalize" and not self._is_legal(action):
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), -1.0, True, False, info
        state.apply(action)  # IllegalActionError on an illegal action ("raise")
        play_until(state, self._learner, self._policy, self._opp_rng)
        reward, terminated, truncated = 0.0, False, False
        if state.is_terminal():
            self._over = True
            reward = float(state.returns()[self.seat])
            truncated = is_truncation(state, self.card_game_spec.truncation_reasons)
            terminated = not truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """Bool (A,): True at the learner's legal actions (all False once the game is over)."""
        mask = np.zeros(self.num_actions, dtype=bool)
        if not self._over and self.game_state is not None:
            mask[self.game_state.legal_actions()] = True
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return show_board(self.card_game_spec, self.game_state, self.render_mode)

    # ------------------------------------------------------------------ internals
    def _is_legal(self, action: Any) -> bool:
        """Whether int `action` is legal now; IllegalActionError when it is not an int at all."""
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise IllegalActionError(f"action {action!r} is a {type(action).__name__}; an action is an int id "
                                     f"0..{self.num_actions - 1}")
        return int(action) in self.game_state.legal_actions()

    def _observe(self) -> np.ndarray:
        return self.encoder.encode_seat(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), "seat": self.seat}


def single_agent(game: str = "first_cycle", opponent: Any = None, seat: int | str = 0,
                 illegal_action: str = "raise", seed: int | None = None,
                 **kwargs: Any) -> SingleAgentEnv:
    """A `SingleAgentEnv` (keyword arguments: decks, render_mode, any params field)."""
    return SingleAgentEnv(game, opponent=opponent, seat=seat, illegal_action=illegal_action,
                          seed=seed, **kwargs)


__all__ = ["ILLEGAL_MODES", "SingleAgentEnv", "single_agent"]
