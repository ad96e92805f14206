"""Setup, seats and turn order, the cycle (xenodex.md "Setup", "Seats & Turn Order",
"The Cycle", "Income & Emission", "Summon", "Deploy"; rulings XD-1, XD-2, XD-4, XD-10, XD-11)."""
from __future__ import annotations

import pytest

from sim import load_game
from tests.xenodex.helpers import GAME2, GAME3, GAME4, act, act_all, labels, scenario


@pytest.mark.parametrize("g,slots", [(GAME2, ["S1", "S2", "S3", "S4", "S5"]),
                                     (GAME3, ["S1", "S2", "S3", "S4", "S5"]),
                                     (GAME4, ["S2", "S3", "S4"])])
def test_setup_200_cdx_20_card_decks_anchor_pools_and_board_by_player_count(g, slots):
    s = g.new_state(3)
    o = s.observation(0)
    assert [x["label"] for x in o["slots"]] == slots
    for seat in o["seats"]:
        assert seat["cdx"] == 200 + 12                   # cycle 1's Income has been paid
        assert seat["hand_size"] == 4 and seat["deck_size"] == 16   # 20 characters, 4 drawn
        assert seat["pool"] == 6 and seat["staged_anchors"] == 0
        assert seat["tx_hand_size"] == 2
    assert all(len(g.deck_spec(d).characters) == 20 for d in g.default_decks())


def test_seats_p1_to_p4_carry_names():
    o = GAME4.new_state(1).observation(2)
    assert [x["name"] for x in o["seats"]] == ["P1 · Vexa", "P2 · Blorptenna", "P3 · Korr", "P4 · Quillon"]
    g = load_game("xenodex", num_players=2, seat_names=("Ann", "Bob", "Cy", "Di"))
    assert g.new_state(1).observation(0)["seats"][1]["name"] == "P2 · Bob"


def test_xd1_cycle_one_lead_is_random_and_reproducible():
    leads = {GAME4.new_state(seed).lead for seed in range(40)}
    assert leads == {0, 1, 2, 3}
    assert all(GAME3.new_state(s).lead == GAME3.new_state(s).lead for s in range(10))
    s = GAME3.new_state(8)
    assert s.current_player == s.lead and s.phase == "summon"


def test_xd24_lead_rotates_one_seat_clockwise_each_cycle():
    s = scenario([{}, {}, {}], lead=2, phase="results")
    assert s.cycle == 2 and s.lead == 0 and s.current_player == 0
    s = scenario([{}, {}, {}], lead=0, phase="results")
    assert s.lead == 1


def test_xd1_phases_in_order_each_asking_seats_clockwise_from_the_lead():
    s = scenario([{"board": {"S1": {"units": ["Synth Drone"]}}},
                  {"board": {"S1": {"units": ["Reef Crawler"]}}},
                  {"board": {"S1": {"units": ["Moss Golem"]}}}], lead=1, phase="summon")
    seen = []
    while s.cycle == 1:
        seen.append((s.phase, s.current_player))
        s.apply(s.legal_actions()[0])       # done: end / hold / stand down
    order = [1, 2, 0]
    assert seen == ([("summon", p) for p in order] + [("deploy", p) for p in order]
                    + [("battle", p) for p in order] + [("recovery", p) for p in order])


def test_income_pays_base_plus_solo_emission_by_level():
    s = scenario([{"cdx": 0, "board": {f"S{k + 1}": {"anchor": k} for k in range(5)}}, {"cdx": 0}],
                 cycle=2, phase="start")
    assert s.cdx[0] == 12 + 6 + 10 + 14 + 18 + 22
    assert s.cdx[1] == 12
    assert ("income", 0, 12, 70, 0) in s.events


def test_contested_emission_is_half_value_for_every_side_present():
    s = scenario([{"cdx": 0, "board": {"S1": {"anchor": 2}, "S2": {"anchor": 0}}},
                  {"cdx": 0, "board": {"S1": {"anchor": 1}}}], cycle=2, phase="start")
    assert s.cdx[0] == 12 + 7 + 6          # S1 contested Lv2 = 7, S2 solo Lv0 = 6
    assert s.cdx[1] == 12 + 5              # S1 contested Lv1 = 5


def test_xd11_a_disabled_rival_anchor_does_not_halve_emission_but_blocks_clean_control():
    s = scenario([{"cdx": 0, "board": {"S1": {"anchor": 2}}},
                  {"cdx": 0, "board": {"S1": {"anchor": {"level": 0, "bp": 0}}}}], cycle=2, phase="start")
    assert s.cdx[0] == 12 + 14 and s.cdx[1] == 12   # disabled anchors emit nothing
    assert s.observation(0)["slots"][0]["controller"] == -1


