"""The raw facts of XenodeX's column-wise batch of states: what the unit, seat and slot
writers of `XenodexEncoder.encode_seats` (and of the compiled `encode_seat`) read, gathered
once per row.

    rows = StateRows(encoder)
    rows.add(state, me)            # each row: its state, as seat `me` may see it
    t = rows.tables()              # RowTables: the rows as named numpy arrays
    rows.clear()

A row is three things, so that gathering a state costs a few copies:
- `width` ints packed as int64 bytes as they are read (`fixed`, laid out by `offsets`,
  named in `FIXED`): the anchors' levels, BP and TX bonuses and the Echo fields; every seat's CDX, staged anchors, pool,
  TX hand and deck sizes, TX plays left and starvation; each seat's deck index; the proven
  slots and the Echo's surge; siege, start controllers, proven slots and the Echo's slot;
  the sizes of the listed count cells;
- the listed cells' cards (`counted`): each seat's played TX, the observer's TX hand, the
  Echo discard (what the other count cells hold comes from the instance tables);
- the state's five per-instance tables (card, location, BP, strikes used, flags), which the
  engine keeps as int32 arrays: kept as they are (five appends), and joined table by table
  for the whole batch in one copy.

Only what the seat may see is read (C-3): of the hands only the observer's TX hand, and
the sizes; the characters' cards are read by the writers only where the location says a
seat may see them. The numpy writers (xenodex_batch.py's `StateUnits`, xenodex_seats.py,
xenodex_slots.py) read `tables()`; the compiled ones (xenodex_kernels.py) read the raw
rows, split by `offsets`.
"""
from __future__ import annotations

import struct
from itertools import chain
from typing import Any, NamedTuple

import numpy as np

from envs.encoding.base import int64_array

TABLES = ("card", "loc", "bp", "used", "flags")
"""The per-instance tables of a XenodeX state, in the order a row joins them."""

FIXED = ("anchors", "fields", "raw", "decks", "proven", "surge", "facts", "cell_sizes")
"""The parts of a row's fixed ints, in order (`StateRows.offsets` gives their starts)."""

SCALARS = 7
"""Raw numbers per seat in the `raw` part (CDX, staged anchors, pool, TX hand, TX deck, TX
plays left, starved)."""


class RowTables(NamedTuple):
    """The rows added to a `StateRows`, as arrays (int64 but the instance tables)."""

    anchors: np.ndarray     # (rows, 4, n K): levels, BP, TX STR and DEF bonuses
    alvl: np.ndarray        # (rows, n, K): the anchors' levels
    abp: np.ndarray         # (rows, n, K): the anchors' BP
    fields: np.ndarray      # (rows, 2): the Echo's STR and DEF fields
    raw: np.ndarray         # (rows, SCALARS, n): the seats' numbers
    decks: np.ndarray       # (rows, n): each seat's deck one-hot index
    proven: np.ndarray      # (rows, K): each slot's proving seat or -1
    surge: np.ndarray       # (rows,): the Echo's emission surge
    facts: np.ndarray       # (rows, 3 K + 1): siege, start controller, proven, Echo slot
    cell_sizes: np.ndarray  # (rows, n + 2): the listed cells' sizes
    counted: np.ndarray     # every row's listed cards, cell by cell
    instances: np.ndarray   # (5, rows, instances) int32: the TABLES


