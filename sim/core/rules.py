"""Protocol members every engine's state shares, whatever its game: the legal-action cache,
`is_terminal`, `events` and ending the game.

All three engines keep a `_legal` slot (the position's legal list, None until computed),
`done`, `winner` (-1 for a draw), `end_reason`, the task stack `tasks`, the `pending` choice
and `_events` (the log of the last `apply`). `GameRules` reads and ends those; a game's
state class mixes it in (First Cycle and FE Cipher through `sim.core.two_player`).
"""
from __future__ import annotations


class GameRules:
    """Cached `legal_actions`, `is_terminal`, `events` and `finish` (see the module
    docstring); the game supplies `_compute_legal()` and `_close_game()`."""

    __slots__ = ()

    def legal_actions(self) -> list[int]:
        """The legal action ids, sorted ascending (empty when the game is over).

        Agents, masks and `apply` all ask for the same list, so it is built once per
        position: `apply` sets `_legal` back to None, and a caller gets a copy it may change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.done

    @property
    def events(self) -> list[tuple]:
        """The events of the last `apply` (or of set-up)."""
        return self._events

    def finish(self, winner: int, reason: str) -> None:
        """End the game: `winner` (-1 for a draw) and the end reason; no task or choice is
        left, after the game's own `_close_game()`; logs ("game_over", winner, reason)."""
        self._close_game()
        self.done = True
        self.winner = winner
        self.end_reason = reason
        self.pending = None
        self.tasks = []
        self._events.append(("game_over", winner, reason))
