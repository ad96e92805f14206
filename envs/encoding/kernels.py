"""What the encoders' compiled writers share: whether numba may run (`available`), the
compiler (`compile_all`), and `put_entries`, the compiled `put_rows`.

Every game's batch encoder (envs/encoding/first_cycle_kernels.py, cipher_kernels.py,
xenodex_kernels.py) writes its rows with numba-compiled loops where numba is installed (the
optional `fast` extra; `make venv` installs it), instead of the dozens of numpy calls per
batch whose fixed costs dominate at BatchEnv's batch sizes; each loop writes the same
entries with the same float64 arithmetic, rounded once to float32, as the numpy code it
stands for, which stays as the fallback. Importing these modules does not import numba;
building an encoder's writers does, and the machine code is cached on disk beside the
modules (numba's `cache=True`; where that is read-only, in numba's user cache, else not at
all), so only the first process on a machine compiles (a few seconds). The environment
variable TCGLAB_NO_NUMBA=1 keeps the numpy writers.
"""
from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from typing import Any


def available() -> bool:
    """Whether the compiled writers can run here: numba importable and TCGLAB_NO_NUMBA unset
    (or 0)."""
    return (os.environ.get("TCGLAB_NO_NUMBA", "") in ("", "0")
            and importlib.util.find_spec("numba") is not None)


def compile_all(*functions: Callable[..., Any]) -> tuple[Any, ...]:
    """`functions` compiled by numba's `njit(cache=True)` (each on its first call); where
    numba finds no writable place for its cache (a read-only install and no writable home
    or NUMBA_CACHE_DIR), compiled anew in each process instead."""
    from numba import njit
    try:
        return tuple(njit(cache=True)(f) for f in functions)
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        return tuple(njit(f) for f in functions)


def put_entries(flat, size, ones, ones_ends, idx, val, idx_ends):
    """`put_rows` (envs/encoding/base.py), compiled: row i's `ones` (value 1) and `idx`/`val`
    entries, by the running row ends `ones_ends` and `idx_ends`, written at row i of `flat`
    (rows of `size`)."""
    a = 0
    for row in range(len(ones_ends)):
        start = row * size
        end = ones_ends[row]
        while a < end:
            flat[start + ones[a]] = 1.0
            a += 1
    a = 0
    for row in range(len(idx_ends)):
        start = row * size
        end = idx_ends[row]
        while a < end:
            flat[start + idx[a]] = val[a]
            a += 1
