"""The legal-action cache the engines share: a position's legal list is computed once."""
from __future__ import annotations


class CachedLegalActions:
    """`legal_actions()` for a state with a `_legal` slot (None until computed) and a
    `_compute_legal()` method: agents, masks and `apply` all ask for the same list, so it is
    built once per position; `apply` sets `_legal` back to None, and a caller gets a copy it
    may change."""

    __slots__ = ()

    def legal_actions(self) -> list[int]:
        """The legal action ids, sorted ascending (empty when the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]
