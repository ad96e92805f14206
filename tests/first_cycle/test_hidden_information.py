"""Hidden information (C-3): observations hold only what a seat may know, and
determinize re-deals all the rest while leaving the observer's view unchanged. The checks
every game shares (the observer's view kept, the opponent's hand re-dealt) are in
tests/core/test_hidden_information.py."""
from __future__ import annotations

from collections import Counter

import numpy as np

from tests.first_cycle.helpers import GAME, act, scenario

G = "Gaia Compute Collective"


def test_c3_determinize_redeals_both_deck_orders():
    s = GAME.new_state(4)
    orders = {tuple(s.determinize(0, np.random.default_rng(k)).players[0].deck) for k in range(20)}
    opp_orders = {tuple(s.determinize(0, np.random.default_rng(k)).players[1].deck) for k in range(20)}
    assert len(orders) > 1 and len(opp_orders) > 1


def test_c3_observation_never_shows_hidden_cards():
    s = scenario([{"leader": G, "hand": ["Rack Mover"], "deck": ["Seedling Model"]},
                  {"leader": G, "hand": ["Transformer Titan"], "deck": ["Speedrunner"]}], turn=9)
    o = s.observation(0)
    assert o["opponent"]["hand_size"] == 1 and "hand" not in o["opponent"]
    titan = GAME.card_set.by_name("Transformer Titan").number
    speed = GAME.card_set.by_name("Speedrunner").number
    seed_m = GAME.card_set.by_name("Seedling Model").number
    flat = repr(o)
    assert f"'card': {titan}" not in flat and str([titan]) not in flat
    assert str([speed]) not in flat and str([seed_m]) not in flat   # no deck order, own or other


def test_c3_scan_seen_only_by_its_owner_is_redealt_for_the_other_player():
    s = scenario([{"leader": G, "hand": ["Token Counter"], "ram": {"ready": 1},
                   "deck": ["Rack Mover", "Seedling Model", "Speedrunner", "Intern Sprint"]},
                  {"leader": G}], turn=9)
    act(s, "deploy #067 Token Counter")
    act(s, "scan: put Rack Mover next on top")
    assert s.players[0].known_top == 2
    owner_view = {tuple(s.determinize(0, np.random.default_rng(k)).players[0].deck[-2:]) for k in range(10)}
    assert owner_view == {tuple(s.players[0].deck[-2:])}           # the owner keeps what they saw
    other_view = {tuple(s.determinize(1, np.random.default_rng(k)).players[0].deck[-2:]) for k in range(30)}
    assert len(other_view) > 1                                     # re-dealt for the opponent


def test_c3_scan_being_ordered_is_hidden_from_the_opponent():
    s = scenario([{"leader": G, "hand": ["Token Counter"], "ram": {"ready": 1},
                   "deck": ["Rack Mover", "Seedling Model", "Speedrunner"]},
                  {"leader": G}], turn=9)
    act(s, "deploy #067 Token Counter")
    d = s.determinize(1, np.random.default_rng(3))
    assert d.observation(1) == s.observation(1)
    assert Counter(d.pending[2]) + Counter(d.players[0].deck) + Counter(d.players[0].hand) == \
        Counter(s.pending[2]) + Counter(s.players[0].deck) + Counter(s.players[0].hand)


def test_c3_cycled_card_stays_known_to_both_after_determinize():
    s = scenario([{"leader": G, "hand": ["Prompt Engineer", "Transformer Titan"], "ram": {"ready": 2},
                   "deck": ["Rack Mover", "Seedling Model", "Speedrunner"]}, {"leader": G}], turn=9)
    act(s, "deploy #069 Prompt Engineer")
    act(s, "cycle #051 Transformer Titan")
    for k in range(10):
        d = s.determinize(1, np.random.default_rng(k))
        assert d.players[0].deck[0] == GAME.card_set.by_name("Transformer Titan").number


def test_c3_drawn_known_bottom_card_stays_revealed_in_hand():
    s = scenario([{"leader": G, "hand": ["Rack Mover"], "deck": ["Transformer Titan"], "known_bottom": 1},
                  {"leader": G}], turn=8, first_player=1, active=1)
    act(s, "end turn")                                              # player 0 draws the known card
    titan = GAME.card_set.by_name("Transformer Titan").number
    assert s.observation(1)["opponent"]["revealed_hand"] == [titan]
    for k in range(10):
        assert titan in s.determinize(1, np.random.default_rng(k)).players[0].hand


def test_c3_any_copy_of_a_revealed_card_leaving_the_hand_takes_one_known_copy():
    # Player 1 knows one Rack Mover in player 0's hand; the other hand card is hidden. Whether
    # the hidden card is a second Rack Mover or not, playing a Rack Mover looks the same.
    views = []
    for hidden in ("Rack Mover", "Seedling Model"):
        s = scenario([{"leader": G, "hand": ["Rack Mover", hidden], "revealed": ["Rack Mover"],
                       "ram": {"ready": 3}}, {"leader": G}], turn=9)
        act(s, "deploy #050 Rack Mover")
        assert s.players[0].revealed == []
        views.append(s.observation(1))
    assert views[0] == views[1]


def test_c3_cycling_a_copy_of_a_revealed_card_takes_one_known_copy():
    s = scenario([{"leader": G, "hand": ["Prompt Engineer", "Rack Mover", "Rack Mover"],
                   "revealed": ["Rack Mover"], "ram": {"ready": 2}, "deck": ["Speedrunner"]},
                  {"leader": G}], turn=9)
    act(s, "deploy #069 Prompt Engineer")
    act(s, "cycle #050 Rack Mover")
    assert s.players[0].revealed == [] and s.observation(1)["opponent"]["revealed_hand"] == []


def test_c3_events_for_a_seat_hide_the_other_players_draws():
    from sim.first_cycle.observation import visible_events
    s = GAME.new_state(6)
    while s.active == s.first_player:
        s.apply(s.legal_actions()[0])
    drawer = s.active
    draws = [e for e in s.events if e[0] == "draw"]
    assert draws and all(e[2] is not None for e in draws)
    assert all(e[2] is None for e in visible_events(s.events, 1 - drawer) if e[0] == "draw")
    assert visible_events(s.events, drawer) == s.events


def test_c3_indistinguishable_states_determinize_identically():
    """Two states that differ only in what the observer cannot see give the same copy."""
    s = GAME.new_state(12)
    observer = s.current_player
    other = s.determinize(observer, np.random.default_rng(99))      # same view, other hidden cards
    assert other.observation(observer) == s.observation(observer)
    assert other.players[1 - observer].hand != s.players[1 - observer].hand or \
        other.players[1 - observer].deck != s.players[1 - observer].deck
    a = s.determinize(observer, np.random.default_rng(5))
    b = other.determinize(observer, np.random.default_rng(5))
    assert a.to_dict() == b.to_dict()
