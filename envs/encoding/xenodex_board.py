"""The blocks of XenodeX's observe-and-encode path read straight from the state: each board
slot's (flags, control, anchors, per-side unit totals, and its units' blocks) and each
seat's, as packed entries written **as seat 0 sees them** (envs/encoding/xenodex_state.py
maps them to the observer's indices), so one computation serves every observer.

    blocks = SlotBlocks(encoder)
    ctrl = cycle.controllers(state)
    blocks.slot_part(state, k, ctrl[k])          # slot k's flags, control, anchors: packed
    sb, db = blocks.bonuses(state, k)            # what a unit's STR and DEF add there
    blocks.totals_part(state, k, sb)             # slot k's per-side unit totals
    blocks.unit_chunk(state, j, k, sb, db)       # unit j's block, in slot k
    blocks.seat_part(state, q, ctrl)             # seat q's numbers and flags
    blocks.zone_part(state, q, z)                # seat q's card counts in zone z

A unit's STR and DEF add to its printed values what `battle.slot_bonuses` adds (the
anchors' auras, TX bonuses, the Echo fields; floor 0) and an anchor's DEF adds its side's
Fortify there, as `observe` does; a seat's emission and control come from
`cycle.emission` and `cycle.controllers`, as `observe` gets them. Which blocks need
computing for a state is envs/encoding/xenodex_track.py's job.
tests/envs/test_xenodex_fast_encoding.py checks the result against `encode(observation)`.
"""
from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

from envs.encoding.xenodex_layout import (
    BP_SCALE,
    CDX_CAP,
    CDX_SCALE,
    EMISSION_SCALE,
    MAX_SEATS,
    STAT_SCALE,
)
from sim.xenodex import cycle as cy
from sim.xenodex.state import DENIED, RALLIED

_STR_CAP = 3 * STAT_SCALE
_BP_CAP = 2 * BP_SCALE


def pack(ones: list[int], idx: Sequence[int], val: Sequence[float]) -> tuple[bytes, bytes]:
    """A chunk of `gather_state`: the indices `ones + idx` as int64 bytes and their values
    (1.0 for each of `ones`, then `val`) as float32 bytes (rounded as numpy's cast rounds).
    Chunks of up to `_PACKED` entries use precompiled `struct.Struct`s (half the cost of
    formatting a struct format per call, which every encoded step pays a few times)."""
    a = len(ones)
    k = a + len(idx)
    if k < _PACKED and a < _PACKED:
        return _INT64[k](*ones, *idx), _FLOAT32[k](*_ONES[a], *val)
    return (struct.pack(f"={k}q", *ones, *idx),
            struct.pack(f"={a + len(val)}f", *(1.0,) * a, *val))


_PACKED = 256
_INT64 = [struct.Struct(f"={k}q").pack for k in range(_PACKED)]
_FLOAT32 = [struct.Struct(f"={k}f").pack for k in range(_PACKED)]
_ONES = [(1.0,) * k for k in range(_PACKED)]


