"""Determinization (C-3): re-deal everything an observer cannot see, keep what they can.

Hidden from the observer: every other seat's hand of characters and hand of TX, the order
of every character deck and TX deck (the observer's own included) and the order of the
shared Echo deck. For each other seat the hand and deck are pooled and re-dealt (sizes
kept; a faction's deck list is public, so the pool holds exactly what the observer can
infer), likewise their TX hand and TX deck; the observer's own decks and the Echo deck are
reshuffled. The copy gets a fresh generator drawn from `rng`, so future rolls, shuffles and
Echoes are not foreseen (C-1).

The re-deal is canonical: two states the observer cannot tell apart give the same copy for
the same `rng` (nothing hidden leaks into a search agent's choice). Off-board character
instances of a seat (staged, in hand, in the deck, knocked out) are interchangeable apart
from their card, so they are relabelled in a fixed order before the shuffle: the seat's
off-board cards, sorted, are given to its off-board instance ids in ascending order; staged
and discarded cards (public) and the observer's own hand (known) take the first free
instance of their card; the rest is pooled in sorted order, then shuffled. TX and Echo
pools are sorted before their shuffles too.

`determinize_public` is a cheaper copy for one-ply search under an evaluator that reads only
the public board (`state.public_board()`, what the XenodeX heuristic scores): it re-deals
the TX and the Echo deck and seeds the copy's generator exactly as `determinize` does, and
deals each seat's hidden characters from the same shuffles, but without the canonical
relabelling, the costly part: the instances keep their cards. The observer's hand is its
own; another seat's hand and deck are a shuffle of its pooled instances, the observer's deck
a shuffle of its own; `rng` ends where `determinize` leaves it. So the copy's hidden part is
not canonical (states the observer cannot tell apart may give different copies), but what
an action of the observer makes public is: actions name cards (a Summon takes the lowest
instance of the card), and until the next decision the engine reads hands and decks only to
draw, which the public board shows as sizes. Each action of the observer on turn therefore
gives a copy whose public board and returns are those it gives on `determinize`'s copy
(tests/xenodex/test_determinize_public.py checks it over seeded games). Use it for nothing
else: deeper search needs `determinize`.
"""
from __future__ import annotations

from bisect import bisect_left

import numpy as np

from sim.core.checks import check_generator, check_seat
from sim.core.errors import InvalidArgumentError
from sim.core.hidden import shuffled
from sim.core.seeding import fresh_rng_state
from sim.xenodex.state import DECK, GONE, HAND, NONE, STAGED


def _take(cards: list[int], ids: list[int], wanted: list[int], taken: set[int]) -> list[int]:
    """The instance of each card of `wanted` in turn: the lowest one of that card not yet in
    `taken` (`ids` ascending hold the ascending `cards`; `taken` holds positions in both)."""
    out = []
    for c in wanted:
        k = bisect_left(cards, c)
        while k in taken:
            k += 1
        taken.add(k)
        out.append(ids[k])
    return out


def _redeal_characters(s, q: int, observer: int, rng: np.random.Generator) -> None:
    """Relabel seat q's off-board instances canonically and re-deal what the observer cannot see
    (`s.card` must already be the copy's own table)."""
    D = s.D
    table, loc, bp, used, flags, ubp = s.card, s.loc, s.bp, s.used, s.flags, s.game.u_bp
    lo = q * D
    ids = [i for i in range(lo, lo + D) if NONE < loc[i] < 0]
    cards = sorted([table[i] for i in ids])
    staged, discard, hand = s.staged[q], s.discard[q], s.hand[q]
    staged_cards = sorted([table[i] for i in staged]) if staged else None
    discard_cards = [table[i] for i in discard] if discard else None
    hand_cards = sorted([table[i] for i in hand]) if q == observer else None
    for i, c in zip(ids, cards):  # every off-board instance fresh, in the deck until placed
        table[i] = c
        bp[i] = ubp[c]
        used[i] = 0
        flags[i] = 0
        loc[i] = DECK
    taken = set()
    if staged:
        s.staged[q] = staged = _take(cards, ids, staged_cards, taken)
        for i in staged:
            loc[i] = STAGED
    if discard:
        s.discard[q] = discard = _take(cards, ids, discard_cards, taken)
        for i in discard:
            loc[i] = GONE
            bp[i] = 0
    if q == observer:
        s.hand[q] = hand = _take(cards, ids, hand_cards, taken)
    rest = [i for k, i in enumerate(ids) if k not in taken] if taken else ids
    if q == observer:
        s.deck[q] = shuffled(rest, rng)
    else:
        pool = shuffled(rest, rng)
        s.hand[q] = hand = sorted(pool[:len(hand)])
        s.deck[q] = pool[len(hand):]
    for i in hand:
        loc[i] = HAND


