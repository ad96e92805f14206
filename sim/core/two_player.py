"""Protocol members shared by the two-player engines (First Cycle, FE Cipher).

In both, the active player decides unless a pending choice `(kind, seat, ...)` names
another seat (a defender's Guard or Support, a target chosen mid-play), the game records
its winner (-1 for a draw) and the events of the last `apply` in `_events`.
"""
from __future__ import annotations


class ActiveOrPendingSeat:
    """`current_player`, `is_terminal`, `returns` and `events` of a two-player state with
    the fields `done`, `winner`, `active`, `pending` and `_events` (a mixin placed before
    `sim.core.protocol.State`, whose abstract members it fills)."""

    __slots__ = ()

    @property
    def current_player(self) -> int:
        """The pending choice's seat, else the active player; -1 once the game is over."""
        if self.done:
            return -1
        pending = self.pending
        return pending[1] if pending is not None else self.active

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.done

    def returns(self) -> list[float]:
        """+1 for the winner and -1 for the loser; 0 each on a draw or before the end."""
        if not self.done or self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    @property
    def events(self) -> list[tuple]:
        """The events of the last `apply` (or of set-up)."""
        return self._events
