"""XenodeX: the 2-4 player anchor-and-slot game of ../shared/rules/xenodex.md (rulings XD-1..XD-10).

Modules: params (every rule number), cardspec/cards (card data, validated), effects (named
abilities, transmissions and Echoes), state (data), rules (protocol, legal actions, apply),
cycle (the phases of a cycle), battle (strikes, capture, siege), hidden (determinize),
observation (views, labels), scenario (dicts), game (set-up). See docs/rules/xenodex.md.
"""
from sim.xenodex.game import XenodexGame
from sim.xenodex.params import XenodexParams
from sim.xenodex.rules import XenodexState

__all__ = ["XenodexGame", "XenodexParams", "XenodexState"]
