"""Protocol members every engine's state shares, whatever its game: the legal-action cache,
`apply`, `is_terminal`, `events` and ending the game.

All three engines keep a `_legal` slot (the position's legal list, None until computed),
`done`, `winner` (-1 for a draw), `end_reason`, the task stack `tasks`, the `pending` choice
and `_events` (the log of the last `apply`), and run their tasks until the next decision.
`GameRules` reads, advances and ends those; a game's state class mixes it in (First Cycle
and FE Cipher through `sim.core.two_player`; XenodeX with its own `apply`). Every `apply`
refuses an action that is not an int id of the action space (`sim.core.checks`).
"""
from __future__ import annotations

from sim.core.checks import check_action
from sim.core.errors import IllegalActionError


class GameRules:
    """Cached `legal_actions`, `apply`, `is_terminal`, `events` and `finish` (see the module
    docstring). The game supplies `_compute_legal()`, `_illegal_reason(block, idx)`,
    `_apply_main(block, idx)` (a decision with no choice pending), `_apply_choice(pending,
    block, idx)`, its task machine `_run()` and `_close_game()`."""

    __slots__ = ()

    def legal_actions(self) -> list[int]:
        """The legal action ids, sorted ascending (empty when the game is over).

        Agents, masks and `apply` all ask for the same list, so it is built once per
        position: `apply` sets `_legal` back to None, and a caller gets a copy it may change."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal[:]

    def apply(self, action: int) -> None:
        """Apply `action` in place; raises IllegalActionError (naming the reason) and leaves the
        state untouched when it is not legal now (C-4)."""
        if self.done:
            raise IllegalActionError(f"action {action}: the game is over")
        g = self.game
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        # A Python int in the legal list is an id of the action space: the checks below
        # are for everything else (search applies legal ints thousands of times a second).
        if action.__class__ is not int or action not in legal:
            action = check_action(action, g.action_space_size)
            if action not in legal:
                block, idx = g.codec.decode(action)
                raise IllegalActionError(f"action {action} ({block} {idx}): {self._illegal_reason(block, idx)}")
        block, idx = g.codec.decode(action)
        self._legal = None
        self._events = []
        pending = self.pending
        if pending is None:
            self._apply_main(block, idx)
        else:
            self.pending = None
            self._apply_choice(pending, block, idx)
        self._run()

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
