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

- `encode_seat` where numba is installed: one call of the compiled writers of
  `encode_seats` on a batch of one (envs/encoding/xenodex_kernels.py's `StateKernels`),
  the varied entries from `rest_chunk`'s memos.
- `encode_state` (one seat, `encode_seat` without numba): `gather_state` lists the entries of
  `XenodexEncoder.gather`, written as seat 0 sees them, in packed chunks: the game's and
  the seat's own, then every seat block and every board slot (envs/encoding/xenodex_board.py
  computes them; envs/encoding/xenodex_track.py keeps them, recomputing only the blocks
  whose facts changed since the last state: between two decisions most are unchanged).
  `frames[me]` then maps the indices to seat `me`'s, so the blocks serve every observer.
- `encode_states` (many, `encode_seats`): each row's few varied entries from
  `rest_chunk`'s memos, as seat 0 sees them (`frames` moves them to the row's seat), its
  raw facts gathered once (envs/encoding/xenodex_rows.py), its seat, slot and unit
  blocks computed column-wise by numpy (envs/encoding/xenodex_seats.py, xenodex_slots.py,
  xenodex_batch.py), or by the same writes compiled by numba where it is installed
  (envs/encoding/xenodex_kernels.py).

tests/envs/test_xenodex_fast_encoding.py checks all three against `encode(observation)` over
seeded games and that states differing only in what the seat may not see encode the same.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from envs.encoding.base import int64_array
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
    `enc.game`; each seat is checked): each row's few varied entries from the memos of
    `rest_chunk` (as seat 0 sees them; `put_framed` moves them to the row's seat), its seat,
    slot and unit blocks written column-wise for every row at once: by numba's compiled
    writers where numba is installed (envs/encoding/xenodex_kernels.py), else by numpy
    (`put_framed`, envs/encoding/xenodex_seats.py, xenodex_slots.py, xenodex_batch.py's
    `StateUnits`), both from the rows' raw facts (envs/encoding/xenodex_rows.py)."""
    if len(states) != len(seats):
        raise ValueError(f"{len(states)} states but {len(seats)} seats")
    n = enc.n
    entries: list[bytes] = []
    values: list[bytes] = []
    ends: list[int] = []
    end = 0
    mes: list[int] = []
    rows = enc._state_rows
    rows.clear()
    for state, seat in zip(states, seats):
        me = seat if seat.__class__ is int and 0 <= seat < n else check_seat(seat, n)
        i, v = rest_chunk(enc, state, me)
        entries.append(i)
        values.append(v)
        end += len(v) >> 2
        ends.append(end)
        rows.add(state, me)
        mes.append(me)
    if not mes:
        return np.zeros((0, enc.layout.size), dtype=np.float32)
    out = np.zeros((len(mes), enc.layout.size), dtype=np.float32)
    gathered = (np.frombuffer(b"".join(entries), np.int64),
                np.frombuffer(b"".join(values), np.float32), int64_array(ends))
    kernels = enc._state_kernels
    try:
        if kernels is not None:
            kernels.put(out, *gathered, int64_array(mes))
        else:
            players = np.array(mes, dtype=np.intp)
            flat = out.reshape(-1)
            t = rows.tables()
            put_framed(flat, enc.layout.size, enc._frames, players, *gathered)
            fortify = enc._state_units.put(flat, players, t)
            enc._state_seats.put(flat, players, t)
            enc._state_slots.put(flat, players, fortify, t)
    finally:
        rows.clear()
    return out


def put_framed(flat: np.ndarray, size: int, frames: np.ndarray, players: np.ndarray,
               entries: np.ndarray, values: np.ndarray, ends: np.ndarray) -> None:
    """Write each row's gathered entries into `flat` (rows of `size`) where the row's seat
    sees them: row i's are `entries[ends[i-1]:ends[i]]` (indices as seat 0 sees them) with
    their `values`, moved by `frames[players[i]]` (numpy; xenodex_kernels.py's `put_framed`
    is the compiled twin)."""
    row = np.repeat(np.arange(len(ends)), np.diff(ends, prepend=0))
    flat[row * size + frames[players[row], entries]] = values


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


def rest_chunk(enc: Any, state: Any, me: int) -> tuple[bytes, bytes]:
    """Seat `me`'s entries of `state` but its blocks (the varied ones of `encode_states` and
    the compiled `encode_seat`), packed, the seat-relative ones as seat 0 sees them: the
    game's but the card counts (the Echo discard's and `me`'s hands', which the writers count
    column-wise), from a memo keyed by the facts they come from (`gather_game` without
    counts), then `_turn_chunk`'s."""
    key = (me, state.cycle, state.phase, state.done, state.winner, state.echo,
           len(state.echo_deck), state.fstr, state.fdef)
    memo = enc._rest_chunks
    game = memo.get(key)
    if game is None:
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        gather_game(enc, state, me, ones, idx, val, counts=False)
        game = pack(ones, idx, val)
        if len(memo) >= TURN_MEMO_LIMIT:
            memo.clear()
        memo[key] = game
    turn = _turn_chunk(enc, state)
    return game[0] + turn[0], game[1] + turn[1]


TURN_MEMO_LIMIT = 4096
"""Entries of each kind (pending decisions; the rest of a turn's) an encoder remembers
before it forgets them all."""


def _turn_chunk(enc: Any, state: Any) -> tuple[bytes, bytes]:
    """The battle's, the seats' lead, to-act and winner flags' and the pending decision's
    entries as seat 0 sees them, packed, from two memos per encoder: the
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
