"""XenodeX's compiled batch writers (envs/encoding/xenodex_kernels.py) write the same bytes as
the numpy writers they replace, at 2, 3 and 4 players, for every seat; without numba (or
with TCGLAB_NO_NUMBA=1) the encoder keeps the numpy writers and encodes the same.

The test environment installs numba (the `fast` extra of `make venv`), so the compiled
path is the one these tests and tests/envs/test_xenodex_fast_encoding.py exercise.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import numpy as np
import pytest

from envs.encoding import kernels
from envs.encoding.xenodex import XenodexEncoder
from tests.envs.helpers import CASE_GAMES, game_states

CASES = ["xenodex@2", "xenodex@3", "xenodex@4"]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _numpy_encoder(game) -> XenodexEncoder:
    enc = XenodexEncoder(game)
    enc._state_kernels = None
    return enc


def test_the_compiled_writers_are_in_use_here():
    """numba is part of the test environment, so a missing or broken install shows here."""
    assert kernels.available()
    assert XenodexEncoder(CASE_GAMES["xenodex@2"])._state_kernels is not None


@pytest.mark.parametrize("case", CASES)
def test_compiled_rows_equal_the_numpy_writers_rows(case):
    """Batches of positions of seeded games (battles, Cleaves, TX choices, damaged anchors,
    finished games among them), every seat, in batches of 64 and of 1."""
    game = CASE_GAMES[case]
    n = game.num_players
    compiled = XenodexEncoder(game)
    plain = _numpy_encoder(game)
    assert compiled._state_kernels is not None
    states = [s.clone() for s in game_states(case, 3, seed=70, every=2)]
    assert any(s.bslot >= 0 for s in states) and any(s.done for s in states)
    for shift in range(n):
        seats = [(i + shift) % n for i in range(len(states))]
        for a in range(0, len(states), 64):
            got = compiled.encode_seats(states[a:a + 64], seats[a:a + 64])
            want = plain.encode_seats(states[a:a + 64], seats[a:a + 64])
            assert got.dtype == want.dtype == np.float32
            assert got.tobytes() == want.tobytes()
    one = compiled.encode_seats(states[-1:], [n - 1])
    assert one.tobytes() == plain.encode_seats(states[-1:], [n - 1]).tobytes()
    assert compiled.encode_seats([], []).shape == (0, compiled.size)


_DIGEST = """
import hashlib, sys
sys.path.insert(0, {root!r})
from envs.encoding import kernels
from envs.encoding.xenodex import XenodexEncoder
from tests.envs.helpers import CASE_GAMES, game_states
states = list(game_states("xenodex@3", 2, seed=71, every=3))
enc = XenodexEncoder(CASE_GAMES["xenodex@3"])
rows = enc.encode_seats(states, [i % 3 for i in range(len(states))])
print(kernels.available(), hashlib.sha256(rows.tobytes()).hexdigest())
"""


def test_tcglab_no_numba_keeps_the_numpy_writers_with_the_same_rows():
    """A fresh process with TCGLAB_NO_NUMBA=1 does without numba and encodes the same bytes
    as this one with it."""
    env = dict(os.environ, TCGLAB_NO_NUMBA="1")
    done = subprocess.run([sys.executable, "-c", _DIGEST.format(root=ROOT)], env=env,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    available, digest = done.stdout.split()
    assert available == "False"
    states = list(game_states("xenodex@3", 2, seed=71, every=3))
    rows = XenodexEncoder(CASE_GAMES["xenodex@3"]).encode_seats(
        states, [i % 3 for i in range(len(states))])
    assert digest == hashlib.sha256(rows.tobytes()).hexdigest()
