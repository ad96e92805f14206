"""`load_game(name, **overrides)`: the one entry point that builds a game by name."""
from __future__ import annotations

import importlib
from typing import Any

from sim.core.errors import InvalidParamsError

_GAMES = {
    "first_cycle": ("sim.first_cycle.game", "FirstCycleGame"),
    "xenodex": ("sim.xenodex.game", "XenodexGame"),
    "cipher": ("sim.cipher.game", "CipherGame"),
}


def register_game(name: str, module: str, cls: str) -> None:
    """Make `load_game(name)` build `module.cls` (used by the engines as they land)."""
    _GAMES[name] = (module, cls)


def game_names() -> list[str]:
    """The names `load_game` accepts."""
    return sorted(_GAMES)


def load_game(name: str, **param_overrides: Any):
    """A game object by name with any params fields overridden (validated)."""
    if name not in _GAMES:
        raise InvalidParamsError(f"unknown game {name!r}; known games: {game_names()}")
    module, cls = _GAMES[name]
    game_cls = getattr(importlib.import_module(module), cls)
    params = game_cls.params_class()().replace(**param_overrides)
    return game_cls(params)
