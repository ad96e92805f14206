"""tcglab rules engines: pure Python, no gymnasium or pettingzoo.

`load_game(name, **param_overrides)` builds a game object that follows the protocol of
`sim.core.protocol` (see docs/ and ../shared/DESIGN.md).
"""
from sim.core.errors import IllegalActionError, InvalidDeckError, InvalidParamsError, InvalidScenarioError, CardDataError
from sim.core.registry import load_game, game_names

__all__ = [
    "IllegalActionError", "InvalidDeckError", "InvalidParamsError", "InvalidScenarioError",
    "CardDataError", "load_game", "game_names",
]
