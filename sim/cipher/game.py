"""`CipherGame`: the FE Cipher ruleset for one params value: its card tables and action
codec (fe_cipher.md "Starting the Game", rulings FE-1, C-1).

Set-up: each player's MC (a cost-1 unit named by the deck, FE-1) is set aside face-down,
the other cards are shuffled, the first player is chosen at random
(`sim.core.two_player.TwoPlayerGame`, all from the state's own generator, C-1); then
flow.py `_set_up`: both draw an opening hand of 6 and the first player, then the second,
decide whether to mulligan (once); after that 5 orbs are put face-down from the top of each
deck, the MCs are flipped into the front line and turn 1 begins (`_begin_game`).
"""
from __future__ import annotations

from sim.cipher import scenario
from sim.cipher.cards import load_card_set
from sim.cipher.cardspec import MAX_ACTIVATED
from sim.cipher.decks import check_deck, get_deck, starter_decks
from sim.cipher.params import CipherParams
from sim.cipher.rules import CipherState
from sim.cipher.state import PlayerState
from sim.core.actions import ActionCodec
from sim.core.two_player import TwoPlayerGame, effects_by_trigger


class CipherGame(TwoPlayerGame, params=CipherParams, state=CipherState):
    """The FE Cipher game: card tables, the action codec and the state factory."""

    title = "FE Cipher"
    load_card_set = staticmethod(load_card_set)
    starter_decks = staticmethod(starter_decks)
    get_deck = staticmethod(get_deck)
    check_deck = staticmethod(check_deck)
    state_from_dict = scenario.state_from_dict

    def __init__(self, params: CipherParams | None = None, card_set=None) -> None:
        super().__init__(params, card_set)
        cs = self.card_set
        n = self.num_cards
        table = self.cards
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
        # (applies, when, amount, skill) of each: effects.power reads them for every unit it values
        self.power_bonuses = [tuple((sk.param("applies"), sk.param("when"), sk.param("amount"), sk)
                                    for sk in skills) for skills in self.continuous]
        self.activated = [tuple(i for i, k in enumerate(s.skills) if k.trigger == "activated") if s else ()
                          for s in table]
        self.triggers = effects_by_trigger(table, lambda s: s.skills)
        k = self.num_chars
        codec = ActionCodec()
        self.a_pass = codec.add("pass", 1,
                                "decline or end: keep hand, no bond, end deployment, end turn, no "
                                "critical, no evasion")
        self.a_mulligan = codec.add("mulligan", 1,
                                    "redraw the opening hand")
        self.a_bond = codec.add("bond", n,
                                "place the hand card with card id i+1 as a bond")
        self.a_front = codec.add("deploy_front", n,
                                 "deploy the hand card with card id i+1 to the front line")
        self.a_rear = codec.add("deploy_rear", n,
                                "deploy the hand card with card id i+1 to the back line")
        self.a_class_change = codec.add("class_change", n,
                                        "class change: the hand card with card id i+1 onto its character")
        self.a_level_up = codec.add("level_up", n,
                                    "level up: the hand card with card id i+1 onto its character")
        self.a_skill = codec.add("skill", k * MAX_ACTIVATED,
                                 f"use activated skill i % {MAX_ACTIVATED} of your unit of character i // "
                                 f"{MAX_ACTIVATED} (`game.char_names[i // {MAX_ACTIVATED}]`)")
        self.a_move = codec.add("move", k,
                                "move your unit of character i (`game.char_names[i]`) to the other line")
        self.a_attack = codec.add("attack", k,
                                  "attack with your unit of character i (`game.char_names[i]`)")
        self.a_own = codec.add("own", k,
                               "choose your unit of character i (`game.char_names[i]`) for the pending choice")
        self.a_enemy = codec.add("enemy", k,
                                 "choose the opposing unit of character i (`game.char_names[i]`): an attack or skill target")
        self.a_card = codec.add("card", n,
                                "choose the card with card id i+1 for the pending choice (critical or "
                                "evasion discard, bond to reverse or flip, card to retrieve)")
        self.a_order = codec.add("order", self.params.max_order,
                                 "resolve the i-th waiting triggered skill first")
        self.codec = codec

    def new_player(self, head: int, deck: list[int]) -> PlayerState:
        """A player at set-up: the MC `head` set aside face-down, the shuffled deck."""
        pl = PlayerState()
        pl.setaside = head
        pl.deck = deck
        return pl
