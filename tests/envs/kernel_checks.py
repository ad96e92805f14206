"""What the tests of the compiled batch writers (envs/encoding/*_kernels.py) share: comparing
an encoder's compiled rows with its numpy rows byte for byte, and the digest of a case's
rows in a fresh process with TCGLAB_NO_NUMBA=1."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np

from envs.registry import game_spec
from tests.envs.helpers import CASE_GAMES, game_states

ROOT = Path(__file__).resolve().parents[2]


def assert_same_rows(compiled: Any, plain: Any, states: list, seats: int) -> None:
    """`compiled.encode_seats` and `plain.encode_seats` give the same bytes for `states`, in
    batches of 64, with the observers shifted through all `seats`; no states give no rows."""
    for shift in range(seats):
        at = [(i + shift) % seats for i in range(len(states))]
        for a in range(0, len(states), 64):
            got = compiled.encode_seats(states[a:a + 64], at[a:a + 64])
            want = plain.encode_seats(states[a:a + 64], at[a:a + 64])
            assert got.dtype == want.dtype == np.float32
            assert got.tobytes() == want.tobytes(), (shift, a)
    assert compiled.encode_seats([], []).shape == (0, compiled.size)


def rows_digest(case: str) -> str:
    """The sha256 of a fresh encoder's rows of seeded positions of `case` ("cipher",
    "xenodex@3", ...), observers taking turns."""
    game = CASE_GAMES[case]
    encoder = game_spec(game.name).make_encoder(game)
    states = list(game_states(case, 2, seed=71, every=3))
    rows = encoder.encode_seats(states, [i % game.num_players for i in range(len(states))])
    return hashlib.sha256(rows.tobytes()).hexdigest()


_SCRIPT = """
from envs.encoding.kernels import available
from tests.envs.kernel_checks import rows_digest
print(available(), rows_digest({case!r}))
"""


def digest_without_numba(case: str) -> tuple[bool, str]:
    """In a fresh process with TCGLAB_NO_NUMBA=1: whether the compiled writers were available
    there, and `rows_digest(case)`."""
    env = dict(os.environ, TCGLAB_NO_NUMBA="1", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", _SCRIPT.format(case=case)], env=env,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    available, digest = done.stdout.split()
    return available == "True", digest
