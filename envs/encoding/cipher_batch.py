"""FE Cipher's column-wise batch of seats read from states: many rows at once, bit-identical
to encoding each observation.

`CipherEncoder.encode_seats(states, seats)` (what BatchEnv calls every step) runs
`SeatColumns.encode`. For each row, envs/encoding/cipher_state.py writes the game facts,
the battle and the pending choice as usual, and the cards under units' tops by unit; the
rest is only copied as raw columns, list by list as the state keeps them: the cards of
each counted zone (hand, retreat areas, the opponent's revealed hand cards, bonds with
their face-up flags, the cards under units), the sizes behind the scalars, and each
side's units (top card, line, tapped, promoted, uid, modifier, used skills). numpy then
counts every zone's copies, computes the scalars and every unit's entries for the whole
batch at once.

A unit's power is its printed power plus its modifier, never below zero, except on the
sides where `unit_powers` asks the engine (a battle, or a continuous skill that applies
outside one on that side), which take `unit_powers` itself. The column-written slices share
no entry with the rest, so the writes never overlap.
tests/envs/test_cipher_fast_encoding.py and tests/envs/test_encoding_digest.py check that
the rows equal `encode`'s.
"""
from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import fill_rows, int64_array
from envs.encoding.cipher_layout import (
    COUNT_SCALE,
    MOD_CAP,
    POWER_CAP,
    POWER_SCALE,
    SIZE_CAP,
    STACK_SCALE,
)
from envs.encoding.cipher_state import gather_battle_and_pending, gather_header
from sim.cipher.observation import quiet_cards, unit_powers
from sim.core.checks import check_seat

_TOP = itemgetter(-1)
_ZONES = ("hand", "own_retreat", "opp_retreat", "opp_revealed", "own_bonds", "opp_bonds",
          "own_under", "opp_under")
