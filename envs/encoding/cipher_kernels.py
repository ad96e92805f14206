"""Compiled writers of FE Cipher's column-wise batch of seats (`SeatColumns.encode`, what
BatchEnv calls every step): the units, counted cards and scalars `SeatColumns._put_units`,
`_put_cards` and `_put_scalars` write with numpy, and the gathered entries `put_rows`
writes, with the same float64 arithmetic rounded once to float32, as numba-compiled loops
over the same columns (envs/encoding/kernels.py says when they run). Units' powers still
come from `SeatColumns.powers` (the engine's `unit_powers` where a skill may apply).
tests/envs/test_cipher_kernels.py checks that both give identical bytes over seeded games.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any

import numpy as np

from envs.encoding.base import int64_array
from envs.encoding.cipher_columns import (
    active_seats,
    mc_uids,
    scalar_columns,
    unit_columns,
    zone_cards,
)
from envs.encoding.cipher_layout import MOD_CAP, POWER_CAP, POWER_SCALE, SIZE_CAP, STACK_SCALE
from envs.encoding.kernels import compile_all, put_entries


def put_units(flat, size, c, height, front, tapped, promoted, uid, mod, used, n_side, mc_side,
              mes, gates, active, power, stack_cards, char, r1, r2, slots):
    """`SeatColumns._put_units`: every unit's entries and the stacks under them. Units come
    side by side (side j = 2 * row + s: the row's observer's, then the opponent's);
    `stack_cards` holds every unit's stack, bottom to top, unit after unit."""
    sides = len(n_side)
    fronts = np.zeros(sides, np.int64)
    u = 0
    for j in range(sides):
        for _ in range(n_side[j]):
            if front[u] != 0:
                fronts[j] += 1
            u += 1
    u = 0
    sc = 0
    for j in range(sides):
        row = j >> 1
        s = j & 1
        base = row * size
        may = gates[row] != 0 and (mes[row] ^ s) == active[row]
        e = j ^ 1
        e_front = may and fronts[e] > 0
        e_rear = may and fronts[e] < n_side[e]
        for _ in range(n_side[j]):
            card = c[u]
            k = char[card]
            bk = base + k
            flat[bk + slots[s, 0]] = 1.0
            flat[base + slots[s, 1] + card] = 1.0
            is_front = front[u] != 0
            is_tapped = tapped[u] != 0
            if is_front:
                flat[bk + slots[s, 2]] = 1.0
                can = (r1[card] and e_front) or (r2[card] and e_rear)
            else:
                can = r2[card] and e_front
            if is_tapped:
                flat[bk + slots[s, 3]] = 1.0
            elif can:
                flat[bk + slots[s, 10]] = 1.0
            if promoted[u] != 0:
                flat[bk + slots[s, 4]] = 1.0
            if uid[u] == mc_side[j]:
                flat[bk + slots[s, 5]] = 1.0
            used_at = base + slots[s, 9] + 2 * k
            if used[u] & 1:
                flat[used_at] = 1.0
            if used[u] & 2:
                flat[used_at + 1] = 1.0
            if power[u] != 0:
                x = power[u] * POWER_SCALE
                flat[bk + slots[s, 6]] = x if x < POWER_CAP else POWER_CAP
            if mod[u] != 0:
                x = mod[u] * POWER_SCALE
                flat[bk + slots[s, 7]] = MOD_CAP if x > MOD_CAP else -MOD_CAP if x < -MOD_CAP else x
            h = height[u]
            if h > 1:
                x = (h - 1) * STACK_SCALE
                flat[base + slots[s, 8] + char[stack_cards[sc + h - 2]]] = \
                    x if x < SIZE_CAP else SIZE_CAP
            sc += h
            u += 1


def put_cards(flat, size, lens, cards, ups, stack_cards, height, n_side, zone_at, copies,
              color, o_colors, n_colors, n_up):
    """`SeatColumns._put_cards`: the copies of each card in every counted zone (at most
    `copies`), the face-up bond colors, and each row's face-up bonds into `n_up` (rows, 2).
    `lens` are the zone-major lists' lengths (zone z of row r: z * rows + r), `ups` the
    bonds' face-up flags; the cards under units (zones 6 and 7) come from the stacks."""
    rows = n_up.shape[0]
    for rep in range(2):  # count every copy, then cap the counts
        i = 0
        b = 0
        for z in range(6):
            for row in range(rows):
                at = row * size
                for _ in range(lens[z * rows + row]):
                    card = cards[i]
                    zone = z
                    if z >= 4:
                        if ups[b] == 0:
                            zone = z + 4
                        elif rep == 0:
                            n_up[row, z - 4] += 1
                            if color[card] >= 0:
                                flat[at + o_colors + (z - 4) * n_colors + color[card]] = 1.0
                        b += 1
                    pos = at + zone_at[zone] + card
                    if rep == 0:
                        flat[pos] += 1.0
                    elif flat[pos] > copies:
                        flat[pos] = copies
                    i += 1
        u = 0
        sc = 0
        for j in range(len(n_side)):
            at = (j >> 1) * size + zone_at[6 + (j & 1)]
            for _ in range(n_side[j]):
                h = height[u]
                for x in range(sc, sc + h - 1):
                    pos = at + stack_cards[x]
                    if rep == 0:
                        flat[pos] += 1.0
                    elif flat[pos] > copies:
                        flat[pos] = copies
                sc += h
                u += 1


def put_scalars(flat, size, raw, n_up, scalar_idx, scale, low, high):
    """`SeatColumns._put_scalars`: each row's scalars from its 17 raw numbers (`raw`,
    column-major), its face-up bonds `n_up` and the bonds left; a row with a value outside
    [0, SIZE_CAP] has every value clipped to its bounds."""
    rows = n_up.shape[0]
    x = np.empty(19, np.float64)
    for row in range(rows):
        for f in range(11):
            x[f] = raw[f * rows + row]
        x[11] = n_up[row, 0]
        x[12] = n_up[row, 1]
        x[13] = raw[9 * rows + row] - raw[11 * rows + row]
        x[14] = raw[10 * rows + row] - raw[12 * rows + row]
        for f in range(4):
            x[15 + f] = raw[(13 + f) * rows + row]
        clip = False
        for f in range(19):
            x[f] = x[f] * scale[f]
            if x[f] > SIZE_CAP or x[f] < 0.0:
                clip = True
        at = row * size
        for f in range(19):
            v = x[f]
            if clip:
                v = min(max(v, low[f]), high[f])
            flat[at + scalar_idx[f]] = v


class SeatKernels:
    """The compiled writers of one `SeatColumns`: its tables as arrays, and `encode`."""

    def __init__(self, columns: Any) -> None:  # a SeatColumns, which imports this module
        self.columns = columns
        self.put_entries, self.put_units, self.put_cards, self.put_scalars = compile_all(
            put_entries, put_units, put_cards, put_scalars)
        c = columns
        self.unit_tables = (c.char, c.r1, c.r2, c.slots)
        self.card_tables = (c.zone_at, int(c.copies), c.color, int(c.o_colors), int(c.n_colors))
        self.scalar_tables = (c.scalar_idx, c.scale.astype(np.float64),
                              c.scalar_low.astype(np.float64), c.scalar_high.astype(np.float64))

    def encode(self, states: Sequence[Any], pls: list[Any], mes: list[int], gates: list[bool],
               exact: dict[int, list[int]], ones: list[int], ones_ends: list[int],
               idx: list[int], val: list[float], idx_ends: list[int]) -> np.ndarray:
        """The rows `SeatColumns.encode` writes with numpy, from what its Python pass
        gathered (each row's two player records `pls`, observer `mes`, attack gate, the
        battles' unit powers `exact`, and its entries)."""
        columns = self.columns
        size = columns.size
        n = len(ones_ends)
        out = np.zeros((n, size), dtype=np.float32)
        flat = out.reshape(-1)
        self.put_entries(flat, size, int64_array(ones), int64_array(ones_ends),
                         int64_array(idx), np.array(val, dtype=np.float64),
                         int64_array(idx_ends))
        stacks, n_side, cols = unit_columns(pls)
        c, height, front, tapped, promoted, uid, mod, used = cols
        stack_cards = int64_array(list(chain.from_iterable(stacks)))
        if stacks:
            side = np.repeat(np.arange(len(n_side)), n_side)
            power = columns.powers(states, mes, exact, side, n_side, c, mod)
            self.put_units(flat, size, c, height, front, tapped, promoted, uid, mod, used,
                           n_side, mc_uids(pls), int64_array(mes),
                           int64_array(gates), active_seats(states),
                           power, stack_cards, *self.unit_tables)
        yous, opps = pls[0::2], pls[1::2]
        lens, cards, ups = zone_cards(yous, opps)
        n_up = np.zeros((n, 2), dtype=np.int64)
        self.put_cards(flat, size, lens, cards, ups, stack_cards, height, n_side,
                       *self.card_tables, n_up)
        self.put_scalars(flat, size, scalar_columns(states, yous, opps), n_up,
                         *self.scalar_tables)
        return out
