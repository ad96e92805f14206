"""Which seat and slot blocks of a XenodeX state changed since the last state seen: the
incremental part of the observe-and-encode path (envs/encoding/xenodex_state.py).

    tracker = BlockTracker(encoder, SlotBlocks(encoder))
    chunks: list[tuple[bytes, bytes]] = []
    tracker.chunks(state, chunks)   # every seat block, then every slot, as seat 0 sees them

A tracker keeps copies of the engine's lists that the seat blocks and the board slots are
computed from (the facts `observe` reads for them: anchors, TX bonuses, the Echo and its
fields, siege, control and proven slots, every unit's instance, card, BP, actions and
flags, and each seat's numbers, zone sizes and public zones) and each block's packed
entries. On the next state it compares each list with its copy (list equality, done in C),
finds the indices that differ only in the lists that do, and recomputes just the blocks
those indices belong to; every other block's entries are the ones it kept. A block is a
pure function of those facts, so the result is the same for any sequence of states of the
encoder's game, and cheapest for consecutive states of one match, where one decision
changes a block or two, as the AEC env's state does (`encode_seat` uses one where numba
does not run; with numba, and for BatchEnv's batches, the column-wise writers measured
faster). One
tracker serves every observer (the entries are seat 0's; `frames` maps them).
tests/envs/test_xenodex_fast_encoding.py checks the vectors against `encode(observation)`
along seeded games, across games and for states in any order.
"""
from __future__ import annotations

from itertools import compress
from operator import ne
from typing import Any

from envs.encoding.xenodex_board import SlotBlocks
from sim.xenodex import cycle as cy


def _differ(cur: Any, old: Any) -> list[int]:
    """The indices where two sequences of the same length differ."""
    return list(compress(range(len(cur)), map(ne, cur, old)))


