"""What the two-player card engines (First Cycle, FE Cipher) share of their states and games.

Both keep a position the same way: two player records, the turn and the active player, a
stack of tasks run until the next decision, at most one pending choice `(kind, seat, ...)`
that names the deciding seat, the winner (-1 for a draw) and the events of the last
`apply`; and both set a game up the same way. So both build on:

- `TwoPlayerData`: the slots of those fields and their generated copies (sim.core.records);
  a game's data class adds its own slots (`class StateData(TwoPlayerData, lists=...)`).
- `TwoPlayerRules`: the protocol members that read only those fields (`current_player`,
  `returns`; with `sim.core.rules.GameRules` cached `legal_actions`, `apply`,
  `is_terminal`, `events` and `finish`), and the steps both rulebooks word alike:
  beginning a turn, passing it with the turn limit (C-2), taking a card out of a hand the
  opponent partly knows (C-3: any copy leaving takes one known entry with it). A game's state class is
  `class S(TwoPlayerRules, <its flow mixin>, StateData, State)`.
- `TwoPlayerGame`: the `Game`: params and card set (the shipped ones by default), starter
  decks, deck resolution with the game's deck-building rules, and set-up: each deck
  shuffled into a new player record, the first player chosen at random (C-1, all from the
  state's own generator), then the state's own `_set_up()` and task machine. A game adds
  its card tables and action codec, `new_player(head, deck)` and `state_from_dict`.
- `effects_by_trigger`: a card table's effect indices by trigger.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

import numpy as np

from sim.core.card_overrides import InvalidCardOverrideError
from sim.core.errors import InvalidDeckError
from sim.core.protocol import Game
from sim.core.records import StateRecord
from sim.core.rules import GameRules
from sim.core.seeding import make_rng


class TwoPlayerData(StateRecord, lists="tasks", records="players"):
    """The fields every two-player state has (see the module docstring); `players` holds two
    `Record`s, `tasks` the task stack (the next task last)."""

    __slots__ = ("game", "params", "cards", "players", "turn", "active", "first_player", "winner",
                 "end_reason", "done", "tasks", "pending", "next_uid", "_events", "_legal")

    def init_blank(self, game: Game) -> None:
        """Set every field to its value before set-up: no players yet, turn 1, player 0
        active and first, no task, choice, winner, event or generator. A game's data class
        extends this with its own fields."""
        self.game = game
        self.params = game.params
        self.cards = game.cards
        self.players = []
        self.turn = 1
        self.active = self.first_player = 0
        self.winner = -1
        self.end_reason = ""
        self.done = False
        self.tasks = []
        self.pending = None
        self.next_uid = 1
        self._events = []
        self._legal = None
        self._rng = self._rng_state = None


class TwoPlayerRules(GameRules):
    """Protocol members and shared steps of a two-player state (a mixin placed before the
    state data and `sim.core.protocol.State`, whose abstract members it fills); the game
    supplies what `GameRules` asks for."""

    __slots__ = ()

    @property
    def current_player(self) -> int:
        """The pending choice's seat, else the active player; -1 once the game is over."""
        if self.done:
            return -1
        pending = self.pending
        return pending[1] if pending is not None else self.active

    def returns(self) -> list[float]:
        """+1 for the winner and -1 for the loser; 0 each on a draw or before the end."""
        if not self.done or self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def _begin_turn(self) -> Any:
        """The active player's turn begins: counted in their record (returned) and logged."""
        p = self.active
        pl = self.players[p]
        pl.turns_taken += 1
        self._events.append(("turn", self.turn, p))
        return pl

    def _pass_turn(self) -> None:
        """Log the end of the active player's turn, then end the game as a draw at the turn
        limit (C-2) or give the other player the next turn."""
        self._events.append(("end_turn", self.turn, self.active))
        if self.turn >= self.params.max_turns:
            self.finish(-1, "turn_limit")
            return
        self.turn += 1
        self.active = 1 - self.active
        self.tasks.append(("start",))

    def remove_from_hand(self, pl, c: int) -> None:
        """Take one copy of card `c` out of `pl`'s hand. If the opponent knew a copy of `c` in
        it (`pl.revealed`), they now know one fewer, whichever copy left (C-3): the opponent
        cannot tell a known copy from a hidden one, so keeping the entry while another copy
        stays would tell them the hidden card was a second copy."""
        pl.hand.remove(c)
        if c in pl.revealed:
            pl.revealed.remove(c)


