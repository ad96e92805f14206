"""XenodeX's observe-and-encode fast path: one seat's vector read straight from the engine
state, equal to `encoder.encode(state.observation(seat))` without building the
observation dict.

    from envs.encoding.xenodex import XenodexEncoder

    encoder = XenodexEncoder(game)
    vec = encoder.encode_seat(state, seat)        # == encoder.encode(state.observation(seat))
    rows = encoder.encode_seats(states, seats)    # == encoder.encode_batch(observations)

The AEC env and BatchEnv call these. Both read the state only where
sim/xenodex/observation.py's `observe` reads it for that seat (C-3, XD-29): the seat's own
hands of characters and TX; of every other hand, every deck and the TX and Echo decks
only their sizes; the public rest (CDX, emission, staging, pools, discards, the board,
the Echo, the battle and the pending decision).

- `encode_state` (one seat, `encode_seat`): `gather_state` lists the entries of
  `XenodexEncoder.gather`, written as seat 0 sees them, in packed chunks: the game's and
  the seat's own, then every seat block and every board slot (envs/encoding/xenodex_board.py
  computes them; envs/encoding/xenodex_track.py keeps them, recomputing only the blocks
  whose facts changed since the last state: between two decisions most are unchanged).
  `frames[me]` then maps the indices to seat `me`'s, so the blocks serve every observer.
- `encode_states` (many, `encode_seats`): each row's few varied entries gathered in
  Python as its seat sees them, its seat, slot and unit blocks computed column-wise by
  numpy (envs/encoding/xenodex_seats.py, xenodex_slots.py, xenodex_batch.py), or by the
  same writes compiled by numba where it is installed (envs/encoding/xenodex_kernels.py).

tests/envs/test_xenodex_fast_encoding.py checks both against `encode(observation)` over
seeded games and that states differing only in what the seat may not see encode the same.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from envs.encoding.base import fill_rows, int64_array
from envs.encoding.xenodex_board import pack
from envs.encoding.xenodex_layout import (
    ATTACK_SCALE,
    FIELD_SCALE,
    MAX_SEATS,
)
from sim.core.checks import check_seat


def encode_state(enc: Any, state: Any, me: int) -> np.ndarray:
    """Seat `me`'s vector of `state` (a valid seat of a state of `enc.game`): the entries of
    `gather_state`, mapped to `me`'s indices (`frames`), written into a new float32 array."""
    chunks: list[tuple[bytes, bytes]] = []
    gather_state(enc, state, me, chunks)
    i, v = map(b"".join, zip(*chunks))
    at = np.frombuffer(i, np.int64)
    if me:
        at = enc._frames[me][at]
    out = np.zeros(enc.layout.size, dtype=np.float32)
    out[at] = np.frombuffer(v, np.float32)
    return out


def encode_states(enc: Any, states: Sequence[Any], seats: Sequence[int]) -> np.ndarray:
    """`(N, size)` float32, row i seat `seats[i]`'s vector of `states[i]` (states of
    `enc.game`; each seat is checked): each row's few varied entries (`gather_rest`, as the
    row's seat sees them) gathered in Python, its seat, slot and unit blocks written
    column-wise for every row at once: by numba's compiled writers where numba is installed
    (envs/encoding/xenodex_kernels.py), else by numpy (envs/encoding/xenodex_seats.py,
    xenodex_slots.py, xenodex_batch.py's `StateUnits`)."""
    if len(states) != len(seats):
        raise ValueError(f"{len(states)} states but {len(seats)} seats")
    n = enc.n
    ones: list[int] = []
    idx: list[int] = []
    val: list[float] = []
    ones_ends: list[int] = []
    idx_ends: list[int] = []
    mes: list[int] = []
    units, seat_blocks, slots = enc._state_units, enc._state_seats, enc._state_slots
    for part in (units, seat_blocks, slots):
        part.clear()
    for state, seat in zip(states, seats):
        me = seat if seat.__class__ is int and 0 <= seat < n else check_seat(seat, n)
        gather_rest(enc, state, me, me, ones, idx, val)
        units.add(state)
        seat_blocks.add(state, me)
        slots.add(state)
        ones_ends.append(len(ones))
        idx_ends.append(len(idx))
        mes.append(me)
    kernels = enc._state_kernels
    if kernels is not None and mes:
        out = np.zeros((len(mes), enc.layout.size), dtype=np.float32)
        kernels.put(out, ones, ones_ends, idx, val, idx_ends, int64_array(mes))
    elif mes:
        out = fill_rows(enc.layout.size, ones, ones_ends, idx, val, idx_ends)
        players = np.array(mes, dtype=np.intp)
        flat = out.reshape(-1)
        fortify = units.put(flat, players)
        seat_blocks.put(flat, players, units)
        slots.put(flat, players, fortify, units)
    else:
        out = np.zeros((0, enc.layout.size), dtype=np.float32)
    for part in (units, seat_blocks, slots):
        part.clear()
    return out


