"""`CipherGame`: the FE Cipher ruleset for one params value, and set-up (fe_cipher.md
"Starting the Game", rulings FE-1, C-1).

Set-up: each player's MC (a cost-1 unit named by the deck, FE-1) is set aside face-down,
the other cards are shuffled, the first player is chosen at random, and both draw an
opening hand of 6 (all from the state's own generator, C-1). The state then asks the
first player, then the second, whether to mulligan (once); after that 5 orbs are put
face-down from the top of each deck, the MCs are flipped into the front line and turn 1
begins (flow.py `_begin_game`).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

import numpy as np

from sim.cipher import scenario
from sim.cipher.cards import load_card_set
from sim.cipher.cardspec import MAX_ACTIVATED
from sim.cipher.decks import check_deck, get_deck, starter_decks
from sim.cipher.params import CipherParams
from sim.cipher.rules import CipherState
from sim.cipher.state import PlayerState
from sim.core.actions import ActionCodec
from sim.core.errors import InvalidDeckError
from sim.core.protocol import Game
from sim.core.seeding import make_rng


class CipherGame(Game, params=CipherParams, state=CipherState):
    """The FE Cipher game: card tables, the action codec and the state factory."""

    name = "cipher"

    def __init__(self, params: CipherParams | None = None, card_set=None) -> None:
        self.params = params if params is not None else CipherParams()
        self.card_set = card_set if card_set is not None else load_card_set()
        cs = self.card_set
        n = cs.max_id
        self.num_cards = n
        table: list[Any] = [None] * (n + 1)
        for cid, spec in cs.by_id.items():
            table[cid] = spec
        self.cards = table
        self.char_id = dict(cs.char_id)
        self.char_names = cs.characters
        self.num_chars = max(len(cs.characters), 1)
        # Per-card facts for the hot paths (index 0 unused).
        self.char = [cs.char_id[s.character] if s else -1 for s in table]
        self.cost = [s.cost if s else 0 for s in table]
        self.promo = [s.promotion_cost if s else 0 for s in table]
        self.color = [s.color if s else "" for s in table]
        self.power = [s.power if s else 0 for s in table]
        self.support = [s.support if s else 0 for s in table]
        self.types = [frozenset(s.types) if s else frozenset() for s in table]
        self.r1 = [bool(s and 1 in s.range) for s in table]
        self.r2 = [bool(s and 2 in s.range) for s in table]
        self.continuous = [s.skills_for("continuous") if s else () for s in table]
        self.activated = [tuple(i for i, k in enumerate(s.skills) if k.trigger == "activated") if s else ()
                          for s in table]
        trig: list[dict[str, tuple[int, ...]]] = []
        for s in table:
            d: dict[str, list[int]] = {}
            if s:
                for i, k in enumerate(s.skills):
                    d.setdefault(k.trigger, []).append(i)
            trig.append({k: tuple(v) for k, v in d.items()})
        self.triggers = trig
        k = self.num_chars
        codec = ActionCodec()
        self.a_pass = codec.add("pass", 1)
        self.a_mulligan = codec.add("mulligan", 1)
        self.a_bond = codec.add("bond", n)
        self.a_front = codec.add("deploy_front", n)
        self.a_rear = codec.add("deploy_rear", n)
        self.a_class_change = codec.add("class_change", n)
        self.a_level_up = codec.add("level_up", n)
        self.a_skill = codec.add("skill", k * MAX_ACTIVATED)
        self.a_move = codec.add("move", k)
        self.a_attack = codec.add("attack", k)
        self.a_own = codec.add("own", k)
        self.a_enemy = codec.add("enemy", k)
        self.a_card = codec.add("card", n)
        self.a_order = codec.add("order", self.params.max_order)
        self.codec = codec

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
        """The red and blue starter decks."""
        return self._starters[:2]

    def resolve_deck(self, deck: Any):
        """A validated `Deck` from a Deck, a starter name or a deck dict (InvalidDeckError if not, FE-1)."""
        d = get_deck(deck)
        check_deck(d, self.card_set, self.params)
        return d

    def deck_lists(self, deck: Any) -> tuple[int, list[int]]:
        """(MC id, the other card ids) of a Deck, starter name or deck dict, validated (FE-1)."""
        d = self.resolve_deck(deck)
        return d.mc_id(self.card_set), d.deck_ids(self.card_set)

    @cached_property
    def _default_lists(self) -> list[tuple[int, list[int]]]:
        return [self.deck_lists(d) for d in self.default_decks()]

    def new_state(self, seed: int | np.random.SeedSequence, decks: Sequence[Any] | None = None) -> CipherState:
        """A game after set-up, at the first mulligan decision (first player random, C-1)."""
        if decks is None:
            lists = self._default_lists
        else:
            if len(decks) != 2:
                raise InvalidDeckError([f"FE Cipher needs 2 decks, got {len(decks)}"])
            lists = [self.deck_lists(d) for d in decks]
        return self.new_state_from_lists(seed, lists)

    def new_state_from_lists(self, seed, decks: Sequence[tuple[int, list[int]]]) -> CipherState:
        """Set-up from already validated (MC id, other card ids) pairs."""
        params = self.params
        rng = make_rng(seed)
        s = CipherState.__new__(CipherState)
        s.game = self
        s.params = params
        s.cards = self.cards
        s.players = []
        for mc, ids in decks:
            pl = PlayerState()
            pl.setaside = mc
            perm = rng.permutation(len(ids))
            pl.deck = [ids[i] for i in perm]
            s.players.append(pl)
        s.first_player = int(rng.integers(2))
        s.turn = 1
        s.active = s.first_player
        s.phase = "mulligan"
        s.winner = -1
        s.end_reason = ""
        s.done = False
        s.tasks = []
        s.pending = None
        s.b_att = s.b_def = -1
        s.b_att_mod = s.b_def_mod = 0
        s.b_crit = s.b_evaded = False
        s.rng = rng
        s._events = []
        s.next_uid = 1
        s._legal = None
        for p in (s.first_player, 1 - s.first_player):
            s.draw(p, params.opening_hand, event="opening_hand")
        s.tasks.append(("begin",))
        s.tasks.append(("mulligan_ask", 1 - s.first_player))
        s.tasks.append(("mulligan_ask", s.first_player))
        s._run()
        return s

    def state_from_dict(self, data: dict) -> CipherState:
        """A state from a scenario dict or `to_dict` output (validated, C-4)."""
        return scenario.state_from_dict(self, data)
