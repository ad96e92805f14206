"""First Cycle's compiled batch writers (envs/encoding/first_cycle_kernels.py) write the same
bytes as the numpy code they stand for (`ColumnBatch._powers` and `_fill`), over seeded
games with battles, pending choices, Scan knowledge and every starter deck's passives,
from either seat; with TCGLAB_NO_NUMBA=1 the encoder keeps the numpy code and encodes the
same. The test environment installs numba (the `fast` extra), so the compiled path is the
one tests/envs/test_first_cycle_fast_encoding.py exercises too.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import numpy as np

from envs.encoding.first_cycle import FirstCycleEncoder
from tests.envs.helpers import GAME, game_states

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _positions() -> list:
    """Positions of seeded random games: the default decks, then every starter pairing."""
    states = [s.clone() for s in game_states("first_cycle", 6, seed=90, every=2)]
    rng = np.random.default_rng(9)
    for decks in (["green_starter", "blue_starter"], ["orange_starter", "green_starter"],
                  ["blue_starter", "black_starter"]):
        for seed in range(3):
            s = GAME.new_state(seed, decks)
            while not s.is_terminal():
                states.append(s.clone())
                legal = s.legal_actions()
                s.apply(legal[int(rng.integers(len(legal)))])
            states.append(s)
    return states


def test_compiled_rows_equal_the_numpy_rows():
    compiled = FirstCycleEncoder(GAME)
    plain = FirstCycleEncoder(GAME)
    assert compiled._batch.kernels is not None, "numba is part of the test environment"
    plain._batch.kernels = None
    states = _positions()
    assert sum(s.battle is not None for s in states) > 50
    assert sum(s.pending is not None for s in states) > 20
    assert sum(s.done for s in states) == 15
    for shift in (0, 1):
        seats = [(i + shift) % 2 for i in range(len(states))]
        for a in range(0, len(states), 64):
            got = compiled.encode_seats(states[a:a + 64], seats[a:a + 64])
            want = plain.encode_seats(states[a:a + 64], seats[a:a + 64])
            assert got.dtype == want.dtype == np.float32
            assert got.tobytes() == want.tobytes()
    assert compiled.encode_seats([], []).shape == (0, compiled.size)


_DIGEST = """
import hashlib, sys
sys.path.insert(0, {root!r})
from envs.encoding.first_cycle import FirstCycleEncoder
from tests.envs.helpers import GAME, game_states
states = list(game_states("first_cycle", 3, seed=91, every=2))
enc = FirstCycleEncoder(GAME)
rows = enc.encode_seats(states, [i % 2 for i in range(len(states))])
print(enc._batch.kernels is None, hashlib.sha256(rows.tobytes()).hexdigest())
"""


def test_tcglab_no_numba_keeps_the_numpy_code_with_the_same_rows():
    env = dict(os.environ, TCGLAB_NO_NUMBA="1")
    done = subprocess.run([sys.executable, "-c", _DIGEST.format(root=ROOT)], env=env,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    plain, digest = done.stdout.split()
    assert plain == "True"
    states = list(game_states("first_cycle", 3, seed=91, every=2))
    rows = FirstCycleEncoder(GAME).encode_seats(states, [i % 2 for i in range(len(states))])
    assert digest == hashlib.sha256(rows.tobytes()).hexdigest()
