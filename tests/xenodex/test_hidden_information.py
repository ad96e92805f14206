"""Hidden information (C-3): observations hold only what a seat may know; determinize re-deals
the rest, keeps the observer's view and re-seeds future randomness; copies never alias."""
from __future__ import annotations

import numpy as np
import pytest

from tests import game_cases
from tests.xenodex.helpers import GAME2, GAME3, GAME4, Invariants, act_all, scenario


def random_states(g, n_games: int, seed: int = 0, every: int = 7):
    """States met along random playouts (every `every`-th decision)."""
    return game_cases.random_states(g, n_games, seed, every)


@pytest.mark.parametrize("g", [GAME2, GAME3, GAME4])
def test_c3_determinize_keeps_the_observers_observation_and_legal_actions(g):
    rng = np.random.default_rng(1)
    redealt = 0
    for k, s in enumerate(random_states(g, 4)):
        observer = k % g.n
        s.legal_actions()                         # cached: the copy for the seat on turn keeps it
        d = s.determinize(observer, rng)
        Invariants(s).check(d)                    # a legal position, same cards everywhere
        assert d.observation(observer) == s.observation(observer)
        if s.current_player == observer:
            fresh = d.game.state_from_dict(d.to_dict())
            assert d.legal_actions() == fresh.legal_actions() == s.legal_actions()
        def cards(st, zone):
            return sorted(st.card[i] for i in zone)
        for q in range(g.n):            # instances are relabelled; the cards are what counts
            assert cards(d, d.hand[q] + d.deck[q]) == cards(s, s.hand[q] + s.deck[q])
            assert sorted(d.tx_hand[q] + d.tx_deck[q]) == sorted(s.tx_hand[q] + s.tx_deck[q])
        assert cards(d, d.hand[observer]) == cards(s, s.hand[observer])
        assert sorted(d.tx_hand[observer]) == sorted(s.tx_hand[observer])
        redealt += any(cards(d, d.hand[q]) != cards(s, s.hand[q]) for q in range(g.n) if q != observer)
    assert redealt > 10                       # other seats' hands really are re-dealt


def test_c3_determinize_reshuffles_every_deck_order_and_the_echo_deck():
    s = GAME2.new_state(4)
    ds = [s.determinize(0, np.random.default_rng(k)) for k in range(12)]
    assert len({tuple(d.deck[0]) for d in ds}) > 1          # even the observer's own order
    assert len({tuple(d.deck[1]) for d in ds}) > 1
    assert len({tuple(d.tx_deck[0]) for d in ds}) > 1
    assert len({tuple(d.echo_deck) for d in ds}) > 1


