"""Character abilities of every kind the rulebook lists (xenodex.md "Abilities"; rulings XD-9,
XD-13, XD-20, XD-22, XD-23, XD-27): heal, deny attacks, force targeting, multi-strike, protect anchors, move units,
battle timing."""
from __future__ import annotations

from sim.xenodex.cardspec import ABILITY_KINDS
from tests.xenodex.helpers import GAME2, act, act_all, labels, scenario

R3 = {"roll_min": 3, "roll_max": 3}


def battle(me: dict, opp: dict, **top):
    return scenario([me, opp], phase="battle", params=R3, **top)


def test_xd9_every_ability_kind_is_on_several_characters_across_the_factions():
    chars = GAME2.cards.characters.values()
    for kind, names in ABILITY_KINDS.items():
        having = [c for c in chars if any(a.effect in names for a in c.abilities)]
        assert len(having) >= 3, kind
        assert len({c.faction for c in having}) >= 2, kind


def test_xd20_heal_ability_mends_a_friendly_character_in_the_slot():
    s = battle({"board": {"S1": {"units": ["Arc Welder", {"card": "Synth Drone", "bp": 3}]}}},
               {"board": {"S1": {"units": ["Moss Golem"]}}})
    act_all(s, "select Arc Welder (P1 #0) in S1", "heal with Arc Welder (P1 #0)")
    assert s.bp[1] == 9 and s.used[0] == 1           # one candidate: chosen at once (XD-20)


def test_xd16_mender_heals_its_owners_characters_in_the_slot_at_recovery():
    s = scenario([{"cdx": 0, "board": {"S1": {"units": ["Spore Tender", {"card": "Synth Drone", "bp": 3}]}}},
                  {"board": {"S1": {"units": [{"card": "Reef Crawler", "bp": 3}]}}}], phase="recovery")
    assert s.bp[1] == 7 and s.bp[20] == 3


def test_deny_attacks_jam_stops_a_rival_character_striking_this_cycle():
    s = battle({"board": {"S1": {"units": ["Grey Observer"]}}},
               {"board": {"S1": {"units": ["Reef Crawler", "Moss Golem"]}}})
    act_all(s, "select Grey Observer (P1 #0) in S1", "jam with Grey Observer (P1 #0)",
            "jam Reef Crawler (P2 #0) in S1")
    assert labels(s) == ["hold in S1", "select Moss Golem (P2 #1) in S1"]


def test_xd22_force_targeting_taunt_rivals_must_strike_the_taunting_character():
    s = battle({"board": {"S1": {"units": ["Synth Drone"]}}},
               {"board": {"S1": {"anchor": 0, "units": ["Reef Crawler", "Shard Sentinel"]}}})
    act(s, "select Synth Drone (P1 #0) in S1")
    assert labels(s) == ["stand down Synth Drone (P1 #0)",
                         "strike Shard Sentinel (P2 #1) in S1 with Synth Drone (P1 #0)"]


def test_xd20_multi_strike_cleave_hits_more_targets_with_the_same_roll():
    s = battle({"board": {"S1": {"units": ["Vine Lasher"]}}},
               {"board": {"S1": {"units": ["Reef Crawler", "Reef Crawler", "Spore Tender"]}}})
    act_all(s, "select Vine Lasher (P1 #0) in S1", "strike Reef Crawler (P2 #0) in S1 with Vine Lasher (P1 #0)")
    assert labels(s) == ["no more targets", "also strike Reef Crawler (P2 #1) in S1",
                         "also strike Spore Tender (P2 #2) in S1"]
    act_all(s, "also strike Spore Tender (P2 #2) in S1")
    assert s.bp[20] == 13 - 7 and s.bp[22] == 14 - 7           # 5 + 3 - DEF 1, one roll
    assert s.pending[0] == "cleave"                             # Cleave 2: one more
    act(s, "also strike Reef Crawler (P2 #1) in S1")
    assert s.bp[21] == 6 and s.current_player == 1
    assert sum(1 for e in s.events if e[0] == "roll") == 0      # no new roll after the first


