"""Every number of the FE Cipher rules (fe_cipher.md, rulings FE-1..FE-6, C-2), with its sweep range."""
from __future__ import annotations

from sim.core.params import Params, card_overrides_param, param


class CipherParams(Params, game="cipher"):
    """FE Cipher rule parameters; the defaults are the rulebook's (and the rulings')."""

    orbs: int = param(5, 0, 10, "cards put face-down into each orb area at set-up")
    opening_hand: int = param(6, 0, 10, "cards in the opening hand")
    mulligans: int = param(1, 0, 3, "whole-hand mulligans allowed per player at set-up")
    min_deck: int = param(50, 10, 200, "least cards in a deck, the MC included (FE-1)")
    max_copies: int = param(4, 1, 10, "copies per card name in a deck, the MC included (FE-1)")
    mc_cost: int = param(1, 1, 5, "deploy cost the Main Character must have (FE-1)")
    draw_per_turn: int = param(1, 0, 3, "cards drawn in the Beginning Phase")
    first_player_draws: bool = param(False, doc="whether the first player draws on their first turn")
    first_player_attacks: bool = param(False, doc="whether the first player may attack on their first turn")
    bonds_per_turn: int = param(1, 0, 3, "cards a player may put into bonds in one Bond Phase")
    class_change_draw: int = param(1, 0, 3, "cards drawn when a unit class changes")
    critical_multiplier: int = param(2, 1, 4, "factor applied to the attacker's power by a critical")
    ties_to_attacker: bool = param(True, doc="an attack hits when the powers are equal")
    max_turns: int = param(60, 2, 400, "global turn limit; reaching it is a draw (C-2)")
    max_order: int = param(8, 2, 16, "triggers one ordering choice offers (sizes the action space)")
    card_overrides: tuple = card_overrides_param('{"FE012.power": 60}')