"""The zones whose cards a row copies into `_Columns.cards`, in this order; counted, a
face-down bond moves from its side's bonds (4, 5) to zone 8 or 9 (see `zone_starts`)."""


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
        self.n_colors = len(e.colors)
        # color_table[c - 1]: one-hot color of card id c (none for a card of no listed color)
        self.color_table = np.zeros((self.C1 - 1, self.n_colors), dtype=np.int64)
        for c, color in enumerate(e._color):
            if c and color >= 0:
                self.color_table[c - 1, color] = 1
        self.o_colors = e.o_colors
        self.scalar_idx = np.array(e._scalar_idx, dtype=np.int64)
        self.scalar_low = np.array(e._scalar_bounds[0])
        self.scalar_high = np.array(e._scalar_bounds[1])
        # Each raw column's factor, in the scalars' order (see `_put_scalars`).
        self.scale = np.array([e._inv_turns] + [e._inv_orbs] * 2 + [COUNT_SCALE] * 2
                              + [e._inv_deck] * 4 + [COUNT_SCALE] * 8 + [e._inv_turns] * 2)

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
        cols = _Columns()
        cards = cols.cards
        zone_n = cols.zone_n
        ups = cols.ups
        raw = cols.raw
        sides = cols.sides
        side_state = cols.side_state
        exact = cols.exact
        tops = cols.tops
        fronts = cols.fronts
        tapped = cols.tapped
        promoted = cols.promoted
        uids = cols.uids
        mods = cols.mods
        used = cols.used
        char = enc._char
        under: tuple[list[int], list[int]] = ([], [])
        under_at = (enc._own_slots[8], enc._opp_slots[8])
        for row, (state, seat) in enumerate(zip(states, seats)):
            me = seat if seat.__class__ is int and (seat == 0 or seat == 1) \
                else check_seat(seat, 2)
            may_attack = gather_header(enc, state, me, ones)
            players = state.players
            you = players[me]
            opp = players[1 - me]
            cards += you.hand
            cards += you.retreat
            cards += opp.retreat
            cards += opp.revealed
            cards += you.bonds
            cards += opp.bonds
            ups += you.bond_up
            ups += opp.bond_up
            raw += (state.turn, len(you.orbs), len(opp.orbs), len(you.hand), len(opp.hand),
                    len(you.deck), len(opp.deck), len(you.retreat), len(opp.retreat),
                    you.spent, opp.spent, len(you.u_stack), len(opp.u_stack), you.turns_taken,
                    opp.turns_taken)
            n_under = [0, 0]
            powers = (unit_powers(state, 0), unit_powers(state, 1)) if state.b_att >= 0 else None
            attacking = may_attack and not state.done
            active = state.active
            for side, owner, pl, enemy in ((0, me, you, opp), (1, 1 - me, opp, you)):
                stacks = pl.u_stack
                if not stacks:
                    continue
                if attacking and owner == active:
                    lines = enemy.u_front
                    sides += (row, side, pl.mc, any(lines), not all(lines), len(stacks))
                else:
                    sides += (row, side, pl.mc, False, False, len(stacks))
                side_state.append((state, owner))
                if powers is not None:
                    exact[len(side_state) - 1] = powers[owner]
                tops += map(_TOP, stacks)
                fronts += pl.u_front
                tapped += pl.u_tapped
                promoted += pl.u_promoted
                uids += pl.u_uid
                mods += pl.u_mod
                used += pl.u_used
                if max(map(len, stacks)) > 1:
                    o_under = under_at[side]
                    under_cards = under[side]
                    for st in stacks:
                        if len(st) > 1:
                            idx.append(o_under + char[st[-2]])  # one character's cards
                            x = (len(st) - 1) * STACK_SCALE
                            val.append(x if x < SIZE_CAP else SIZE_CAP)
                            under_cards += st[:-1]
                    n_under[side] = len(under_cards)
            zone_n += (len(you.hand), len(you.retreat), len(opp.retreat), len(opp.revealed),
                       len(you.bonds), len(opp.bonds), n_under[0], n_under[1])
            if n_under[0]:
                cards += under[0]
                under[0].clear()
            if n_under[1]:
                cards += under[1]
                under[1].clear()
            gather_battle_and_pending(enc, state, me, powers, ones, idx, val)
            ones_ends.append(len(ones))
            idx_ends.append(len(idx))
        out = fill_rows(self.size, ones, ones_ends, idx, val, idx_ends)
        n = len(ones_ends)
        if n:
            n_up = self._put_cards(out, cols, n)
            self._put_scalars(out, cols, n_up, n)
            if tops:
                self._put_units(out.reshape(-1), cols)
        return out

    def _put_cards(self, out: np.ndarray, cols: _Columns, n: int) -> np.ndarray:
        """Write the copies of each card in every counted zone (bonds face-up and face-down
        apart) and the face-up bond colors; returns the face-up bonds of each row `(n, 2)`."""
        C1 = self.C1
        Z = len(_ZONES)
        lens = int64_array(cols.zone_n)
        if not cols.cards:
            return np.zeros((n, 2), dtype=np.int64)
        rz = np.repeat(np.arange(n * Z), lens)      # row * Z + zone of each card
        z = rz % Z
        if cols.ups:  # a face-down bond counts in the zone 4 places on (see _STARTS)
            bond = (z == 4) | (z == 5)
            z[bond] += 4 * (int64_array(cols.ups) == 0)
        cell = ((rz // Z) * (Z + 2) + z) * C1 + int64_array(cols.cards)
        counts = np.bincount(cell, minlength=n * (Z + 2) * C1).reshape(n, Z + 2, C1)[:, :, 1:]
        face_up = counts[:, 4:6]
        n_up = face_up.sum(axis=2)
        out[:, self.o_colors:self.o_colors + 2 * self.n_colors] = (
            (face_up > 0) @ self.color_table > 0).reshape(n, -1)
        capped = np.minimum(counts, self.copies)
        C = C1 - 1
        for zone, start in enumerate(self.zone_starts):
            out[:, start:start + C] = capped[:, zone]
        return n_up

    def _put_scalars(self, out: np.ndarray, cols: _Columns, n_up: np.ndarray, n: int) -> None:
        """Write the scalars of every row: the same products as `gather`, clipped to their
        bounds in the rows where one leaves [0, 2], as `gather` does."""
        raw = int64_array(cols.raw).reshape(n, 15)
        nb = int64_array(cols.zone_n).reshape(n, len(_ZONES))[:, 4:6]
        m = np.concatenate((raw[:, :9], nb, n_up, nb - raw[:, 9:11], raw[:, 11:]), axis=1)
        x = m * self.scale
        clip = (x.max(axis=1) > SIZE_CAP) | (x.min(axis=1) < 0.0)
        if clip.any():
            x[clip] = np.minimum(np.maximum(x[clip], self.scalar_low), self.scalar_high)
        out[:, self.scalar_idx] = x

    def _put_units(self, flat: np.ndarray, cols: _Columns) -> None:
        """Write every unit's entries into `flat` (the batch's rows, one after another)."""
        row, slot, side_mc, side_ef, side_er, n_side = int64_array(cols.sides).reshape(-1, 6).T
        side = np.repeat(np.arange(len(n_side)), n_side)
        c = int64_array(cols.tops)
        k = self.char[c]
        off = self.slots[slot[side]]        # (units, 11)
        base = row[side] * self.size
        front = int64_array(cols.fronts) != 0
        tapped = int64_array(cols.tapped) != 0
        promoted = int64_array(cols.promoted) != 0
        mc = int64_array(cols.uids) == side_mc[side]
        mod = int64_array(cols.mods)
        used = int64_array(cols.used)
        e_front = side_ef[side] != 0
        e_rear = side_er[side] != 0
        power = self.power[c] + mod
        power = np.where(power > 0, power, 0)
        # Sides whose powers the engine gives: in a battle, or a skill that applies outside one.
        exact = cols.exact
        loud = np.bincount(side, weights=self.loud[c], minlength=len(n_side))
        for s in np.flatnonzero(loud).tolist():
            if s not in exact:
                exact[s] = unit_powers(*cols.side_state[s])
        if exact:
            starts = np.cumsum(n_side) - n_side
            for s, p in exact.items():
                power[starts[s]:starts[s] + len(p)] = p
        can = ~tapped & np.where(front, self.r1[c] & e_front | self.r2[c] & e_rear,
                                 self.r2[c] & e_front)
        bk = base + k
        used_at = base + off[:, 9] + 2 * k
        flat[np.concatenate((bk + off[:, 0], base + off[:, 1] + c, (bk + off[:, 2])[front],
                             (bk + off[:, 3])[tapped], (bk + off[:, 10])[can],
                             (bk + off[:, 4])[promoted], (bk + off[:, 5])[mc],
                             used_at[used & 1 != 0], used_at[used & 2 != 0] + 1))] = 1.0
        has = power != 0
        x = power[has] * POWER_SCALE
        flat[(bk + off[:, 6])[has]] = np.where(x < POWER_CAP, x, POWER_CAP)
        has = mod != 0
        x = mod[has] * POWER_SCALE
        flat[(bk + off[:, 7])[has]] = np.where(x > MOD_CAP, MOD_CAP,
                                               np.where(x < -MOD_CAP, -MOD_CAP, x))


class _Columns:
    """The raw columns of a batch: counted zones and bonds by row, scalars' sizes by row, and
    units side by side (a side: one player's units in a row; `sides` holds `(row, 0 for the
    observer's or 1, MC uid, enemy front, enemy rear, units)` of each, flat)."""

    __slots__ = ("cards", "exact", "fronts", "mods", "promoted", "raw", "side_state", "sides",
                 "tapped", "tops", "uids", "ups", "used", "zone_n")

    def __init__(self) -> None:
        for name in self.__slots__:
            setattr(self, name, [])
        self.exact: dict[int, list[int]] = {}
