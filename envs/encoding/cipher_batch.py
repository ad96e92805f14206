"""FE Cipher's column-wise batch of seats read from states: many rows at once, bit-identical
to encoding each observation.

`CipherEncoder.encode_seats(states, seats)` (what BatchEnv calls every step) runs
`SeatColumns.encode`. A Python pass over the rows writes what is few and varied
(envs/encoding/cipher_state.py: the game facts, set-aside MC and support cards, the battle
and the pending choice) and keeps each row's two player records; every other fact is then
read column by column from those records with C-level maps (`attrgetter`, `chain`): the
cards of each counted zone (hand, retreat areas, the opponent's revealed hand cards, bonds
with their face-up flags, the cards under units), the sizes behind the scalars, and the
units (top card, stack height, line, tapped, promoted, uid, modifier, used skills). numpy
then counts every zone's copies in one `bincount` (written where nonzero, with the face-up
bond colors) and computes the scalars and every unit's entries for the whole batch; where
numba is installed, compiled loops do what numpy does here
(envs/encoding/cipher_kernels.py).

A unit's power is its printed power plus its modifier, never below zero, except on the
sides where `unit_powers` asks the engine (a battle, or a continuous skill that applies
outside one on that side), which take `unit_powers` itself. The column-written slices share
no entry with the row-written ones, so the writes never overlap.
tests/envs/test_cipher_fast_encoding.py and tests/envs/test_encoding_digest.py check that
the rows equal `encode`'s.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import fill_rows, int64_array
from envs.encoding.cipher_columns import (
    active_seats,
    mc_uids,
    scalar_columns,
    unit_columns,
    zone_cards,
)
from envs.encoding.cipher_kernels import SeatKernels
from envs.encoding.cipher_layout import (
    COUNT_SCALE,
    MOD_CAP,
    POWER_CAP,
    POWER_SCALE,
    SIZE_CAP,
    STACK_SCALE,
)
from envs.encoding.cipher_state import gather_battle_and_pending, gather_header
from envs.encoding.kernels import available
from sim.cipher.observation import quiet_cards, unit_powers
from sim.core.checks import check_seat

_BELOW = itemgetter(-2)
_UNDER = itemgetter(slice(None, -1))


class SeatColumns:
    """The batch encoder of one `CipherEncoder`: its tables as numpy arrays, and `encode`."""

    def __init__(self, encoder: Any) -> None:  # a CipherEncoder, which imports this module
        self.encoder = encoder
        game = encoder.game
        self.size = encoder.size
        self.C1 = encoder.num_cards + 1  # card ids 1..num_cards
        self.copies = encoder.params.max_copies
        self.char = np.array(encoder._char, dtype=np.int64)
        self.r1 = np.array(encoder._r1, dtype=bool)
        self.r2 = np.array(encoder._r2, dtype=bool)
        self.power = np.array(game.power, dtype=np.int64)
        quiet = quiet_cards(game)
        self.loud = np.array([c not in quiet for c in range(len(game.power))], dtype=bool)
        # slots[side]: (unit, card, front, tapped, promoted, mc, power, mod, under, used,
        # can_attack) starts, `card` shifted so card id c is at + c.
        self.slots = np.array([encoder._own_slots, encoder._opp_slots], dtype=np.int64)
        e = encoder
        self.zone_starts = (e.o_hand, e.o_own_retreat, e.o_opp_retreat, e.o_opp_revealed,
                            e.o_own_bup, e.o_opp_bup, e.o_own_under, e.o_opp_under,
                            e.o_own_bdown, e.o_opp_bdown)
        # zone_at[z] + c: the entry of card id c in counted zone z
        self.zone_at = np.array(self.zone_starts, dtype=np.int64) - 1
        self.n_colors = len(e.colors)
        self.color = np.array(e._color, dtype=np.int64)   # color index of each card id, or -1
        self.o_colors = e.o_colors
        self.scalar_idx = np.array(e._scalar_idx, dtype=np.int64)
        self.scalar_low = np.array(e._scalar_bounds[0])
        self.scalar_high = np.array(e._scalar_bounds[1])
        # Each raw column's factor, in the scalars' order (see `_put_scalars`).
        self.scale = np.array([e._inv_turns] + [e._inv_orbs] * 2 + [COUNT_SCALE] * 2
                              + [e._inv_deck] * 4 + [COUNT_SCALE] * 8 + [e._inv_turns] * 2)
        self.kernels = SeatKernels(self) if available() else None

    def encode(self, states: Sequence[Any], seats: Sequence[int]) -> np.ndarray:
        """`(N, size)` float32, row i encoding seat `seats[i]` of `states[i]`."""
        enc = self.encoder
        if len(states) != len(seats):
            raise ValueError(f"{len(states)} states but {len(seats)} seats")
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        ones_ends: list[int] = []
        idx_ends: list[int] = []
        pls: list[Any] = []      # each row's observer's, then opponent's player record
        mes: list[int] = []
        gates: list[bool] = []   # attacks allowed and the game not over, by row
        exact: dict[int, list[int]] = {}  # 2 * row + side: the side's unit_powers, in battles
        for row, (state, seat) in enumerate(zip(states, seats)):
            me = seat if seat.__class__ is int and (seat == 0 or seat == 1) \
                else check_seat(seat, 2)
            gates.append(gather_header(enc, state, me, ones) and not state.done)
            players = state.players
            pls.append(players[me])
            pls.append(players[1 - me])
            mes.append(me)
            powers = None
            if state.b_att >= 0:
                powers = (unit_powers(state, 0), unit_powers(state, 1))
                exact[2 * row] = powers[me]
                exact[2 * row + 1] = powers[1 - me]
            gather_battle_and_pending(enc, state, me, powers, ones, idx, val)
            ones_ends.append(len(ones))
            idx_ends.append(len(idx))
        n = len(ones_ends)
        if n and self.kernels is not None:
            return self.kernels.encode(states, pls, mes, gates, exact, ones, ones_ends, idx,
                                       val, idx_ends)
        out = fill_rows(self.size, ones, ones_ends, idx, val, idx_ends)
        if n:
            yous = pls[0::2]
            opps = pls[1::2]
            under_cells = self._put_units(out.reshape(-1), states, pls, mes, gates, exact)
            n_up = self._put_cards(out, yous, opps, under_cells, n)
            self._put_scalars(out, states, yous, opps, n_up, n)
        return out

    def _put_cards(self, out: np.ndarray, yous: list[Any], opps: list[Any],
                   under_cells: np.ndarray, n: int) -> np.ndarray:
        """Write the copies of each card in every counted zone (bonds face-up and face-down
        apart; `under_cells`: the cells of the cards under units) and the face-up bond
        colors; returns the face-up bonds of each row `(n, 2)`."""
        C1 = self.C1
        Z = len(self.zone_starts)
        lens, cards, ups = zone_cards(yous, opps)
        zr = np.repeat(np.arange(6 * n), lens)                          # zone * n + row
        zone = zr // n
        first_bond = int(lens[:4 * n].sum())
        if first_bond < len(cards):  # a face-down bond counts 4 zones on (see zone_starts)
            zone[first_bond:] += 4 * (ups == 0)
        cell = np.concatenate((((zr % n) * Z + zone) * C1 + cards, under_cells))
        counts = np.bincount(cell)
        nz = np.flatnonzero(counts)                 # (row * Z + zone) * C1 + card, copies > 0
        copies = counts[nz]
        rz, card = np.divmod(nz, C1)
        row, zone = np.divmod(rz, Z)
        flat = out.reshape(-1)
        flat[row * self.size + self.zone_at[zone] + card] = np.minimum(copies, self.copies)
        up = (zone == 4) | (zone == 5)              # face-up bonds, own and opponent's
        row, zone, card, copies = row[up], zone[up] - 4, card[up], copies[up]
        n_up = np.bincount(row * 2 + zone, weights=copies, minlength=2 * n).reshape(n, 2)
        color = self.color[card]
        has = color >= 0
        flat[row[has] * self.size + self.o_colors + zone[has] * self.n_colors + color[has]] = 1.0
        return n_up.astype(np.int64)

    def _put_scalars(self, out: np.ndarray, states: Sequence[Any], yous: list[Any],
                     opps: list[Any], n_up: np.ndarray, n: int) -> None:
        """Write the scalars of every row: the same products as `gather`, clipped to their
        bounds in the rows where one leaves [0, 2], as `gather` does."""
        raw = scalar_columns(states, yous, opps).reshape(17, n).T
        nb = raw[:, 9:11]
        m = np.concatenate((raw[:, :11], n_up, nb - raw[:, 11:13], raw[:, 13:]), axis=1)
        x = m * self.scale
        clip = (x.max(axis=1) > SIZE_CAP) | (x.min(axis=1) < 0.0)
        if clip.any():
            x[clip] = np.minimum(np.maximum(x[clip], self.scalar_low), self.scalar_high)
        out[:, self.scalar_idx] = x

    def powers(self, states: Sequence[Any], mes: list[int], exact: dict[int, list[int]],
               side: np.ndarray, n_side: np.ndarray, c: np.ndarray, mod: np.ndarray
               ) -> np.ndarray:
        """Every unit's current power: its printed power plus its modifier, never below
        zero, but on the sides whose powers the engine gives (`exact`: in a battle; and a
        side with a continuous skill that applies outside one, added to `exact` here),
        `unit_powers`'. `side[u]` is unit u's side (2 * row + s), `c` its top card."""
        power = self.power[c] + mod
        power = np.where(power > 0, power, 0)
        loud = np.bincount(side, weights=self.loud[c], minlength=len(n_side))
        for j in np.flatnonzero(loud).tolist():
            if j not in exact:
                exact[j] = unit_powers(states[j >> 1], mes[j >> 1] ^ (j & 1))
        if exact:
            starts = np.cumsum(n_side) - n_side
            for j, p in exact.items():
                power[starts[j]:starts[j] + len(p)] = p
        return power

    def _put_units(self, flat: np.ndarray, states: Sequence[Any], pls: list[Any],
                   mes: list[int], gates: list[bool], exact: dict[int, list[int]]
                   ) -> np.ndarray:
        """Write every unit's entries into `flat` (the batch's rows, one after another) and
        the stacks under them; returns the `_put_cards` cells of the cards under units."""
        stacks, n_side, cols = unit_columns(pls)
        if not stacks:
            return np.zeros(0, dtype=np.int64)
        c, height, front, tapped, promoted, uid, mod, used = cols
        front = front != 0
        tapped = tapped != 0
        side = np.repeat(np.arange(len(n_side)), n_side)
        row = side >> 1
        s = side & 1
        k = self.char[c]
        off = self.slots[s]        # (units, 11)
        base = row * self.size
        mc = uid == mc_uids(pls)[side]
        # The enemy lines a unit may attack into: only its owner is the active player and
        # attacks are allowed (`gates`); none for the other side.
        owner = int64_array(mes)[row] ^ s
        active = active_seats(states)
        may = (int64_array(gates) != 0)[row] & (owner == active[row])
        fronts = np.bincount(side, weights=front, minlength=len(n_side))
        enemy = side ^ 1
        e_front = may & (fronts[enemy] > 0)
        e_rear = may & (fronts[enemy] < n_side[enemy])
        power = self.powers(states, mes, exact, side, n_side, c, mod)
        can = ~tapped & np.where(front, self.r1[c] & e_front | self.r2[c] & e_rear,
                                 self.r2[c] & e_front)
        bk = base + k
        used_at = base + off[:, 9] + 2 * k
        flat[np.concatenate((bk + off[:, 0], base + off[:, 1] + c, (bk + off[:, 2])[front],
                             (bk + off[:, 3])[tapped], (bk + off[:, 10])[can],
                             (bk + off[:, 4])[promoted != 0], (bk + off[:, 5])[mc],
                             used_at[used & 1 != 0], used_at[used & 2 != 0] + 1))] = 1.0
        has = power != 0
        x = power[has] * POWER_SCALE
        flat[(bk + off[:, 6])[has]] = np.where(x < POWER_CAP, x, POWER_CAP)
        has = mod != 0
        x = mod[has] * POWER_SCALE
        flat[(bk + off[:, 7])[has]] = np.where(x > MOD_CAP, MOD_CAP,
                                               np.where(x < -MOD_CAP, -MOD_CAP, x))
        # Stacks: the cards under a unit are one character's (the card below the top's).
        stacked = np.flatnonzero(height > 1)
        if not len(stacked):
            return np.zeros(0, dtype=np.int64)
        under = [stacks[i] for i in stacked.tolist()]
        below = int64_array(list(map(_BELOW, under)))
        x = (height[stacked] - 1) * STACK_SCALE
        flat[base[stacked] + off[stacked, 8] + self.char[below]] = np.where(x < SIZE_CAP, x,
                                                                           SIZE_CAP)
        cards = int64_array(list(chain.from_iterable(map(_UNDER, under))))
        j = np.repeat(side[stacked], height[stacked] - 1)
        Z = len(self.zone_starts)
        return ((j >> 1) * Z + 6 + (j & 1)) * self.C1 + cards
