"""Compiled writers of XenodeX's column-wise batch of states (`XenodexEncoder.encode_seats`):
the entries the numpy writers `put_framed`, `StateUnits.put`, `StateSeats.put` and
`StateSlots.put` write (envs/encoding/xenodex_state.py, xenodex_batch.py, xenodex_seats.py,
xenodex_slots.py), with the same float64 arithmetic rounded once to float32, as one
numba-compiled loop per part (envs/encoding/kernels.py says when they run). They read
the same rows as the numpy writers (each state's raw facts gathered once by
envs/encoding/xenodex_rows.py's `StateRows`), so the Python gathering is shared.

`StateKernels` calls them all in one compiled call (`put_states`): for a batch, and for
the AEC env's `encode_seat` as a batch of one, where the fixed cost of each call and of
each list's conversion would outweigh the writing.

tests/envs/test_xenodex_kernels.py checks that the compiled and the numpy writers give
identical bytes over seeded games; tests/envs/test_xenodex_fast_encoding.py checks
`encode_seat` on both paths against `encode(observation)`.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from envs.encoding.base import int64_array
from envs.encoding.kernels import compile_all
from envs.encoding.xenodex_layout import BP_SCALE, STAT_SCALE
from sim.xenodex.state import DECK, DENIED, GONE, HAND, RALLIED, STAGED

_BP_CAP = 2 * BP_SCALE
_STR_CAP = 3 * STAT_SCALE


def put_framed(flat, size, frames, players, entries, values, ends):
    """xenodex_state.py's `put_framed`, compiled: row i's gathered `entries` (as seat 0
    sees them; `entries[ends[i-1]:ends[i]]`) with their `values`, written at row i of `flat`
    (rows of `size`) where seat `players[i]` sees them (`frames[players[i]]`)."""
    a = 0
    for row in range(ends.shape[0]):
        frame = frames[players[row]]
        start = row * size
        while a < ends[row]:
            flat[start + frame[entries[a]]] = values[a]
            a += 1


def put_units(flat, size, players, cards, locs, bps, useds, flags, anchors, fields,
              tables, rel, slot_base, unit_bases, pos, u_str, u_def, u_bp, u_strikes,
              u_fortify, fortify):
    """`StateUnits.put`: every unit's block (each instance whose location in `locs` is a
    slot) and every slot's per-side unit totals; adds each side's Fortify per (row, slot)
    into `fortify` (rows, K, n + 1). `cards`, `locs`, `bps`, `useds` and `flags` are the
    `(rows, instances)` tables, `anchors` is (rows, 4, n K) (levels, BP, TX STR and DEF
    bonuses), `fields` (rows, 2); `tables` holds n, K, D, sides, the aura numbers and the
    block offsets (see `StateKernels`)."""
    n, K, D, sides = tables[0], tables[1], tables[2], tables[3]
    ov, lv_ov, bw, lv_bw = tables[4], tables[5], tables[6], tables[7]
    l_units, l_str, l_bp = tables[8], tables[9], tables[10]
    u_on, u_slot, u_card, o_bp, o_bpf, o_max = tables[11], tables[12], tables[13], \
        tables[14], tables[15], tables[16]
    o_str, o_def, o_left, o_denied, o_rallied = tables[17], tables[18], tables[19], \
        tables[20], tables[21]
    rows, instances = locs.shape
    count = np.zeros((K, sides), np.int64)
    tstr = np.zeros((K, sides), np.int64)
    tbp = np.zeros((K, sides), np.int64)
    for row in range(rows):
        me = players[row]
        row_start = row * size
        count[:] = 0
        tstr[:] = 0
        tbp[:] = 0
        for j in range(instances):
            k = locs[row, j]
            if k < 0:
                continue
            card = cards[row, j]
            bp = bps[row, j]
            side = j // D
            sb = fields[row, 0]
            db = fields[row, 1]
            if side < n:
                at = side * K + k
                lvl = anchors[row, 0, at]
                live = anchors[row, 1, at] > 0
                sb += anchors[row, 2, at] + (ov if live and lvl >= lv_ov else 0)
                db += anchors[row, 3, at] + (bw if live and lvl >= lv_bw else 0)
            st = max(u_str[card] + sb, 0)
            df = max(u_def[card] + db, 0)
            r = rel[me, side]
            count[k, r] += 1
            tstr[k, r] += st
            tbp[k, r] += bp
            fortify[row, k, side] += u_fortify[card]
            mx = u_bp[card]
            ub = row_start + unit_bases[r, j - side * D]
            flat[ub + u_on] = 1.0
            flat[ub + u_slot + pos[k]] = 1.0
            flat[ub + u_card + card - 1] = 1.0
            f = flags[row, j]
            if f & DENIED:
                flat[ub + o_denied] = 1.0
            if f & RALLIED:
                flat[ub + o_rallied] = 1.0
            flat[ub + o_bp] = bp / BP_SCALE if bp < _BP_CAP else 2.0
            flat[ub + o_bpf] = bp / mx
            flat[ub + o_max] = mx / BP_SCALE if mx < _BP_CAP else 2.0
            flat[ub + o_str] = st / STAT_SCALE if st < _STR_CAP else 3.0
            flat[ub + o_def] = df / STAT_SCALE if df < _STR_CAP else 3.0
            left = u_strikes[card] - useds[row, j]
            flat[ub + o_left] = (left / 3.0 if left < 3 else 1.0) if left > 0 else 0.0
        for k in range(K):
            b = row_start + slot_base[k]
            for r in range(sides):
                if count[k, r]:
                    flat[b + r + l_units] = min(max(count[k, r] / 10.0, 0.0), 2.0)
                    flat[b + r + l_str] = min(max(tstr[k, r] / (4 * STAT_SCALE), 0.0), 2.0)
                    flat[b + r + l_bp] = min(max(tbp[k, r] / (5 * BP_SCALE), 0.0), 2.0)


def put_seats(flat, size, players, raw, decks, proven, surge, alvl, abp, cards, locs, D,
              counted, cell_sizes, list_cell_at, base, offsets, marks, cell_at, solo,
              contested, mul, div, lo, hi):
    """`StateSeats.put`: every row's seat blocks. `raw` is (rows, 7, n) (CDX, staged anchors,
    pool, TX hand, TX deck, TX plays left, starved), `decks` (rows n,) one-hot indices,
    `proven` (rows, K), `surge` (rows,), `alvl`/`abp` (rows, n, K); `cards` and `locs` the
    instance tables, D instances a seat (hand and deck sizes; the cards staged, knocked out and in the
    observer's hand); `counted` every row's listed cards by cells of `cell_sizes`, which
    start at `list_cell_at`; `marks` the present, deck and starved offsets."""
    rows, _, n = raw.shape
    K = proven.shape[1]
    values = np.empty(11, np.float64)
    c = 0
    for row in range(rows):
        me = players[row]
        row_start = row * size
        for q in range(n):
            emission = 0
            controlled = 0
            for k in range(K):
                lvl = alvl[row, q, k]
                if lvl < 0 or abp[row, q, k] <= 0:
                    continue
                active = 0
                live = 0
                for p in range(n):
                    if alvl[row, p, k] >= 0:
                        live += 1
                        if abp[row, p, k] > 0:
                            active += 1
                emission += (contested[lvl] if active > 1 else solo[lvl]) + surge[row]
                if live == 1:
                    controlled += 1
            proven_n = 0
            for k in range(K):
                if proven[row, k] == q:
                    proven_n += 1
            # the seat's characters by location; the count cells start at zero
            hand = 0
            deck = 0
            staged_at = row_start + cell_at[me, q]
            gone_at = row_start + cell_at[me, n + q]
            mine_at = row_start + cell_at[me, 3 * n]
            for j in range(q * D, q * D + D):
                where = locs[row, j]
                if where == HAND:
                    hand += 1
                    if q == me:
                        flat[mine_at + cards[row, j]] += 1.0
                elif where == DECK:
                    deck += 1
                elif where == STAGED:
                    flat[staged_at + cards[row, j]] += 1.0
                elif where == GONE:
                    flat[gone_at + cards[row, j]] += 1.0
            values[0] = raw[row, 0, q]
            values[1] = emission
            values[2] = hand
            values[3] = deck
            for f in range(4, 9):
                values[f] = raw[row, f - 3, q]
            values[9] = controlled
            values[10] = proven_n
            start = row_start + base[me, q]
            for f in range(11):
                flat[start + offsets[f]] = min(max(values[f] * mul[f] / div[f], lo[f]), hi[f])
            flat[start + marks[0]] = 1.0
            flat[start + marks[1] + decks[row * n + q]] = 1.0
            if raw[row, 6, q] != 0:
                flat[start + marks[2]] = 1.0
        cells = list_cell_at.shape[1]
        for cell in range(cells):
            m = cell_sizes[row * cells + cell]
            if not m:
                continue
            at = row_start + list_cell_at[me, cell]
            for i in range(c, c + m):
                flat[at + counted[i]] += 1.0
            c += m


def put_slots(flat, size, players, facts, alvl, abp, fortify, base, marks, rel, anchor,
              anchor_bp, anchor_def, top_bp):
    """`StateSlots.put`: every row's slot blocks but their unit totals. `facts` is
    (rows, 3 K + 1) (siege, start controller, proven, the Echo's slot), `marks` the present,
    siege, start-controller, controller, proven and Echo offsets, `anchor[r]` relative seat
    r's anchor feature offsets."""
    rows = facts.shape[0]
    n, K = alvl.shape[1], alvl.shape[2]
    for row in range(rows):
        me = players[row]
        for k in range(K):
            b = row * size + base[k]
            flat[b + marks[0]] = 1.0
            if facts[row, k] != 0:
                flat[b + marks[1]] = 1.0
            if facts[row, 3 * K] == k:
                flat[b + marks[5]] = 1.0
            s = facts[row, K + k]
            if s >= 0:
                flat[b + marks[2] + rel[me, s]] = 1.0
            s = facts[row, 2 * K + k]
            if s >= 0:
                flat[b + marks[4] + rel[me, s]] = 1.0
            live = 0
            who = 0
            for q in range(n - 1, -1, -1):
                if alvl[row, q, k] >= 0:
                    live += 1
                    who = q
            if live == 1 and abp[row, who, k] > 0:
                flat[b + marks[3] + rel[me, who]] = 1.0
            for q in range(n):
                lvl = alvl[row, q, k]
                if lvl < 0:
                    continue
                a_bp = abp[row, q, k]
                r = rel[me, q]
                flat[b + anchor[r, 0]] = 1.0
                if a_bp > 0:
                    flat[b + anchor[r, 1]] = 1.0
                flat[b + anchor[r, 2] + lvl] = 1.0
                if a_bp != 0:
                    flat[b + anchor[r, 3]] = a_bp * top_bp
                    flat[b + anchor[r, 4]] = a_bp / anchor_bp[lvl]
                a_def = anchor_def[lvl] + fortify[row, k, q]
                if a_def != 0:
                    flat[b + anchor[r, 5]] = min(max(a_def / STAT_SCALE, 0.0), 3.0)


def put_states(flat, size, frames, players, fixed, offsets, counted, inst, entries, values,
               ends, D, unit_tables, rel, slot_base, unit_bases, pos, u_str, u_def, u_bp,
               u_strikes, u_fortify, list_cell_at, seat_base, seat_offsets, seat_marks,
               cell_at, solo, contested, mul, div, lo, hi, block_base, block_marks, block_rel,
               anchor, anchor_bp, anchor_def, top_bp):
    """Every row's whole vector in one call (`StateKernels.put` and `encode`): the gathered
    `entries` with their `values` (`put_framed`), then `put_units`, `put_seats` and
    `put_slots` on the rows' raw facts as xenodex_rows.py's `StateRows` lays them out:
    `fixed` every row's fixed ints (split by `offsets`), `counted` the listed cells' cards,
    `inst` the rows' five instance tables joined (`StateRows.joined`); `players[i]` is row i's observer."""
    rows = players.shape[0]
    n, K = unit_tables[0], unit_tables[1]
    NK = n * K
    put_framed(flat, size, frames, players, entries, values, ends)
    table = fixed.reshape((rows, offsets[8]))
    tables = inst.reshape((5, rows, inst.shape[0] // (5 * rows)))
    cards, locs = tables[0], tables[1]
    anchors = table[:, offsets[0]:offsets[1]].copy().reshape((rows, 4, NK))
    fortify = np.zeros((rows, K, n + 1), np.int64)
    put_units(flat, size, players, cards, locs, tables[2], tables[3], tables[4],
              anchors, table[:, offsets[1]:offsets[2]].copy(), unit_tables, rel, slot_base,
              unit_bases, pos, u_str, u_def, u_bp, u_strikes, u_fortify, fortify)
    alvl = anchors[:, 0].copy().reshape((rows, n, K))
    abp = anchors[:, 1].copy().reshape((rows, n, K))
    put_seats(flat, size, players, table[:, offsets[2]:offsets[3]].copy().reshape((rows, 7, n)),
              table[:, offsets[3]:offsets[4]].copy().reshape(rows * n),
              table[:, offsets[4]:offsets[5]].copy(), table[:, offsets[5]].copy(), alvl, abp,
              cards, locs, D, counted, table[:, offsets[7]:offsets[8]].copy().reshape(-1),
              list_cell_at, seat_base, seat_offsets, seat_marks, cell_at, solo, contested,
              mul, div, lo, hi)
    put_slots(flat, size, players, table[:, offsets[6]:offsets[7]].copy(), alvl, abp, fortify,
              block_base, block_marks, block_rel, anchor, anchor_bp, anchor_def, top_bp)


_INLINED = False
"""Whether `put_framed`, `put_units`, `put_seats` and `put_slots` are registered with numba
as callable from compiled code (done once per process, by the first `StateKernels`)."""


class StateKernels:
    """The compiled writers of one XenodexEncoder: its tables as arrays; `put`, which writes
    a batch the encoder's `StateRows` gathered (and its gathered entries) as the numpy
    writers would, in one call of `put_states`; and `encode`, the same for one state and
    seat (the AEC env's `encode_seat`, where a call's fixed costs are most of the work)."""

    def __init__(self, enc: Any) -> None:  # a XenodexEncoder, which imports this module
        global _INLINED
        from numba.extending import register_jitable
        if not _INLINED:
            for f in (put_framed, put_units, put_seats, put_slots):
                register_jitable(f)
            _INLINED = True
        (self.put_states,) = compile_all(put_states)
        units, seats, slots = enc._state_units, enc._state_seats, enc._state_slots
        c = units.columns
        self.enc = enc
        self.rows = enc._state_rows
        self.size = enc.size
        unit_tables = np.array(
            [enc.n, enc.K, enc.D, c.sides, *units.auras, c.l_units, c.l_str, c.l_bp, c.u_on,
             c.u_slot, c.u_card, c.u_bp, c.u_bpf, c.u_max, c.u_str, c.u_def, c.u_left,
             c.u_denied, c.u_rallied], dtype=np.int64)
        self.tables = (
            enc.D, unit_tables, c.rel.astype(np.int64), c.slot_base.astype(np.int64),
            c.unit_bases.astype(np.int64), c.pos.astype(np.int64), units.u_str, units.u_def,
            units.u_bp, units.u_strikes, units.u_fortify, seats.list_cell_at, seats.base,
            seats.offsets, np.array([seats.present, seats.deck, seats.starved], np.int64),
            seats.cell_at, seats.solo, seats.contested, seats.mul, seats.div, seats.lo,
            seats.hi, slots.base,
            np.array([slots.present, slots.siege, slots.start, slots.ctrl, slots.proven,
                      slots.echo], np.int64),
            slots.rel, slots.anchor, slots.anchor_bp, slots.anchor_def, float(slots.top_bp))
        self.players = [np.array([me], dtype=np.int64) for me in range(enc.n)]
        self.ends: dict[int, np.ndarray] = _Ends()

    def put(self, out: np.ndarray, entries: np.ndarray, values: np.ndarray, ends: np.ndarray,
            players: np.ndarray) -> None:
        """Write the gathered entries (laid out as for `put_framed`) and every row the
        encoder's `StateRows` holds into `out` (`(rows, size)` float32 zeros); `players[i]`
        is row i's observer."""
        rows = self.rows
        self.put_states(out.reshape(-1), self.size, self.enc._frames, players,
                        np.frombuffer(b"".join(rows.fixed), np.int64), rows.offsets,
                        int64_array(rows.counted),
                        np.frombuffer(rows.joined(), np.int32), entries, values, ends,
                        *self.tables)

    def encode(self, state: Any, me: int, chunk: tuple[bytes, bytes]) -> np.ndarray:
        """Seat `me`'s vector of `state` (a state of the encoder's game; `me` a valid seat),
        `chunk` its varied entries packed as seat 0 sees them (xenodex_state.py's
        `rest_chunk`). A per-instance table of the wrong kind is `StateRows`' TypeError."""
        rows = self.rows
        counted: list[int] = []
        fixed = rows.row(state, me, counted)
        inst = np.frombuffer(rows.instance_bytes(state), np.int32)
        values = np.frombuffer(chunk[1], np.float32)
        out = np.zeros(self.size, dtype=np.float32)
        self.put_states(out, self.size, self.enc._frames, self.players[me],
                        np.frombuffer(fixed, np.int64),
                        rows.offsets, int64_array(counted), inst,
                        np.frombuffer(chunk[0], np.int64), values, self.ends[len(values)],
                        *self.tables)
        return out


class _Ends(dict):
    """`ends[m]`: the one-row `ends` array `[m]` of `put_framed`, made on first use."""

    def __missing__(self, m: int) -> np.ndarray:
        self[m] = end = np.array([m], dtype=np.int64)
        return end