def effects_by_trigger(table: list[Any],
                       effects_of: Callable[[Any], tuple]) -> list[dict[str, tuple[int, ...]]]:
    """Per card of `table` (None where no card has that id): its effect specs' indices by
    trigger, `{"on_attack": (0, 2), ...}` (what the task machine looks up when a trigger fires)."""
    out: list[dict[str, tuple[int, ...]]] = []
    for spec in table:
        d: dict[str, list[int]] = {}
        if spec:
            for i, e in enumerate(effects_of(spec)):
                d.setdefault(e.trigger, []).append(i)
        out.append({k: tuple(v) for k, v in d.items()})
    return out


class TwoPlayerGame(Game):
    """The `Game` of a two-player card engine (module docstring). A subclass sets `title`
    (its name in messages), the card set and deck functions of its own modules
    (`load_card_set`, `starter_decks`, `get_deck`, `check_deck`, as staticmethods), and
    defines `new_player` and `state_from_dict`. `cards` is the card set's table (specs by
    number, None in the gaps), `num_cards` its highest number."""

    title: str = "game"
    cards: list[Any]
    codec: Any
    load_card_set: Callable[..., Any]
    starter_decks: Callable[[], dict[str, Any]]
    get_deck: Callable[[Any], Any]
    check_deck: Callable[..., None]

    def __init__(self, params: Any = None, card_set: Any = None) -> None:
        self.params = params if params is not None else self.params_class()()
        overrides = getattr(self.params, "card_overrides", ())
        if card_set is None:
            card_set = self.load_card_set(overrides)
        elif overrides:
            raise InvalidCardOverrideError("card_overrides edit the shipped card set; give them or a card_set, "
                                           "not both")
        self.card_set = card_set
        self.cards = self.card_set.table()
        self.num_cards = self.card_set.max_number
        self._deck_cache: dict[Any, tuple[int, list[int]]] = {}

    @property
    def num_players(self) -> int:
        return 2

    @property
    def action_space_size(self) -> int:
        return self.codec.size

    @cached_property
    def _starters(self) -> list:
        return list(self.starter_decks().values())

    def default_decks(self) -> list:
        """The first two starter decks."""
        return self._starters[:2]

    def resolve_deck(self, deck: Any) -> Any:
        """A validated deck from a deck, a starter name or a deck dict (InvalidDeckError
        naming every broken deck-building rule)."""
        d = self.get_deck(deck)
        self.check_deck(d, self.card_set, self.params)
        return d

    def new_state(self, seed: int | np.random.SeedSequence, decks: Sequence[Any] | None = None) -> Any:
        """A game after set-up, at its first decision (first player random, C-1): `seed` a
        non-negative int or SeedSequence, `decks` None (the default decks) or a list of two
        decks (each a deck, a starter name or a deck dict)."""
        if decks is None:
            return self.new_state_from_lists(seed, self._default_lists)
        if not isinstance(decks, (list, tuple)):
            raise InvalidDeckError([f"decks must be a list of 2 decks (one per player), got "
                                    f"{type(decks).__name__} {decks!r}"])
        if len(decks) != 2:
            raise InvalidDeckError([f"{self.title} needs 2 decks, got {len(decks)}"])
        return self.new_state_from_lists(seed, [self._deck_lists(d) for d in decks])

    @cached_property
    def _default_lists(self) -> list[tuple[int, list[int]]]:
        return [self._deck_lists(d) for d in self.default_decks()]

    def _deck_lists(self, deck: Any) -> tuple[int, list[int]]:
        """(head card, the other cards) of a deck, validated once per name or deck value."""
        key = deck if isinstance(deck, str) or getattr(deck, "__hash__", None) else None
        if key is not None and key in self._deck_cache:
            return self._deck_cache[key]
        d = self.resolve_deck(deck)
        lists = (d.leader_number(self.card_set), d.numbers(self.card_set))
        if key is not None:
            self._deck_cache[key] = lists
        return lists

    def blank_state(self) -> Any:
        """A state with no players, before set-up (for `new_state` and scenarios)."""
        cls = self.state_class
        s = cls.__new__(cls)
        s.init_blank(self)
        return s

    def new_state_from_lists(self, seed: int | np.random.SeedSequence,
                             decks: Sequence[tuple[int, list[int]]]) -> Any:
        """Set-up from already validated (head card, other cards) pairs: each deck shuffled,
        the first player drawn, then the game's `_set_up()` and its tasks run."""
        rng = make_rng(seed)
        s = self.blank_state()
        for head, cards in decks:
            perm = rng.permutation(len(cards))
            s.players.append(self.new_player(head, [cards[i] for i in perm]))
        s.first_player = s.active = int(rng.integers(2))
        s.rng = rng
        s._set_up()
        s._run()
        return s

    def new_player(self, head: int, deck: list[int]) -> Any:
        """A player record at set-up: `head` (the Leader or Main Character) and the shuffled deck."""
        raise NotImplementedError
