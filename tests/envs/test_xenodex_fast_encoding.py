"""XenodeX's observe-and-encode paths (`encode_seat`, `encode_seats`,
envs/encoding/xenodex_state.py, xenodex_board.py, xenodex_track.py and xenodex_kernels.py)
equal `encode(observation)` bit for bit, at 2, 3 and 4 players and for every seat, whatever
the order of the states they see, and read nothing their seat may not see (C-3, XD-29).
`encode_seat` has two paths, both checked: the compiled one (`StateKernels.encode`, where numba
runs, as here) and the tracker's (without numba).

tests/envs/test_encoding_digest.py checks the encoder's bits against digests recorded from
the reference code; this file checks the fast paths against the plain ones.
"""
from __future__ import annotations

import struct

import numpy as np
import pytest

from envs.encoding import xenodex_state
from envs.encoding.xenodex import XenodexEncoder
from envs.encoding.xenodex_board import pack
from sim import load_game
from sim.core.errors import InvalidArgumentError
from sim.xenodex.state import DENIED, GONE, HAND, STAGED
from tests.envs.helpers import CASE_DECKS, CASE_GAMES, ENCODERS, game_states, random_states

CASES = ["xenodex@2", "xenodex@3", "xenodex@4"]
PATHS = ["compiled", "tracker"]


def _encoder(game, path: str) -> XenodexEncoder:
    """A new encoder of `game` whose `encode_seat` takes `path`: the compiled `StateKernels.encode`,
    or the block tracker that stands in without numba."""
    enc = XenodexEncoder(game)
    if path == "tracker":
        enc._state_kernels = None
    else:
        assert enc._state_kernels is not None, "numba is part of the test environment"
    return enc


def _bits(vec: np.ndarray) -> np.ndarray:
    return vec.view(np.uint32)


