"""Every number of the First Cycle rules (first_cycle.md, rulings FC-1..FC-11), with its sweep range."""
from __future__ import annotations

from sim.core.params import Params, card_overrides_param, param


class FirstCycleParams(Params, game="first_cycle"):
    """First Cycle rule parameters; the defaults are the rulebook's."""

    leader_hp: int = param(5, 1, 20, "Leader starting HP and healing cap")
    leader_power: int = param(5, 0, 20, "Leader printed Power")
    deck_size: int = param(30, 10, 60, "Characters and Protocols in a main deck (FC-8)")
    opening_hand: int = param(5, 0, 10, "cards drawn at set-up")
    ram_supply: int = param(10, 1, 20, "RAM Modules per player (FC-8)")
    ram_per_turn: int = param(1, 0, 3, "modules installed in the Install RAM step")
    field_size: int = param(5, 1, 5, "Character spaces per player")
    max_copies: int = param(3, 1, 10, "copies per collector number in a deck (FC-8)")
    max_allied: int = param(10, 0, 30, "cards of the one allied color in a deck (FC-8)")
    first_player_draws: bool = param(False, doc="whether the first player draws on their opening turn")
    defender_bonus_turns: tuple = param((3, 5, 7), 1, 400,
                                        "global turns on which the second player's Leader gets the bonus (FC-1)")
    defender_bonus: int = param(1, 0, 5, "Power the second player's Leader gets when defending on those turns")
    attached_ram_power: int = param(1, 0, 3, "Power per attached module on its controller's turn (FC-5)")
    max_turns: int = param(60, 2, 400, "global turn limit; reaching it is a draw (C-2)")
    max_scan: int = param(3, 1, 5, "the largest Scan N a card may have (sizes the action space)")
    card_overrides: tuple = card_overrides_param('{"FC033.power": 4}')
