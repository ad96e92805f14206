"""Determinization helpers (C-3) the engines share: what an observer cannot see is re-dealt
canonically, so two states the observer cannot tell apart give the same copy for the same
generator (search agents then act identically on them, and no hidden order leaks).

- `shuffled(cards, rng)`: the cards sorted, then permuted by `rng`.
- `split_known(hand, known)`: the hand cards an opponent knows (`known`, a multiset) and the
  rest.
- `draw_seed(rng)`: the seed of a fresh generator for the copy, so it never foresees the
  original's future random events (C-1); `set_rng_state(seed)` builds it on its first draw.
"""
from __future__ import annotations

from collections import Counter

import numpy as np


def shuffled(cards: list[int], rng: np.random.Generator) -> list[int]:
    """`cards` sorted (canonical: their true order is ignored), then permuted by `rng` (no
    draw for fewer than two cards)."""
    cards = sorted(cards)
    if len(cards) >= 2:
        rng.shuffle(cards)  # the draws and order of rng.permutation(len(cards)), without the array
    return cards


def split_known(hand: list[int], known: list[int]) -> tuple[list[int], list[int]]:
    """(the hand cards the opponent knows, the others), each in hand order: a card counts as
    known as many times as `known` lists it."""
    if not known:
        return [], list(hand)
    left = Counter(known)
    shown: list[int] = []
    hidden: list[int] = []
    for c in hand:
        if left[c] > 0:
            left[c] -= 1
            shown.append(c)
        else:
            hidden.append(c)
    return shown, hidden


def draw_seed(rng: np.random.Generator) -> int:
    """One draw from `rng`: the int seed of a determinization's fresh PCG64 (the state's
    `set_rng_state(seed)` builds that generator when it first draws)."""
    return int(rng.integers(0, 2**63 - 1, dtype=np.int64))
