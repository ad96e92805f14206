"""tcglab rules engines: pure Python, no gymnasium or pettingzoo.

`load_game(name, **param_overrides)` builds a game object that follows the protocol of
`sim.core.protocol` (see docs/ARCHITECTURE.md); the errors every engine raises on
bad input are importable from here. Card edits are a params field like any other:
`load_game("first_cycle", card_overrides={"FC033.power": 4})` (docs/cards/overrides.md).

Packages:
- core: the game protocol, errors, params, seeding, and what the engines share.
- first_cycle: First Cycle, the 2-player TCG (`load_game("first_cycle")`).
- cipher: FE Cipher, the 2-player TCG (`load_game("cipher")`).
- xenodex: XenodeX, the 2-4 player anchor-and-slot game (`load_game("xenodex")`).
"""
from sim.core.card_overrides import InvalidCardOverrideError
from sim.core.errors import (
    CardDataError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidDeckError,
    InvalidParamsError,
    InvalidScenarioError,
)
from sim.core.registry import game_names, load_game

__all__ = [
    "IllegalActionError", "InvalidArgumentError", "InvalidDeckError", "InvalidParamsError", "InvalidScenarioError",
    "CardDataError", "InvalidCardOverrideError", "load_game", "game_names",
]