def determinize(state, observer: int, rng: np.random.Generator):
    """A copy of `state` consistent with `observer`'s observation, hidden cards re-dealt
    (`observer` a seat, `rng` a numpy Generator: InvalidArgumentError otherwise). The
    copy for the seat on turn keeps the state's computed legal list: that seat's actions
    depend only on what it sees."""
    observer = check_seat(observer, state.n, "observer")
    check_generator(rng)
    s = state.clone()
    s.card = s.card[:]                                  # copy on write (state.py)
    for q in range(s.n):
        _redeal_characters(s, q, observer, rng)
        _redeal_transmissions(s, q, observer, rng)
    return _finish(s, state, observer, rng)


def determinize_public(state, observer: int, rng: np.random.Generator):
    """A copy of `state` for scoring the public board after one action of `observer` (module
    docstring): the draws from `rng`, the TX, the Echo deck and the copy's generator of
    `determinize(observer, rng)`, the characters shuffled without relabelling. Arguments are
    checked as `determinize` checks them, and the observer must be the seat on turn."""
    observer = check_seat(observer, state.n, "observer")
    check_generator(rng)
    if observer != state.current_player:
        raise InvalidArgumentError(f"determinize_public: observer {observer} is not the seat on turn "
                                   f"({state.current_player}); use determinize")
    s = state.clone()
    loc = s.loc
    for q in range(s.n):
        deck = s.deck[q]
        if q == observer:
            s.deck[q] = shuffled(deck, rng)             # the draws of `_redeal_characters`
        else:
            hand = s.hand[q]
            pool = shuffled(hand + deck, rng)
            h = len(hand)
            s.hand[q] = hand = sorted(pool[:h])
            s.deck[q] = deck = pool[h:]
            for i in hand:
                loc[i] = HAND
            for i in deck:
                loc[i] = DECK
        _redeal_transmissions(s, q, observer, rng)
    return _finish(s, state, observer, rng)


def _redeal_transmissions(s, q: int, observer: int, rng: np.random.Generator) -> None:
    """Sort the observer's TX hand and shuffle its TX deck; pool another seat's TX hand and
    deck and re-deal them."""
    if q == observer:
        s.tx_hand[q] = sorted(s.tx_hand[q])
        s.tx_deck[q] = shuffled(s.tx_deck[q], rng)
    else:
        th = len(s.tx_hand[q])
        tpool = shuffled(s.tx_hand[q] + s.tx_deck[q], rng)
        s.tx_hand[q] = sorted(tpool[:th])
        s.tx_deck[q] = tpool[th:]


def _finish(s, state, observer: int, rng: np.random.Generator):
    """Shuffle the copy's Echo deck, forget its legal list unless the observer is on turn,
    give it a fresh generator drawn from `rng`; returns it."""
    s.echo_deck = shuffled(s.echo_deck, rng)
    if observer != state.current_player:
        s._legal = None  # a re-dealt hand may offer other plays (the observer's never change)
    s.set_rng_state(fresh_rng_state(rng))  # built lazily: many copies never roll
    return s