def _met(states: list) -> dict[str, int]:
    """How often the positions show what the encoding must get right."""
    return {"battle": sum(s.bslot >= 0 for s in states),
            "cleave": sum(s.pending is not None and s.pending[0] == "cleave" for s in states),
            "tx": sum(s.pending is not None and s.pending[0] == "tx" for s in states),
            "damaged anchor": sum(0 < b < s.game.anchor_bp[lv] for s in states
                                  for lv, b in zip(s.alvl, s.abp) if lv >= 0),
            "denied or rallied": sum(s.flags[j] & 3 != 0 for s in states for b in s.board
                                     for j in b),
            "over": sum(s.done for s in states)}


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("case", CASES)
def test_encode_seat_equals_encode_of_the_observation(case, path):
    """Every seat of every position along seeded games, with one encoder (its tracker or
    memos following the positions across games) and a fresh one."""
    enc = _encoder(CASE_GAMES[case], path)
    n = CASE_GAMES[case].num_players
    states = [s.clone() for s in game_states(case, 2, seed=40)]
    assert min(_met(states).values()) > 0, _met(states)
    for s in states:
        for p in range(n):
            assert np.array_equal(_bits(enc.encode_seat(s, p)), _bits(enc.encode(s.observation(p))))
    fresh = _encoder(CASE_GAMES[case], path)
    s = states[len(states) // 2]
    assert np.array_equal(_bits(fresh.encode_seat(s, n - 1)), _bits(enc.encode_seat(s, n - 1)))


@pytest.mark.parametrize("case", CASES)
def test_encode_seats_equals_encode_batch(case):
    """Batches of positions of many games, the seats mixed, encode as `encode_batch` of
    their views."""
    enc = ENCODERS[case]
    n = CASE_GAMES[case].num_players
    states = [s.clone() for s in game_states(case, 3, seed=50, every=3)]
    seats = [i % n for i in range(len(states))]
    for a in range(0, len(states), 64):
        rows = enc.encode_seats(states[a:a + 64], seats[a:a + 64])
        obs = [s.observation(p) for s, p in zip(states[a:a + 64], seats[a:a + 64])]
        assert rows.dtype == np.float32
        assert np.array_equal(_bits(rows), _bits(enc.encode_batch(obs)))
    assert enc.encode_seats([], []).shape == (0, enc.size)
    with pytest.raises(ValueError, match="2 states but 1 seats"):
        enc.encode_seats(states[:2], [0])


def _same(enc, s, p) -> bool:
    return np.array_equal(_bits(enc.encode_seat(s, p)), _bits(enc.encode(s.observation(p))))


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("case", CASES)
def test_encode_seat_follows_a_state_changed_in_place(case, path):
    """The AEC env's pattern: one state object played on, encoded after every decision for
    the seat to act and for another seat (the tracker keeps copies, not the live lists)."""
    enc = _encoder(CASE_GAMES[case], path)
    n = CASE_GAMES[case].num_players
    steps = 0
    for s in game_states(case, 2, seed=70):
        p = max(s.current_player, 0)
        assert _same(enc, s, p) and _same(enc, s, (p + 1) % n)
        steps += 1
    assert steps > 500


def test_the_tracker_gives_the_same_vectors_for_states_in_any_order():
    """States of several games, shuffled: every block may have changed between two calls."""
    enc = _encoder(CASE_GAMES["xenodex@3"], "tracker")
    states = [s.clone() for s in game_states("xenodex@3", 3, seed=80, every=4)]
    order = np.random.default_rng(0).permutation(len(states))
    for i in order:
        assert _same(enc, states[i], int(i) % 3)


@pytest.mark.parametrize("path", PATHS)
def test_the_turn_memo_forgets_and_still_encodes_the_same(monkeypatch, path):
    """With memos of two turn chunks, two pending chunks and two game chunks (cleared
    nearly every step), and with a pending choice holding a list, the vectors are
    unchanged."""
    monkeypatch.setattr(xenodex_state, "TURN_MEMO_LIMIT", 2)
    enc = _encoder(CASE_GAMES["xenodex@3"], path)
    for s in game_states("xenodex@3", 1, seed=61, every=2):
        for p in range(3):
            assert _same(enc, s, p)
        if s.pending is not None:
            t = s.clone()
            t.pending = [*t.pending]
            assert _same(enc, t, 1)
    assert len(enc._turn_chunks) <= 2 and len(enc._pending_chunks) <= 2
    assert enc._pending_chunks
    assert len(enc._rest_chunks) <= 2 and bool(enc._rest_chunks) == (path == "compiled")


def _edits(s, rng) -> dict:
    """One edit per fact the tracker compares, each a function changing a clone of `s` in
    place (values kept within what the engine can reach)."""
    n, K = s.n, s.K
    on_board = [j for b in s.board for j in b]
    j = on_board[int(rng.integers(len(on_board)))]
    k_of = next(k for k, b in enumerate(s.board) if j in b)
    anchors = [i for i, lv in enumerate(s.alvl) if lv >= 0]
    a = anchors[int(rng.integers(len(anchors)))]
    q = int(rng.integers(n))
    other = (k_of + 1) % K

    zoned = [i for z in (*s.staged, *s.discard) for i in z]
    z = zoned[0] if zoned else j
    h = s.hand[q][0] if s.hand[q] else j

    def move(t):
        t.board[k_of].remove(j)
        t.board[other].append(j)
        t.loc[j] = other

    def deal(zone, where):  # the deck's top card to `zone` of seat q, its location kept true
        def edit(t):
            i = t.deck[q].pop()
            getattr(t, zone)[q].append(i)
            t.loc[i] = where
        return edit

    return {
        "bp": lambda t: t.bp.__setitem__(j, max(1, t.bp[j] - 1)),
        "used": lambda t: t.used.__setitem__(j, t.used[j] + 1),
        "flags": lambda t: t.flags.__setitem__(j, t.flags[j] ^ DENIED),
        "card": lambda t: t.set_card(j, 1 + t.card[j] % (len(t.game.u_name) - 1)),
        "card (staged or knocked out)": lambda t: t.set_card(z, 1 + t.card[z] % (len(t.game.u_name) - 1)),
        "alvl": lambda t: t.alvl.__setitem__(a, 1 - min(t.alvl[a], 1)),
        "abp": lambda t: t.abp.__setitem__(a, 0 if t.abp[a] else 1),
        "abp (damage)": lambda t: t.abp.__setitem__(a, t.abp[a] + 1),
        "bstr": lambda t: t.bstr.__setitem__(a, t.bstr[a] + 1),
        "bdef": lambda t: t.bdef.__setitem__(a, t.bdef[a] + 1),
        "siege": lambda t: t.siege.__setitem__(k_of, not t.siege[k_of]),
        "start_ctrl": lambda t: t.start_ctrl.__setitem__(k_of, q if t.start_ctrl[k_of] != q else -1),
        "proven": lambda t: t.proven.__setitem__(k_of, q if t.proven[k_of] != q else -1),
        "echo_slot": lambda t: setattr(t, "echo_slot", other),
        "fstr": lambda t: setattr(t, "fstr", t.fstr + 1),
        "fdef": lambda t: setattr(t, "fdef", t.fdef - 1),
        "board": move,
        "cdx": lambda t: t.cdx.__setitem__(q, t.cdx[q] + 1),
        "astaged": lambda t: t.astaged.__setitem__(q, t.astaged[q] + 1),
        "pool": lambda t: t.pool.__setitem__(q, t.pool[q] + 1),
        "tx_left": lambda t: t.tx_left.__setitem__(q, t.tx_left[q] + 1),
        "starved": lambda t: t.starved.__setitem__(q, not t.starved[q]),
        "hand": deal("hand", HAND),
        "tx_hand": lambda t: t.tx_hand[q].append(t.tx_deck[q].pop()),
        "staged": deal("staged", STAGED),
        "discard": deal("discard", GONE),
        "tx_disc": lambda t: t.tx_disc[q].append(t.tx_deck[q].pop()),
        "cycle": lambda t: setattr(t, "cycle", t.cycle + 1),
        "phase": lambda t: setattr(t, "phase", "recovery" if t.phase != "recovery" else "summon"),
        "echo": lambda t: setattr(t, "echo", 1 + t.echo % 3),
        "echo_disc": lambda t: t.echo_disc.append(t.echo),
        "card (in hand)": lambda t: t.set_card(h, 1 + t.card[h] % (len(t.game.u_name) - 1)),
    }


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("case", CASES)
def test_encode_seat_sees_each_fact_change_alone(case, path):
    """After a state, a copy with one fact changed (a unit's BP, actions or flags, a card,
    an anchor's level or BP, a TX bonus, siege, control, proven, the Echo slot and fields,
    a unit moved, a seat's CDX, pools, TX plays, zones; the cycle, the phase, the Echo and
    its discard): the vector follows, for every seat."""
    n = CASE_GAMES[case].num_players
    rng = np.random.default_rng(90)
    states = [s.clone() for s in game_states(case, 2, seed=90, every=7)
              if any(s.board) and max(s.alvl) >= 0 and all(len(d) >= 2 for d in s.deck)
              and all(s.tx_deck) and any(s.discard) and s.echo_deck and all(s.hand)]
    assert len(states) > 10
    checked: set[str] = set()
    for s in states[:12]:
        enc = _encoder(CASE_GAMES[case], path)
        for name, edit in _edits(s, rng).items():
            enc.encode_seat(s, 0)
            t = s.clone()
            edit(t)
            for p in range(n):
                assert _same(enc, t, p), name
                assert _same(enc, s, p), name
            checked.add(name)
    assert len(checked) == 32


@pytest.mark.parametrize("case", CASES)
def test_frames_move_seat_blocks_and_fix_the_rest(case):
    """Row `me` of the frames is a permutation: the identity for seat 0, and seat block r
    of seat 0's view lands on seat block (r - me) mod n."""
    enc = ENCODERS[case]
    n = CASE_GAMES[case].num_players
    frames = enc._frames
    assert frames.shape == (n, enc.size)
    assert np.array_equal(frames[0], np.arange(enc.size))
    for me in range(n):
        assert np.array_equal(np.sort(frames[me]), np.arange(enc.size))
        for r in range(n):
            assert frames[me][enc.seat_bases[r]] == enc.seat_bases[(r - me) % n]
    assert not frames.flags.writeable


def test_a_state_of_another_game_object_takes_the_plain_path():
    enc = ENCODERS["xenodex@2"]
    other = load_game("xenodex", num_players=2)
    states = [s for i, s in enumerate(random_states(1, seed=3, game=other,
                                                    deck_pairs=CASE_DECKS["xenodex@2"]))
              if i % 25 == 0]
    for s in states:
        assert np.array_equal(enc.encode_seat(s, 1), enc.encode(s.observation(1)))
    rows = enc.encode_seats(states, [0] * len(states))
    assert np.array_equal(rows, enc.encode_batch(s.observation(0) for s in states))


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_c3_encode_seat_is_the_same_for_twins_the_seat_cannot_tell_apart(players, path):
    """Twins re-dealing all a seat may not see (`determinize`: other seats' hands and TX
    hands, every deck order, the Echo deck order) encode the same for that seat, straight
    from the state and column-wise; the next seat, who sees its own hand, often tells them
    apart."""
    case = f"xenodex@{players}"
    enc = _encoder(CASE_GAMES[case], path)
    rng = np.random.default_rng(100 + players)
    points = told = 0
    for i, s in enumerate(game_states(case, 3, seed=200 + players, every=5)):
        seat = i % players
        twin = s.determinize(seat, rng)
        assert np.array_equal(_bits(enc.encode_seat(twin, seat)), _bits(enc.encode_seat(s, seat)))
        rows = enc.encode_seats([twin, s], [seat, seat])
        assert np.array_equal(_bits(rows[0]), _bits(rows[1]))
        other = (seat + 1) % players
        told += not np.array_equal(enc.encode_seat(twin, other), enc.encode_seat(s, other))
        points += 1
    assert points > 100 and told > points // 5


@pytest.mark.parametrize("seat", [2, -1, 0.0, True, "0"])
def test_encode_seat_refuses_a_seat_that_is_not_one(seat):
    enc = ENCODERS["xenodex@2"]
    s = CASE_GAMES["xenodex@2"].new_state(0)
    with pytest.raises(InvalidArgumentError, match="player"):
        enc.encode_seat(s, seat)
    with pytest.raises(InvalidArgumentError, match="player"):
        enc.encode_seats([s], [seat])


@pytest.mark.parametrize("n_ones, n_values", [(0, 0), (3, 4), (255, 0), (0, 255), (300, 0),
                                              (0, 300), (200, 100)])
def test_pack_gives_struct_bytes_below_and_above_its_precompiled_sizes(n_ones, n_values):
    """`pack` uses precompiled structs for short chunks and formats one for long ones: both
    give the int64 indices and the float32 values (1.0 for each of `ones`) in order."""
    ones = list(range(n_ones))
    idx = list(range(1000, 1000 + n_values))
    val = [0.1 * i - 3.0 for i in range(n_values)]
    k = n_ones + n_values
    assert pack(ones, idx, val) == (struct.pack(f"={k}q", *ones, *idx),
                                    struct.pack(f"={k}f", *[1.0] * n_ones, *val))
