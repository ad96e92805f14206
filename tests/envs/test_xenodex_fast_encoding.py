"""XenodeX's observe-and-encode path (`encode_seat`, `encode_seats`,
envs/encoding/xenodex_state.py and xenodex_board.py) equals `encode(observation)` bit for
bit, at 2, 3 and 4 players and for every seat, and reads nothing its seat may not see
(C-3, XD-29).

tests/envs/test_encoding_digest.py checks the encoder's bits against digests recorded from
the reference code; this file checks the fast paths against the plain ones.
"""
from __future__ import annotations

import numpy as np
import pytest

from envs.encoding import xenodex_board, xenodex_state
from envs.encoding.xenodex import XenodexEncoder
from sim import load_game
from sim.core.errors import InvalidArgumentError
from tests.envs.helpers import CASE_DECKS, CASE_GAMES, ENCODERS, game_states, random_states

CASES = ["xenodex@2", "xenodex@3", "xenodex@4"]


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


@pytest.mark.parametrize("case", CASES)
def test_encode_seat_equals_encode_of_the_observation(case):
    """Every seat of every position along seeded games, with one encoder (its memos warm
    across games) and a fresh one."""
    enc = ENCODERS[case]
    n = CASE_GAMES[case].num_players
    states = [s.clone() for s in game_states(case, 2, seed=40)]
    assert min(_met(states).values()) > 0, _met(states)
    for s in states:
        for p in range(n):
            assert np.array_equal(_bits(enc.encode_seat(s, p)), _bits(enc.encode(s.observation(p))))
    fresh = XenodexEncoder(CASE_GAMES[case])
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


def test_the_memos_forget_and_still_encode_the_same(monkeypatch):
    """With memos of two entries (cleared nearly every step) the vectors are unchanged."""
    monkeypatch.setattr(xenodex_board.SlotMemo, "LIMIT", 2)
    monkeypatch.setattr(xenodex_state, "SEAT_MEMO_LIMIT", 2)
    game = CASE_GAMES["xenodex@3"]
    enc = XenodexEncoder(game)
    for s in game_states("xenodex@3", 1, seed=60, every=2):
        for p in range(3):
            assert np.array_equal(_bits(enc.encode_seat(s, p)), _bits(enc.encode(s.observation(p))))
    assert len(enc._board.memo) <= 2 and len(enc._seat_memo) <= 2


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c3_encode_seat_is_the_same_for_twins_the_seat_cannot_tell_apart(players):
    """Twins re-dealing all a seat may not see (`determinize`: other seats' hands and TX
    hands, every deck order, the Echo deck order) encode the same for that seat, straight
    from the state and column-wise; the next seat, who sees its own hand, often tells them
    apart."""
    case = f"xenodex@{players}"
    enc = ENCODERS[case]
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
