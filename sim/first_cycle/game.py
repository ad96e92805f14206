"""`FirstCycleGame`: the First Cycle ruleset for one params value, and set-up (first_cycle.md).

Set-up: each player's Leader ready at full HP, a shuffled 30-card deck, ten RAM Modules
in supply, five private cards in hand; the first player chosen at random (C-1: all from
the state's own generator), then the first turn begins.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

import numpy as np

from sim.core.actions import ActionCodec
from sim.core.errors import InvalidDeckError
from sim.core.protocol import Game
from sim.core.seeding import make_rng
from sim.first_cycle import scenario
from sim.first_cycle.cards import load_card_set
from sim.first_cycle.decks import check_deck, get_deck, starter_decks
from sim.first_cycle.effects import parse_passives
from sim.first_cycle.params import FirstCycleParams
from sim.first_cycle.rules import FirstCycleState
from sim.first_cycle.state import PlayerState

NO_ABILITY = 1 << 30
"""`activated_cost` of a card without an activated ability: more RAM than any player has."""


class FirstCycleGame(Game, params=FirstCycleParams, state=FirstCycleState):
    """The First Cycle game: card tables, the action codec and the state factory."""

    name = "first_cycle"

    def __init__(self, params: FirstCycleParams | None = None, card_set=None) -> None:
        self.params = params if params is not None else FirstCycleParams()
        self.card_set = card_set if card_set is not None else load_card_set()
        n = self.card_set.max_number
        self.num_cards = n
        table: list[Any] = [None] * (n + 1)
        for number, spec in self.card_set.by_number.items():
            table[number] = spec
        self.cards = table
        # Precomputed per-card facts for the hot paths.
        self.cost = [s.cost if s else 0 for s in table]
        self.printed_power = [s.power if s else 0 for s in table]
        self.is_protocol = [bool(s and s.kind == "protocol") for s in table]
        self.passives = [parse_passives(s) if s else () for s in table]
        # Indexed by a fighter's card, -1 (an empty space) included: the last entry is False.
        self.has_passive = [bool(p) for p in self.passives] + [False]
        # Outside a battle only "always" passives, and "my_turn" ones on the owner's turn, can
        # apply: `effects.powers` skips the passive scan when no fighter has one of these.
        self.passive_own_turn = [any(b.when not in ("attacking", "defending") for b in p)
                                 for p in self.passives] + [False]
        self.passive_always = [any(b.when not in ("attacking", "defending", "my_turn") for b in p)
                               for p in self.passives] + [False]
        self.activated = [next((i for i, a in enumerate(s.abilities) if a.trigger == "activated"), -1)
                          if s else -1 for s in table]
        self.rush = [bool(s and s.rush) for s in table]
        # The activated ability's RAM cost (NO_ABILITY: none, so never affordable) and
        # whether it is once per turn, for the legal-action hot path.
        self.activated_cost = [s.abilities[i].cost if i >= 0 else NO_ABILITY
                               for s, i in zip(table, self.activated)]
        self.activated_once = [bool(i >= 0 and s.abilities[i].once_per_turn)
                               for s, i in zip(table, self.activated)]
        trig: list[dict[str, tuple[int, ...]]] = []
        for s in table:
            d: dict[str, list[int]] = {}
            if s:
                for i, a in enumerate(s.abilities):
                    d.setdefault(a.trigger, []).append(i)
            trig.append({k: tuple(v) for k, v in d.items()})
        self.triggers = trig
        codec = ActionCodec()
        self.a_end = codec.add("end", 1)
        self.a_pass = codec.add("pass", 1)
        self.a_play = codec.add("play", n)
        self.a_attach = codec.add("attach", 6)
        self.a_attack = codec.add("attack", 36)
        self.a_activate = codec.add("activate", 6)
        self.a_choose = codec.add("choose", 12)
        self.a_support = codec.add("support", n)
        self.a_card = codec.add("card", n)
        self.a_scan = codec.add("scan", self.params.max_scan)
        self.a_trigger = codec.add("trigger", 16)
        self.codec = codec
        self._deck_cache: dict[Any, tuple[int, list[int]]] = {}

    @property
    def num_players(self) -> int:
        return 2

    @property
    def action_space_size(self) -> int:
        return self.codec.size

    @cached_property
    def _starters(self) -> list:
        return list(starter_decks().values())

    def default_decks(self) -> list:
        """The black and orange starter decks."""
        return self._starters[:2]

    def resolve_deck(self, deck: Any):
        """A validated `Deck` from a Deck, a starter name or a deck dict (InvalidDeckError if not)."""
        d = get_deck(deck)
        check_deck(d, self.card_set, self.params)
        return d

    def new_state(self, seed: int | np.random.SeedSequence, decks: Sequence[Any] | None = None) -> FirstCycleState:
        """A game after set-up, its first turn begun (first player random, C-1)."""
        if decks is None:
            decks = self.default_decks()
        if len(decks) != 2:
            raise InvalidDeckError([f"First Cycle needs 2 decks, got {len(decks)}"])
        return self.new_state_from_lists(seed, [self._deck_lists(d) for d in decks])

    def _deck_lists(self, deck: Any) -> tuple[int, list[int]]:
        """(leader, 30 card numbers) of a deck, validated once per name or Deck value."""
        key = deck if isinstance(deck, str) or getattr(deck, "__hash__", None) else None
        if key is not None and key in self._deck_cache:
            return self._deck_cache[key]
        d = self.resolve_deck(deck)
        lists = (d.leader_number(self.card_set), d.numbers(self.card_set))
        if key is not None:
            self._deck_cache[key] = lists
        return lists

    def new_state_from_lists(self, seed, decks: Sequence[tuple[int, list[int]]]) -> FirstCycleState:
        """Set-up from already validated (leader number, 30 collector numbers) pairs."""
        params = self.params
        rng = make_rng(seed)
        s = FirstCycleState.__new__(FirstCycleState)
        s.game = self
        s.params = params
        s.cards = self.cards
        s.players = []
        for leader, numbers in decks:
            pl = PlayerState(leader, params.leader_hp, params.ram_supply)
            deck = list(numbers)
            perm = rng.permutation(len(deck))
            pl.deck = [deck[i] for i in perm]
            s.players.append(pl)
        s.first_player = int(rng.integers(2))
        s.turn = 1
        s.active = s.first_player
        s.winner = -1
        s.end_reason = ""
        s.tasks = []
        s.pending = None
        s.battle = None
        s.rng = rng
        s._events = []
        s.next_uid = 1
        s.done = False
        s.last_target = None
        s._legal = None
        for p in (0, 1):
            s.draw(p, params.opening_hand, event="opening_hand")
        s.tasks.append(("start",))
        s._run()
        return s

    def state_from_dict(self, data: dict) -> FirstCycleState:
        """A state from a scenario dict or `to_dict` output (validated, C-4)."""
        return scenario.state_from_dict(self, data)
