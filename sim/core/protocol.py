"""The game protocol every engine follows (layer 1 of docs/ARCHITECTURE.md).

Agents and experiments use only these members, so they work on every game unchanged.
`Game` is immutable and shared; `State` is one position, mutated in place by `apply`.

A game class names its params and state classes where it is declared,
`class MyGame(Game, params=MyParams, state=MyState)`: `params_class()`, `state_class` and
`name` (the params' game name) then answer for it, and `MyState.from_dict(data)` builds its
own `MyGame` from the params in `data`, so the state module never imports the game module
that imports it.
"""
from __future__ import annotations

import abc
import html
from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.core.board import seat_name
from sim.core.params import Params


class Game(abc.ABC):
    """A ruleset with fixed params: facts about the game and a factory of states."""

    name: str = "game"
    params: Params
    state_class: type[State]
    """The class of this game's states (declared with `state=`)."""
    _params_class: type[Params]

    def __repr__(self) -> str:
        """`load_game(...)` with the params that differ from the defaults, e.g.
        `load_game('first_cycle', max_turns=50)`: the call that builds an equal game."""
        default = type(self.params)().to_dict()
        changed = [f"{k}={v!r}" for k, v in self.params.to_dict().items() if default.get(k) != v]
        return f"load_game({', '.join([repr(self.name), *changed])})"

    def __init_subclass__(cls, params: type[Params] | None = None, state: type[State] | None = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if params is not None:
            cls._params_class = params
            cls.name = params.game
        if state is not None:
            cls.state_class = state
            state.game_class = cls

    @classmethod
    def params_class(cls) -> type[Params]:
        """The params type `load_game` builds (declared with `params=`)."""
        return cls._params_class

    @property
    @abc.abstractmethod
    def num_players(self) -> int:
        """Number of seats, players 0..num_players-1."""

    @property
    @abc.abstractmethod
    def action_space_size(self) -> int:
        """Size of the flat action space (fixed for a params value)."""

    @abc.abstractmethod
    def new_state(self, seed: int | np.random.SeedSequence, decks: Sequence[Any] | None = None) -> State:
        """A new game after set-up (shuffles, first player, opening hands) from `seed`."""

    @abc.abstractmethod
    def state_from_dict(self, data: dict) -> State:
        """A state from a scenario or `to_dict` output (validated; bad keys are named)."""

    def default_decks(self) -> list[Any]:
        """The decks used when `new_state` gets none."""
        raise NotImplementedError(f"{self.name} has no default decks")

    def resolve_deck(self, deck: Any) -> Any:
        """One validated deck from a name, dict or deck object (InvalidDeckError naming the rule).

        The default checks it by setting up a game with it in every seat; games override
        this with their deck-building rules."""
        self.new_state(0, [deck] * self.num_players)
        return deck


class State(abc.ABC):
    """One position of a game, with the whole protocol of DESIGN.md."""

    game: Game
    game_class: type[Game]
    """The game class that declared this state class (`Game` subclass keyword `state=`)."""

    @classmethod
    def from_dict(cls, data: dict, game: Game | None = None) -> State:
        """A state from a scenario or `to_dict` output; without `game`, one is built from the
        params in `data`."""
        if game is None:
            game_class = cls.game_class
            game = game_class(game_class.params_class().from_dict(cls.scenario_params(data)))
        return game.state_from_dict(data)

    @classmethod
    def scenario_params(cls, data: dict) -> dict:
        """The params overrides a scenario or `to_dict` dict asks for."""
        return data.get("params", {})

    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat that must decide now (-1 when the game is over)."""

    @abc.abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal action ids, sorted ascending (empty when terminal)."""

    @abc.abstractmethod
    def apply(self, action: int) -> None:
        """Apply `action` in place; raises IllegalActionError and leaves the state untouched."""

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Per-seat result: +1 win, -1 loss, 0 draw or game in progress."""

    @abc.abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: search calls it thousands of times a second)."""

    @abc.abstractmethod
    def determinize(self, observer: int, rng: np.random.Generator) -> State:
        """A copy where all the observer cannot see is re-dealt consistently, with a new RNG."""

    @abc.abstractmethod
    def observation(self, player: int) -> dict:
        """A plain structured view holding only what `player` may know."""

    @abc.abstractmethod
    def action_label(self, action: int) -> str:
        """A readable label for an action id in this state."""

    @abc.abstractmethod
    def to_dict(self) -> dict:
        """A JSON-friendly dict that `Game.state_from_dict` turns back into an equal state."""

    @property
    @abc.abstractmethod
    def events(self) -> list[tuple]:
        """Events produced by the last `apply` (or set-up): tuples starting with a kind string."""

    def board_text(self) -> str:
        """The board as text, as a spectator or hot-seat player reads it: every seat's public
        facts, the battle and pending choice in progress, then the hand and legal actions of
        the seat to act. Not a seat's observation: it shows the hand of whoever decides. The
        three games give their own boards; this default is the summary line and the legal
        actions, for a state class that has no board of its own."""
        lines = [repr(self)]
        if not self.is_terminal():
            lines += ["Legal actions:"] + [f"  {a:>3}: {self.action_label(a)}" for a in self.legal_actions()]
        return "\n".join(lines)

    def __str__(self) -> str:
        """`board_text()`, so `print(state)` shows the board."""
        return self.board_text()

    def __repr__(self) -> str:
        """A one-line summary: the game, who decides (or the result) and how many actions."""
        game = getattr(self.game, "name", type(self.game).__name__)
        if self.is_terminal():
            result = self.returns()
            winners = [p for p, r in enumerate(result) if r > 0]
            status = f"over, {seat_name(winners[0])} won" if winners else "over, a draw"
        else:
            status = f"{seat_name(self.current_player)} to decide from {len(self.legal_actions())} actions"
        return f"<{type(self).__name__} {game}: {status}>"

    def _repr_html_(self) -> str:
        """The text board in a `<pre>` block, so a state shows itself in Jupyter."""
        return ('<pre style="font-family: monospace; line-height: 1.25">'
                + html.escape(self.board_text()) + "</pre>")
