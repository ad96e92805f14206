"""The seat blocks of XenodeX's column-wise batch of states (`XenodexEncoder.encode_seats`).

`StateSeats(encoder)`: each row adds its state's raw seat facts (`add`: CDX, pools, hand,
deck and TX sizes, the staged and knocked-out cards and the played TX, the proven
slots; and the observer's hands and the Echo discard, whose card counts it writes too),
then `put` writes every row's seat blocks with numpy, as
`XenodexEncoder.gather` writes them from observations: a seat's emission as
`cycle.emission` gives it (solo or contested by level, plus the Echo's surge), the slots
it controls as `cycle.controllers` finds them (the one live anchor there, active), the
card counts by `bincount`. tests/envs/test_xenodex_fast_encoding.py and
tests/envs/test_encoding_digest.py check the rows against `encode`'s.
"""
from __future__ import annotations

from itertools import chain
from typing import Any

import numpy as np

from envs.encoding.base import int64_array
from envs.encoding.xenodex_layout import CDX_CAP, CDX_SCALE, EMISSION_SCALE

_SCALARS = 9
"""Raw numbers per seat in `StateSeats.scalars`."""


class StateSeats:
    """The seat blocks of one XenodexEncoder's `encode_seats` (module docstring)."""

    def __init__(self, enc: Any) -> None:  # a XenodexEncoder, which imports this module
        game = enc.game
        n, K = enc.n, enc.K
        self.n, self.K, self.size = n, K, enc.size
        self.surge = game.echo_surge
        self.solo = np.array(game.emission, dtype=np.int64)
        self.contested = np.array(game.contested, dtype=np.int64)
        self.deck_index = enc._deck_index
        self.deck_rows: dict[tuple, list[int]] = {}  # each deck-name tuple's one-hot indices
        self.no_deck = len(enc.decks)
        so = enc.seat_layout.offsets()
        # base[me, q]: the start of seat q's block as seat `me` sees it
        self.base = np.array([[enc.seat_bases[r] for r in rel[:n]] for rel in enc._rel],
                             dtype=np.int64)
        self.present, self.deck, self.starved = so["present"], so["deck"], so["starved"]
        self.counted = (so["staged"] - 1, so["discard"] - 1, so["tx_discard"] - 1)
        self.offsets = np.array(enc._seat_off, dtype=np.int64)
        self.cards = max(len(game.u_name), len(game.tx), len(game.echoes))  # any card id < this
        # per row: the observer's hand, its TX hand, the Echo discard
        self.row_counted = (enc.o_hand - 1, enc.o_tx_hand - 1, enc.o_echo_disc - 1)
        self.clear()

    def clear(self) -> None:
        """Forget the rows added."""
        self.scalars: list[int] = []   # per row and seat: _SCALARS numbers (see `add`)
        self.decks: list[int] = []     # per row and seat: its deck's one-hot index
        self.anchors: list[int] = []   # per row: proven (K), surge
        self.zones: list[list[int]] = [[], [], []]   # staged and discard cards, TX played
        self.zone_sizes: list[list[int]] = [[], [], []]  # their numbers per row and seat
        self.row_zones: list[list[int]] = [[], [], []]  # the observer's hand (cards), TX
        self.row_sizes: list[list[int]] = [[], [], []]  # hand and the Echo discard, per row

    def add(self, state: Any, me: int) -> None:
        """Add the next row's state, as seat `me` sees it."""
        s = self.scalars
        s += state.cdx
        s += map(len, state.hand)
        s += map(len, state.deck)
        s += state.astaged
        s += state.pool
        s += map(len, state.tx_hand)
        s += map(len, state.tx_deck)
        s += state.tx_left
        s += state.starved
        decks = self.deck_rows.get(state.decks)
        if decks is None:
            index = self.deck_index
            decks = self.deck_rows[state.decks] = [index.get(d, self.no_deck)
                                                   for d in state.decks]
        self.decks += decks
        a = self.anchors
        a += state.proven
        a.append(self.surge[state.echo])
        (staged, discard, tx), (n_staged, n_discard, n_tx) = self.zones, self.zone_sizes
        card_of = state.card.__getitem__
        staged += map(card_of, chain.from_iterable(state.staged))
        n_staged += map(len, state.staged)
        discard += map(card_of, chain.from_iterable(state.discard))
        n_discard += map(len, state.discard)
        tx += chain.from_iterable(state.tx_disc)
        n_tx += map(len, state.tx_disc)
        (hand, tx_hand, echo), (n_hand, n_tx_hand, n_echo) = self.row_zones, self.row_sizes
        mine = state.hand[me]
        hand += map(card_of, mine)
        n_hand.append(len(mine))
        mine = state.tx_hand[me]
        tx_hand += mine
        n_tx_hand.append(len(mine))
        echo += state.echo_disc
        n_echo.append(len(state.echo_disc))

    def put(self, flat: np.ndarray, players: np.ndarray, inv: tuple[float, ...],
            units: Any) -> None:
        """Write the seat blocks of the rows added into `flat` (the `(rows, size)` output,
        flat); `players[i]` is row i's observer, `inv` the encoder's `_seat_inv`, `units`
        the `StateUnits` that put the same rows (their anchors)."""
        n, K = self.n, self.K
        rows = len(players)
        if not rows:
            return
        i_hand, i_deck, i_pool, i_tx_draw, i_tx_plays, i_slots = inv
        raw = int64_array(self.scalars).reshape(rows, _SCALARS, n)
        cdx, hand, deck, astaged, pool, tx_hand, tx_deck, tx_left, starved = \
            (raw[:, f] for f in range(_SCALARS))
        a = int64_array(self.anchors).reshape(rows, K + 1)
        alvl, abp = units.anchor_levels, units.anchor_bp
        proven = a[:, :K]
        surge = a[:, -1]
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
        values = np.stack([
            np.clip(cdx / CDX_SCALE, 0.0, CDX_CAP), np.clip(emission / EMISSION_SCALE, 0.0, 2.0),
            np.clip(hand * i_hand, 0.0, 2.0), deck * i_deck, np.clip(astaged * i_pool, 0.0, 1.0),
            pool * i_pool, np.clip(tx_hand * i_tx_draw, 0.0, 2.0),
            np.clip(tx_deck / 16.0, 0.0, 2.0), np.clip(tx_left * i_tx_plays, 0.0, 1.0),
            controlled * i_slots, proven_n * i_slots], axis=2)         # (rows, n, 11)
        start = base + (np.arange(rows) * self.size)[:, None]           # (rows, n)
        flat[(start[:, :, None] + self.offsets).reshape(-1)] = values.reshape(-1)
        start = start.reshape(-1)
        flat[start + self.present] = 1.0
        flat[start + self.deck + int64_array(self.decks)] = 1.0
        flat[start[starved.reshape(-1) != 0] + self.starved] = 1.0
        row_start = np.arange(0, rows * self.size, self.size)
        for z, (zone, sizes, at) in enumerate(zip(self.zones + self.row_zones,
                                                  self.zone_sizes + self.row_sizes,
                                                  self.counted + self.row_counted)):
            if not zone:
                continue
            per_seat = z < 3
            cell = np.repeat(np.arange(len(sizes)), int64_array(sizes))  # (row, seat) or row
            ids = int64_array(zone)
            counts = np.bincount(cell * self.cards + ids, minlength=len(sizes) * self.cards)
            nz = np.flatnonzero(counts)
            cell_start = start if per_seat else row_start
            flat[cell_start[nz // self.cards] + at + nz % self.cards] = counts[nz]