def test_multi_strike_flurry_strikes_twice_a_cycle():
    s = battle({"board": {"S1": {"units": ["Overclock Unit"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}})
    act_all(s, "select Overclock Unit (P1 #0) in S1",
            "strike Moss Golem (P2 #0) in S1 with Overclock Unit (P1 #0)", "hold in S1",
            "select Overclock Unit (P1 #0) in S1",
            "strike Moss Golem (P2 #0) in S1 with Overclock Unit (P1 #0)")
    assert s.bp[20] == 28 - 2 * 6 and s.phase == "recovery"


def test_xd22_protect_anchors_guard_makes_the_anchor_unstrikable():
    s = battle({"board": {"S1": {"units": ["Synth Drone"]}}},
               {"board": {"S1": {"anchor": 0, "units": ["Grid Warden"]}}})
    act(s, "select Synth Drone (P1 #0) in S1")
    assert labels(s) == ["stand down Synth Drone (P1 #0)",
                         "strike Grid Warden (P2 #0) in S1 with Synth Drone (P1 #0)"]


def test_protect_anchors_fortify_raises_the_anchor_def():
    s = battle({"board": {"S1": {"units": ["Siege Frame"]}}},
               {"board": {"S1": {"anchor": 0, "units": ["Shell Knight"]}}})
    assert s.observation(0)["slots"][0]["anchors"][1]["def"] == 4 + 3
    act_all(s, "select Siege Frame (P1 #0) in S1", "strike P2's anchor in S1 with Siege Frame (P1 #0)")
    assert s.abp[5] == 25 - (8 + 3 - 7)


def test_move_units_relocate_moves_the_character_to_another_slot():
    s = battle({"board": {"S1": {"units": ["Null Courier"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}})
    act_all(s, "select Null Courier (P1 #0) in S1", "relocate with Null Courier (P1 #0)")
    assert labels(s) == [f"relocate Null Courier (P1 #0) to S{k}" for k in range(2, 6)]
    act(s, "relocate Null Courier (P1 #0) to S4")
    assert s.loc[0] == 3 and s.board[3] == [0] and ("move", 0, 0, 0, 3) in s.events


def test_xd13_a_character_moved_into_a_battle_still_to_come_strikes_there():
    s = battle({"board": {"S1": {"units": ["Null Courier"]}}},
               {"board": {"S1": {"units": ["Moss Golem"]}, "S3": {"units": ["Reef Crawler"]}}})
    act_all(s, "select Null Courier (P1 #0) in S1", "relocate with Null Courier (P1 #0)",
            "relocate Null Courier (P1 #0) to S3")
    assert ("resolved", 0) in s.events          # S1 is left to player 1 alone
    assert s.bslot == 2 and labels(s) == ["hold in S3", "select Null Courier (P1 #0) in S3"]


def test_xd27_move_units_displace_pushes_a_rival_to_the_neighbouring_slot():
    s = battle({"board": {"S5": {"units": ["Probe Handler"]}}},
               {"board": {"S5": {"units": ["Moss Golem"]}}})
    act_all(s, "select Probe Handler (P1 #0) in S5", "displace with Probe Handler (P1 #0)")
    assert s.loc[20] == 3                            # S5 has no S6: pushed to S4
    assert ("resolved", 4) in s.events


def test_xd23_battle_timing_first_strike_acts_before_the_normal_order():
    s = battle({"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"units": ["Pulse Lancer"]}}})
    assert s.current_player == 1 and labels(s) == ["hold in S1", "select Pulse Lancer (P2 #0) in S1"]
    act_all(s, "select Pulse Lancer (P2 #0) in S1", "strike Synth Drone (P1 #0) in S1 with Pulse Lancer (P2 #0)")
    assert s.current_player == 0 and s.bstage == 1                   # then the lead, as usual
    assert "select Pulse Lancer (P2 #0) in S1" not in labels(s)


def test_xd23_battle_timing_rally_lets_an_ally_strike_again_once_a_cycle():
    s = battle({"board": {"S1": {"units": ["Synth Drone", "Hive Tactician", "Hive Tactician"]}}},
               {"board": {"S1": {"units": ["Moss Golem"]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)",
            "hold in S1")
    act_all(s, "select Hive Tactician (P1 #1) in S1", "rally with Hive Tactician (P1 #1)")
    assert s.used[0] == 0 and labels(s)[1:] == ["select Synth Drone (P1 #0) in S1",
                                                 "select Hive Tactician (P1 #2) in S1"]
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)")
    act(s, "select Hive Tactician (P1 #2) in S1")
    # the Drone was rallied already (once a cycle, XD-23) and Tactician #1 rallied, it did not
    # strike: Rally has no candidate
    assert "rally with Hive Tactician (P1 #2)" not in labels(s)


def test_xd22_battle_timing_counter_strikes_back_when_the_character_survives():
    s = battle({"board": {"S1": {"units": ["Synth Drone", "Synth Drone"]}}},
               {"board": {"S1": {"units": ["Crystal Grazer"]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Crystal Grazer (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[0] == 12 - 2
    s = battle({"board": {"S1": {"units": ["Synth Drone"]}}},
               {"board": {"S1": {"units": [{"card": "Crystal Grazer", "bp": 2}]}}})
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Crystal Grazer (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[0] == 12                                              # knocked out: no counter


def test_an_activated_ability_spends_the_characters_action():
    s = battle({"board": {"S1": {"units": ["Grey Observer"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}})
    act_all(s, "select Grey Observer (P1 #0) in S1", "jam with Grey Observer (P1 #0)")
    assert s.used[0] == 1 and s.phase == "recovery"      # the only rival was jammed: nobody left to act


def test_xd20_a_choice_with_several_candidates_waits_for_the_player():
    s = battle({"board": {"S1": {"units": ["Grey Observer"]}}},
               {"board": {"S1": {"units": ["Reef Crawler", "Moss Golem"]}}})
    act_all(s, "select Grey Observer (P1 #0) in S1", "jam with Grey Observer (P1 #0)")
    assert s.pending[0] == "ability" and s.current_player == 0
    assert labels(s) == ["jam Reef Crawler (P2 #0) in S1", "jam Moss Golem (P2 #1) in S1"]


def test_abilities_are_free():
    s = battle({"cdx": 0, "board": {"S1": {"units": ["Arc Welder", {"card": "Synth Drone", "bp": 3}]}}},
               {"board": {"S1": {"units": ["Moss Golem"]}}})
    act_all(s, "select Arc Welder (P1 #0) in S1", "heal with Arc Welder (P1 #0)")
    assert s.cdx[0] == 0


def test_xd23_a_denied_character_cannot_be_rallied():
    s = battle({"board": {"S1": {"units": [{"card": "Synth Drone", "used": 1, "denied": True}, "Hive Tactician"]}}},
               {"board": {"S1": {"units": ["Moss Golem"]}}})
    act(s, "select Hive Tactician (P1 #1) in S1")
    assert "rally with Hive Tactician (P1 #1)" not in labels(s)


def test_xd23_rally_readies_only_a_character_that_has_struck():
    # "another of your characters in this slot that has struck": not one that stood down,
    # used an ability or captured
    me = {"board": {"S1": {"units": ["Synth Drone", "Arc Welder", {"card": "Reef Crawler", "bp": 5},
                                     "Null Courier", "Hive Tactician"]}}}
    s = scenario([me, {"board": {"S1": {"anchor": 4}}}, {"board": {"S1": {"anchor": 0}}}],
                 phase="battle", params=R3)
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike P2's anchor in S1 with Synth Drone (P1 #0)",
            "select Arc Welder (P1 #1) in S1", "heal with Arc Welder (P1 #1)",
            "select Reef Crawler (P1 #2) in S1", "stand down Reef Crawler (P1 #2)",
            "select Null Courier (P1 #3) in S1", "capture P3's anchor in S1 with Null Courier (P1 #3)",
            "select Hive Tactician (P1 #4) in S1", "rally with Hive Tactician (P1 #4)")
    # the struck Drone is the only candidate: chosen at once (XD-20)
    assert s.events[-1] == ("rally", 0, 0) and list(s.used[:4]) == [0, 1, 1, 1]


def test_xd23_a_rallied_character_must_strike_with_its_extra_action():
    me = {"board": {"S1": {"units": ["Arc Welder", {"card": "Reef Crawler", "bp": 5}, "Hive Tactician"]}}}
    s = scenario([me, {"board": {"S1": {"anchor": 4}}}, {"board": {"S1": {"anchor": 0}}}],
                 phase="battle", params=R3)
    act_all(s, "select Arc Welder (P1 #0) in S1", "strike P2's anchor in S1 with Arc Welder (P1 #0)",
            "select Reef Crawler (P1 #1) in S1", "stand down Reef Crawler (P1 #1)",
            "select Hive Tactician (P1 #2) in S1", "rally with Hive Tactician (P1 #2)",
            "select Arc Welder (P1 #0) in S1")
    # "may strike again": no heal, no capture with the readied action
    assert labels(s) == ["stand down Arc Welder (P1 #0)", "strike P2's anchor in S1 with Arc Welder (P1 #0)",
                         "strike P3's anchor in S1 with Arc Welder (P1 #0)"]
    act(s, "strike P3's anchor in S1 with Arc Welder (P1 #0)")
    assert s.abp[2 * 5] == 25 - (3 + 3 - 4) and s.used[0] == 1


def test_deny_attacks_jam_stops_striking_only():
    # "cannot strike": the jammed Abductor may still relocate or capture (its Jam has no
    # target: the Observer has acted)
    s = scenario([{"board": {"S1": {"units": ["Grey Observer"]}}},
                  {"board": {"S1": {"units": ["Abductor"]}}},
                  {"board": {"S1": {"anchor": 0}, "S2": {"units": ["Reef Crawler"]}}}],
                 phase="battle", params=R3)
    act_all(s, "select Grey Observer (P1 #0) in S1", "jam with Grey Observer (P1 #0)")
    assert s.flags[20] & 1 and s.current_player == 1
    act(s, "select Abductor (P2 #0) in S1")
    assert labels(s) == ["stand down Abductor (P2 #0)", "capture P3's anchor in S1 with Abductor (P2 #0)",
                         "relocate with Abductor (P2 #0)"]
    act(s, "capture P3's anchor in S1 with Abductor (P2 #0)")
    assert s.alvl[2 * 5] == -1


def test_deny_attacks_a_jammed_character_with_nothing_but_strikes_is_not_asked():
    s = battle({"board": {"S1": {"units": ["Grey Observer", "Synth Drone"]}}},
               {"board": {"S1": {"units": ["Reef Crawler"]}}})
    act_all(s, "select Grey Observer (P1 #0) in S1", "jam with Grey Observer (P1 #0)")
    assert s.current_player == 0                # the jammed Crawler has no other action: skipped