def gather_state(enc: Any, state: Any, me: int, chunks: list[tuple[bytes, bytes]]) -> None:
    """Append seat `me`'s entries of `state` (a valid seat of a state of `enc.game`) for the
    XenodexEncoder `enc` to `chunks`, as packed `(indices, values)` pairs (int64 and
    float32 bytes; an entry equal to 1 is listed with the value 1.0): the entries
    `enc.gather(state.observation(me), ...)` lists, but written **as seat 0 sees them**:
    every seat-relative part (seat blocks, anchors, control, unit blocks and totals, the
    battle's passed sides, the decider, Cleave hits) at its absolute seat, the rest as `me`
    sees it; `enc._frames[me]` maps them to `me`'s indices. The seat blocks and the board
    slots' entries come from the encoder's tracker (envs/encoding/xenodex_track.py), which
    recomputes only those that changed since the last state it saw; the game's and `me`'s
    hands' entries are reused while their facts are unchanged (`_game_chunk`), and the
    battle's, the pending decision's and the seat flags' come from a memo (`_turn_chunk`)."""
    tracker = enc._tracker
    tracker.chunks(state, chunks)
    chunks.append(_game_chunk(enc, state, me, tracker))
    chunks.append(_turn_chunk(enc, state))


def _game_chunk(enc: Any, state: Any, me: int, tracker: Any) -> tuple[bytes, bytes]:
    """`gather_game`'s entries for seat `me`, packed; the last ones for `me` while the facts
    they come from are unchanged (the cycle, phase, result, the Echo and its decks and
    fields, `me`'s hands, and the cards: the tracker's copy of them, replaced whenever
    they change)."""
    facts = (state.cycle, state.phase, state.done, state.winner, state.echo,
             len(state.echo_deck), state.fstr, state.fdef, tracker.card)
    saved = enc._game_chunks.get(me)
    if (saved is not None and saved[0] == facts and saved[1] == state.echo_disc
            and saved[2] == state.hand[me] and saved[3] == state.tx_hand[me]):
        return saved[4]
    ones: list[int] = []
    idx: list[int] = []
    val: list[float] = []
    gather_game(enc, state, me, ones, idx, val)
    chunk = pack(ones, idx, val)
    enc._game_chunks[me] = (facts, state.echo_disc[:], state.hand[me][:], state.tx_hand[me][:],
                            chunk)
    return chunk


TURN_MEMO_LIMIT = 4096
"""Entries of each kind (pending decisions; the rest of a turn's) an encoder remembers
before it forgets them all."""


def _turn_chunk(enc: Any, state: Any) -> tuple[bytes, bytes]:
    """`gather_turn`'s entries as seat 0 sees them, packed, from two memos per encoder: the
    battle's and the seat flags' (a pure function of the battle's slot, stage and passed
    sides, the lead, the seat to act and the result: a few dozen recur all game), then the
    pending decision's (a pure function of the engine's pending tuple, memoized apart so
    that its many values do not multiply with the rest's)."""
    key = (state.bslot, state.bstage, state.bpassed, state.lead, state.current_player,
           state.done, state.winner)
    memo = enc._turn_chunks
    rest = memo.get(key)
    if rest is None:
        ones: list[int] = []
        _gather_battle_and_seats(enc, state, 0, ones)
        rest = pack(ones, (), ())
        if len(memo) >= TURN_MEMO_LIMIT:
            memo.clear()
        memo[key] = rest
    pend = state.pending
    if pend is None:
        return rest
    memo = enc._pending_chunks
    try:
        hit = memo.get(pend)
    except TypeError:  # a pending choice holding a list (not the engine's own): no memo
        hit = None
        memo = None
    if hit is None:
        ones = []
        idx: list[int] = []
        val: list[float] = []
        _gather_pending(enc, state, pend, 0, ones, idx, val)
        hit = pack(ones, idx, val)
        if memo is not None:
            if len(memo) >= TURN_MEMO_LIMIT:
                memo.clear()
            memo[pend] = hit
    return rest[0] + hit[0], rest[1] + hit[1]


