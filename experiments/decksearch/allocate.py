"""Copies from weights: the deterministic repair that turns any genome into a legal card count.

    counts = allocate(weights, caps, size, groups=[(indices, cap), ...], floors=floors)

Each card of a pool has a weight (a gene of the search) and a cap (the most copies the deck
rules, and the collection, allow of it). The repair, in this order:

1. wanted copies: the weight rounded half up, clipped to 0..cap, and at least the card's
   floor (a card the deck must hold, such as FE Cipher's Main Character);
2. group caps (copies shared by several cards: FE Cipher's copies per card name, First
   Cycle's allied-colour cards): while a group holds more than its cap, one copy of its
   lowest-weight card above its floor goes;
3. too many cards: copies of the lowest-weight cards go first until the deck has `size`;
4. too few cards: copies of the highest-weight cards with room (under their cap and every
   group cap) are added until the deck has `size`.

Ties go to the lower index, so the same genome always gives the same deck. `allocate`
returns None only when the caps cannot reach `size` at all.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Group = tuple[Sequence[int], int]


def allocate(weights: Sequence[float], caps: Sequence[int], size: int, groups: Sequence[Group] = (),
             floors: Sequence[int] | None = None) -> list[int] | None:
    """Copies per card (see the module docstring), or None when `size` cannot be reached."""
    w = np.asarray(weights, dtype=float)
    n = len(w)
    floor = list(floors) if floors is not None else [0] * n
    counts = [max(floor[i], min(int(caps[i]), int(np.floor(w[i] + 0.5)))) for i in range(n)]
    member: list[list[int]] = [[] for _ in range(n)]
    group_caps = []
    for g, (indices, cap) in enumerate(groups):
        group_caps.append(int(cap))
        for i in indices:
            member[i].append(g)
    low_first = sorted(range(n), key=lambda i: (w[i], -i))  # removal order: lowest weight, later index
    high_first = sorted(range(n), key=lambda i: (-w[i], i))
    for indices, cap in groups:
        inside = set(indices)
        excess = sum(counts[i] for i in inside) - cap
        for i in low_first:
            if excess <= 0:
                break
            if i in inside:
                take = min(excess, counts[i] - floor[i])
                counts[i] -= take
                excess -= take
    excess = sum(counts) - size
    for i in low_first:
        if excess <= 0:
            break
        take = min(excess, counts[i] - floor[i])
        counts[i] -= take
        excess -= take
    if excess > 0:
        return None
    totals = [sum(counts[i] for i in indices) for indices, _ in groups]
    missing = size - sum(counts)
    for i in high_first:
        if missing <= 0:
            break
        room = int(caps[i]) - counts[i]
        for g in member[i]:
            room = min(room, group_caps[g] - totals[g])
        add = max(0, min(room, missing))
        counts[i] += add
        for g in member[i]:
            totals[g] += add
        missing -= add
    return counts if missing == 0 else None