def test_xd2_xd19_income_draws_characters_up_to_a_hand_of_four():
    s = scenario([{"hand": ["Synth Drone", "Grid Warden"],
                   "library": ["Pulse Lancer", "Arc Welder", "Null Courier"]},
                  {"library": ["Grey Scout"]}], cycle=2, phase="start")
    o0, o1 = s.observation(0), s.observation(1)
    assert o0["seats"][0]["hand_size"] == 4 and o0["seats"][0]["deck_size"] == 1
    assert o1["you"]["hand"] == [GAME2.cards.character_number("Grey Scout")]   # deck empty: what remains


def test_xd2_hand_size_is_a_parameter():
    s = scenario([{"library": ["Synth Drone"] * 6}, {}], cycle=2, phase="start", params={"hand_size": 6})
    assert len(s.hand[0]) == 6


def test_summon_buys_characters_from_hand_into_staging_at_their_cost():
    s = scenario([{"cdx": 20, "hand": ["Synth Drone", "Grid Warden"]}, {}])
    assert labels(s) == ["end summon", "summon Synth Drone", "summon Grid Warden", "summon anchor"]
    act(s, "summon Synth Drone")
    assert s.cdx[0] == 12 and s.observation(1)["seats"][0]["staged"] == [1]
    assert "summon Grid Warden" not in labels(s)            # 16 CDX, only 12 left


def test_summon_anchor_from_the_pool_costs_ten():
    s = scenario([{"cdx": 25, "pool": 2}, {}])
    act_all(s, "summon anchor", "summon anchor")
    assert s.cdx[0] == 5 and s.pool[0] == 0 and s.astaged[0] == 2
    assert "summon anchor" not in labels(s)


def test_xd2_staged_units_that_are_not_deployed_stay_staged():
    s = scenario([{"staged": ["Synth Drone"], "staged_anchors": 1}, {}], phase="deploy")
    act(s, "end deploy")
    while s.phase != "summon":
        s.apply(s.legal_actions()[0])
    assert s.cycle == 2 and len(s.staged[0]) == 1 and s.astaged[0] == 1


def test_deploy_assigns_staged_units_to_slots():
    s = scenario([{"staged": ["Synth Drone", "Synth Drone"]}, {}], phase="deploy")
    assert labels(s) == ["end deploy"] + [f"deploy Synth Drone to S{k}" for k in range(1, 6)]
    act_all(s, "deploy Synth Drone to S3", "deploy Synth Drone to S3")
    assert len(s.board[2]) == 2 and not s.staged[0]


def test_xd4_unescorted_anchor_cannot_plug_in_where_a_rival_has_a_live_anchor():
    s = scenario([{"staged_anchors": 1}, {"board": {"S2": {"anchor": {"level": 0, "bp": 0}}}}],
                 phase="deploy")
    assert "deploy anchor to S2" not in labels(s) and "deploy anchor to S1" in labels(s)


def test_xd4_xd25_escorted_anchor_plugs_in_beside_a_rival_and_the_slot_is_contested():
    s = scenario([{"staged": ["Synth Drone"], "staged_anchors": 1}, {"board": {"S2": {"anchor": 0}}}],
                 phase="deploy")
    act(s, "deploy Synth Drone to S2")              # the escort arrives first
    act(s, "deploy anchor to S2 (escorted)")
    assert s.alvl[0 * 5 + 1] == 0 and s.events[-1] == ("deploy_anchor", 0, 1, True)
    o = s.observation(0)
    assert o["slots"][1]["controller"] == -1
    assert o["seats"][0]["emission"] == 3 and o["seats"][1]["emission"] == 3   # both at half value


def test_xd4_one_anchor_per_player_per_slot():
    s = scenario([{"staged_anchors": 1, "board": {"S1": {"anchor": 0}}}, {}], phase="deploy")
    assert "deploy anchor to S1" not in labels(s)
    assert [lab for lab in labels(s) if lab.startswith("deploy anchor")] == [
        f"deploy anchor to S{k}" for k in range(2, 6)]


def test_a_slot_cannot_be_controlled_by_characters_alone():
    s = scenario([{"board": {"S1": {"units": ["Synth Drone"]}}}, {}], phase="results")
    assert s.proven == [-1] * 5
    assert s.observation(0)["slots"][0]["controller"] == -1


def test_xd10_no_player_is_eliminated():
    s = scenario([{"cdx": 0}, {"cdx": 0, "board": {f"S{k}": {"anchor": 0} for k in range(1, 5)}}])
    assert s.current_player == 0 and labels(s) == ["end summon"]   # nothing on the board, still plays


def test_xd28_hands_start_empty_and_cycle_one_income_deals_them():
    s = GAME2.new_state(6)
    kinds = [e[0] for e in s.events]
    first_income = kinds.index("income")
    assert "opening_hand" not in kinds[:first_income] and kinds.count("opening_hand") == 8
    assert s.first_player == s.lead and s.turn == 1
    assert kinds[:2] == ["cycle", "echo"]          # Echoes come before Income (XD-1)
