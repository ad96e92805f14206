"""tcglab rules engines: pure Python, no gymnasium or pettingzoo.

`load_game(name, **param_overrides)` builds a game object that follows the protocol of
`sim.core.protocol` (see docs/ and ../shared/DESIGN.md).
"""
from sim.core.errors import (
    CardDataError,
    IllegalActionError,
    InvalidDeckError,
    InvalidParamsError,
    InvalidScenarioError,
)
from sim.core.registry import game_names, load_game

__all__ = [
    "IllegalActionError", "InvalidDeckError", "InvalidParamsError", "InvalidScenarioError",
    "CardDataError", "load_game", "game_names",
]
