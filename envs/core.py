"""The generic PettingZoo AEC environment over any `sim` game, driven by a `CardGameSpec`.

Every env of this package (first_cycle_v0, cipher_v0, xenodex_v0) is this class with one
game's spec, so they all run PettingZoo's usual AEC loop:

    env = first_cycle_v0.env(render_mode="ansi")     # or cipher_v0, xenodex_v0
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])  # or your policy
        env.step(action)
    env.close()

A game plugs in with a spec (its `sim` name, its encoder class and its text renderer) and
two one-line factories; see envs/first_cycle_v0.py:

    SPEC = CardGameSpec(game="first_cycle", env_name="first_cycle_v0",
                   make_encoder=FirstCycleEncoder, render_text=render_board)
    def raw_env(**kwargs): return CardGameAECEnv(SPEC, **kwargs)
    def env(**kwargs): return wrap(raw_env(**kwargs))

What the env adds to the engine, and nothing more (layer 2 of docs/ARCHITECTURE.md):
- agents "player_0".."player_{n-1}" for seats 0..n-1; `agent_selection` is the seat the
  engine says decides now (`State.current_player`), so a compound play (card, then
  target, then mode) is several consecutive steps of the same agent;
- observations `{"observation": float32 (D,), "action_mask": int8 (A,)}` from the
  spec's encoder (`encode_seat`), which encodes `State.observation(seat)`; the mask is the engine's
  legal actions for the agent to act and all zeros for any other agent;
- rewards: the engine's `returns()` on the final step only (+1 / -1 / 0 at two seats;
  with n seats XenodeX gives the winner +1 and each other seat -1/(n-1), 0 on a draw);
  a win terminates every agent, a draw by a reason in `spec.truncation_reasons` (the turn
  limit) truncates them, any other draw terminates them;
- seeding: `reset(seed=s)` starts a `SeedSequence(s)` (`s` a non-negative int, else
  InvalidArgumentError: `env_seed`); each reset, seeded or not, deals
  the next game from it, so the game sequence after a seeded reset is reproducible in
  any process. `game_seed` holds the int seed of the current game
  (`load_game(...).new_state(env.game_seed, decks)` rebuilds it) and `game_state` the
  engine state in play (read it; change it only through `step`);
- an illegal action raises the engine's `IllegalActionError` and changes nothing (there
  is no penalty mode in the AEC env; `envs.single_agent` has one); an action outside the
  space trips PettingZoo's `AssertOutOfBoundsWrapper`;
- `render_mode` "ansi" (returns the board text, which names seat q "P{q+1}" as every
  text a person reads does: the agent "player_1" is P2) or "human" (prints it after each step);
  `with_action_labels=True` puts `{action id: label}` of the legal actions in the infos of
  the agent to act (slow: off by default).

No parallel view (`metadata["is_parallelizable"] = False`): one seat decides at a time,
often the same one several times in a row, and PettingZoo's parallel API expects every
live agent to act on every step; `aec_to_parallel` only accepts envs whose agents all act
once per cycle, and a parallel step would have to invent a no-op action for the seats not
deciding, which the mask (all zeros for them) cannot offer. So, like PettingZoo's classic
board and card games, these envs are AEC only. For throughput use `envs.BatchEnv` (many
matches stepped at once, stacked observations and masks); for single-agent RL,
`envs.single_agent`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from envs.encoding.base import int64_array
from sim import load_game
from sim.core.checks import is_int
from sim.core.errors import InvalidArgumentError


@dataclass(frozen=True)
class CardGameSpec:
    """Everything the generic env needs to know about one game."""

    game: str
    """The `sim.load_game` name."""
    env_name: str
    """The PettingZoo name, with its version suffix (e.g. "first_cycle_v0")."""
    make_encoder: Callable[[Any], Any]
    """Builds the observation encoder (a `SparseEncoder`) from a game object."""
    render_text: Callable[[Any], str]
    """The board of a state as text a person can read."""
    truncation_reasons: frozenset[str] = field(default_factory=lambda: frozenset({"turn_limit"}))
    """`State.end_reason` values of a draw that is a truncation rather than a termination."""


def agent_names(num_players: int) -> list[str]:
    """The PettingZoo agent names of seats 0..num_players-1."""
    return [f"player_{i}" for i in range(num_players)]


def env_seed(seed: Any, what: str = "seed") -> int | None:
    """The seed given to an env's constructor or `reset`: None, or a non-negative int (Python
    or numpy, not a bool); else InvalidArgumentError saying what a seed must be."""
    if seed is None:
        return None
    if isinstance(seed, np.random.SeedSequence) or not is_int(seed) or seed < 0:
        shown = "a SeedSequence" if isinstance(seed, np.random.SeedSequence) else f"{type(seed).__name__} {seed!r}"
        raise InvalidArgumentError(f"{what} must be a non-negative int or None, got {shown}")
    return int(seed)


def next_game_seed(seq: np.random.SeedSequence) -> int:
    """A non-negative int game seed drawn from `seq` (one child per call, reproducible)."""
    child = seq.spawn(1)[0]
    return int(child.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def observation_space(encoder: Any, num_actions: int) -> spaces.Dict:
    """The Dict space of `{"observation", "action_mask"}` for this encoder."""
    low, high = encoder.bounds()
    return spaces.Dict({
        "observation": spaces.Box(low=low, high=high, dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
    })


class DiscreteActions(spaces.Discrete):
    """`Discrete(n)` whose `contains` answers a Python int without numpy.

    PettingZoo's `AssertOutOfBoundsWrapper` checks every step's action with `contains`,
    and gymnasium's builds `np.iinfo`, casts the int and calls `np.can_cast` each time (about
    2 us timed alone, 5-7 us of a First Cycle step in the AEC loop). For a Python int in
    range the answer is the same as gymnasium's (the bounds are far inside int64); every
    other input goes to gymnasium's own check, so the space is a `Discrete` in all but speed
    (tests/envs/test_pettingzoo_api.py compares them).
    """

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self._first = int(self.start)
        self._end = self._first + int(self.n)

    def contains(self, x: Any) -> bool:
        if type(x) is int:
            return self._first <= x < self._end
        return super().contains(x)


def action_mask(state: Any, seat: int, num_actions: int) -> np.ndarray:
    """int8 (num_actions,): 1 at the legal actions when `seat` decides now, else all zeros."""
    mask = np.zeros(num_actions, dtype=np.int8)
    if state.current_player == seat:
        mask.put(state.legal_actions(), 1)
    return mask


def legal_masks(states: Sequence[Any], num_actions: int) -> np.ndarray:
    """int8 (len(states), num_actions): row i 1 at the legal actions of `states[i]` (its
    seat to act), filled with one `put` over every row's legal list."""
    legal: list[int] = []
    counts: list[int] = []
    for s in states:
        row = s.legal_actions()
        legal += row
        counts.append(len(row))
    n = len(states)
    mask = np.zeros((n, num_actions), dtype=np.int8)
    mask.reshape(-1).put(np.repeat(np.arange(0, n * num_actions, num_actions), counts)
                         + int64_array(legal), 1)
    return mask


