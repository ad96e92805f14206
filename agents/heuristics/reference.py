"""The heuristics computed from the views that define them: `make_reference_heuristic(game)`.

Each registered heuristic is defined on a view a seat may see (seat 0's observation for
First Cycle and FE Cipher, the public board for XenodeX) and computed for search straight
from the state's fields. The reference computes it from the view itself: several times
slower, and equal to it. Tests hold the fast paths and the greedy agent to it, and
bench/agents.py times greedy against the plain lookahead under it.
"""
from __future__ import annotations

from typing import Any

from agents.heuristics import Heuristic, zero_heuristic
from agents.heuristics import cipher as cipher_h
from agents.heuristics import first_cycle as fc_h
from agents.heuristics import xenodex as xd_h


def make_reference_heuristic(game: Any) -> Heuristic:
    """The registered heuristic of `game` (default weights) computed from the view that
    defines it: `value` of seat 0's observation (First Cycle, FE Cipher; seat 1 gets minus
    it) or `values` of the public board (XenodeX). Several times slower than the heuristic
    `make_heuristic` gives, and equal to it: the definition the fast paths and the greedy
    agent are held to (tests, bench/agents.py)."""
    name = game.name
    if name == "first_cycle":
        fc_w = fc_h.FirstCycleWeights()

        def first_cycle(state: Any) -> list[float]:
            v = fc_h.value(state.observation(0), fc_w)
            return [v, -v]
        return first_cycle
    if name == "cipher":
        cipher_w = cipher_h.CipherWeights()

        def cipher(state: Any) -> list[float]:
            v = cipher_h.value(state.observation(0), cipher_w, state.game)
            return [v, -v]
        return cipher
    if name == "xenodex":
        xd_w = xd_h.XenodexWeights()
        tables = xd_h._Tables(game)
        return lambda state: xd_h.values(state.public_board(), tables, xd_w)
    return zero_heuristic
