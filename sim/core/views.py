"""What the engines' seat views share (C-3: a view holds only what its seat may know).

- `pending_view(pending)`: the public head of a pending choice `(kind, seat, ...)`, the dict
  `{"kind", "player"}` a game then completes with what that seat may see of the choice
  (None when nothing is pending).
- `seat_view(state, player, ...)`: the dict a two-player observation returns: whose view,
  the turn, who is active and decides, the result, both sides and the battle and choice.
"""
from __future__ import annotations

from typing import Any


def pending_view(pending: tuple | None) -> dict[str, Any] | None:
    """`{"kind": kind, "player": seat}` of a pending choice, or None."""
    if pending is None:
        return None
    return {"kind": pending[0], "player": pending[1]}


def seat_view(state: Any, player: int, you: dict, opponent: dict, battle: dict | None,
              pending: dict | None, **extra: Any) -> dict[str, Any]:
    """The view of `player` in a two-player game: `you` and `opponent` are the game's views of
    the two sides; `extra` items (FE Cipher's phase) follow the first player."""
    return {
        "player": player, "turn": state.turn, "active": state.active,
        "first_player": state.first_player, **extra, "current_player": state.current_player,
        "done": state.done, "winner": state.winner, "end_reason": state.end_reason,
        "you": you, "opponent": opponent, "battle": battle, "pending": pending,
    }
