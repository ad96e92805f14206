"""Battle, capture, anchors, auras, healing (xenodex.md "Battle", "Capture", "XenodeX Anchors &
Upgrades", "Healing & Sustain"; rulings XD-3, XD-5, XD-6 and ours XD-13, XD-15..XD-17)."""
from __future__ import annotations

from tests.xenodex.helpers import act, act_all, labels, scenario, unit

R3 = {"roll_min": 3, "roll_max": 3}          # every combat roll is 3


def duel(me: dict, opp: dict, params: dict | None = None, **top):
    """Seat 0 leads a battle in S1 (unless told otherwise) with every roll fixed at 3."""
    top.setdefault("phase", "battle")
    return scenario([me, opp], params={**R3, **(params or {})}, **top)


def test_xd3_strike_deals_str_plus_roll_minus_def():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"units": ["Reef Crawler"]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Reef Crawler (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[unit(s, 1, "Reef Crawler")] == 13 - (4 + 3 - 1)
    assert ("strike", 0, 0, 1, 20, 0, 6) in s.events


def test_xd3_damage_floor_is_zero_and_a_unit_at_zero_bp_is_knocked_out():
    s = duel({"board": {"S1": {"units": ["Relay Node"]}}},
             {"board": {"S1": {"units": [{"card": "Moss Golem", "bp": 2}]}}}, params={"roll_min": 1, "roll_max": 1})
    act_all(s, "select Relay Node (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Relay Node (P1 #0)")
    assert s.bp[20] == 2                                  # 2 + 1 - 3 < 0: no damage
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}},
             {"board": {"S1": {"units": [{"card": "Reef Crawler", "bp": 6}]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Reef Crawler (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.board[0] == [0] and s.discard[1] == [20] and ("ko", 1, 20, 22, 0) in s.events


def test_xd3_combat_roll_is_uniform_on_one_to_six():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}},
             params={"roll_min": 1, "roll_max": 6})
    rolls = set()
    for seed in range(200):
        c = s.clone()
        c.rng = __import__("numpy").random.default_rng(seed)
        act_all(c, "select Synth Drone (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)")
        rolls.add(next(e[3] for e in c.events if e[0] == "roll"))
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_xd1_xd24_battle_turns_run_clockwise_from_the_lead_one_strike_each():
    s = scenario([{"board": {"S1": {"units": ["Synth Drone", "Synth Drone"]}}},
                  {"board": {"S1": {"units": ["Reef Crawler", "Reef Crawler"]}}},
                  {"board": {"S1": {"units": ["Moss Golem", "Moss Golem"]}}}],
                 lead=2, phase="battle", params=R3)
    order = []
    while s.phase == "battle":
        p = s.current_player
        if s.pending[0] == "strike":
            order.append(p)
            sel = [a for a in s.legal_actions() if s.action_label(a).startswith("select")]
            s.apply(sel[0])
        else:
            s.apply(s.legal_actions()[0])          # stand down: the strike is spent
    assert order == [2, 0, 1, 2, 0, 1]              # each character once, clockwise from player 2


def test_each_character_strikes_once_per_cycle():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.current_player == 1
    act(s, "hold in S1")
    assert s.phase == "recovery"                    # no strike left anywhere: the battle is over


def test_xd13_hold_ends_a_sides_strikes_in_that_battle():
    s = duel({"board": {"S1": {"units": ["Synth Drone", "Synth Drone"]}}},
             {"board": {"S1": {"units": ["Moss Golem"]}}})
    act(s, "hold in S1")
    act_all(s, "select Moss Golem (P2 #0) in S1", "strike Synth Drone (P1 #0) in S1 with Moss Golem (P2 #0)")
    assert s.phase == "recovery" and s.siege[0]


def test_xd22_strikes_may_target_rival_characters_or_vulnerable_anchors_not_disabled_ones():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}},
             {"board": {"S1": {"anchor": 1, "units": ["Reef Crawler"]}, "S2": {"anchor": {"level": 0, "bp": 0}}}})
    act(s, "select Synth Drone (P1 #0) in S1")
    assert labels(s) == ["stand down Synth Drone (P1 #0)",
                         "strike Reef Crawler (P2 #0) in S1 with Synth Drone (P1 #0)",
                         "strike P2's anchor in S1 with Synth Drone (P1 #0)"]
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}},
             {"board": {"S1": {"anchor": {"level": 0, "bp": 0}}}})
    act(s, "select Synth Drone (P1 #0) in S1")
    assert labels(s) == ["stand down Synth Drone (P1 #0)",
                         "capture P2's anchor in S1 with Synth Drone (P1 #0)"]


