"""What the two-player card engines (First Cycle, FE Cipher) share of their states.

Both keep a position the same way: two player records, the turn and the active player, a
stack of tasks run until the next decision, at most one pending choice `(kind, seat, ...)`
that names the deciding seat, the winner (-1 for a draw) and the events of the last
`apply`. So both build their state classes from the same two pieces:

- `TwoPlayerData`: the slots of those fields and their generated copies (sim.core.records);
  a game's data class adds its own slots (`class StateData(TwoPlayerData, lists=...)`).
- `TwoPlayerRules`: the protocol members that read only those fields (`current_player`,
  `is_terminal`, `returns`, `events`, cached `legal_actions`), `apply` (decode, check against
  the legal list, then the game's `_apply_main` or `_apply_choice` and its task machine
  `_run`), and the steps both rulebooks word alike: passing the turn with the turn limit
  (C-2), ending the game, taking a card out of a hand the opponent partly knows (C-3).

A game's state class is `class S(TwoPlayerRules, <its flow mixin>, StateData, State)`.
"""
from __future__ import annotations

from sim.core.errors import IllegalActionError
from sim.core.legal_cache import CachedLegalActions
from sim.core.records import StateRecord


class TwoPlayerData(StateRecord, lists="tasks", records="players"):
    """The fields every two-player state has (see the module docstring); `players` holds two
    `Record`s, `tasks` the task stack (the next task last)."""

    __slots__ = ("game", "params", "cards", "players", "turn", "active", "first_player", "winner",
                 "end_reason", "done", "tasks", "pending", "next_uid", "_events", "_legal")


class TwoPlayerRules(CachedLegalActions):
    """Protocol members and shared steps of a two-player state (a mixin placed before the
    state data and `sim.core.protocol.State`, whose abstract members it fills). The game
    supplies `_compute_legal`, `_illegal_reason(block, idx)`, `_apply_main(block, idx)`,
    `_apply_choice(pending, block, idx)`, `_run()` and `_close_game()`."""

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

    def apply(self, action: int) -> None:
        """Apply `action` in place; raises IllegalActionError (naming the reason) and leaves the
        state untouched when it is not legal now (C-4)."""
        if self.done:
            raise IllegalActionError(f"action {action}: the game is over")
        g = self.game
        try:
            block, idx = g.codec.decode(int(action))
        except (IndexError, TypeError, ValueError):
            raise IllegalActionError(
                f"action {action!r} is outside the action space 0..{g.action_space_size - 1}") from None
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise IllegalActionError(f"action {action} ({block} {idx}): {self._illegal_reason(block, idx)}")
        self._legal = None
        self._events = []
        pending = self.pending
        if pending is None:
            self._apply_main(block, idx)
        else:
            self.pending = None
            self._apply_choice(pending, block, idx)
        self._run()

    def _pass_turn(self) -> None:
        """Log the end of the active player's turn, then end the game as a draw at the turn
        limit (C-2) or give the other player the next turn."""
        self._events.append(("end_turn", self.turn, self.active))
        if self.turn >= self.params.max_turns:
            self._finish(-1, "turn_limit")
            return
        self.turn += 1
        self.active = 1 - self.active
        self.tasks.append(("start",))

    def _finish(self, winner: int, reason: str) -> None:
        """End the game: `winner` (-1 for a draw) and the end reason; no task or choice is left."""
        self._close_game()
        self.done = True
        self.winner = winner
        self.end_reason = reason
        self.pending = None
        self.tasks = []
        self._events.append(("game_over", winner, reason))

    def remove_from_hand(self, pl, c: int) -> None:
        """Take one copy of card `c` out of `pl`'s hand; if the opponent knew more copies than
        stay there, they know one fewer (`pl.revealed`)."""
        pl.hand.remove(c)
        if pl.revealed.count(c) > pl.hand.count(c):
            pl.revealed.remove(c)
