"""The column-wise units of XenodeX's batch encoders: many rows at once, bit-identical to
encoding each one.

`XenodexEncoder.encode_batch` (a batch of observation dicts) runs `UnitColumns.encode`:
the encoder's `gather` writes each row's game, seat, slot and anchor entries as usual but
only copies the units (most of a board's entries) as raw records into one flat list; numpy
then computes every unit's indices and values, and each slot's per-side totals, for the
whole batch at once. The unit blocks and the slots' unit totals share no entry with the
rest, so the two writes never overlap. `StateUnits` does the same for
`XenodexEncoder.encode_seats` (what `BatchEnv` calls every step) straight from the states'
per-instance tables. tests/envs/test_encoding.py, tests/envs/test_encoding_digest.py and
tests/envs/test_xenodex_fast_encoding.py check that the rows equal `encode`'s.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from operator import itemgetter
from typing import Any

import numpy as np

from envs.encoding.base import int64_array, put_rows
from envs.encoding.xenodex_layout import BP_SCALE, MAX_SEATS, STAT_SCALE
from sim.xenodex.state import DENIED, RALLIED

UNIT_FIELDS = itemgetter("side", "unit", "card", "bp", "max_bp", "str", "def", "used",
                         "max_strikes", "denied", "rallied")
"""The fields of a unit record, in the order both encoders read them."""
_PLAYER = itemgetter("player")


class UnitColumns:
    """The batch encoder of one `XenodexEncoder`: its unit tables as numpy arrays, and
    `encode`."""

    def __init__(self, encoder: Any) -> None:  # a XenodexEncoder, which imports this module
        self.encoder = encoder
        self.size = encoder.size
        self.K = len(encoder.positions)
        self.D = encoder.D
        self.sides = encoder.sides
        n = encoder.n
        # rel[me, side]: the side's index as seat `me` sees it (Ancients: MAX_SEATS).
        self.rel = np.array([[(q - me) % n for q in range(n)] + [MAX_SEATS] for me in range(n)],
                            dtype=np.intp)
        self.unit_bases = np.array(encoder.unit_bases, dtype=np.intp)       # (sides, D)
        self.pos = np.array(encoder.positions, dtype=np.intp)               # (K,)
        self.slot_base = np.array(encoder.slot_bases, dtype=np.intp)[self.pos]  # (K,)
        (self.u_on, self.u_slot, self.u_card, self.u_bp, self.u_bpf, self.u_max, self.u_str,
         self.u_def, self.u_left, self.u_denied, self.u_rallied) = encoder._unit_off
        lo = encoder.slot_layout.offsets()
        self.l_units, self.l_str, self.l_bp = lo["units"], lo["str"], lo["bp"]

    def encode(self, observations: Iterable[dict[str, Any]]) -> np.ndarray:
        """`(N, size)` float32, row i encoding the i-th observation (any iterable; each dict is
        dropped once gathered)."""
        gather = self.encoder.gather
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        ones_ends: list[int] = []
        idx_ends: list[int] = []
        units: list[tuple] = []
        slot_sizes: list[int] = []
        players: list[int] = []
        for o in observations:
            gather(o, ones, idx, val, units, slot_sizes)
            players.append(_PLAYER(o))
            ones_ends.append(len(ones))
            idx_ends.append(len(idx))
        n = len(ones_ends)
        D = self.size
        out = np.zeros((n, D), dtype=np.float32)
        if not n:
            return out
        put_rows(out, ones, ones_ends, idx, val, idx_ends)
        if units:
            self._put_units(out.reshape(-1), units, slot_sizes, int64_array(players))
        return out

    def _put_units(self, flat: np.ndarray, units: list[tuple], slot_sizes: list[int],
                   players: np.ndarray) -> None:
        """Write every unit's entries and every slot's per-side unit totals into `flat`."""
        K, D = self.K, self.D
        u = int64_array(list(chain.from_iterable(units))).reshape(-1, 11)
        side, j, card, bp, mx, st, df, used, strikes, denied, rallied = u.T
        slot = np.repeat(np.arange(len(slot_sizes)), int64_array(slot_sizes))  # (row, k) index
        row = slot // K
        k = slot % K
        r = self.rel[players[row], side]
        row_start = row * self.size
        # Each slot's totals per side (every unit counts, Ancients beyond deck_size too).
        self.put_totals(flat, slot, r, st, bp, len(slot_sizes))
        # Each unit's block (an Ancient beyond deck_size has none).
        keep = j < D
        if not keep.all():
            (side, j, card, bp, mx, st, df, used, strikes, denied, rallied, r, row_start,
             k) = (a[keep] for a in (side, j, card, bp, mx, st, df, used, strikes, denied,
                                     rallied, r, row_start, k))
        self.put_blocks(flat, row_start + self.unit_bases[r, j], k, card, denied != 0,
                        rallied != 0, bp, mx, st, df, strikes - used)

    def put_totals(self, flat: np.ndarray, slot: np.ndarray, r: np.ndarray, st: np.ndarray,
                   bp: np.ndarray, slots: int) -> None:
        """Write each slot's per-side unit totals (count, STR, BP) into `flat`, from every
        unit's slot index (row * K + k), relative side `r`, STR and BP; `slots` = rows * K."""
        K, sides = self.K, self.sides
        cell = slot * sides + r
        m = slots * sides
        count = np.bincount(cell, minlength=m)
        tstr = np.bincount(cell, weights=st, minlength=m)
        tbp = np.bincount(cell, weights=bp, minlength=m)
        nz = np.flatnonzero(count)
        s_slot, s_r = nz // sides, nz % sides
        b = (s_slot // K) * self.size + self.slot_base[s_slot % K] + s_r
        flat[b + self.l_units] = np.clip(count[nz] / 10.0, 0.0, 2.0)
        flat[b + self.l_str] = np.clip(tstr[nz] / (4 * STAT_SCALE), 0.0, 2.0)
        flat[b + self.l_bp] = np.clip(tbp[nz] / (5 * BP_SCALE), 0.0, 2.0)

    def put_blocks(self, flat: np.ndarray, ub: np.ndarray, k: np.ndarray, card: np.ndarray,
                   denied: np.ndarray, rallied: np.ndarray, bp: np.ndarray, mx: np.ndarray,
                   st: np.ndarray, df: np.ndarray, left: np.ndarray) -> None:
        """Write each unit's block into `flat`, starting at `ub`: its slot `k`, card, the
        Denied and Rallied marks (bools), BP, max BP, STR, DEF and strikes left."""
        flat[ub + self.u_on] = 1.0
        flat[ub + self.u_slot + self.pos[k]] = 1.0
        flat[ub + self.u_card + card - 1] = 1.0
        flat[ub[denied] + self.u_denied] = 1.0
        flat[ub[rallied] + self.u_rallied] = 1.0
        flat[ub + self.u_bp] = np.where(bp < 2 * BP_SCALE, bp / BP_SCALE, 2.0)
        flat[ub + self.u_bpf] = bp / mx
        flat[ub + self.u_max] = np.where(mx < 2 * BP_SCALE, mx / BP_SCALE, 2.0)
        flat[ub + self.u_str] = np.where(st < 3 * STAT_SCALE, st / STAT_SCALE, 3.0)
        flat[ub + self.u_def] = np.where(df < 3 * STAT_SCALE, df / STAT_SCALE, 3.0)
        flat[ub + self.u_left] = np.where(left > 0, np.where(left < 3, left / 3.0, 1.0), 0.0)


class StateUnits:
    """The units of `XenodexEncoder.encode_seats`, column-wise straight from the states' rows
    (xenodex_rows.py: each state's per-instance tables, which the engine keeps as int32
    arrays, and its anchors): numpy writes every unit block and every slot's per-side unit
    totals (`put`), as `UnitColumns` does from observations. A unit is every instance whose location is a slot
    (the engine keeps `loc` and the board lists in step; tests/xenodex/helpers.py checks it
    in every random playout); which order a slot lists its units in changes no entry. A
    unit's STR and DEF add to its printed values what `battle.slot_bonuses` adds (its
    seat's anchor auras and TX bonuses in the slot, the Echo fields; floor 0)."""

    def __init__(self, columns: UnitColumns) -> None:
        enc = columns.encoder
        game = enc.game
        self.columns = columns
        self.n = enc.n
        self.instances = game.sides * enc.D
        self.u_str = np.array(game.u_str, dtype=np.int64)
        self.u_def = np.array(game.u_def, dtype=np.int64)
        self.u_bp = np.array(game.u_bp, dtype=np.int64)
        self.u_strikes = np.array(game.u_strikes, dtype=np.int64)
        self.u_fortify = np.array(game.u_fortify, dtype=np.int64)
        self.auras = (game.overcharge, game.lv_overcharge, game.bulwark, game.lv_bulwark)

    def put(self, flat: np.ndarray, players: np.ndarray, t: Any) -> np.ndarray:
        """Write the units of the rows `t` (xenodex_rows.py's `RowTables`) into `flat` (the
        `(rows, size)` output, flat); `players[i]` is row i's observer. Returns the Fortify
        of each side's characters in each slot, `fortify[row, k, side]` (what an anchor's
        DEF adds)."""
        c = self.columns
        K, D, n = c.K, c.D, self.n
        rows = len(players)
        cells = rows * K * (n + 1)
        anchors = t.anchors
        cards, locs, bps, useds, flagss = t.instances
        row, j = np.nonzero(locs >= 0)
        if not len(j):
            return np.zeros((rows, K, n + 1), dtype=np.int64)
        k = locs[row, j].astype(np.int64)
        slot = row * K + k
        card = cards[row, j].astype(np.intp)
        bp = bps[row, j].astype(np.int64)
        used = useds[row, j].astype(np.int64)
        flags = flagss[row, j]
        fields = t.fields
        side = j // D
        seat = side < n
        at = np.where(seat, side, 0) * K + k
        lvl, abp, bstr, bdef = (anchors[row, f, at] for f in range(4))
        live = abp > 0
        ov, lv_ov, bw, lv_bw = self.auras
        sb = fields[row, 0] + np.where(seat, bstr + np.where(live & (lvl >= lv_ov), ov, 0), 0)
        db = fields[row, 1] + np.where(seat, bdef + np.where(live & (lvl >= lv_bw), bw, 0), 0)
        st = np.maximum(self.u_str[card] + sb, 0)
        df = np.maximum(self.u_def[card] + db, 0)
        r = c.rel[players[row], side]
        # Each slot's totals per side (every unit counts), then each unit's block.
        c.put_totals(flat, slot, r, st, bp, rows * K)
        c.put_blocks(flat, row * c.size + c.unit_bases[r, j - side * D], k, card,
                     flags & DENIED != 0, flags & RALLIED != 0, bp, self.u_bp[card], st, df,
                     self.u_strikes[card] - used)
        fortify = np.bincount(slot * (n + 1) + side, weights=self.u_fortify[card],
                              minlength=cells)
        return fortify.astype(np.int64).reshape(rows, K, n + 1)