class BlockTracker:
    """The seat and slot blocks of consecutive XenodeX states (module docstring)."""

    __slots__ = ("blocks", "n", "K", "seen", "seat_chunks", "seat_parts", "zone_parts",
                 "slot_chunks", "slot_parts", "total_parts", "unit_parts", "unit_chunks", "unit_slot",
                 "alvl", "abp", "bstr", "bdef", "card", "bp", "used", "flags", "numbers",
                 "zones", "board", "siege", "start", "proven", "echo", "echo_slot", "fields",
                 "decks", "sizes", "slot_facts", "unit_facts", "seat_facts")

    def __init__(self, enc: Any, blocks: SlotBlocks) -> None:
        """A tracker of `enc`'s (a XenodexEncoder's) blocks, computed by `blocks`."""
        self.blocks = blocks
        self.n, self.K = enc.n, enc.K
        self.seen = False

    def chunks(self, state: Any, out: list[tuple[bytes, bytes]]) -> None:
        """Append every seat block's packed entries (seat q's in block q; all but the lead,
        to-act and winner flags), then every slot's (its units' blocks joined to it), all
        as seat 0 sees them, for `state` (a state of the encoder's game)."""
        if self.seen:
            self._update(state)
        else:
            self._start(state)
        out += self.seat_chunks
        out += self.slot_chunks

    def _start(self, state: Any) -> None:
        """Copy every list and compute every block."""
        n, K = self.n, self.K
        self.alvl, self.abp = state.alvl[:], state.abp[:]
        self.bstr, self.bdef = state.bstr[:], state.bdef[:]
        self.card, self.bp, self.used, self.flags = (state.card[:], state.bp[:], state.used[:],
                                                     state.flags[:])
        self.board = [b[:] for b in state.board]
        self.siege, self.start, self.proven = (state.siege[:], state.start_ctrl[:],
                                               state.proven[:])
        self.echo, self.echo_slot = state.echo, state.echo_slot
        self.fields = (state.fstr, state.fdef)
        self.decks = state.decks
        self.numbers = [state.cdx[:], state.astaged[:], state.pool[:], state.tx_left[:],
                        state.starved[:]]
        self.zones = [[z[:] for z in state.staged], [z[:] for z in state.discard],
                      [z[:] for z in state.tx_disc]]
        self.sizes = _sizes(state)
        empty = (b"", b"")
        self.slot_chunks = [empty] * K
        self.slot_parts = [empty] * K
        self.total_parts = [empty] * K
        self.unit_parts = [empty] * K
        self.unit_chunks: dict[int, tuple[bytes, bytes]] = {}
        self.unit_slot: dict[int, int] = {}
        self.seat_chunks = [empty] * n
        self.seat_parts = [empty] * n
        self.zone_parts = [empty] * (3 * n)
        self.slot_facts = (self.alvl, self.abp, self.bstr, self.bdef, self.siege, self.start,
                           self.proven, self.echo_slot, self.echo, *self.fields)
        self.unit_facts = (self.card, self.bp, self.used, self.flags, self.board)
        self.seat_facts = (*self.numbers, *self.zones, self.decks)
        every = set(range(K))
        self._slots(state, every, every, set(), set(), every)
        self._seats(state, set(range(n)), set(range(3 * n)))
        self.seen = True

    def _update(self, state: Any) -> None:
        """Compare the facts with the copies, a group at a time (most decisions leave most
        groups alone), then list by list in a group that changed; recompute the parts whose
        facts changed."""
        anchored: set[int] = set()  # slots whose flags, control or anchors may have changed
        totals: set[int] = set()    # slots whose per-side unit totals may have changed
        restat: set[int] = set()    # side * K + slot: that side's units there may have a new
        #                             STR or DEF (side n: the Ancients)
        moved: set[int] = set()     # instances whose card, BP, actions or flags changed
        reseated: set[int] = set()  # slots whose list of units changed
        every_seat = new_card = False
        if (state.alvl, state.abp, state.bstr, state.bdef, state.siege, state.start_ctrl,
                state.proven, state.echo_slot, state.echo, state.fstr,
                state.fdef) != self.slot_facts:
            every_seat = self._compare_slots(state, anchored, restat)
        if (state.card, state.bp, state.used, state.flags, state.board) != self.unit_facts:
            new_card = self._compare_units(state, anchored, totals, moved, reseated)
        K = self.K
        totals.update(i % K for i in restat)
        if anchored or totals or moved:
            self._slots(state, anchored, totals, restat, moved, reseated)
        sizes = _sizes(state)
        if (every_seat or new_card or sizes != self.sizes
                or (state.cdx, state.astaged, state.pool, state.tx_left, state.starved,
                    state.staged, state.discard, state.tx_disc, state.decks) != self.seat_facts):
            self._compare_seats(state, sizes, every_seat, new_card)

    def _compare_slots(self, state: Any, anchored: set[int], restat: set[int]) -> bool:
        """Add to `anchored` and `restat` what the anchors, TX bonuses, siege, control,
        proven slots and the Echo changed; refresh those copies. True when every seat's
        block may have changed (emission, control or proven counts)."""
        n, K = self.n, self.K
        every_seat = False
        cur, old = state.alvl, self.alvl
        if cur != old:
            d = _differ(cur, old)
            anchored.update(i % K for i in d)
            restat.update(d)
            every_seat = True
            self.alvl = cur[:]
        cur, old = state.abp, self.abp
        if cur != old:
            d = _differ(cur, old)
            anchored.update(i % K for i in d)
            live = [i for i in d if (cur[i] > 0) != (old[i] > 0)]
            if live:
                restat.update(live)
                every_seat = True
            self.abp = cur[:]
        cur, old = state.bstr, self.bstr
        if cur != old:
            restat.update(_differ(cur, old))
            self.bstr = cur[:]
        cur, old = state.bdef, self.bdef
        if cur != old:
            restat.update(_differ(cur, old))
            self.bdef = cur[:]
        for cur, old in ((state.siege, self.siege), (state.start_ctrl, self.start)):
            if cur != old:
                anchored.update(_differ(cur, old))
                old[:] = cur
        cur = state.proven
        if cur != self.proven:
            anchored.update(_differ(cur, self.proven))
            every_seat = True
            self.proven = cur[:]
        if state.echo_slot != self.echo_slot:
            anchored.update(k for k in (state.echo_slot, self.echo_slot) if k >= 0)
            self.echo_slot = state.echo_slot
        if state.echo != self.echo:
            every_seat = True
            self.echo = state.echo
        fields = (state.fstr, state.fdef)
        if fields != self.fields:
            restat.update(range((n + 1) * K))
            self.fields = fields
        self.slot_facts = (self.alvl, self.abp, self.bstr, self.bdef, self.siege, self.start,
                           self.proven, self.echo_slot, self.echo, *self.fields)
        return every_seat

    def _compare_units(self, state: Any, anchored: set[int], totals: set[int],
                       moved: set[int], reseated: set[int]) -> bool:
        """Add to the sets what the units' cards, BP, actions, flags and places changed (a
        new card or BP changes its slot's totals, a card its Fortify too; any change, the
        unit's own block); refresh those copies. True when a card changed."""
        K = self.K
        weighed: set[int] = set()
        new_card = False
        cur = state.card
        if cur != self.card:
            d = _differ(cur, self.card)
            moved.update(d)
            weighed.update(d)
            new_card = True
            self.card = cur[:]
        cur = state.bp
        if cur != self.bp:
            d = _differ(cur, self.bp)
            moved.update(d)
            weighed.update(d)
            self.bp = cur[:]
        cur = state.used
        if cur != self.used:
            moved.update(_differ(cur, self.used))
            self.used = cur[:]
        cur = state.flags
        if cur != self.flags:
            moved.update(_differ(cur, self.flags))
            self.flags = cur[:]
        board = state.board
        if board != self.board:
            kept, unit_slot = self.board, self.unit_slot
            for k in range(K):
                if board[k] != kept[k]:
                    reseated.add(k)
                    for j in set(kept[k]).difference(board[k]):
                        if unit_slot.get(j) == k:
                            del unit_slot[j]
                    kept[k] = board[k][:]
        if weighed:
            for k in range(K):
                if not weighed.isdisjoint(board[k]):
                    totals.add(k)
                    if new_card:
                        anchored.add(k)
        anchored |= reseated
        totals |= reseated
        self.unit_facts = (self.card, self.bp, self.used, self.flags, self.board)
        return new_card

    def _compare_seats(self, state: Any, sizes: tuple[int, ...], every_seat: bool,
                       new_card: bool) -> None:
        """Recompute the seat blocks whose numbers, zone `sizes` or public zones changed
        (every seat's numbers with `every_seat`, their staged and knocked-out counts with
        `new_card`); refresh those copies."""
        n = self.n
        numbered: set[int] = set()
        zoned: set[int] = set()     # zone * n + seat: that zone's card counts may have changed
        if every_seat or state.decks != self.decks:
            numbered.update(range(n))
            self.decks = state.decks
        for cur, old in zip((state.cdx, state.astaged, state.pool, state.tx_left,
                             state.starved), self.numbers):
            if cur != old:
                numbered.update(_differ(cur, old))
                old[:] = cur
        if sizes != self.sizes:
            numbered.update(i % n for i in _differ(sizes, self.sizes))
            self.sizes = sizes
        if new_card:
            zoned.update(range(2 * n))
        for z, (cur, old) in enumerate(zip((state.staged, state.discard, state.tx_disc),
                                           self.zones)):
            if cur != old:
                for q in range(n):
                    if cur[q] != old[q]:
                        zoned.add(z * n + q)
                        old[q] = cur[q][:]
        self.seat_facts = (*self.numbers, *self.zones, self.decks)
        if numbered or zoned:
            self._seats(state, numbered, zoned)

    def _slots(self, state: Any, anchored: set[int], totals: set[int], restat: set[int],
               moved: set[int], reseated: set[int]) -> None:
        """Recompute the slot parts of `anchored` slots, the totals of `totals` slots, the
        units of each `restat` side and slot (side * K + slot), the `moved` instances and
        the units of `reseated` slots new to their slot, and join the changed slots'
        chunks."""
        blocks = self.blocks
        if anchored:
            ctrl = cy.controllers(state)
            for k in anchored:
                self.slot_parts[k] = blocks.slot_part(state, k, ctrl[k])
        unit_chunks, unit_slot, unit_parts = self.unit_chunks, self.unit_slot, self.unit_parts
        side_of = blocks.side_of
        board = state.board
        K = self.K
        restat_slots = {i % K for i in restat}
        for k in range(K):
            here = board[k]
            every = k in reseated or k in restat_slots
            changed = () if every or not moved else moved.intersection(here)
            if not (every or changed or k in totals or k in anchored):
                continue
            part = self.slot_parts[k]
            if not here:
                self.slot_chunks[k] = part
                continue
            sb, db = blocks.bonuses(state, k)
            if k in totals:
                self.total_parts[k] = blocks.totals_part(state, k, sb)
            if every:
                for j in here:
                    if (j in moved or unit_slot.get(j) != k
                            or restat and side_of[j] * K + k in restat):
                        unit_chunks[j] = blocks.unit_chunk(state, j, k, sb, db)
                        unit_slot[j] = k
            else:
                for j in changed:
                    unit_chunks[j] = blocks.unit_chunk(state, j, k, sb, db)
            if every or changed:
                units = [unit_chunks[j] for j in here]
                unit_parts[k] = (b"".join([u[0] for u in units]),
                                 b"".join([u[1] for u in units]))
            total = self.total_parts[k]
            units_part = unit_parts[k]
            self.slot_chunks[k] = (part[0] + total[0] + units_part[0],
                                   part[1] + total[1] + units_part[1])

    def _seats(self, state: Any, numbered: set[int], zoned: set[int]) -> None:
        """Recompute the numbers of `numbered` seats and the card counts of each `zoned`
        zone and seat (zone * n + seat), and join the changed seats' chunks."""
        blocks = self.blocks
        n = self.n
        ctrl = cy.controllers(state) if numbered else None
        for q in numbered:
            self.seat_parts[q] = blocks.seat_part(state, q, ctrl)
        parts = self.zone_parts
        for i in zoned:
            z, q = divmod(i, n)
            parts[i] = blocks.zone_part(state, q, z)
        for q in numbered | {i % n for i in zoned}:
            a, b, c, d = self.seat_parts[q], parts[q], parts[n + q], parts[2 * n + q]
            self.seat_chunks[q] = (a[0] + b[0] + c[0] + d[0], a[1] + b[1] + c[1] + d[1])


def _sizes(state: Any) -> tuple[int, ...]:
    """Every seat's hand, deck, TX hand and TX deck size, seat by seat within each zone."""
    return (*map(len, state.hand), *map(len, state.deck), *map(len, state.tx_hand),
            *map(len, state.tx_deck))