def check_decks(game: Any, decks: Any) -> list[Any] | None:
    """`decks` as a list (None stays None) when it is a list or tuple the game deals from;
    else the game's InvalidDeckError (a wrong count, an unknown name) or a ValueError naming
    the value, raised here rather than at the first `reset` (`game` None: the type only)."""
    if decks is None:
        return None
    if not isinstance(decks, list | tuple):
        raise ValueError(f"decks must be a list with one deck per seat (names such as 'black_starter', or "
                         f"decks), got {type(decks).__name__} {decks!r}")
    decks = list(decks)
    if game is not None:
        game.new_state(0, decks)  # deals once: the game refuses a bad deck with a message naming it
    return decks


def is_truncation(state: Any, reasons: frozenset[str]) -> bool:
    """Whether a finished game ended by a truncating draw (the turn limit), not a result."""
    return max(state.returns()) <= 0.0 and getattr(state, "end_reason", "") in reasons


def show_board(spec: CardGameSpec, state: Any, render_mode: str) -> str | None:
    """`render()` of an env in `render_mode`: the board of `state` as text for "ansi",
    printed for "human" (returning None); None before the first reset."""
    if state is None:
        return None
    text = spec.render_text(state)
    if render_mode == "human":
        print(text)
        return None
    return text


class CardGameAECEnv(AECEnv):
    """A PettingZoo AEC env over one `sim` game; see the module docstring."""

    def __init__(self, spec: CardGameSpec, decks: Sequence[Any] | None = None,
                 render_mode: str | None = None, with_action_labels: bool = False,
                 **param_overrides: Any) -> None:
        super().__init__()
        self.card_game_spec = spec
        self.metadata = {"render_modes": ["human", "ansi"], "name": spec.env_name, "render_fps": 1,
                         "is_parallelizable": False}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"got {render_mode!r}")
        self.render_mode = render_mode
        self.game = load_game(spec.game, **param_overrides)
        self.decks = check_decks(self.game, decks)
        self.with_action_labels = bool(with_action_labels)
        self.encoder = spec.make_encoder(self.game)
        self.num_actions = int(self.game.action_space_size)
        self.possible_agents = agent_names(self.game.num_players)
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.encoder, self.num_actions)
        act_space = DiscreteActions(self.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._seeds: np.random.SeedSequence | None = None
        self.game_seed: int | None = None
        self.game_state: Any = None  # the engine state of the game in play (read only)

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        seed = env_seed(seed)
        if seed is not None:
            self._seeds = np.random.SeedSequence(seed)
        elif self._seeds is None:
            self._seeds = np.random.SeedSequence()
        self.game_seed = next_game_seed(self._seeds)
        self.game_state = self.game.new_state(self.game_seed, self.decks)
        agents = self.possible_agents
        self.agents = agents[:]
        self.rewards = {a: 0.0 for a in agents}
        self._cumulative_rewards = {a: 0.0 for a in agents}
        self.terminations = {a: False for a in agents}
        self.truncations = {a: False for a in agents}
        self.infos = {a: {} for a in agents}
        self.agent_selection = agents[self.game_state.current_player]
        if self.with_action_labels:
            self._label_infos()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        state = self.game_state
        return {"observation": self.encoder.encode_seat(state, seat),
                "action_mask": action_mask(state, seat, self.num_actions)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        state.apply(action)  # IllegalActionError (state untouched) on an illegal action
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            self._finish(agent)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
            if self.with_action_labels:
                self._label_infos()
        if self.render_mode == "human":
            self.render()

    def _finish(self, last_agent: str) -> None:
        state = self.game_state
        returns = state.returns()
        trunc = is_truncation(state, self.card_game_spec.truncation_reasons)
        for seat, a in enumerate(self.possible_agents):
            self.rewards[a] = float(returns[seat])
            self.terminations[a] = not trunc
            self.truncations[a] = trunc
            self.infos[a] = {}
        seats = self.possible_agents
        self.agent_selection = seats[(self._seat[last_agent] + 1) % len(seats)]
        self._accumulate_rewards()

    def _label_infos(self) -> None:
        """infos[agent to act]["action_labels"] = {action id: label}; {} for the others."""
        state = self.game_state
        current = self.possible_agents[state.current_player]
        for a in self.agents:
            self.infos[a] = {}
        self.infos[current] = {"action_labels": {a: state.action_label(a)
                                                 for a in state.legal_actions()}}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode="
                                  "'ansi' or 'human' to the env")
            return None
        return show_board(self.card_game_spec, self.game_state, self.render_mode)

    def close(self) -> None:
        pass


def wrap(env: AECEnv) -> AECEnv:
    """PettingZoo's standard wrappers for a masked discrete env (illegal actions still raise)."""
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    return env
