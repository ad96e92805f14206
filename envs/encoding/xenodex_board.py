"""The board part of XenodeX's observe-and-encode path: every slot block (flags, control,
anchors, per-side unit totals) and every unit block, read straight from the state.

`SlotMemo(encoder)` holds the tables; `memo.gather(state, chunks)` appends one entry
per slot to `chunks`: the slot's `(indices, values)` packed as int64 and float64 bytes,
written **as seat 0 sees it** (envs/encoding/xenodex_state.py maps them to the
observer's indices), so one memo serves every observer.

A slot's entries are a pure function of the raw facts in its key (its flags, every seat's
anchor and TX bonuses there, whence its control, the Echo fields, and its units' instances,
cards, BP, actions used and flags), memoized: between two decisions most slots are unchanged,
and other seats see the same slot. A unit's STR and DEF add to its printed values what
`battle.slot_bonuses` adds (the anchors' auras, TX bonuses, the Echo fields; floor 0) and
an anchor's DEF adds its side's Fortify there, as `observe` does.
tests/envs/test_xenodex_fast_encoding.py checks the result against `encode(observation)`.
"""
from __future__ import annotations

import struct
from operator import itemgetter
from typing import Any

from envs.encoding.xenodex_layout import BP_SCALE, MAX_SEATS, STAT_SCALE
from sim.xenodex import cycle as cy
from sim.xenodex.state import DENIED, RALLIED

_STR_CAP = 3 * STAT_SCALE
_BP_CAP = 2 * BP_SCALE


def pack(ones: list[int], idx: list[int], val: list[float]) -> tuple[bytes, bytes]:
    """A chunk of `gather_state`: the indices `ones + idx` as int64 bytes and their values
    (1.0 for each of `ones`, then `val`) as float64 bytes."""
    return (struct.pack(f"={len(ones) + len(idx)}q", *ones, *idx),
            struct.pack(f"={len(ones) + len(val)}d", *_ONE * len(ones), *val))


_ONE = (1.0,)


class SlotMemo:
    """The slot and unit entries of one XenodexEncoder, memoized per slot (module docstring)."""

    LIMIT = 1024
    """Slots remembered before the memo forgets them all."""

    def __init__(self, enc: Any) -> None:  # a XenodexEncoder, which imports this module
        self.enc = enc
        game = enc.game
        D, n = enc.D, enc.n
        self.memo: dict[tuple, tuple[bytes, bytes]] = {}
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

    def gather(self, state: Any, chunks: list[tuple[bytes, bytes]]) -> None:
        """Append each slot's packed entries (as seat 0 sees them) to `chunks`."""
        n, K = state.n, state.K
        memo = self.memo
        siege, start, proven = state.siege, state.start_ctrl, state.proven
        echo_slot = state.echo_slot
        fields = (state.fstr, state.fdef)
        board, card, bp, used, flags = state.board, state.card, state.bp, state.used, state.flags
        # per slot: every seat's anchor level, BP and TX STR and DEF bonuses there
        anchors = list(zip(*[a[q * K:q * K + K] for a in (state.alvl, state.abp, state.bstr,
                                                          state.bdef) for q in range(n)]))
        ctrl = None
        for k in range(K):
            here = board[k]
            m = len(here)
            if m > 1:
                get = itemgetter(*here)
                key = (k, fields, anchors[k], siege[k], start[k], proven[k], k == echo_slot,
                       tuple(here), get(card), get(bp), get(used), get(flags))
            elif m:
                j = here[0]
                key = (k, fields, anchors[k], siege[k], start[k], proven[k], k == echo_slot,
                       j, card[j], bp[j], used[j], flags[j])
            else:
                key = (k, fields, anchors[k], siege[k], start[k], proven[k], k == echo_slot)
            hit = memo.get(key)
            if hit is None:
                if ctrl is None:
                    ctrl = cy.controllers(state)
                o: list[int] = []
                i: list[int] = []
                v: list[float] = []
                self._slot(state, k, ctrl[k], o, i, v)
                if m:
                    self._units(state, k, o, i, v)
                hit = pack(o, i, v)
                if len(memo) >= self.LIMIT:
                    memo.clear()
                memo[key] = hit
            chunks.append(hit)

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

    def _units(self, state: Any, k: int, ones: list[int], idx: list[int],
               val: list[float]) -> None:
        """Append the unit blocks of slot k's units and the slot's per-side unit totals."""
        enc = self.enc
        g = state.game
        n, K = state.n, state.K
        sides = enc.sides
        fstr, fdef = state.fstr, state.fdef
        alvl, abp = state.alvl, state.abp
        ov, lv_ov, bw, lv_bw = g.overcharge, g.lv_overcharge, g.bulwark, g.lv_bulwark
        sb = []  # per side, the STR and DEF `battle.slot_bonuses` adds here
        db = []
        for q in range(n):
            i = q * K + k
            live = abp[i] > 0
            lvl = alvl[i]
            sb.append(fstr + state.bstr[i] + (ov if live and lvl >= lv_ov else 0))
            db.append(fdef + state.bdef[i] + (bw if live and lvl >= lv_bw else 0))
        sb.append(fstr)
        db.append(fdef)
        card, bp, used, flags = state.card, state.bp, state.used, state.flags
        u_bp, u_str, u_def, u_strikes = g.u_bp, g.u_str, g.u_def, g.u_strikes
        max_bp, side_of, rel_of = self.max_bp, self.side_of, self.rel_of
        base_of, idx_of = self.base_of, self.idx_of
        u_on, u_slot, u_card = enc._unit_off[:3]
        u_card -= 1
        u_denied, u_rallied = enc._unit_off[9:11]
        pos = enc.positions[k]
        slot_at = u_slot + pos
        count = [0] * sides
        tstr = [0] * sides
        tbp = [0] * sides
        for j in state.board[k]:
            c = card[j]
            q = side_of[j]
            r = rel_of[j]
            st = u_str[c] + sb[q]
            if st < 0:
                st = 0
            df = u_def[c] + db[q]
            if df < 0:
                df = 0
            h = bp[j]
            count[r] += 1
            tstr[r] += st
            tbp[r] += h
            ub = base_of[j]
            ones += (ub + u_on, ub + slot_at, ub + u_card + c)
            left = u_strikes[c] - used[j]
            idx += idx_of[j]
            val += (h / BP_SCALE if h < _BP_CAP else 2.0, h / u_bp[c], max_bp[c],
                    st / STAT_SCALE if st < _STR_CAP else 3.0,
                    df / STAT_SCALE if df < _STR_CAP else 3.0,
                    (left / 3.0 if left < 3 else 1.0) if left > 0 else 0.0)
            f = flags[j]
            if f & DENIED:
                ones.append(ub + u_denied)
            if f & RALLIED:
                ones.append(ub + u_rallied)
        b = enc.slot_bases[pos]
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
