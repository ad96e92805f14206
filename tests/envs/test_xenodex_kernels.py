"""XenodeX's compiled batch writers (envs/encoding/xenodex_kernels.py) write the same bytes as
the numpy writers they replace, at 2, 3 and 4 players, for every seat; without numba (or
with TCGLAB_NO_NUMBA=1) the encoder keeps the numpy writers and encodes the same. The
compiled `encode_seat` (`StateKernels.encode`) reads the same rows; here it is checked with
Ancients and with a table of the wrong kind, and against the tracker in
tests/envs/test_xenodex_fast_encoding.py.

The test environment installs numba (the `fast` extra of `make venv`), so the compiled
path is the one these tests and tests/envs/test_xenodex_fast_encoding.py exercise.
"""
from __future__ import annotations

from array import array

import pytest

from envs.encoding import kernels
from envs.encoding.xenodex import XenodexEncoder
from sim import load_game
from tests.envs.helpers import CASE_GAMES, game_states, random_states
from tests.envs.kernel_checks import assert_same_rows, digest_without_numba, rows_digest

CASES = ["xenodex@2", "xenodex@3", "xenodex@4"]


def test_the_compiled_writers_are_in_use_here():
    """numba is part of the test environment, so a missing or broken install shows here."""
    assert kernels.available()
    enc = XenodexEncoder(CASE_GAMES["xenodex@2"])
    assert enc._state_kernels is not None


@pytest.mark.parametrize("case", CASES)
def test_compiled_rows_equal_the_numpy_writers_rows(case):
    """Batches of positions of seeded games (battles, Cleaves, TX choices, damaged anchors,
    finished games among them), every seat, in batches of 64 and of 1."""
    game = CASE_GAMES[case]
    n = game.num_players
    compiled = XenodexEncoder(game)
    plain = XenodexEncoder(game)
    plain._state_kernels = None
    states = [s.clone() for s in game_states(case, 3, seed=70, every=2)]
    assert any(s.bslot >= 0 for s in states) and any(s.done for s in states)
    assert_same_rows(compiled, plain, states, n)
    one = compiled.encode_seats(states[-1:], [n - 1])
    assert one.tobytes() == plain.encode_seats(states[-1:], [n - 1]).tobytes()


def test_tcglab_no_numba_keeps_the_numpy_writers_with_the_same_rows():
    """A fresh process with TCGLAB_NO_NUMBA=1 does without numba and encodes the same bytes
    as this one with it."""
    available, digest = digest_without_numba("xenodex@3")
    assert not available
    assert digest == rows_digest("xenodex@3")


def test_with_ancients_both_writers_equal_encode_batch():
    """XD-9: Ancients are instances of the neutral side; on the board they get unit blocks
    and count in their slot's totals, in the compiled and the numpy writers alike."""
    game = load_game("xenodex", num_players=3, ancients=True)
    compiled = XenodexEncoder(game)
    plain = XenodexEncoder(game)
    plain._state_kernels = None
    states = [s.clone() for s in random_states(4, seed=5, every=2, game=game,
                                               deck_pairs=[None])]
    base = game.num_players * game.D
    assert any(s.loc[j] >= 0 for s in states for j in range(base, len(s.loc)))
    seats = [i % 3 for i in range(len(states))]
    for a in range(0, len(states), 64):
        part, who = states[a:a + 64], seats[a:a + 64]
        want = compiled.encode_batch(s.observation(p) for s, p in zip(part, who)).tobytes()
        assert compiled.encode_seats(part, who).tobytes() == want
        assert plain.encode_seats(part, who).tobytes() == want
    tracker = XenodexEncoder(game)
    tracker._state_kernels = None
    for s, p in zip(states, seats):  # encode_seat: the compiled call and the tracker
        want = compiled.encode(s.observation(p)).tobytes()
        assert compiled.encode_seat(s, p).tobytes() == want
        assert tracker.encode_seat(s, p).tobytes() == want


def test_a_state_whose_instance_table_is_not_an_int32_array_is_refused_by_name():
    """The batch reads each state's per-instance tables as raw int32 buffers; a table of
    another kind (a list put there by hand) would be misread, so it is refused, naming it."""
    game = CASE_GAMES["xenodex@2"]
    s = game.new_state(3)
    s.bp = list(s.bp)
    plain = XenodexEncoder(game)
    plain._state_kernels = None
    for enc in (XenodexEncoder(game), plain):
        with pytest.raises(TypeError, match="`bp` is not an int32 array"):
            enc.encode_seats([game.new_state(4), s], [0, 1])
    compiled = XenodexEncoder(game)
    with pytest.raises(TypeError, match="`bp` is not an int32 array"):
        compiled.encode_seat(s, 1)  # the compiled encode_seat reads the same buffers
    s.bp = array("q", s.bp)
    with pytest.raises(TypeError, match="`bp` is not an int32 array"):
        plain.encode_seats([s], [0])
    with pytest.raises(TypeError, match="`bp` is not an int32 array"):
        compiled.encode_seat(s, 0)
