"""`XenodexGame`: the XenodeX ruleset for one params value, its tables and set-up (xenodex.md
"Setup", "Seats & Turn Order"; rulings XD-1, XD-2, C-1).

Set-up: 2-4 seats, players 0..n-1 (the rulebook's P1..Pn), with names; each gets `starting_cdx`, its faction deck of 20
characters shuffled, its TX deck shuffled and an anchor pool; the shared Echo deck is
shuffled; the board has 5 slots at 2-3 players and 3 (S2-S4) at 4; cycle 1's lead is random
(XD-1). All randomness comes from the state's own generator (C-1). Hands start empty and are
filled at cycle 1's Income (XD-2).

The flat action space (the same for every seat, fixed for a params value) is a list of
named blocks; see `docs/rules/xenodex.md` "Actions".
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.core.actions import ActionCodec
from sim.core.card_overrides import InvalidCardOverrideError
from sim.core.errors import CardDataError, InvalidDeckError
from sim.core.protocol import Game
from sim.core.seeding import make_rng
from sim.xenodex import effects as fx
from sim.xenodex import scenario
from sim.xenodex.cards import XenodexCards, load_cards
from sim.xenodex.cardspec import DeckSpec
from sim.xenodex.params import XenodexParams
from sim.xenodex.rules import XenodexState
from sim.xenodex.state import DECK, NONE

DEFAULT_DECK_ORDER: tuple[str, ...] = ("synth", "greys", "others")
BIG = 10**6


class XenodexGame(Game, params=XenodexParams, state=XenodexState):
    """The XenodeX game: card tables, the action codec and the state factory."""

    def __init__(self, params: XenodexParams | None = None, cards: XenodexCards | None = None) -> None:
        self.params = p = params if params is not None else XenodexParams()
        if cards is None:
            cards = load_cards(p.card_overrides)
        elif p.card_overrides:
            raise InvalidCardOverrideError("card_overrides edit the shipped card set; give them or cards, not both")
        self.cards = cs = cards
        self.n = n = p.num_players
        self.K = K = p.num_slots
        self.D = D = p.deck_size
        self.sides = n + (1 if p.ancients else 0)
        self.slot_labels = p.slot_labels
        self.seat_names = tuple(p.seat_names[:n])
        self.C = C = cs.max_character
        # Unit tables: characters 1..C, Ancients C+1..C+A (index 0 unused).
        size = C + cs.max_ancient + 1
        self.u_name = [""] * size
        self.u_str = [0] * size
        self.u_bp = [1] * size
        self.u_def = [0] * size
        self.u_cost = [0] * size
        self.u_taunt = [False] * size
        self.u_guard = [False] * size
        self.u_first = [False] * size
        self.u_strikes = [p.strikes_per_cycle] * size
        self.u_fortify = [0] * size
        self.u_counter = [0] * size
        self.u_cleave = [0] * size
        self.u_mender = [0] * size
        self.u_activated: list[tuple] = [()] * size
        for c, spec in cs.characters.items():
            self.u_name[c] = spec.name
            self.u_str[c], self.u_bp[c] = spec.str_, spec.bp
            self.u_def[c], self.u_cost[c] = spec.def_, spec.cost
            for a in spec.abilities:
                e = a.effect
                if e == "taunt":
                    self.u_taunt[c] = True
                elif e == "guard_anchor":
                    self.u_guard[c] = True
                elif e == "first_strike":
                    self.u_first[c] = True
                elif e == "flurry":
                    self.u_strikes[c] = max(p.strikes_per_cycle, a.param("strikes"))
                elif e == "fortify":
                    self.u_fortify[c] = a.param("amount")
                elif e == "counter":
                    self.u_counter[c] = a.param("amount")
                elif e == "cleave":
                    self.u_cleave[c] = a.param("extra")
                elif e == "mender":
                    self.u_mender[c] = a.param("amount")
            self.u_activated[c] = tuple(a for a in spec.abilities if a.timing == "activated")
        # (has-a-candidate test, ability) per activated ability: a denied character may still
        # use one (battle.has_other_action).
        self.u_act_cands = [tuple((fx.ACTIVATED[a.effect][1], a) for a in acts)
                            for acts in self.u_activated]
        self.ancient_ids = []
        for a, spec in cs.ancients.items():
            u = C + a
            self.ancient_ids.append(u)
            self.u_name[u] = spec.name
            self.u_str[u], self.u_bp[u], self.u_def[u] = spec.str_, spec.bp, spec.def_
            self.u_strikes[u] = 1
        # Anchors, auras, rolls.
        self.emission = p.emission
        self.contested = p.contested_emission
        self.anchor_bp = p.anchor_bp
        self.anchor_def = p.anchor_def
        self.max_level = p.max_level
        self.lv_bulwark, self.lv_regen, self.lv_overcharge, self.lv_aegis = (
            lv if lv <= p.max_level else BIG for lv in p.aura_levels)
        self.bulwark, self.regen, self.overcharge, self.aegis = (
            p.bulwark_def, p.regen_bp, p.overcharge_str, p.aegis_damage)
        self.roll_lo, self.roll_hi = p.roll_min, p.roll_max
        # Transmissions and Echoes (index 0: none).
        self.T = T = cs.max_tx
        self.tx = [None] + [cs.transmissions.get(t) for t in range(1, T + 1)]
        E = cs.max_echo
        self.echoes = [None] + [cs.echoes.get(e) for e in range(1, E + 1)]
        self.echo_surge = [0] + [e.param("amount") if e and e.effect == "surge" else 0
                                 for e in self.echoes[1:]]
        self.echo_redirect = [False] + [bool(e and e.effect == "redirect") for e in self.echoes[1:]]
        self.echo_dead_air = [False] + [bool(e and e.effect == "dead_air") for e in self.echoes[1:]]
        self.echo_list = [e.number for e in cs.echoes.values() for _ in range(e.copies)]
        # The action codec.
        codec = ActionCodec()
        S = self.sides
        self.a_done = codec.add("done", 1,
                                "end or decline the current step: end summon, end deploy, hold, stand "
                                "down, no more targets, end recovery")
        self.a_buy = codec.add("buy", C,
                               "summon the character card i from hand (\"summon Grey Scout\")")
        self.a_buy_anchor = codec.add("buy_anchor", 1,
                                      "summon an anchor from the pool")
        self.a_upgrade = codec.add("upgrade", K,
                                   "upgrade your anchor in slot i")
        self.a_deploy = codec.add("deploy", C * K,
                                  "deploy a staged unit of character card i // K to slot i % K (K = slots)")
        self.a_deploy_anchor = codec.add("deploy_anchor", K,
                                         "deploy a staged anchor to slot i (escorted)")
        self.a_tx = codec.add("tx", T,
                              "transmit the TX card i")
        self.a_select = codec.add("select", D,
                                  "select your unit i to act in the battle")
        self.a_target = codec.add("target", S * (D + K),
                                  "a unit or anchor target, seat-relative (0 = you, 1 = next clockwise, "
                                  "...; neutral last): side i // (D + K), unit or anchor i % (D + K) (D = units per side, "
                                  "the deck size; K = slots)")
        self.a_capture = codec.add("capture", n - 1,
                                   "capture the anchor of the seat i + 1 places clockwise in the battle "
                                   "slot")
        self.a_ability = codec.add("ability", 2,
                                   "use the selected character's activated ability i")
        self.a_slot = codec.add("slot", K,
                                "choose slot i for a TX or Relocate")
        self.a_seat = codec.add("seat", n - 1,
                                "choose the rival i + 1 places clockwise for a TX")
        self.a_heal = codec.add("heal", D,
                                "paid healing of your unit i")
        self.a_repair = codec.add("repair", K,
                                  "repair your anchor in slot i")
        self.codec = codec

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def action_space_size(self) -> int:
        return self.codec.size

    # ------------------------------------------------------------------ decks
    def default_decks(self) -> list[str]:
        """Synth, Greys, Others, then Synth again for a fourth seat."""
        return [DEFAULT_DECK_ORDER[i % len(DEFAULT_DECK_ORDER)] for i in range(self.n)]

    def deck_names(self) -> list[str]:
        """The names of the shipped faction decks."""
        return sorted(self.cards.decks)

    def deck_spec(self, deck: Any) -> DeckSpec:
        """A validated DeckSpec from a deck name, a DeckSpec or a deck dict (InvalidDeckError)."""
        if isinstance(deck, DeckSpec):
            spec = deck
        elif isinstance(deck, str):
            if deck not in self.cards.decks:
                raise InvalidDeckError([f"unknown deck {deck!r}; known decks: {self.deck_names()}"])
            spec = self.cards.decks[deck]
        elif isinstance(deck, dict):
            try:
                spec = self.cards.parse_deck(deck)
            except CardDataError as e:
                raise InvalidDeckError([str(e)]) from None
        else:
            raise InvalidDeckError([f"a deck is a name, a dict or a DeckSpec, got {type(deck).__name__}"])
        if len(spec.characters) != self.D:
            raise InvalidDeckError([(f"XD-2 deck size: deck {spec.name!r} has {len(spec.characters)} "
                                     f"characters, a deck has exactly {self.D}")])
        return spec

    def resolve_deck(self, deck: Any) -> DeckSpec:
        """One validated deck from a name, dict or DeckSpec (the protocol's name for `deck_spec`)."""
        return self.deck_spec(deck)

    def deck_preview(self, deck: Any) -> dict:
        """The Setup deck preview: full roster, transmissions and lore."""
        return self.cards.preview(self.deck_spec(deck))

    # ------------------------------------------------------------------ states
    def new_state(self, seed: int | np.random.SeedSequence,
                  decks: Sequence[Any] | None = None) -> XenodexState:
        """A game after set-up, cycle 1 begun up to the lead's first Summon decision."""
        if decks is None:
            decks = self.default_decks()
        if isinstance(decks, (str, dict)) or len(decks) != self.n:
            got = 1 if isinstance(decks, (str, dict)) else len(decks)
            raise InvalidDeckError([f"XenodeX with {self.n} players needs {self.n} decks, got {got}"])
        specs = [self.deck_spec(d) for d in decks]
        rng = make_rng(seed)
        s = self.blank_state([d.name for d in specs])
        D = self.D
        for p, spec in enumerate(specs):
            for i, c in enumerate(spec.characters):
                inst = p * D + i
                s.card[inst] = c
                s.loc[inst] = DECK
                s.bp[inst] = self.u_bp[c]
            perm = rng.permutation(D)
            s.deck[p] = [p * D + int(x) for x in perm]
        for p, spec in enumerate(specs):
            perm = rng.permutation(len(spec.transmissions))
            s.tx_deck[p] = [spec.transmissions[int(x)] for x in perm]
        perm = rng.permutation(len(self.echo_list))
        s.echo_deck = [self.echo_list[int(x)] for x in perm]
        s.lead = int(rng.integers(self.n))
        s.rng = rng
        s.tasks.append(("cycle_start",))
        s._run()
        return s

    def blank_state(self, deck_names: list[str]) -> XenodexState:
        """An empty board before set-up (used by `new_state` and scenarios)."""
        p = self.params
        n, K, D = self.n, self.K, self.D
        s = XenodexState.__new__(XenodexState)
        s.game = self
        s.params = p
        s.n, s.K, s.D, s.sides = n, K, D, self.sides
        s.cycle = 1
        s.lead = 0
        s.phase = "setup"
        s.winner = -1
        s.end_reason = ""
        s.done = False
        s.cdx = [p.starting_cdx] * n
        units = self.sides * D
        s.card = array("i", [0]) * units
        s.loc = array("i", [NONE]) * units
        s.bp = array("i", [0]) * units
        s.used = array("i", [0]) * units
        s.flags = array("i", [0]) * units
        s.deck = [[] for _ in range(n)]
        s.hand = [[] for _ in range(n)]
        s.staged = [[] for _ in range(n)]
        s.discard = [[] for _ in range(n)]
        s.board = [[] for _ in range(K)]
        s.alvl = [-1] * (n * K)
        s.abp = [0] * (n * K)
        s.pool = [p.anchor_pool] * n
        s.astaged = [0] * n
        s.bstr = [0] * (n * K)
        s.bdef = [0] * (n * K)
        s.tx_deck = [[] for _ in range(n)]
        s.tx_hand = [[] for _ in range(n)]
        s.tx_disc = [[] for _ in range(n)]
        s.tx_left = [0] * n
        s.starved = [False] * n
        s.echo_deck = []
        s.echo_disc = []
        s.echo = 0
        s.echo_slot = -1
        s.fstr = s.fdef = 0
        s.start_ctrl = [-1] * K
        s.proven = [-1] * K
        s.siege = [False] * K
        s.bslot = -1
        s.bstage = 0
        s.bptr = 0
        s.bpassed = 0
        s.tasks = []
        s.pending = None
        s.decks = tuple(deck_names)
        s._rng = None
        s._rng_state = None
        s._events = []
        s._legal = None
        return s

    def state_from_dict(self, data: dict) -> XenodexState:
        """A state from a scenario dict or `to_dict` output (validated, C-4)."""
        return scenario.state_from_dict(self, data)
