"""Seeding helpers (ruling C-1): every random event draws from a generator the state holds.

Generators are numpy PCG64 streams, which give the same numbers on every platform and in
every process. Global `random` and `np.random` functions are never used.
"""
from __future__ import annotations

import numpy as np
from numpy.random.bit_generator import ISeedSequence

from sim.core.checks import check_seed
from sim.core.errors import InvalidArgumentError


class _Placeholder(ISeedSequence):
    """The seed of a PCG64 whose state is overwritten at once (`rng_from_state`): the words
    SeedSequence(0) gives, computed once. Seeding through a real SeedSequence (or reading OS
    entropy) cost about three times what restoring the state does, and search agents restore
    one generator per determinized copy that rolls."""

    _words = np.random.SeedSequence(0).generate_state(4, np.uint64)
    _words.setflags(write=False)

    def generate_state(self, n_words: int, dtype: type = np.uint32) -> np.ndarray:
        """The words of SeedSequence(0) (PCG64 asks for 4 uint64)."""
        if n_words == 4 and dtype is np.uint64:
            return self._words
        return np.random.SeedSequence(0).generate_state(n_words, dtype)


_FIXED = _Placeholder()


def make_rng(seed: int | np.random.SeedSequence | None) -> np.random.Generator:
    """A PCG64 generator from an int seed or a SeedSequence (None is refused: be explicit)."""
    if seed is None:
        raise InvalidArgumentError("seed must be given (an int or a numpy SeedSequence) for reproducibility")
    return np.random.Generator(np.random.PCG64(check_seed(seed)))


def spawn_seeds(seed: int, n: int) -> list[int]:
    """n independent int seeds derived from `seed` through a SeedSequence (for batches)."""
    children = np.random.SeedSequence(seed).spawn(n)
    return [int(c.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1)) for c in children]


def rng_state(rng: np.random.Generator) -> dict:
    """The generator's full state as a JSON-friendly dict (for to_dict round trips)."""
    return rng.bit_generator.state


def rng_from_state(state: dict | int) -> np.random.Generator:
    """A PCG64 generator restored from `rng_state`, or a fresh one from an int seed (what
    `np.random.PCG64(seed)` gives)."""
    if isinstance(state, int):
        return np.random.Generator(np.random.PCG64(state))
    bg = np.random.PCG64(_FIXED)
    bg.state = state
    return np.random.Generator(bg)


def fresh_rng_state(rng: np.random.Generator) -> dict:
    """A new PCG64 state (as `rng_state` gives) drawn from `rng`: 128-bit state and odd increment.

    For a determinization's unforeseeable future (C-1): an independent stream chosen by
    `rng`, about five times cheaper than seeding a PCG64 through a SeedSequence.
    """
    w0, w1, w2, w3 = rng.bit_generator.random_raw(4).tolist()
    return {"bit_generator": "PCG64", "state": {"state": w0 << 64 | w1, "inc": (w2 << 64 | w3) | 1},
            "has_uint32": 0, "uinteger": 0}


class LazyRng:
    """Mixin for a state's own generator (C-1), copied lazily: a clone shares the source's
    saved stream position and builds its Generator only when it first draws, so the many
    clones of search and one-ply agents that never draw cost nothing for it."""

    __slots__ = ("_rng", "_rng_state")

    @property
    def rng(self) -> np.random.Generator:
        """The state's generator (built on first use after a clone)."""
        r = self._rng
        if r is None:
            r = self._rng = rng_from_state(self._rng_state)
            self._rng_state = None
        return r

    @rng.setter
    def rng(self, value: np.random.Generator) -> None:
        self._rng = value
        self._rng_state = None

    def rng_snapshot(self) -> dict | int:
        """The generator's state (or the int seed of one not built yet); a saved one is shared
        between clones and never mutated."""
        return self._rng.bit_generator.state if self._rng is not None else self._rng_state

    def copy_rng_into(self, into: LazyRng) -> None:
        """Give `into` this generator's stream position (an independent copy, built lazily)."""
        into._rng = None
        into._rng_state = self.rng_snapshot()

    def set_rng_state(self, state: dict | int) -> None:
        """Start the generator from a saved state (e.g. `fresh_rng_state`) or an int seed (e.g.
        `sim.core.hidden.draw_seed`), built lazily."""
        self._rng = None
        self._rng_state = state
