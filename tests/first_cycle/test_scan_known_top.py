"""Scan N (first_cycle.md "Scan N") and what it makes known (C-3): while the scanned cards
wait to be ordered only they are known, not the cards now on top of the deck; once put back,
the known top is exactly them. The state round-trips through to_dict at every step (issue 30:
a Scan pending over a one-card deck used to write known_top 2 and be refused)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from tests.first_cycle.helpers import GAME, act, scenario
from tests.round_trip import restore

G = "Gaia Compute Collective"
DECK = ["Rack Mover", "Seedling Model", "Speedrunner", "Intern Sprint"]   # top first


def names(cards) -> list[str]:
    return [GAME.cards[c].name for c in cards]


def scanning(deck: list[str], **me):
    """Player 0 deploys Token Counter (On Play: Scan 2) over `deck`; the order choice is pending."""
    s = scenario([{"leader": G, "hand": ["Token Counter"], "ram": {"ready": 1}, "deck": deck, **me},
                  {"leader": G}], turn=9)
    act(s, "deploy #067 Token Counter")
    assert s.pending[0] == "scan" and s.current_player == 0
    return s


def round_trips(s) -> None:
    restore(s, s.to_dict(), 0)
    restore(s, s.to_dict(), 1)


def test_c3_scan_while_ordering_the_cards_below_the_scanned_ones_stay_unseen():
    s = scanning(DECK)
    assert sorted(names(s.pending[2])) == ["Rack Mover", "Seedling Model"]
    assert s.observation(0)["you"]["known_top"] == []              # not Speedrunner, Intern Sprint
    below = {tuple(s.determinize(0, np.random.default_rng(k)).players[0].deck) for k in range(20)}
    assert len(below) == 2                                         # re-dealt: the owner never saw them
    kept = {s.determinize(0, np.random.default_rng(k)).pending for k in range(5)}
    assert kept == {s.pending}                                     # the scanned cards stay as seen
    round_trips(s)


def test_c3_scan_once_put_back_exactly_the_scanned_cards_are_known():
    s = scanning(DECK)
    act(s, "scan: put Seedling Model next on top")
    assert s.pending is None and s.players[0].known_top == 2
    assert names(s.observation(0)["you"]["known_top"]) == ["Seedling Model", "Rack Mover"]
    decks = {tuple(s.determinize(0, np.random.default_rng(k)).players[0].deck) for k in range(20)}
    assert {d[-2:] for d in decks} == {tuple(s.players[0].deck[-2:])}   # the scanned top is kept
    assert len({d[:2] for d in decks}) == 2                             # the rest is re-dealt
    round_trips(s)


def test_c3_scan_over_a_known_top_keeps_what_is_still_known_below():
    # Three cards known from an earlier Scan 3; Scan 2 takes the top two, the third stays known.
    s = scanning(DECK, known_top=3)
    assert names(s.observation(0)["you"]["known_top"]) == ["Speedrunner"]
    round_trips(s)
    act(s, "scan: put Seedling Model next on top")
    assert s.players[0].known_top == 3
    assert names(s.observation(0)["you"]["known_top"]) == ["Seedling Model", "Rack Mover", "Speedrunner"]


def test_scan_pending_over_a_one_card_deck_round_trips():
    """Issue 30's failing state (found at seed 311, decision 118 of the issue's random games):
    a Scan 2 being ordered while one card is left in the deck."""
    s = scanning(DECK[:3])
    round_trips(s)
    assert len(s.players[0].deck) == 1 and s.to_dict()["players"][0]["known_top"] == 0
    act(s, "scan: put Seedling Model next on top")
    assert s.players[0].known_top == 2 and len(s.players[0].deck) == 3
    round_trips(s)


@pytest.mark.soak
def test_scan_pending_of_issue_30_seed_311_round_trips():
    """Issue 30's reproduction as written: seeds 0..311 in turn, each game played with
    `legal[int(r.random() * len(legal))]` from one shared `random.Random(1)`; game 311 is
    round-tripped at every decision, decision 118 being the Scan over a one-card deck."""
    r = random.Random(1)
    for seed in range(311):
        s = GAME.new_state(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply(legal[int(r.random() * len(legal))])
    s = GAME.new_state(311)
    decision = 0
    while not s.is_terminal():
        if decision == 118:
            p = s.pending
            assert p is not None and p[0] == "scan" and len(s.players[p[1]].deck) == 1
        restore(s, s.to_dict(), decision % 2)
        legal = s.legal_actions()
        s.apply(legal[int(r.random() * len(legal))])
        decision += 1
    assert decision > 118