def test_xd5_an_anchor_at_zero_bp_is_disabled_drops_a_level_and_stays_live():
    s = duel({"board": {"S1": {"units": ["Siege Frame"]}}},
             {"board": {"S1": {"anchor": {"level": 2, "bp": 5}}, "S2": {"anchor": 0}}})
    act_all(s, "select Siege Frame (P1 #0) in S1", "strike P2's anchor in S1 with Siege Frame (P1 #0)")
    idx = 1 * 5 + 0
    assert s.alvl[idx] == 1 and s.abp[idx] == 0                 # Lv2 -> Lv1, disabled
    assert ("anchor_disabled", 1, 0, 1) in s.events
    o = s.observation(1)
    assert o["slots"][0]["anchors"][1]["active"] is False
    assert o["seats"][1]["emission"] == 6                        # only S2 emits
    assert o["slots"][0]["controller"] == -1


def test_xd5_a_disabled_anchor_gives_no_aura():
    s = duel({"board": {"S1": {"anchor": {"level": 3, "bp": 0}, "units": ["Synth Drone"]}}},
             {"board": {"S1": {"units": ["Moss Golem"]}}})
    assert s.observation(0)["slots"][0]["units"][0]["str"] == 4 and s.observation(0)["slots"][0]["units"][0]["def"] == 1


def test_xd5_xd17_repair_in_recovery_restores_full_bp_for_cdx():
    s = scenario([{"cdx": 20, "board": {"S1": {"anchor": {"level": 0, "bp": 0}}}}, {}], phase="recovery")
    assert labels(s) == ["end recovery", "repair anchor in S1 for 13 CDX"]   # 25 BP at 2 BP per CDX
    act(s, "repair anchor in S1 for 13 CDX")
    assert s.abp[0] == 25 and s.cdx[0] == 7
    assert s.observation(0)["slots"][0]["anchors"][0]["active"]


def test_capture_destroys_an_unsupported_rival_anchor_which_does_not_return_to_the_pool():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}},
             {"pool": 2, "board": {"S1": {"anchor": 3}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "capture P2's anchor in S1 with Synth Drone (P1 #0)")
    assert s.alvl[5] == -1 and s.abp[5] == 0 and s.pool[1] == 2 and s.astaged[1] == 0
    assert ("capture", 0, 0, 1, 0) in s.events and ("resolved", 0) in s.events


def test_capture_is_not_allowed_while_the_anchor_is_supported():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}},
             {"board": {"S1": {"anchor": 0, "units": ["Reef Crawler"]}}})
    act(s, "select Synth Drone (P1 #0) in S1")
    assert not any(lab.startswith("capture") for lab in labels(s))


def test_capture_gives_clean_control_when_your_own_anchor_remains():
    s = duel({"board": {"S1": {"anchor": 0, "units": ["Synth Drone"]}}},
             {"board": {"S1": {"anchor": 0}}})
    assert s.observation(0)["slots"][0]["controller"] == -1
    act_all(s, "select Synth Drone (P1 #0) in S1", "capture P2's anchor in S1 with Synth Drone (P1 #0)")
    assert s.observation(0)["slots"][0]["controller"] == 0