def test_c3_determinize_reseeds_future_rolls():
    """Two determinizations with different rngs give different roll streams."""
    s = scenario([{"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}}],
                 phase="battle")
    streams = []
    for k in (1, 2):
        d = s.determinize(0, np.random.default_rng(k))
        streams.append([int(d.rng.integers(1, 7)) for _ in range(20)])
    assert streams[0] != streams[1]
    own = s.clone()
    assert [int(own.rng.integers(1, 7)) for _ in range(20)] not in streams


def test_c3_observation_never_shows_other_hands_or_any_deck_order():
    """Two positions that differ only in what seat 0 cannot see look the same to seat 0."""
    def make(opp_hand, opp_library, opp_tx, own_library, own_tx_library):
        return scenario([{"hand": ["Siege Frame"], "library": own_library,
                          "tx_hand": ["Anchor Hack"], "tx_library": own_tx_library},
                         {"hand": opp_hand, "library": opp_library, "tx_hand": opp_tx,
                          "tx_library": ["Mind Command"]}])
    a = make(["Tall Grey"], ["Saucer Pilot", "Grey Scout"], ["Psi Lance"],
             ["Cipher Matriarch", "Arc Welder"], ["EMP Cascade", "Siphon"])
    b = make(["Grey Scout"], ["Tall Grey", "Saucer Pilot"], ["Coordinated Assault"],
             ["Arc Welder", "Cipher Matriarch"], ["Siphon", "EMP Cascade"])
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)            # seat 1 sees its own hand
    o = a.observation(0)
    cs = GAME2.cards
    assert o["you"]["hand"] == [cs.character_number("Siege Frame")]
    assert o["you"]["tx_hand"] == [cs.tx_number("Anchor Hack")]
    assert o["seats"][1]["hand_size"] == 1 and o["seats"][1]["tx_hand_size"] == 1
    assert o["seats"][0]["deck_size"] == 2 and o["seats"][0]["tx_deck_size"] == 2


def test_c3_public_facts_are_in_every_observation():
    s = scenario([{"tx_hand": ["Siphon", "Anchor Hack"], "staged": ["Grid Warden"],
                   "board": {"S1": {"units": ["Synth Drone"]}}}, {"cdx": 50}])
    act_all(s, "transmit Siphon")
    o = s.observation(1)
    assert o["seats"][0]["staged"] == [2] and o["seats"][0]["tx_discard"] == [5, 7]
    assert o["seats"][0]["cdx"] == 212 and o["seats"][1]["cdx"] == 38 and o["slots"][0]["units"][0]["name"] == "Synth Drone"


@pytest.mark.parametrize("g", [GAME2, GAME3, GAME4])
def test_c3_public_board_is_the_part_of_every_seats_observation_heuristics_read(g):
    """`public_board` (the heuristics' fast read) holds exactly the facts of the same names in
    each seat's observation, so it is public and agrees with `observe` field by field."""
    from sim.xenodex.observation import board_from_observation
    seen = battles = changed_str = 0
    for s in random_states(g, 3, seed=4, every=3):
        board = s.public_board()
        for p in range(g.n):
            assert board == board_from_observation(s.observation(p))
        seen += 1
        battles += board.battle is not None
        # STR away from the printed value: Overcharge, TX buffs or an Echo took part
        changed_str += any(u[4] != s.game.u_str[u[1]] for sl in board.slots for u in sl[3])
    assert seen > 100 and battles > 20 and changed_str > 5


@pytest.mark.parametrize("g", [GAME2, GAME3, GAME4])
def test_c3_observation_units_show_the_str_and_def_the_rules_use(g):
    """The observation reads each side's bonuses once per slot (`battle.slot_bonuses`); every
    unit's STR and DEF must still be what `battle.strength` and `battle.defense` say."""
    from sim.xenodex import battle as bt
    units = changed = 0
    for s in random_states(g, 3, seed=5, every=3):
        for sl, k in zip(s.observation(0)["slots"], range(s.K)):
            for u, j in zip(sl["units"], s.board[k]):
                assert (u["str"], u["def"]) == (bt.strength(s, j, k), bt.defense(s, j, k))
                units += 1
                changed += (u["str"], u["def"]) != (s.game.u_str[u["card"]], s.game.u_def[u["card"]])
    assert units > 500 and changed > 20


@pytest.mark.parametrize("g", [GAME2, GAME3, GAME4])
def test_clone_and_determinize_never_change_the_original(g):
    from tests.xenodex.helpers import random_playout
    random_playout(g, 2, check=False, probe_copies=True)


def test_clone_is_independent():
    s = GAME3.new_state(5)
    before = s.to_dict()
    c = s.clone()
    while not c.is_terminal():
        c.apply(c.legal_actions()[-1])
    assert s.to_dict() == before and not s.is_terminal()


def test_determinized_copies_offer_the_plays_of_their_own_hands():
    rng = np.random.default_rng(5)
    for s in random_states(GAME3, 3, seed=40, every=11):
        s.legal_actions()
        d = s.determinize((s.current_player + 1) % 3, rng)
        fresh = d.game.state_from_dict(d.to_dict())
        assert d.legal_actions() == fresh.legal_actions()


@pytest.mark.parametrize("g", [GAME2, GAME3, GAME4])
def test_c3_indistinguishable_states_determinize_identically(g):
    """Two states that differ only in what the observer cannot see give the same copy."""
    for k, s in enumerate(random_states(g, 2, seed=70, every=53)):
        observer = k % g.n
        other = s.determinize(observer, np.random.default_rng(99))     # same view, other hidden cards
        assert other.observation(observer) == s.observation(observer)
        a = s.determinize(observer, np.random.default_rng(5))
        b = other.determinize(observer, np.random.default_rng(5))
        assert a.to_dict() == b.to_dict()


def test_c3_swapped_hidden_cards_in_a_scenario_determinize_identically():
    def make(opp_hand, opp_library):
        return scenario([{"hand": ["Siege Frame"], "staged": ["Synth Drone"]},
                         {"hand": opp_hand, "library": opp_library, "staged": ["Grey Scout"]}])
    a = make(["Tall Grey"], ["Grey Scout", "Saucer Pilot"])
    b = make(["Saucer Pilot"], ["Tall Grey", "Grey Scout"])
    assert a.observation(0) == b.observation(0) and a.to_dict() != b.to_dict()
    da = a.determinize(0, np.random.default_rng(3))
    db = b.determinize(0, np.random.default_rng(3))
    assert da.to_dict() == db.to_dict()


def test_c3_events_for_a_seat_hide_other_seats_draws():
    from sim.xenodex.observation import visible_events
    s = GAME3.new_state(4)
    kinds = ("draw", "opening_hand", "tx_draw")
    draws = [e for e in s.events if e[0] in kinds]
    assert draws and all(e[2] is not None for e in draws)
    seen = visible_events(s.events, 1)
    assert all((e[2] is None) == (e[1] != 1) for e in seen if e[0] in kinds)