class StateRows:
    """The rows of one XenodexEncoder's batch (module docstring)."""

    def __init__(self, enc: Any) -> None:  # a XenodexEncoder, which imports this module
        n, K = enc.n, enc.K
        self.n, self.K = n, K
        self.instances = enc.game.sides * enc.D
        self.surge = enc.game.echo_surge
        self.deck_index = enc._deck_index
        self.deck_rows: dict[tuple, list[int]] = {}  # each deck-name tuple's one-hot indices
        self.no_deck = len(enc.decks)
        sizes = (4 * n * K, 2, SCALARS * n, n, K, 1, 3 * K + 1, n + 2)
        starts = np.cumsum((0, *sizes))
        self.width = int(starts[-1])
        self.offsets = starts.astype(np.int64)  # each FIXED part's start, then the width
        self.pack = struct.Struct(f"={self.width}q").pack
        self.clear()

    def clear(self) -> None:
        """Forget the rows added."""
        self.fixed: list[bytes] = []
        self.counted: list[int] = []
        self.card: list[Any] = []   # the rows' tables, one list per name of TABLES
        self.loc: list[Any] = []
        self.bp: list[Any] = []
        self.used: list[Any] = []
        self.flags: list[Any] = []

    def add(self, state: Any, me: int) -> None:
        """Add the next row: `state` (a state of the encoder's game) as seat `me` sees it
        (its per-instance tables are checked when `joined`)."""
        self.fixed.append(self.row(state, me, self.counted))
        self.card.append(state.card)
        self.loc.append(state.loc)
        self.bp.append(state.bp)
        self.used.append(state.used)
        self.flags.append(state.flags)

    def joined(self) -> bytes:
        """The rows' per-instance tables, table by table (TABLES order), row by row within
        each: `(5, rows, instances)` int32 bytes. A table that is not an int32 array of the
        game's instances is a TypeError naming it."""
        tables = (self.card, self.loc, self.bp, self.used, self.flags)
        try:
            joined = b"".join(chain.from_iterable(tables))
        except TypeError:  # a list among the buffers
            joined = b""
        if len(joined) != 20 * self.instances * len(self.card):
            for name, rows in zip(TABLES, tables):
                for table in rows:
                    self.check_table(name, table)
        return joined

    def row(self, state: Any, me: int, counted: list[int]) -> bytes:
        """The fixed ints of `state` as seat `me` sees it (module docstring), packed as
        int64; appends its listed cards to `counted`."""
        decks = self.deck_rows.get(state.decks)
        if decks is None:
            index = self.deck_index
            decks = self.deck_rows[state.decks] = [index.get(d, self.no_deck)
                                                   for d in state.decks]
        tx_hand, tx_disc, echo_disc = state.tx_hand[me], state.tx_disc, state.echo_disc
        counted += [*chain.from_iterable(tx_disc), *tx_hand, *echo_disc]
        return self.pack(*state.alvl, *state.abp, *state.bstr, *state.bdef, state.fstr,
                         state.fdef, *state.cdx, *state.astaged, *state.pool,
                         *map(len, state.tx_hand), *map(len, state.tx_deck), *state.tx_left,
                         *state.starved, *decks, *state.proven, self.surge[state.echo],
                         *state.siege, *state.start_ctrl, *state.proven, state.echo_slot,
                         *map(len, tx_disc), len(tx_hand), len(echo_disc))

    def instance_bytes(self, state: Any) -> Any:
        """`state`'s per-instance tables joined (an int32 `array.array` of 5 x instances,
        the layout of `joined` for one row); a table of another kind is a TypeError naming
        it."""
        try:
            joined = state.card + state.loc + state.bp + state.used + state.flags
        except TypeError:  # a list among int32 arrays
            joined = None
        if (joined is None or len(joined) != 5 * self.instances
                or getattr(joined, "itemsize", 0) != 4):
            for name in TABLES:
                self.check_table(name, getattr(state, name))
        return joined

    def check_table(self, name: str, table: Any) -> None:
        """A TypeError naming `name` unless `table` is an int32 array of the game's
        instances."""
        if (getattr(table, "typecode", None) != "i" or table.itemsize != 4
                or len(table) != self.instances):
            raise TypeError(f"a state's `{name}` is not an int32 array of {self.instances} "
                            "instances (sim/xenodex/state.py keeps them so)")

    def tables(self) -> RowTables:
        """The rows added, as arrays (read-only views of one copy of each kind)."""
        n, K = self.n, self.K
        rows = len(self.card)
        fixed = np.frombuffer(b"".join(self.fixed), np.int64).reshape(rows, self.width)
        o = self.offsets
        anchors = fixed[:, o[0]:o[1]].reshape(rows, 4, n * K)
        return RowTables(
            anchors, anchors[:, 0].reshape(rows, n, K), anchors[:, 1].reshape(rows, n, K),
            fixed[:, o[1]:o[2]], fixed[:, o[2]:o[3]].reshape(rows, SCALARS, n),
            fixed[:, o[3]:o[4]], fixed[:, o[4]:o[5]], fixed[:, o[5]], fixed[:, o[6]:o[7]],
            fixed[:, o[7]:o[8]], int64_array(self.counted),
            np.frombuffer(self.joined(), np.int32).reshape(5, rows, self.instances))
