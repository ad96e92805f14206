"""`ByGame`: a table of game-specific parts (heuristics, plans) found by game name.

    _PLANS = ByGame("plan", "settings", {"xenodex": ("agents.plans.xenodex", "make")})
    plan = _PLANS.build(game, depth=2)       # agents.plans.xenodex.make(depth=2), or None

Each entry names a module and a factory in it; the module is imported on first use, so a
game's parts cost nothing until a game asks for them. agents/heuristics and agents/plans
each keep one table.
"""
from __future__ import annotations

import importlib
from typing import Any


class ByGame:
    """Game name -> `(module, factory)`: `build(game, **settings)` calls the game's factory."""

    def __init__(self, part: str, settings_word: str, entries: dict[str, tuple[str, str]]) -> None:
        self.part = part
        """What the table holds, for messages ("heuristic", "plan")."""
        self.settings_word = settings_word
        """What a factory's keyword arguments are called, for messages ("weights")."""
        self.entries = dict(entries)

    def register(self, game_name: str, module: str, factory: str) -> None:
        """Make `build(game_name, **settings)` call `module.factory(**settings)`."""
        self.entries[game_name] = (module, factory)

    def names(self) -> list[str]:
        """Games that have an entry."""
        return sorted(self.entries)

    def build(self, game: Any, **settings: Any) -> Any:
        """The part of `game` (a game object or its name) built with `settings`; None for a
        game without one (a ValueError if it was given settings)."""
        name = game if isinstance(game, str) else game.name
        if name not in self.entries:
            if settings:
                raise ValueError(f"game {name!r} has no {self.part} to give {self.settings_word} "
                                 f"{sorted(settings)}")
            return None
        module, factory = self.entries[name]
        return getattr(importlib.import_module(module), factory)(**settings)
