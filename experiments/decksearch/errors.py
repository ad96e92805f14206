"""`DeckSearchError`: a deck search that cannot run as given (the message names the key or setting)."""
from __future__ import annotations

from sim.core.errors import TcglabError


class DeckSearchError(TcglabError, ValueError):
    """A deck search file, pool or measure that cannot work; the message names the key."""
