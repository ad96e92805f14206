"""Skip a check of a game that is still being written (named, so the skip says what is missing)."""
from __future__ import annotations

import pytest

from sim import game_names, load_game


def skip_unless_ready(game: str, named_decks: bool = False) -> None:
    """Skip unless `load_game(game)` works and, for sweeps naming decks, the game has the
    `resolve_deck` the runner validates named decks with."""
    if game not in game_names():
        pytest.skip(f"game {game!r} is not registered yet")
    if named_decks and not hasattr(load_game(game), "resolve_deck"):
        pytest.skip(f"game {game!r} has no resolve_deck yet (the runner needs it for named decks)")
