"""The raw columns of FE Cipher's batch of seats, read from the player records with C-level
maps (`attrgetter`, `chain`): every unit's stack and fields, the counted zones' cards, the
numbers behind the scalars. envs/encoding/cipher_batch.py (numpy) and cipher_kernels.py
(compiled) write the rows from them.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import int64_array


def unit_columns(pls: list[Any]) -> tuple[list[list[int]], np.ndarray, np.ndarray]:
    """The units of the player records `pls` (side j = 2 * row + s), column-wise: every
    unit's stack, the units per side, and the `(8, units)` columns top card, stack height,
    front, tapped, promoted, uid, modifier and used skills."""
    stacks = list(chain.from_iterable(map(_STACKS, pls)))
    n_side = int64_array(list(map(len, map(_STACKS, pls))))
    cols = int64_array(list(chain(
        map(_TOP, stacks), map(len, stacks),
        *(chain.from_iterable(map(get, pls)) for get in _UNIT_COLUMNS)))).reshape(8, -1)
    return stacks, n_side, cols


def mc_uids(pls: list[Any]) -> np.ndarray:
    """The uid of each player record's Main Character."""
    return int64_array(list(map(_MC, pls)))


def active_seats(states: Sequence[Any]) -> np.ndarray:
    """The active player of each state."""
    return int64_array(list(map(_ACTIVE, states)))


def zone_cards(yous: list[Any], opps: list[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The counted zones' cards, zone-major (the observers' hands, their retreat areas, the
    opponents' retreat areas, their revealed hand cards, the observers' bonds, the
    opponents' bonds; one list per zone and row): each list's length, every card, and the
    face-up flag of each bond card (in the bonds' order)."""
    zones = (map(_HAND, yous), map(_RETREAT, yous), map(_RETREAT, opps),
             map(_REVEALED, opps), map(_BONDS, yous), map(_BONDS, opps))
    lists = list(chain.from_iterable(zones))
    ups = list(chain.from_iterable(chain(map(_BOND_UP, yous), map(_BOND_UP, opps))))
    return (int64_array(list(map(len, lists))), int64_array(list(chain.from_iterable(lists))),
            int64_array(ups))


def scalar_columns(states: Sequence[Any], yous: list[Any], opps: list[Any]) -> np.ndarray:
    """The 17 raw numbers behind the scalars, column-major (each over the rows): the turn,
    then per side its orbs, hand, deck, retreat and bond sizes, bonds spent, units and turns
    taken."""
    both = (yous, opps)
    return int64_array(list(chain(
        map(_TURN, states), *(map(len, map(_ORBS, p)) for p in both),
        *(map(len, map(_HAND, p)) for p in both), *(map(len, map(_DECK, p)) for p in both),
        *(map(len, map(_RETREAT, p)) for p in both), *(map(len, map(_BONDS, p)) for p in both),
        *(map(_SPENT, p) for p in both), *(map(len, map(_STACKS, p)) for p in both),
        *(map(_TURNS_TAKEN, p) for p in both))))


_TOP = itemgetter(-1)
_HAND = attrgetter("hand")
_RETREAT = attrgetter("retreat")
_REVEALED = attrgetter("revealed")
_BONDS = attrgetter("bonds")
_BOND_UP = attrgetter("bond_up")
_ORBS = attrgetter("orbs")
_DECK = attrgetter("deck")
_SPENT = attrgetter("spent")
_STACKS = attrgetter("u_stack")
_TURNS_TAKEN = attrgetter("turns_taken")
_MC = attrgetter("mc")
_TURN = attrgetter("turn")
_ACTIVE = attrgetter("active")
_UNIT_COLUMNS = tuple(attrgetter(name) for name in ("u_front", "u_tapped", "u_promoted",
                                                     "u_uid", "u_mod", "u_used"))
