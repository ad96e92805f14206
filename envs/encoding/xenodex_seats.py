"""The seat blocks of XenodeX's column-wise batch of states (`XenodexEncoder.encode_seats`).

`StateSeats(encoder).put` writes every row's seat blocks from the rows' raw facts
(xenodex_rows.py's `RowTables`: CDX, pools, TX sizes and plays left, the played TX, the
proven slots; and the observer's TX hand and the Echo discard, whose card counts it writes
too) with numpy, as `XenodexEncoder.gather` writes them from observations: a seat's emission as
`cycle.emission` gives it (solo or contested by level, plus the Echo's surge), the slots
it controls as `cycle.controllers` finds them (the one live anchor there, active), every
count zone's cards counted in one `np.unique` over their entries' positions. What the
characters' locations say (each seat's hand and deck sizes, its staged and knocked-out
cards, the observer's own hand) comes from the rows' instance tables: the location of every instance, and the card only of those a seat may see (staged, knocked
out, the observer's hand; C-3). tests/envs/test_xenodex_fast_encoding.py and
tests/envs/test_encoding_digest.py check the rows against `encode`'s.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from envs.encoding.xenodex_layout import CDX_CAP, CDX_SCALE, EMISSION_SCALE
from sim.xenodex.state import DECK, GONE, HAND, STAGED

_FEATURES = 11
"""Scaled numbers per seat block: the scalars' but `starved`, emission, control, proven."""


class StateSeats:
    """The seat blocks of one XenodexEncoder's `encode_seats` (module docstring)."""

    def __init__(self, enc: Any) -> None:  # a XenodexEncoder, which imports this module
        game = enc.game
        n, K = enc.n, enc.K
        self.n, self.K, self.size = n, K, enc.size
        self.solo = np.array(game.emission, dtype=np.int64)
        self.contested = np.array(game.contested, dtype=np.int64)
        so = enc.seat_layout.offsets()
        # base[me, q]: the start of seat q's block as seat `me` sees it
        self.base = np.array([[enc.seat_bases[r] for r in rel[:n]] for rel in enc._rel],
                             dtype=np.int64)
        self.present, self.deck, self.starved = so["present"], so["deck"], so["starved"]
        self.offsets = np.array(enc._seat_off, dtype=np.int64)
        # Where each count cell of a row starts (minus 1: card ids count from 1), as the
        # row's observer `me` sees it: per zone z and seat q the cell z * n + q in q's seat
        # block, then the observer's hand, TX hand and the Echo discard.
        counted = (so["staged"] - 1, so["discard"] - 1, so["tx_discard"] - 1)
        rows_counted = (enc.o_hand - 1, enc.o_tx_hand - 1, enc.o_echo_disc - 1)
        self.cell_at = np.array([[self.base[me, q] + counted[z] for z in range(3) for q in range(n)]
                                 + list(rows_counted) for me in range(n)], dtype=np.int64)
        # The cells `add` lists cards for (each seat's played TX, the observer's TX hand, the
        # Echo discard); the rest are counted from the instance tables.
        listed = list(range(2 * n, 3 * n)) + [3 * n + 1, 3 * n + 2]
        self.list_cell_at = np.ascontiguousarray(self.cell_at[:, listed])
        self.D = enc.D
        # Each seat feature's raw number times `mul`, divided by `div` (the encoder's scale,
        # as `gather` applies it: a product or a quotient), clipped to [lo, hi].
        inf = np.inf
        i_hand, i_deck, i_pool, i_tx_draw, i_tx_plays, i_slots = enc._seat_inv
        self.mul = np.array([1.0, 1.0, i_hand, i_deck, i_pool, i_pool, i_tx_draw, 1.0,
                             i_tx_plays, i_slots, i_slots])
        self.div = np.ones(_FEATURES)
        self.div[[0, 1, 7]] = CDX_SCALE, EMISSION_SCALE, 16.0
        self.lo = np.array([0.0, 0.0, 0.0, -inf, 0.0, -inf, 0.0, 0.0, 0.0, -inf, -inf])
        self.hi = np.array([CDX_CAP, 2.0, 2.0, inf, 1.0, inf, 2.0, 2.0, 1.0, inf, inf])

    def put(self, flat: np.ndarray, players: np.ndarray, t: Any) -> None:
        """Write the seat blocks of the rows `t` (xenodex_rows.py's `RowTables`) into `flat`
        (the `(rows, size)` output, flat); `players[i]` is row i's observer."""
        n, D = self.n, self.D
        rows = len(players)
        if not rows:
            return
        cdx, astaged, pool, tx_hand, tx_deck, tx_left, starved = \
            (t.raw[:, f] for f in range(t.raw.shape[1]))
        where = t.instances[1, :, :n * D].reshape(rows, n, D)      # each seat's characters
        in_hand = where == HAND
        hand = in_hand.sum(axis=2)
        deck = (where == DECK).sum(axis=2)
        alvl, abp, proven, surge = t.alvl, t.abp, t.proven, t.surge
        # emission: each active anchor's level value, contested where another is active
        live = alvl >= 0
        active = live & (abp > 0)
        contested = active.sum(axis=1, keepdims=True) > 1
        value = np.where(contested, self.contested[alvl], self.solo[alvl]) + surge[:, None, None]
        emission = np.where(active, value, 0).sum(axis=2)
        # control: the slot's only live anchor, when active
        clean = (live.sum(axis=1, keepdims=True) == 1) & active
        controlled = clean.sum(axis=2)
        seats = np.arange(n)
        proven_n = (proven[:, None, :] == seats[None, :, None]).sum(axis=2)
        base = self.base[players]                                   # (rows, n)
        values = np.stack([cdx, emission, hand, deck, astaged, pool, tx_hand, tx_deck,
                           tx_left, controlled, proven_n], axis=2)   # (rows, n, 11)
        values = values * self.mul / self.div
        np.clip(values, self.lo, self.hi, out=values)
        start = base + (np.arange(rows) * self.size)[:, None]           # (rows, n)
        flat[(start[:, :, None] + self.offsets).reshape(-1)] = values.reshape(-1)
        start = start.reshape(-1)
        flat[start + self.present] = 1.0
        flat[start + self.deck + t.decks.reshape(-1)] = 1.0
        flat[start[starved.reshape(-1) != 0] + self.starved] = 1.0
        # Card counts: each counted card's entry, its cell's start plus its id; repeats add up.
        row_start = (np.arange(rows) * self.size)[:, None]
        cell_start = (self.list_cell_at[players] + row_start).reshape(-1)
        at = [np.repeat(cell_start, t.cell_sizes.reshape(-1)) + t.counted]
        cards = t.instances[0, :, :n * D].reshape(rows, n, D)
        cell_at = self.cell_at[players] + row_start                 # (rows, cells)
        for zone, mask in ((0, where == STAGED), (1, where == GONE)):
            row, q, i = np.nonzero(mask)
            at.append(cell_at[row, zone * n + q] + cards[row, q, i])
        row, i = np.nonzero(in_hand[np.arange(rows), players])      # the observer's own hand
        at.append(cell_at[row, 3 * n] + cards[row, players[row], i])
        at = np.concatenate(at)
        if len(at):
            entries, counts = np.unique(at, return_counts=True)
            flat[entries] = counts
