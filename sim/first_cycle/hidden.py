"""Determinization (C-3): re-deal everything an observer cannot see, keep what they can.

For the observer's opponent, the hand cards the observer has not seen (all but `revealed`)
and the deck cards outside the publicly known bottom (Cycle) are pooled and re-dealt,
a Scan the opponent is ordering included. The observer's own deck keeps the top they saw
with Scan and the known bottom; the rest is re-shuffled. The new state gets a fresh
generator drawn from `rng`, so it never foresees future random events.

Hidden cards are pooled in sorted order before the shuffle (and hands are sorted), so two
states the observer cannot tell apart give the same determinization for the same `rng`:
search agents then act identically on them, and nothing leaks through the card order.
"""
from __future__ import annotations

import numpy as np

from sim.core.checks import check_generator, check_seat
from sim.core.hidden import draw_seed, shuffled, split_known


def determinize(state, observer: int, rng: np.random.Generator):
    """A copy of `state` consistent with `observer`'s observation, hidden cards re-dealt; a bad
    seat or an `rng` that is not a numpy Generator raises InvalidArgumentError. The copy
    for the seat on turn keeps the state's computed legal list: that seat's actions
    depend only on what it sees."""
    observer = check_seat(observer, 2, "observer")
    check_generator(rng)
    # the copy's generator is built from this seed only if it ever draws (First Cycle play never does)
    s = state.copy_data(type(state).__new__(type(state)), rng_state=draw_seed(rng))
    me = s.players[observer]
    opp_i = 1 - observer
    opp = s.players[opp_i]

    # Observer's own deck: shuffle the middle (neither the scanned top nor the known bottom).
    kb = min(me.known_bottom, len(me.deck))
    kt = min(me.known_top, len(me.deck) - kb)
    me.deck[kb:len(me.deck) - kt] = shuffled(me.deck[kb:len(me.deck) - kt], rng)

    # Opponent: hidden hand cards + deck above the known bottom (+ a Scan being ordered).
    shown_hand, hidden_hand = split_known(opp.hand, opp.revealed)
    okb = min(opp.known_bottom, len(opp.deck))
    deck_hidden = opp.deck[okb:]
    pending = s.pending
    scan_cards: list[int] = []
    if pending is not None and pending[0] == "scan" and pending[1] == opp_i:
        scan_cards = list(pending[2]) + list(pending[3])
    pool = shuffled(hidden_hand + deck_hidden + scan_cards, rng)
    a, b = len(hidden_hand), len(hidden_hand) + len(deck_hidden)
    opp.hand = sorted(shown_hand) + pool[:a]
    me.hand.sort()
    opp.deck = opp.deck[:okb] + pool[a:b]
    if scan_cards:
        n_left = len(pending[2])
        rest = pool[b:]
        s.pending = ("scan", opp_i, tuple(sorted(rest[:n_left])), tuple(rest[n_left:]))
    if observer != state.current_player:
        s._legal = None  # the re-dealt hand may offer other plays (the observer's never change)
    return s
