"""`FirstCycleGame`: the First Cycle ruleset for one params value: its card tables and
action codec (first_cycle.md). Set-up (each player's Leader ready at full HP, a shuffled
30-card deck, ten RAM Modules in supply, five private cards in hand, the first player
chosen at random) is `sim.core.two_player.TwoPlayerGame` with flow.py `_set_up`.
"""
from __future__ import annotations

from sim.core.actions import ActionCodec
from sim.core.two_player import TwoPlayerGame, effects_by_trigger
from sim.first_cycle import scenario
from sim.first_cycle.cards import load_card_set
from sim.first_cycle.decks import check_deck, get_deck, starter_decks
from sim.first_cycle.effects import battle_self, parse_passives
from sim.first_cycle.params import FirstCycleParams
from sim.first_cycle.rules import FirstCycleState
from sim.first_cycle.state import PlayerState

NO_ABILITY = 1 << 30
"""`activated_cost` of a card without an activated ability: more RAM than any player has."""


class FirstCycleGame(TwoPlayerGame, params=FirstCycleParams, state=FirstCycleState):
    """The First Cycle game: card tables, the action codec and the state factory."""

    title = "First Cycle"
    load_card_set = staticmethod(load_card_set)
    starter_decks = staticmethod(starter_decks)
    get_deck = staticmethod(get_deck)
    check_deck = staticmethod(check_deck)
    state_from_dict = scenario.state_from_dict

    def __init__(self, params: FirstCycleParams | None = None, card_set=None) -> None:
        super().__init__(params, card_set)
        n = self.num_cards
        table = self.cards
        # Precomputed per-card facts for the hot paths.
        self.cost = [s.cost if s else 0 for s in table]
        self.printed_power = [s.power if s else 0 for s in table]
        self.is_protocol = [bool(s and s.kind == "protocol") for s in table]
        self.passives = [parse_passives(s) if s else () for s in table]
        # The passive tables below are indexed by a fighter's card, -1 (an empty space)
        # included: its last entry is False (or 0).
        # Outside a battle only "always" passives, and "my_turn" ones on the owner's turn, can
        # apply: `effects.powers` and `power` skip the passive scan when no fighter has one.
        self.passive_own_turn = [any(b.when not in ("attacking", "defending") for b in p)
                                 for p in self.passives] + [False]
        self.passive_always = [any(b.when not in ("attacking", "defending", "my_turn") for b in p)
                               for p in self.passives] + [False]
        # In a battle a card whose passives are all its own battle bonuses (`battle_self`) adds
        # `self_attacking` to itself as the attacker, `self_defending` as the target, nothing
        # else: `powers` scans a side only when a card of it has a passive that may apply
        # otherwise (`passive_attacking` on the attacker's side, `passive_defending` on the
        # target's).
        alone = [battle_self(p) for p in self.passives]
        self.passive_attacking = [not a and any(b.when != "defending" for b in p)
                                  for a, p in zip(alone, self.passives)] + [False]
        self.passive_defending = [not a and any(b.when in ("always", "defending") for b in p)
                                  for a, p in zip(alone, self.passives)] + [False]
        self.self_attacking = [sum(b.amount for b in p if b.when == "attacking") if a else 0
                               for a, p in zip(alone, self.passives)] + [0]
        self.self_defending = [sum(b.amount for b in p if b.when == "defending") if a else 0
                               for a, p in zip(alone, self.passives)] + [0]
        self.activated = [next((i for i, a in enumerate(s.abilities) if a.trigger == "activated"), -1)
                          if s else -1 for s in table]
        self.rush = [bool(s and s.rush) for s in table]
        # The activated ability's RAM cost (NO_ABILITY: none, so never affordable) and
        # whether it is once per turn, for the legal-action hot path.
        self.activated_cost = [s.abilities[i].cost if i >= 0 else NO_ABILITY
                               for s, i in zip(table, self.activated)]
        self.activated_once = [bool(i >= 0 and s.abilities[i].once_per_turn)
                               for s, i in zip(table, self.activated)]
        self.triggers = effects_by_trigger(table, lambda s: s.abilities)
        codec = ActionCodec()
        self.a_end = codec.add("end", 1,
                               "end turn (the Act step's last action)")
        self.a_pass = codec.add("pass", 1,
                                "decline the pending choice: no guard, no support, no cycle, pass")
        self.a_play = codec.add("play", n,
                                "play the hand card with collector number i+1: deploy a Character or "
                                "execute a Protocol (\"deploy #035 Ada Lovelace\")")
        self.a_attach = codec.add("attach", 6,
                                  "attach a ready RAM Module to your fighter slot i (0 = Leader, 1-5 = "
                                  "Character spaces)")
        self.a_attack = codec.add("attack", 36,
                                  "attack: your fighter slot i // 6 attacks the opposing slot i % 6 (0 = "
                                  "Leader)")
        self.a_activate = codec.add("activate", 6,
                                    "use the activated ability of your fighter slot i")
        self.a_choose = codec.add("choose", 12,
                                  "choose a fighter for the pending choice (guard, target, discard): i // "
                                  "6 = side (0 own, 1 opposing), i % 6 = slot")
        self.a_support = codec.add("support", n,
                                   "support the battle with the hand card with collector number i+1")
        self.a_card = codec.add("card", n,
                                "pick the card with collector number i+1 for the pending choice (e.g. "
                                "which card to cycle)")
        self.a_scan = codec.add("scan", self.params.max_scan,
                                "Scan ordering: put the i-th scanned card next on top")
        self.a_trigger = codec.add("trigger", 16,
                                   "resolve the i-th waiting triggered ability first")
        self.codec = codec

    def new_player(self, head: int, deck: list[int]) -> PlayerState:
        """A player at set-up: Leader `head` ready at full HP, the shuffled deck, the RAM supply."""
        params = self.params
        pl = PlayerState(head, params.leader_hp, params.ram_supply)
        pl.deck = deck
        return pl