def gather_rest(enc: Any, state: Any, me: int, frame: int, ones: list[int], idx: list[int],
                val: list[float]) -> None:
    """Append seat `me`'s entries of the game, the battle, the pending decision and the
    seats' lead, to-act and winner flags, seat-relative ones as seat `frame` sees them
    (`encode_states` passes `me`); not the card counts of the Echo discard and of `me`'s
    hands, which `encode_states` counts column-wise."""
    gather_game(enc, state, me, ones, idx, val, counts=False)
    gather_turn(enc, state, frame, ones, idx, val)


def gather_turn(enc: Any, state: Any, frame: int, ones: list[int], idx: list[int],
                val: list[float]) -> None:
    """Append the battle's, the seats' lead, to-act and winner and the pending decision's
    entries, seat-relative ones as seat `frame` sees them (see `gather_rest`)."""
    _gather_battle_and_seats(enc, state, frame, ones)
    pend = state.pending
    if pend is not None:
        _gather_pending(enc, state, pend, frame, ones, idx, val)


def _gather_battle_and_seats(enc: Any, state: Any, frame: int, ones: list[int]) -> None:
    """Append the battle's and the seats' lead, to-act and winner entries (all ones), as
    seat `frame` sees them."""
    rel = enc._rel[frame]
    if state.bslot >= 0:
        ones.append(enc.o_battle)
        ones.append(enc.o_bslot + enc.positions[state.bslot])
        if state.bstage == 0:
            ones.append(enc.o_bstage)
        passed = state.bpassed
        for q in range(state.sides):
            if passed >> q & 1:
                ones.append(enc.o_bpassed + rel[q])
    s_lead, s_to_act, s_winner = enc._seat_flag_off[6:9]
    seat_bases = enc.seat_bases
    ones.append(seat_bases[rel[state.lead]] + s_lead)
    current = state.current_player
    if current >= 0:
        ones.append(seat_bases[rel[current]] + s_to_act)
    if state.done and state.winner >= 0:
        ones.append(seat_bases[rel[state.winner]] + s_winner)


def gather_game(enc: Any, state: Any, me: int, ones: list[int], idx: list[int],
                val: list[float], counts: bool = True) -> None:
    """Append the game and own-hand entries (those that depend on `me`, and the Echo's);
    without `counts`, all but the card counts of the Echo discard and of `me`'s hands
    (`encode_states` counts them column-wise)."""
    cycle = state.cycle
    limit = state.params.cycle_limit
    idx.append(enc.o_cycle)
    x = cycle / limit
    val.append(2.0 if x > 2.0 else x)
    if cycle < limit:
        idx.append(enc.o_left)
        val.append((limit - cycle) / limit)
    ones.append(enc.o_players + state.n - 2)
    try:
        ones.append(enc._phase[state.phase])
    except KeyError:
        raise ValueError(f"unknown phase {state.phase!r}: the encoder needs updating") from None
    if state.done:
        winner = state.winner
        ones.append(enc.o_outcome + (0 if winner == me else 1 if winner >= 0 else 2))
    ones.append(enc.o_echo + state.echo)
    echo_left = len(state.echo_deck)
    if echo_left:
        idx.append(enc.o_echo_deck)
        val.append(echo_left / enc.echo_total)
    counters = enc._fast_counts
    if counts and state.echo_disc:
        i, v = counters[0].entries(state.echo_disc)
        idx += i
        val += v
    f = state.fstr
    if f:
        x = f / FIELD_SCALE
        idx.append(enc.o_fields)
        val.append(-2.0 if x < -2.0 else 2.0 if x > 2.0 else x)
    f = state.fdef
    if f:
        x = f / FIELD_SCALE
        idx.append(enc.o_fields + 1)
        val.append(-2.0 if x < -2.0 else 2.0 if x > 2.0 else x)
    if not counts:
        return
    hand = state.hand[me]
    if hand:
        i, v = counters[1].entries(tuple(map(state.card.__getitem__, hand)))
        idx += i
        val += v
    tx_hand = state.tx_hand[me]
    if tx_hand:
        i, v = counters[2].entries(tx_hand)
        idx += i
        val += v


