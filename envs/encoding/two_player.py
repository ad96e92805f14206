"""What the encoders of the two-player games (First Cycle, FE Cipher) share.

Both vectors open with the same game slices (`add_turn_header`: turn, first_player,
your_turn, to_act, phase, outcome) and describe a pending choice with the same two
(`add_pending_header`: pending_kind, pending_yours); both keep the printed facts of the
cards in a separate table (`card_features()`, columns documented by `card_features_doc`).
`TwoPlayerEncoder` is the base of both encoders: it fills the shared slices from an
observation, so each game's `gather` writes only what is its own.
"""
from __future__ import annotations

import abc
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from envs.encoding.base import Layout, SparseEncoder


def add_turn_header(L: Layout, phases: int, phase_meaning: str) -> tuple[int, ...]:
    """Append the slices both vectors open with; returns the starts of turn, first_player,
    your_turn, to_act, phase (`phases` entries) and outcome."""
    g = "game"
    return (L.add("turn", 1, "global turn / max_turns", group=g),
            L.add("first_player", 1, "1 if you took the first turn", group=g),
            L.add("your_turn", 1, "1 if you are the active player", group=g),
            L.add("to_act", 2, "[you decide now, the opponent decides now]", group=g),
            L.add("phase", phases, phase_meaning, group=g),
            L.add("outcome", 2, "[you won, you lost] once the game is over", group=g))


def add_pending_header(L: Layout, kinds: Sequence[str]) -> tuple[int, int]:
    """Append the one-hot kind of the pending choice and whose it is; returns their starts."""
    g = "pending"
    return (L.add("pending_kind", len(kinds), "one-hot kind of the pending choice: "
                  + ", ".join(kinds), group=g),
            L.add("pending_yours", 1, "1 if the pending choice is yours", group=g))


def card_table(layout: Layout, specs: Sequence[Any], num_cards: int,
               fill: Callable[[np.ndarray, dict[str, int], Any], None]) -> np.ndarray:
    """The `(num_cards, layout.size)` float32 table of printed card facts: `fill(row, offsets,
    spec)` writes the row of card c (row c-1) for every `specs[c]` that is not None, c >= 1."""
    offsets = layout.offsets()
    table = np.zeros((num_cards, layout.size), dtype=np.float32)
    for c, spec in enumerate(specs):
        if spec is not None and c > 0:
            fill(table[c - 1], offsets, spec)
    return table


def card_features_doc(row: str, index: str, layout: Layout) -> tuple[str, str, Layout]:
    """The documentation page's section on the card table (`row`: which row holds which card,
    `index`: what the vector indexes cards by), for `layout_markdown`'s `sublayouts`."""
    return ("Card features (not in the vector)",
            "`encoder.card_features()` is a `(num_cards, F)` float32 table of printed card "
            f"facts, row {row}, with these columns. The vector refers to cards only by {index} "
            "(one-hots and counts), so a model can multiply any card slice by this table to get "
            "the cards' facts (a linear map: a first dense layer already covers it).", layout)


class TwoPlayerEncoder(SparseEncoder):
    """Base of the two-player encoders: the shared slices' entries and the card table.

    A subclass's layout sets `o_first`, `o_your_turn`, `o_to_act`, `o_outcome` (from
    `add_turn_header`), `o_pyours` and `_pkind` (from `add_pending_header`) and
    `_card_table` (from `card_table`)."""

    o_first: int
    o_your_turn: int
    o_to_act: int
    o_outcome: int
    o_pyours: int
    _card_table: np.ndarray

    def card_features(self) -> np.ndarray:
        """(num_cards, F) float32: the printed facts of each card, row c-1 for card c (columns:
        `card_feature_layout`). Cards appear in the vector only as one-hots and counts, so
        `counts @ card_features()` gives their facts (e.g. for card embeddings)."""
        return self._card_table.copy()

    def _gather_turn_facts(self, obs: dict[str, Any], me: int, ones: list[int]) -> None:
        """The entries of first_player, your_turn, to_act and (once the game is over) outcome."""
        if obs["first_player"] == me:
            ones.append(self.o_first)
        if obs["active"] == me:
            ones.append(self.o_your_turn)
        current = obs["current_player"]
        if current == me:
            ones.append(self.o_to_act)
        elif current >= 0:
            ones.append(self.o_to_act + 1)
        if obs["done"]:
            winner = obs["winner"]
            if winner == me:
                ones.append(self.o_outcome)
            elif winner >= 0:
                ones.append(self.o_outcome + 1)

    def _gather_pending(self, pending: dict[str, Any], me: int, ones: list[int],
                        idx: list[int], val: list[float]) -> None:
        """The entries of a pending choice: its kind and whether it is yours (pending_kind,
        pending_yours), then what it offers (the game's `_gather_offer`)."""
        kind = pending["kind"]
        self._gather_pending_kind(kind, ones)
        if pending["player"] == me:
            ones.append(self.o_pyours)
        self._gather_offer(kind, pending, me, ones, idx, val)

    @abc.abstractmethod
    def _gather_offer(self, kind: str, pending: dict[str, Any], me: int, ones: list[int],
                      idx: list[int], val: list[float]) -> None:
        """Append the entries of what a pending choice of `kind` offers."""