class SlotBlocks:
    """The slot, unit and seat block entries of one XenodexEncoder (module docstring)."""

    def __init__(self, enc: Any) -> None:  # a XenodexEncoder, which imports this module
        self.enc = enc
        game = enc.game
        D, n = enc.D, enc.n
        # As seat 0 sees them: each instance's side, relative side, unit block start and
        # value indices (bp, bp_fraction, max_bp, str, def, actions_left).
        instances = range(game.sides * D)
        rel = [q for q in range(n)] + [MAX_SEATS]
        self.side_of = [j // D for j in instances]
        self.rel_of = [rel[j // D] for j in instances]
        self.base_of = [enc.unit_bases[r][j % D] for j, r in zip(instances, self.rel_of)]
        u_vals = enc._unit_off[3:9]
        self.idx_of = [tuple(b + o for o in u_vals) for b in self.base_of]
        self.max_bp = [mx / BP_SCALE if mx < 2 * BP_SCALE else 2.0 for mx in game.u_bp]

    def slot_part(self, state: Any, k: int, c_ctrl: int) -> tuple[bytes, bytes]:
        """Slot k's packed block entries but its per-side unit totals (as seat 0 sees them):
        its flags, control and anchors; `c_ctrl` is its clean controller
        (`cycle.controllers`)."""
        o: list[int] = []
        i: list[int] = []
        v: list[float] = []
        self._slot(state, k, c_ctrl, o, i, v)
        return pack(o, i, v)

    def totals_part(self, state: Any, k: int, sb: list[int]) -> tuple[bytes, bytes]:
        """Slot k's per-side unit totals (units, their STR and BP), packed; `sb` is the
        STR of slot k's `bonuses`."""
        i: list[int] = []
        v: list[float] = []
        self._totals(state, k, sb, i, v)
        return pack([], i, v)

    def bonuses(self, state: Any, k: int) -> tuple[list[int], list[int]]:
        """Per side (the Ancients' last), the STR and the DEF `battle.slot_bonuses` adds to
        a unit in slot k: the Echo fields, the side's TX bonuses there and its live
        anchor's aura."""
        g = state.game
        n, K = state.n, state.K
        fstr, fdef = state.fstr, state.fdef
        alvl, abp, bstr, bdef = state.alvl, state.abp, state.bstr, state.bdef
        ov, lv_ov, bw, lv_bw = g.overcharge, g.lv_overcharge, g.bulwark, g.lv_bulwark
        sb = []
        db = []
        for q in range(n):
            i = q * K + k
            live = abp[i] > 0
            lvl = alvl[i]
            sb.append(fstr + bstr[i] + (ov if live and lvl >= lv_ov else 0))
            db.append(fdef + bdef[i] + (bw if live and lvl >= lv_bw else 0))
        sb.append(fstr)
        db.append(fdef)
        return sb, db

    def unit_chunk(self, state: Any, j: int, k: int, sb: list[int],
                   db: list[int]) -> tuple[bytes, bytes]:
        """The packed block of unit (instance) j in slot k, as seat 0 sees it; `sb`, `db`
        are slot k's `bonuses`."""
        enc = self.enc
        g = state.game
        c = state.card[j]
        q = self.side_of[j]
        st = g.u_str[c] + sb[q]
        if st < 0:
            st = 0
        df = g.u_def[c] + db[q]
        if df < 0:
            df = 0
        h = state.bp[j]
        u_on, u_slot, u_card = enc._unit_off[:3]
        ub = self.base_of[j]
        ones = [ub + u_on, ub + u_slot + enc.positions[k], ub + u_card - 1 + c]
        left = g.u_strikes[c] - state.used[j]
        f = state.flags[j]
        if f & DENIED:
            ones.append(ub + enc._unit_off[9])
        if f & RALLIED:
            ones.append(ub + enc._unit_off[10])
        return pack(ones, self.idx_of[j],
                    (h / BP_SCALE if h < _BP_CAP else 2.0, h / g.u_bp[c], self.max_bp[c],
                     st / STAT_SCALE if st < _STR_CAP else 3.0,
                     df / STAT_SCALE if df < _STR_CAP else 3.0,
                     (left / 3.0 if left < 3 else 1.0) if left > 0 else 0.0))

    def seat_part(self, state: Any, q: int, ctrl: list[int]) -> tuple[bytes, bytes]:
        """Seat q's packed block entries (as seat 0 sees them, in block q) but its card
        counts (`zone_part`) and its lead, to-act and winner flags; `ctrl` is every slot's
        clean controller."""
        enc = self.enc
        s_present, s_deck, s_starved = enc._seat_flag_off[:3]
        i_hand, i_deck, i_pool, i_tx_draw, i_tx_plays, i_slots = enc._seat_inv
        b = enc.seat_bases[q]
        ones = [b + s_present, b + s_deck + enc._deck_index.get(state.decks[q], len(enc.decks))]
        if state.starved[q]:
            ones.append(b + s_starved)
        x = state.cdx[q] / CDX_SCALE
        e = cy.emission(state, q) / EMISSION_SCALE
        h = len(state.hand[q]) * i_hand
        a = state.astaged[q] * i_pool
        t = len(state.tx_hand[q]) * i_tx_draw
        d = len(state.tx_deck[q]) / 16.0
        left = state.tx_left[q] * i_tx_plays
        return pack(ones, enc._seat_idx[q],
                    (0.0 if x < 0.0 else CDX_CAP if x > CDX_CAP else x,
                     0.0 if e < 0.0 else 2.0 if e > 2.0 else e,
                     0.0 if h < 0.0 else 2.0 if h > 2.0 else h, len(state.deck[q]) * i_deck,
                     0.0 if a < 0.0 else 1.0 if a > 1.0 else a, state.pool[q] * i_pool,
                     0.0 if t < 0.0 else 2.0 if t > 2.0 else t,
                     0.0 if d < 0.0 else 2.0 if d > 2.0 else d,
                     0.0 if left < 0.0 else 1.0 if left > 1.0 else left,
                     ctrl.count(q) * i_slots, state.proven.count(q) * i_slots))

    def zone_part(self, state: Any, q: int, z: int) -> tuple[bytes, bytes]:
        """Seat q's card counts of zone z (0: staged characters, 1: knocked-out ones, 2:
        played TX), packed (as seat 0 sees them, in block q)."""
        if z == 2:
            cards = state.tx_disc[q]
        else:
            cards = tuple(map(state.card.__getitem__, (state.staged, state.discard)[z][q]))
        if not cards:
            return b"", b""
        i, v = self.enc._seat_counts[q][z].entries(cards)
        return pack([], i, v)

    def _slot(self, state: Any, k: int, c_ctrl: int, ones: list[int], idx: list[int],
              val: list[float]) -> None:
        """Append slot k's block entries but the unit totals (its anchors included)."""
        enc = self.enc
        g = state.game
        n, K, D = state.n, state.K, state.D
        l_present, l_siege, l_start, l_ctrl, l_proven, l_echo = enc._slot_off[:6]
        b = enc.slot_bases[enc.positions[k]]
        ones.append(b + l_present)
        if state.siege[k]:
            ones.append(b + l_siege)
        c = state.start_ctrl[k]
        if c >= 0:
            ones.append(b + l_start + c)
        if c_ctrl >= 0:
            ones.append(b + l_ctrl + c_ctrl)
        c = state.proven[k]
        if c >= 0:
            ones.append(b + l_proven + c)
        if k == state.echo_slot:
            ones.append(b + l_echo)
        alvl, abp = state.alvl, state.abp
        anchor_off = enc._anchor_off
        top_bp = enc._inv["top_bp"]
        anchor_bp, anchor_def = g.anchor_bp, g.anchor_def
        fortify = None
        for q in range(n):
            lvl = alvl[q * K + k]
            if lvl < 0:
                continue
            if fortify is None:  # Fortify of each side's characters here, as `observe` sums it
                fortify = [0] * (n + 1)
                fort, card = g.u_fortify, state.card
                for j in state.board[k]:
                    f = fort[card[j]]
                    if f:
                        fortify[j // D] += f
            o_present, o_active, o_level, o_bp, o_bpf, o_def = anchor_off[q]
            a_bp = abp[q * K + k]
            a_def = anchor_def[lvl] + fortify[q]
            ones.append(b + o_present)
            if a_bp > 0:
                ones.append(b + o_active)
            ones.append(b + o_level + lvl)
            if a_bp:
                idx += (b + o_bp, b + o_bpf)
                val += (a_bp * top_bp, a_bp / anchor_bp[lvl])
            if a_def:
                x = a_def / STAT_SCALE
                idx.append(b + o_def)
                val.append(0.0 if x < 0.0 else 3.0 if x > 3.0 else x)

    def _totals(self, state: Any, k: int, sb: list[int], idx: list[int],
                val: list[float]) -> None:
        """Append slot k's per-side unit totals (units, their STR and BP); `sb` as in
        `totals_part`."""
        enc = self.enc
        g = state.game
        sides = enc.sides
        card, bp = state.card, state.bp
        u_str, side_of, rel_of = g.u_str, self.side_of, self.rel_of
        count = [0] * sides
        tstr = [0] * sides
        tbp = [0] * sides
        for j in state.board[k]:
            r = rel_of[j]
            st = u_str[card[j]] + sb[side_of[j]]
            count[r] += 1
            tstr[r] += st if st > 0 else 0
            tbp[r] += bp[j]
        b = enc.slot_bases[enc.positions[k]]
        l_units, l_str, l_bp = enc._slot_off[6:9]
        for r in range(sides):
            m = count[r]
            if m:
                x = m / 10.0
                y = tstr[r] / (4 * STAT_SCALE)
                z = tbp[r] / (5 * BP_SCALE)
                idx += (b + l_units + r, b + l_str + r, b + l_bp + r)
                val += (2.0 if x > 2.0 else x, 2.0 if y > 2.0 else y,
                        0.0 if z < 0.0 else 2.0 if z > 2.0 else z)
