"""Determinization (C-3): re-deal everything an observer cannot see, keep what they can.

Hidden from the observer: both deck orders, ALL orbs (face-down for everyone, their owner
included), the opponent's hand except the cards both saw enter it (`revealed`), and before
the MCs are flipped the opponent's set-aside MC. For each player those cards are pooled,
shuffled and dealt back into the same places with the same sizes; an opponent's set-aside
MC is re-chosen among the pooled cards of the MC's cost (FE-1). Public areas (bonds,
units and their stacks, retreat, support) never change. The copy gets a fresh generator
drawn from `rng`, so it never foresees the original's future random events.

Hidden cards are pooled in sorted order before the shuffle (and hands and `revealed` are
sorted), so two states the observer cannot tell apart give the same determinization for
the same `rng`: search agents then act identically on them, and no hidden order leaks.
"""
from __future__ import annotations

import numpy as np

from sim.core.checks import check_generator, check_seat
from sim.core.hidden import draw_seed, shuffled, split_known


def determinize(state, observer: int, rng: np.random.Generator):
    """A copy of `state` consistent with `observer`'s observation, hidden cards re-dealt.
    `observer` must be a seat (0 or 1) and `rng` a numpy Generator; anything else raises
    InvalidArgumentError naming it (C-4). The copy for the seat on turn keeps the
    state's computed legal list: that seat's actions depend only on what it sees."""
    observer = check_seat(observer, 2, "observer")
    check_generator(rng)
    s = state.clone()
    cost = s.game.cost
    for p in (0, 1):
        pl = s.players[p]
        if p == observer:
            shown, hidden_hand = sorted(pl.hand), []
        else:
            shown, hidden_hand = split_known(pl.hand, pl.revealed)
        redeal_mc = p != observer and pl.setaside >= 0
        pool = shuffled(hidden_hand + pl.deck + pl.orbs + ([pl.setaside] if redeal_mc else []), rng)
        if redeal_mc:
            want = s.params.mc_cost
            k = next((k for k, c in enumerate(pool) if cost[c] == want), -1)
            pl.setaside = pool.pop(k) if k >= 0 else pool.pop(pool.index(pl.setaside))
        a = len(hidden_hand)
        b = a + len(pl.deck)
        pl.hand = sorted(shown) + pool[:a]
        pl.revealed.sort()
        pl.deck = pool[a:b]
        pl.orbs = pool[b:]
    if observer != state.current_player:
        s._legal = None  # a re-dealt hand may offer other plays (the observer's never change)
    s.set_rng_state(draw_seed(rng))  # built lazily: many copies never draw
    return s