def test_capture_without_your_own_anchor_clears_the_seat_but_the_slot_is_not_yours():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"anchor": 0}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "capture P2's anchor in S1 with Synth Drone (P1 #0)")
    assert s.observation(0)["slots"][0]["controller"] == -1


def test_a_slot_resolves_when_only_one_side_has_forces_there():
    s = duel({"board": {"S1": {"units": ["Synth Drone", "Synth Drone"]}}},
             {"board": {"S1": {"units": [{"card": "Reef Crawler", "bp": 1}]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Reef Crawler (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert ("resolved", 0) in s.events and not s.siege[0] and s.phase == "recovery"


def test_siege_when_two_sides_remain_after_all_strikes_and_it_continues_next_cycle():
    s = duel({"board": {"S2": {"units": ["Synth Drone"]}}}, {"board": {"S2": {"units": ["Moss Golem"]}}})
    while s.phase == "battle":
        s.apply(s.legal_actions()[-1])                 # strike when possible
    assert s.siege[1] and s.observation(0)["slots"][1]["siege"]
    while s.phase != "battle":
        s.apply(s.legal_actions()[0])
    assert s.cycle == 2 and s.bslot == 1                # the siege is fought again


def test_a_slot_can_be_contested_by_four_sides_at_once():
    seats = [{"board": {"S3": {"anchor": 0, "units": [c]}}}
             for c in ("Synth Drone", "Reef Crawler", "Moss Golem", "Grid Warden")]
    s = scenario(seats, phase="battle", params=R3)
    act(s, "select Synth Drone (P1 #0) in S3")
    strikes = [lab for lab in labels(s) if lab.startswith("strike")]
    # three rival characters; of the anchors only player 1's: player 2 taunts, player 3's Grid Warden guards
    assert strikes == ["strike Reef Crawler (P2 #0) in S3 with Synth Drone (P1 #0)",
                       "strike P2's anchor in S3 with Synth Drone (P1 #0)",
                       "strike Moss Golem (P3 #0) in S3 with Synth Drone (P1 #0)",
                       "strike Grid Warden (P4 #0) in S3 with Synth Drone (P1 #0)"]


def test_aura_bulwark_lv1_gives_the_owners_defenders_plus_two_def():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}},
             {"board": {"S1": {"anchor": 1, "units": ["Reef Crawler"]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Reef Crawler (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[20] == 13 - (4 + 3 - 3)


def test_aura_overcharge_lv3_gives_plus_three_str_and_stacks_with_bulwark():
    s = duel({"board": {"S1": {"anchor": 3, "units": ["Synth Drone"]}}},
             {"board": {"S1": {"units": ["Moss Golem"]}}})
    u = s.observation(1)["slots"][0]["units"][0]
    assert (u["str"], u["def"]) == (4 + 3, 1 + 2)
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[20] == 28 - (7 + 3 - 3)


def test_xd22_aura_aegis_lv4_attackers_take_three_back():
    s = duel({"board": {"S1": {"units": ["Synth Drone"]}}},
             {"board": {"S1": {"anchor": 4, "units": ["Moss Golem"]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[0] == 12 - 3


def test_auras_reach_only_the_anchor_owners_characters_in_that_slot():
    s = duel({"board": {"S1": {"anchor": 3, "units": ["Synth Drone"]}, "S2": {"units": ["Synth Drone"]}}},
             {"board": {"S1": {"units": ["Reef Crawler"]}}})
    o = s.observation(0)
    assert o["slots"][0]["units"][0]["str"] == 7 and o["slots"][0]["units"][1]["str"] == 4
    assert o["slots"][1]["units"][0]["str"] == 4


def test_xd6_xd16_aura_regen_lv2_heals_the_owners_characters_four_bp_a_cycle():
    s = scenario([{"cdx": 0, "board": {"S1": {"anchor": 2, "units": [{"card": "Moss Golem", "bp": 10}]},
                                       "S2": {"units": [{"card": "Moss Golem", "bp": 10}]}}},
                  {"board": {"S1": {"units": [{"card": "Reef Crawler", "bp": 5}]}}}], phase="recovery")
    assert s.bp[0] == 14 and s.bp[1] == 10 and s.bp[20] == 5


def test_xd6_damage_carries_over_between_cycles():
    s = scenario([{"cdx": 0, "board": {"S1": {"units": [{"card": "Moss Golem", "bp": 10}]}}}, {"cdx": 0}],
                 phase="recovery")
    while s.cycle == 1:
        s.apply(s.legal_actions()[0])
    assert s.bp[0] == 10


def test_xd6_xd16_recovery_healing_costs_one_cdx_per_bp_to_full():
    s = scenario([{"cdx": 20, "board": {"S1": {"units": [{"card": "Moss Golem", "bp": 10},
                                                          {"card": "Reef Crawler", "bp": 12}]}}}, {}],
                 phase="recovery")
    assert labels(s) == ["end recovery", "heal Moss Golem (P1 #0) for 18 CDX", "heal Reef Crawler (P1 #1) for 1 CDX"]
    act(s, "heal Moss Golem (P1 #0) for 18 CDX")
    assert s.bp[0] == 28 and s.cdx[0] == 2
    assert labels(s) == ["end recovery", "heal Reef Crawler (P1 #1) for 1 CDX"]


def test_xd6_xd16_a_heal_restores_as_much_as_the_seat_can_pay():
    s = scenario([{"cdx": 17, "board": {"S1": {"units": [{"card": "Moss Golem", "bp": 10}]}}}, {}],
                 phase="recovery")
    assert labels(s) == ["end recovery", "heal Moss Golem (P1 #0) for 17 CDX (17 of 18 BP)"]
    act(s, "heal Moss Golem (P1 #0) for 17 CDX (17 of 18 BP)")
    assert s.bp[0] == 27 and s.cdx[0] == 0 and labels(s) == ["end recovery"]
    s = scenario([{"cdx": 7, "board": {"S1": {"units": [{"card": "Moss Golem", "bp": 10}]}}}, {}],
                 phase="recovery", params={"heal_cost_per_bp": 3})
    act(s, "heal Moss Golem (P1 #0) for 6 CDX (2 of 18 BP)")       # 2 BP at 3 CDX each, 1 CDX left
    assert s.bp[0] == 12 and s.cdx[0] == 1 and labels(s) == ["end recovery"]
    s = scenario([{"cdx": 0, "board": {"S1": {"units": [{"card": "Moss Golem", "bp": 10}]}}}, {}],
                 phase="recovery", params={"heal_cost_per_bp": 0})
    act(s, "heal Moss Golem (P1 #0) for 0 CDX")                      # free healing goes to full
    assert s.bp[0] == 28


def test_xd15_upgrades_cost_6_12_20_30_and_raise_bp_def_and_emission():
    s = scenario([{"cdx": 68, "board": {"S1": {"anchor": {"level": 0, "bp": 20}}}}, {}])
    for lvl in range(1, 5):
        act(s, f"upgrade anchor in S1 to Lv{lvl}")
    assert s.cdx[0] == 0 and s.alvl[0] == 4
    assert s.abp[0] == 20 + (80 - 25)                    # damage carries through upgrades
    o = s.observation(0)
    assert o["slots"][0]["anchors"][0]["def"] == 8 and o["seats"][0]["emission"] == 22
    assert not any(lab.startswith("upgrade") for lab in labels(s))


def test_xd15_a_disabled_anchor_cannot_be_upgraded():
    s = scenario([{"cdx": 50, "board": {"S1": {"anchor": {"level": 1, "bp": 0}}}}, {}])
    assert not any(lab.startswith("upgrade") for lab in labels(s))
