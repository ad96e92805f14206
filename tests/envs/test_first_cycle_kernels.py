"""First Cycle's compiled batch writers (envs/encoding/first_cycle_kernels.py) write the same
bytes as the numpy code they stand for (`ColumnBatch._powers` and `_fill`), over seeded
games with battles, pending choices, Scan knowledge and every starter deck's passives,
from either seat; with TCGLAB_NO_NUMBA=1 the encoder keeps the numpy code and encodes the
same. The test environment installs numba (the `fast` extra), so the compiled path is the
one tests/envs/test_first_cycle_fast_encoding.py exercises too.
"""
from __future__ import annotations

import numpy as np

from envs.encoding.first_cycle import FirstCycleEncoder
from tests.envs.helpers import GAME, game_states
from tests.envs.kernel_checks import assert_same_rows, digest_without_numba, rows_digest


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
    assert_same_rows(compiled, plain, states, 2)


def test_tcglab_no_numba_keeps_the_numpy_code_with_the_same_rows():
    available, digest = digest_without_numba("first_cycle")
    assert not available
    assert digest == rows_digest("first_cycle")