def _gather_pending(enc: Any, state: Any, pend: tuple, me: int, ones: list[int],
                    idx: list[int], val: list[float]) -> None:
    """Append the pending decision's entries as seat `me` sees them, from the engine's
    pending tuple as `observe` reads it."""
    n = state.n
    kind = pend[0]
    enc._gather_pending_kind(kind, ones)
    p = pend[1]
    ones.append(enc.o_pplayer + (p - me) % n)
    if kind in ("strike", "actor", "cleave", "ability"):
        ones.append(enc.o_pslot + enc.positions[pend[2]])
        if kind != "strike":
            ones.append(enc.o_punit + pend[3] - p * state.D)
        if kind == "ability":
            ones.append(enc.o_pability + pend[4])
        elif kind == "cleave":
            left = pend[4] / 3.0
            atk = pend[5] / ATTACK_SCALE
            idx += (enc.o_pleft, enc.o_patk)
            val += (0.0 if left < 0.0 else 1.0 if left > 1.0 else left,
                    0.0 if atk < 0.0 else 2.0 if atk > 2.0 else atk)
            cleave_hits(enc, pend[6], n, p, me, ones)
    elif kind == "tx":
        ones.append(enc.o_ptx + pend[2] - 1)
        home = enc._home.get(pend[3][0])
        if home is not None:
            ones.append(home)
def frames(enc: Any) -> np.ndarray:
    """`(n, size)` intp, read only: row `me` maps an index of the vector as seat 0 sees it to
    the index seat `me` sees. Every seat-relative part (a seat block; in a slot block the
    control one-hots, a seat's anchor features and its unit totals; a seat's unit blocks;
    the battle's passed sides; the decider; the Cleave hits) moves from relative seat r to
    (r - me) mod n; the rest (the Ancients' parts among them) stays."""
    n = enc.n
    D, KP = enc.D, enc.KP
    lo = enc.slot_layout.offsets()
    # Each seat-relative part: (its start for each relative seat r < n, its length).
    parts: list[tuple[list[int], int]] = [
        (enc.seat_bases[:n], enc.seat_layout.size),
        ([enc.unit_bases[r][0] for r in range(n)], D * enc.unit_layout.size),
        ([enc.o_bpassed + r for r in range(n)], 1),
        ([enc.o_pplayer + r for r in range(n)], 1),
        ([enc.o_phit_units + r * D for r in range(n)], D),
        ([enc.o_phit_anchors + r * KP for r in range(n)], KP)]
    anchor = lo["anchor_1"] - lo["anchor_0"]  # one seat's anchor features, contiguous
    for b in enc.slot_bases:
        for name in ("start_controller", "controller", "proven", "units", "str", "bp"):
            parts.append(([b + lo[name] + r for r in range(n)], 1))
        parts.append(([b + lo[f"anchor_{r}"] for r in range(n)], anchor))
    out = np.tile(np.arange(enc.layout.size, dtype=np.intp), (n, 1))
    for me in range(n):
        for starts, length in parts:
            for r in range(n):
                a = starts[r]
                t = starts[(r - me) % n]
                out[me, a:a + length] = np.arange(t, t + length)
    out.setflags(write=False)
    return out


def cleave_hits(enc: Any, hits: Sequence[int], n: int, p: int, me: int, ones: list[int]) -> None:
    """Append to `ones` the entries of a pending Cleave's hit targets (target action ids), as
    seat `me` sees them; `p` is the attacking side, `n` the seat count."""
    D = enc.D
    for a in hits:
        r_p, u = divmod(a - enc.a_target, D + enc.K)
        q = r_p if r_p >= n else (p + r_p) % n     # the absolute side hit
        r = (q - me) % n if q < n else MAX_SEATS
        if u < D:
            ones.append(enc.o_phit_units + r * D + u)
        else:
            ones.append(enc.o_phit_anchors + r * enc.KP + enc.positions[u - D])
