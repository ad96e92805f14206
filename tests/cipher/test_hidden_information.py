"""Hidden information (C-3): observations hold only what a seat may know, and determinize
re-deals all the rest (both deck orders, every orb, the opponent's hand) while leaving the
observer's view unchanged. The checks every game shares (the observer's view kept, the
opponent's hand and the observer's own orbs re-dealt) are in
tests/core/test_hidden_information.py."""
from __future__ import annotations

from collections import Counter

import numpy as np

from tests.cipher.helpers import GAME, act, cid, scenario

ARTHUR = "Arthur, Fighter of Justice"
VAIKE = "Vaike, Teach"


def test_c3_determinize_redeals_both_deck_orders_and_all_orbs():
    s = GAME.new_state(4)
    act(s, "keep hand")
    act(s, "keep hand")
    ds = [s.determinize(0, np.random.default_rng(k)) for k in range(20)]
    for p in (0, 1):
        assert len({tuple(d.players[p].deck) for d in ds}) > 1
        assert len({tuple(d.players[p].orbs) for d in ds}) > 1
    assert len({tuple(d.players[0].hand) for d in ds}) == 1      # the observer's hand is kept
    assert len({tuple(sorted(d.players[1].hand)) for d in ds}) > 1


def test_c3_observation_never_shows_hidden_cards():
    """Two positions that differ only in what player 0 cannot see look the same to player 0."""
    def position(opp_hand, opp_deck, my_deck, my_orbs, opp_orbs):
        return scenario([{"units": [{"card": ARTHUR}], "hand": ["Camus, Sable Knight"], "deck": my_deck,
                          "orbs": my_orbs},
                         {"units": [{"card": VAIKE}], "hand": opp_hand, "deck": opp_deck, "orbs": opp_orbs}])
    a = position(["Takumi, Bowman Prince"], ["Kaze, Silent Ninja"], ["Lena, Saint of Macedon"],
                 ["Marth, Hero-King"], ["Sakura, Priestess"])
    b = position(["Kaze, Silent Ninja"], ["Takumi, Bowman Prince"], ["Marth, Hero-King"],
                 ["Lena, Saint of Macedon"], ["Azura, Songstress"])
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)              # player 1 does see their own hand
    o = a.observation(0)
    assert o["opponent"]["hand_size"] == 1 and "hand" not in o["opponent"]
    assert o["you"]["hand"] == [cid("Camus, Sable Knight")] and o["you"]["orbs"] == 1


def test_fe30_opponents_mc_is_hidden_until_flipped():
    s = GAME.new_state(6)
    p = s.current_player
    o = s.observation(p)
    assert o["you"]["setaside_mc"] == s.players[p].setaside
    assert "setaside_mc" not in o["opponent"] and o["opponent"]["units"] == []
    mcs = {s.determinize(p, np.random.default_rng(k)).players[1 - p].setaside for k in range(40)}
    assert all(GAME.cards[c].cost == 1 for c in mcs) and len(mcs) > 1
    act(s, "keep hand")
    act(s, "keep hand")
    assert s.observation(p)["opponent"]["units"][0]["mc"] is True


def test_fe10_bonds_units_retreat_and_support_are_public():
    s = scenario([{"units": [{"card": ARTHUR}], "bonds": [{"card": VAIKE, "face_up": False}], "retreat": [VAIKE]},
                  {"units": [{"card": VAIKE}]}])
    o = s.observation(1)["opponent"]
    assert o["bonds"] == [[cid(VAIKE), False]] and o["retreat"] == [cid(VAIKE)]
    assert o["units"][0]["card"] == cid(ARTHUR)


def test_c3_retrieved_card_stays_known_in_hand_after_determinize():
    s = scenario([{"units": [{"card": "Marth, Prince of Altea"}], "hand": ["Lena, Saint of Macedon", VAIKE],
                   "bonds": ["Marth, Prince of Altea"], "retreat": ["Caeda, Talys's Princess"],
                   "deck": [ARTHUR, ARTHUR]}, {"units": [{"card": VAIKE}]}], phase="deploy")
    act(s, "deploy Lena, Saint of Macedon (rear)")
    caeda = cid("Caeda, Talys's Princess")
    for k in range(10):
        d = s.determinize(1, np.random.default_rng(k))
        assert caeda in d.players[0].hand and Counter(d.players[0].hand)[caeda] >= 1
        assert d.observation(1) == s.observation(1)


def test_c3_events_for_a_seat_hide_the_other_players_draws():
    from sim.cipher.observation import visible_events
    s = GAME.new_state(3)
    first = s.first_player
    act(s, "mulligan")                                            # a new opening hand, logged
    deal = [e for e in s.events if e[0] == "opening_hand"]
    assert len(deal) == 6 and all(e[2] is not None for e in deal)
    assert all(e[2] is None for e in visible_events(s.events, 1 - first) if e[0] == "opening_hand")
    assert visible_events(s.events, first) == s.events


def test_c3_indistinguishable_states_determinize_identically():
    """Two states that differ only in what the observer cannot see give the same copy."""
    s = GAME.new_state(12)
    act(s, "keep hand")
    act(s, "keep hand")
    observer = s.current_player
    other = s.determinize(observer, np.random.default_rng(99))      # same view, other hidden cards
    assert other.observation(observer) == s.observation(observer)
    assert other.players[1 - observer].hand != s.players[1 - observer].hand or \
        other.players[observer].orbs != s.players[observer].orbs
    a = s.determinize(observer, np.random.default_rng(5))
    b = other.determinize(observer, np.random.default_rng(5))
    assert a.to_dict() == b.to_dict()


def test_c3_any_copy_of_a_revealed_card_leaving_the_hand_takes_one_revealed_entry():
    """A retrieved (revealed) card and a hidden card in hand: whether the hidden one is another
    copy must not show when the owner plays a copy (FE-27)."""
    def position(hidden):
        return scenario([{"units": [{"card": ARTHUR}], "hand": [VAIKE, hidden], "revealed": [VAIKE],
                          "bonds": ["Sumia, Pegasus Knight"] * 3}, {"units": [{"card": "Marth, Prince of Altea"}]}],
                        phase="deploy")
    copy, other = position(VAIKE), position("Lissa, Cheerful Cleric")
    assert copy.observation(1) == other.observation(1)
    for s in (copy, other):
        act(s, f"deploy {VAIKE} (rear)")
        assert s.players[0].revealed == []
    assert copy.observation(1) == other.observation(1)


def test_c3_a_discarded_copy_of_a_revealed_card_takes_the_revealed_entry():
    s = scenario([{"units": [{"card": ARTHUR}], "hand": [ARTHUR, ARTHUR], "revealed": [ARTHUR], "deck": [VAIKE]},
                  {"units": [{"card": VAIKE}], "deck": [VAIKE]}])
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    act(s, f"critical: discard {ARTHUR}")
    assert s.players[0].hand == [cid(ARTHUR)] and s.players[0].revealed == []
    assert s.observation(1)["opponent"]["revealed_hand"] == []


def test_c3_a_mulligan_returns_revealed_cards_to_the_deck_and_forgets_them():
    deck = ["Lissa, Cheerful Cleric"] * 4 + ["Sumia, Pegasus Knight"] * 4
    s = scenario([{"setaside": ARTHUR, "hand": [VAIKE], "revealed": [VAIKE], "deck": deck},
                  {"setaside": ARTHUR, "deck": deck}],
                 phase="mulligan", turn=1, pending=["mulligan", 0], tasks=[["begin"], ["mulligan_ask", 1]])
    act(s, "mulligan")
    assert len(s.players[0].hand) == 6 and s.players[0].revealed == []
