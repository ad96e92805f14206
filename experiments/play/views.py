"""What one seat may see of a match, as text: its board, its hand, the moves of the others.

    board = seat_board(state, seat)            # the text board built from observation(seat) only
    board = all_board(state)                   # every seat's hand too (the omniscient view)
    label = public_label(state, action, seat, rng)   # the label, or None when it names a hidden card
    line = move_text(seat, label)              # 'P2: end turn'

`seat_board` feeds the game's text board (sim.<game>.board.render_board) a view of the
state whose every observation is derived from `state.observation(seat)`, so nothing the
seat cannot see can reach the text; the seat's own hand is added from the same
observation. Another seat's action is shown by its label only when the label is the same
in re-deals of everything the seat cannot see (`State.determinize`), so "scan: put X next
on top" or a card played from a hidden hand by id stays hidden until the board shows it.
Seats read P1..Pn (`sim.core.board.seat_name`), as in every text a person reads.
"""
from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from sim.core.board import seat_name

TWIN_CHECKS = 2  # re-deals a label must survive unchanged to be shown to another seat


def game_name(state: Any) -> str:
    """'first_cycle', 'cipher' or 'xenodex': the sim package the state comes from."""
    return type(state).__module__.split(".")[1]


def _render(state: Any):
    return importlib.import_module(f"sim.{game_name(state)}.board").render_board


def _hand_text(name: str, game: Any, you: dict) -> str:
    """A seat's own hand (its `observation(seat)["you"]`) in words."""
    if name == "first_cycle":
        cards = game.card_set.by_number
        return ", ".join(f"{cards[c].code} {cards[c].name}" for c in you["hand"]) or "(empty)"
    if name == "cipher":
        return ", ".join(f"{game.cards[c].code} {game.cards[c].name}" for c in you["hand"]) or "(empty)"
    units = ", ".join(game.u_name[c] for c in you["hand"]) or "(empty)"
    return f"{units}; TX: " + (", ".join(game.tx[t].name for t in you["tx_hand"]) or "(empty)")


class _SeatView:
    """A state as `seat` sees it, for the text renderers: every observation is built from
    `observation(seat)` (another seat's record is the `opponent` part of it), and no one is
    shown as deciding, so no renderer prints the hand of the seat to act."""

    def __init__(self, state: Any, seat: int) -> None:
        self.game = state.game
        self.current_player = -1
        obs = dict(state.observation(seat))
        obs["current_player"] = -1
        self._obs, self._seat = obs, seat

    def observation(self, player: int) -> dict:
        if player == self._seat or "opponent" not in self._obs:
            return self._obs
        return {**self._obs, "player": player, "you": self._obs["opponent"], "opponent": self._obs["you"]}

    def legal_actions(self) -> list[int]:
        return []


def _to_decide(state: Any) -> list[str]:
    current = state.current_player
    return [f"{seat_name(current)} to decide"] if current >= 0 else []


def seat_board(state: Any, seat: int) -> str:
    """The text board of `state` from `seat`'s view: public facts and `seat`'s own hand."""
    name = game_name(state)
    you = state.observation(seat)["you"]
    lines = [_render(state)(_SeatView(state, seat))] + _to_decide(state)
    lines.append(f"Hand of {seat_name(seat)} (yours): {_hand_text(name, state.game, you)}")
    return "\n".join(lines)


def all_board(state: Any) -> str:
    """The text board with every seat's hand: the omniscient view (never shown to a seat)."""
    name = game_name(state)
    lines = [_render(state)(_SeatView(state, 0))] + _to_decide(state)
    for seat in range(state.game.num_players):
        lines.append(f"Hand of {seat_name(seat)}: {_hand_text(name, state.game, state.observation(seat)['you'])}")
    return "\n".join(lines)


PRIVATE_BLOCKS = {"first_cycle": frozenset({"scan"})}
"""Action blocks whose labels name cards only the actor sees (First Cycle's Scan order names
the scanned cards): never shown to another seat, whatever the re-deals say."""


def public_label(state: Any, action: int, seat: int, rng: np.random.Generator) -> str | None:
    """The label of `action` (by the seat to act) as `seat` may read it: the label itself for
    the seat's own action; None for a block of `PRIVATE_BLOCKS`; else the label only if
    re-deals of what `seat` cannot see give the same text (None when it would name something
    hidden)."""
    label = state.action_label(action)
    if state.current_player == seat:
        return label
    block, _ = state.game.codec.decode(action)
    if block in PRIVATE_BLOCKS.get(game_name(state), ()):
        return None
    for _ in range(TWIN_CHECKS):
        twin = state.determinize(seat, rng)
        try:
            if twin.action_label(action) != label:
                return None
        except Exception:  # the id means nothing in the re-dealt state: it depends on hidden cards
            return None
    return label


def move_text(seat: int, label: str | None) -> str:
    """'P3: deploy ...' (seat 2), or 'P3: a choice you cannot see'."""
    return f"{seat_name(seat)}: {label if label is not None else 'a choice you cannot see'}"
