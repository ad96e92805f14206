"""The slot blocks of XenodeX's column-wise batch of states (`XenodexEncoder.encode_seats`),
but their per-side unit totals (envs/encoding/xenodex_batch.py's `StateUnits` writes those).

`StateSlots(encoder).put` writes every row's slot blocks from the rows' raw facts
(xenodex_rows.py's `RowTables`: siege, control at the cycle's start, proven slots, the
Echo's slot, the anchors) with numpy, as `XenodexEncoder.gather` writes them from observations: the
controller as `cycle.controllers` finds it (the one live anchor there, active), an
anchor's DEF its level's plus the Fortify of its side's characters there (from
`StateUnits.put`). tests/envs/test_xenodex_fast_encoding.py and
tests/envs/test_encoding_digest.py check the rows against `encode`'s.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from envs.encoding.xenodex_layout import STAT_SCALE


class StateSlots:
    """The slot blocks of one XenodexEncoder's `encode_seats` (module docstring)."""

    def __init__(self, enc: Any) -> None:  # a XenodexEncoder, which imports this module
        game = enc.game
        self.n, self.K, self.size = enc.n, enc.K, enc.size
        self.base = np.array(enc.slot_bases, dtype=np.int64)[np.array(enc.positions)]  # (K,)
        (self.present, self.siege, self.start, self.ctrl, self.proven,
         self.echo) = enc._slot_off[:6]
        self.rel = np.array(enc._rel, dtype=np.int64)                  # (n, n + 1)
        # anchor[r]: offsets of relative seat r's anchor features (present, active, level,
        # bp, bp_fraction, def)
        self.anchor = np.array(enc._anchor_off, dtype=np.int64)        # (MAX_SEATS, 6)
        self.top_bp = enc._inv["top_bp"]
        self.anchor_bp = np.array(game.anchor_bp, dtype=np.int64)
        self.anchor_def = np.array(game.anchor_def, dtype=np.int64)

    def put(self, flat: np.ndarray, players: np.ndarray, fortify: np.ndarray, t: Any) -> None:
        """Write the slot blocks of the rows `t` (xenodex_rows.py's `RowTables`) into `flat`
        (the `(rows, size)` output, flat); `players[i]` is row i's observer, `fortify[i, k,
        q]` the Fortify of side q's characters in row i's slot k."""
        K = self.K
        rows = len(players)
        if not rows:
            return
        facts = t.facts
        siege, start, proven = facts[:, :K], facts[:, K:2 * K], facts[:, 2 * K:3 * K]
        echo_slot = facts[:, -1]
        alvl, abp = t.alvl, t.abp
        rel = self.rel[players]                                         # (rows, n + 1)
        base = self.base[None, :] + (np.arange(rows) * self.size)[:, None]  # (rows, K)
        flat[base.reshape(-1) + self.present] = 1.0
        flat[base[siege != 0] + self.siege] = 1.0
        flat[base[echo_slot[:, None] == np.arange(K)] + self.echo] = 1.0
        row_k = np.broadcast_to(np.arange(rows)[:, None], (rows, K))
        for seat_of, off in ((start, self.start), (proven, self.proven)):
            at = seat_of >= 0
            flat[base[at] + off + rel[row_k[at], seat_of[at]]] = 1.0
        live = alvl >= 0
        clean = (live.sum(axis=1) == 1)                                 # (rows, K)
        who = live.argmax(axis=1)                                       # (rows, K)
        clean &= np.take_along_axis(abp, who[:, None, :], axis=1)[:, 0] > 0
        flat[base[clean] + self.ctrl + rel[row_k[clean], who[clean]]] = 1.0
        # anchors: (row, q, k) with a live anchor
        row, q, k = np.nonzero(live)
        lvl = alvl[row, q, k]
        a_bp = abp[row, q, k]
        b = base[row, k]
        off = self.anchor[rel[row, q]]                                  # (m, 6)
        flat[b + off[:, 0]] = 1.0
        up = a_bp > 0
        flat[b[up] + off[up, 1]] = 1.0
        flat[b + off[:, 2] + lvl] = 1.0
        nz = a_bp != 0
        flat[b[nz] + off[nz, 3]] = a_bp[nz] * self.top_bp
        flat[b[nz] + off[nz, 4]] = a_bp[nz] / self.anchor_bp[lvl[nz]]
        a_def = self.anchor_def[lvl] + fortify[row, k, q]
        nz = a_def != 0
        flat[b[nz] + off[nz, 5]] = np.clip(a_def[nz] / STAT_SCALE, 0.0, 3.0)
