"""The compiled writers work where numba cannot cache them: a copy of the packages whose
`__pycache__` folders cannot be created (a file stands in their place) and a
NUMBA_CACHE_DIR under a file, so numba finds no writable cache location at all. The
encoders then compile in the process and encode the same bytes as here."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from envs.encoding.first_cycle import FirstCycleEncoder
from envs.encoding.xenodex import XenodexEncoder
from tests.envs.helpers import CASE_GAMES, GAME, game_states

ROOT = Path(__file__).resolve().parents[2]

_ENCODE = """
import hashlib, sys
from envs.encoding.first_cycle import FirstCycleEncoder
from envs.encoding.xenodex import XenodexEncoder
from sim import load_game
from tests.envs.helpers import CASE_GAMES, GAME, game_states
fc = list(game_states("first_cycle", 1, seed=5, every=4))
xd = list(game_states("xenodex@2", 1, seed=5, every=8))
f = FirstCycleEncoder(GAME)
x = XenodexEncoder(CASE_GAMES["xenodex@2"])
assert f._batch.kernels is not None and x._state_kernels is not None
rows = (f.encode_seats(fc, [i % 2 for i in range(len(fc))]).tobytes()
        + x.encode_seats(xd, [i % 2 for i in range(len(xd))]).tobytes())
print(hashlib.sha256(rows).hexdigest())
"""


def _digest() -> str:
    fc = list(game_states("first_cycle", 1, seed=5, every=4))
    xd = list(game_states("xenodex@2", 1, seed=5, every=8))
    rows = (FirstCycleEncoder(GAME).encode_seats(fc, [i % 2 for i in range(len(fc))]).tobytes()
            + XenodexEncoder(CASE_GAMES["xenodex@2"]).encode_seats(
                xd, [i % 2 for i in range(len(xd))]).tobytes())
    return hashlib.sha256(rows).hexdigest()


def test_encoders_compile_without_any_writable_numba_cache(tmp_path):
    copy = tmp_path / "repo"
    for package in ("sim", "envs", "agents", "tests"):
        shutil.copytree(ROOT / package, copy / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for folder in [p for p in copy.rglob("*") if p.is_dir()] + [copy]:
        (folder / "__pycache__").write_text("not a folder")
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, so no cache folder can be made under it")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(blocker / "numba"), HOME=str(blocker),
               XDG_CACHE_HOME=str(blocker), PYTHONDONTWRITEBYTECODE="1",
               PYTHONPATH=str(copy))
    env.pop("TCGLAB_NO_NUMBA", None)
    done = subprocess.run([sys.executable, "-c", _ENCODE], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == _digest()
    assert not any(p.suffix in (".nbi", ".nbc") for p in copy.rglob("*"))
