"""Transmissions and the Echoes (xenodex.md "Transmissions (TX)", "Incoming — the Echoes";
rulings XD-7, XD-9 and ours XD-12, XD-18..XD-20)."""
from __future__ import annotations

from tests.xenodex.helpers import GAME2, act, act_all, game, labels, scenario

R3 = {"roll_min": 3, "roll_max": 3}


def test_xd9_tx_decks_hold_the_shared_core_and_each_factions_signature():
    cs = GAME2.cards
    core = {t.name for t in cs.transmissions.values() if t.faction == "core"}
    effects = {t.effect for t in cs.transmissions.values() if t.faction == "core"}
    assert {"heal_slot", "gain_cdx", "buff_str", "buff_def"} <= effects          # heal, income, buffs
    sig = {f: {t.effect for t in cs.transmissions.values() if t.faction == f} for f in ("synth", "greys", "others")}
    assert {"drain_cdx", "starve", "hack_anchors"} <= sig["synth"]                # hack and starve
    assert {"deny_unit", "damage_slot", "ready_unit", "buff_str"} <= sig["greys"]  # command combat
    assert {"free_anchor", "heal_all", "repair_anchor", "free_upgrade"} <= sig["others"]  # build, sustain
    for deck in cs.decks.values():
        names = {cs.transmissions[t].name for t in deck.transmissions}
        assert core <= names
        assert all(cs.transmissions[t].faction in ("core", deck.faction) for t in deck.transmissions)


def test_xd7_xd12_draw_two_play_one_and_the_other_is_discarded_at_once():
    s = scenario([{"cdx": 0, "tx_library": ["Data Windfall", "Patch Signal", "Siphon"]}, {}], cycle=2, phase="start")
    assert len(s.tx_hand[0]) == 2 and len(s.tx_deck[0]) == 1
    act(s, "transmit Data Windfall")
    assert s.tx_hand[0] == [] and sorted(s.tx_disc[0]) == [1, 2]            # played + discarded (XD-12)
    assert not any(lab.startswith("transmit") for lab in labels(s))


def test_xd7_xd12_unplayed_transmissions_are_discarded_at_the_end_of_the_cycle():
    s = scenario([{"tx_hand": ["Data Windfall", "Siphon"], "tx_library": ["Psi Lance", "Psi Lance"]}, {}],
                 phase="results")
    assert s.cycle == 2 and s.tx_disc[0] == [1, 5] and s.tx_hand[0] == [10, 10]


def test_xd19_an_empty_tx_deck_is_refilled_from_its_discard():
    s = scenario([{"tx_discard": ["Siphon", "Siphon", "Anchor Hack"]}, {}], cycle=2, phase="start")
    assert len(s.tx_hand[0]) == 2 and len(s.tx_deck[0]) == 1 and s.tx_disc[0] == []
    assert ("tx_reshuffle", 0) in s.events


def test_transmissions_are_free_to_play():
    s = scenario([{"cdx": 0, "tx_hand": ["Hardlight Screen"], "board": {"S2": {"units": ["Synth Drone"]}}}, {}])
    act(s, "transmit Hardlight Screen")                # one candidate slot: chosen at once (XD-20)
    assert s.cdx[0] == 0 and s.bdef[1] == 2
    assert s.observation(1)["slots"][1]["units"][0]["def"] == 3


def test_xd7_xd12_a_transmission_may_be_played_at_any_own_decision_point_even_in_battle():
    s = scenario([{"tx_hand": ["Boost Carrier"], "board": {"S1": {"units": ["Synth Drone"]}}},
                  {"board": {"S1": {"units": ["Moss Golem"]}}}], phase="battle", params=R3)
    assert "transmit Boost Carrier" in labels(s)
    act(s, "transmit Boost Carrier")
    assert s.current_player == 0 and s.pending == ("strike", 0, 0)      # back to the strike decision
    act_all(s, "select Synth Drone (P1 #0) in S1", "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[20] == 28 - (4 + 2 + 3 - 3)


def test_xd18_a_targeted_transmission_lets_you_pick_which_rival():
    s = scenario([{"tx_hand": ["Siphon"]}, {"cdx": 30}, {"cdx": 5}])
    act(s, "transmit Siphon")
    assert labels(s) == ["Siphon on P2 · Blorptenna", "Siphon on P3 · Korr"]
    act(s, "Siphon on P3 · Korr")
    assert s.cdx == [205, 30, 0]                            # takes what is there


def test_xd18_a_slot_wide_transmission_hits_every_rival_present_but_never_your_own_units():
    s = scenario([{"tx_hand": ["Psi Lance"], "board": {"S2": {"units": ["Synth Drone"]}}},
                  {"board": {"S2": {"units": ["Moss Golem"]}, "S3": {"units": ["Moss Golem"]}}},
                  {"board": {"S2": {"units": ["Reef Crawler"]}}}])
    act(s, "transmit Psi Lance")
    assert labels(s) == ["Psi Lance on S2", "Psi Lance on S3"]
    act(s, "Psi Lance on S2")
    assert s.bp[0] == 12 and s.bp[20] == 24 and s.bp[21] == 28 and s.bp[40] == 9


def test_xd18_a_slot_wide_transmission_hits_your_units_only_when_the_card_says_so():
    s = scenario([{"tx_hand": ["EMP Cascade"], "board": {"S2": {"units": ["Synth Drone"]}}},
                  {"board": {"S2": {"units": ["Moss Golem"]}}}])
    act(s, "transmit EMP Cascade")
    assert s.bp[0] == 12 - 5 and s.bp[20] == 28 - 5


def test_synth_blackout_starves_a_rivals_next_emission():
    s = scenario([{"tx_hand": ["Blackout Protocol"]}, {"cdx": 0, "board": {"S1": {"anchor": 2}}}])
    act(s, "transmit Blackout Protocol")
    assert s.starved[1]
    while s.cycle == 1:
        s.apply(s.legal_actions()[0])
    assert s.cdx[1] == 12 and not s.starved[1]            # base only, once


def test_synth_anchor_hack_damages_rival_anchors_ignoring_def():
    s = scenario([{"tx_hand": ["Anchor Hack"], "board": {"S1": {"anchor": 0}}},
                  {"board": {"S1": {"anchor": {"level": 1, "bp": 10}}}}])
    act(s, "transmit Anchor Hack")
    assert s.abp[0] == 25 and s.abp[5] == 0 and s.alvl[5] == 0      # disabled, Lv1 -> Lv0


def test_greys_mind_command_denies_a_rival_character_this_cycle():
    s = scenario([{"tx_hand": ["Mind Command"]}, {"board": {"S1": {"units": ["Grey Scout"]}}}])
    act(s, "transmit Mind Command")
    assert s.flags[20] == 1 and s.observation(0)["slots"][0]["units"][0]["denied"]


def test_greys_tactical_relay_lets_a_character_that_struck_strike_again():
    s = scenario([{"tx_hand": ["Tactical Relay"],
                   "board": {"S1": {"units": [{"card": "Grey Scout", "used": 1}, "Synth Drone"]}}},
                  {"board": {"S1": {"units": ["Moss Golem"]}}}], phase="battle", params=R3)
    act(s, "transmit Tactical Relay")
    assert s.used[0] == 0 and "select Grey Scout (P1 #0) in S1" in labels(s)


def test_greys_tactical_relay_readies_only_a_character_that_has_struck():
    s = scenario([{"tx_hand": ["Tactical Relay"], "board": {"S1": {"units": ["Synth Drone", "Reef Crawler",
                                                                            "Spore Tender"]}}},
                  {"board": {"S1": {"anchor": 4}}}], phase="battle", params=R3)
    act_all(s, "select Synth Drone (P1 #0) in S1", "stand down Synth Drone (P1 #0)")
    assert "transmit Tactical Relay" not in labels(s)           # standing down is not striking
    act_all(s, "select Reef Crawler (P1 #1) in S1", "strike P2's anchor in S1 with Reef Crawler (P1 #1)",
            "transmit Tactical Relay")                             # one candidate: chosen at once
    assert list(s.used[:2]) == [1, 0] and s.events[-2] == ("rally", 0, 1)


def test_greys_mind_command_stops_striking_only():
    s = scenario([{"tx_hand": ["Mind Command"], "board": {"S1": {"units": ["Synth Drone"]}}},
                  {"board": {"S1": {"units": ["Null Courier"]}}}], phase="battle", params=R3)
    act_all(s, "transmit Mind Command", "hold in S1", "select Null Courier (P2 #0) in S1")
    assert labels(s) == ["stand down Null Courier (P2 #0)", "relocate with Null Courier (P2 #0)"]


# ----------------------------------------------------------------------------- TX at sub-choices
def test_xd7_xd12_a_transmission_may_be_played_at_the_actor_decision():
    s = scenario([{"tx_hand": ["Boost Carrier"], "board": {"S1": {"units": ["Synth Drone"]}}},
                  {"board": {"S1": {"units": ["Moss Golem"]}}}], phase="battle", params=R3)
    act_all(s, "select Synth Drone (P1 #0) in S1", "transmit Boost Carrier")
    assert s.pending == ("actor", 0, 0, 0)                 # back to what the Drone does
    act(s, "strike Moss Golem (P2 #0) in S1 with Synth Drone (P1 #0)")
    assert s.bp[20] == 28 - (4 + 2 + 3 - 3)


def test_xd7_xd12_a_transmission_may_be_played_at_an_ability_target_decision():
    s = scenario([{"tx_hand": ["Psi Lance"], "board": {"S1": {"units": ["Grey Observer"]}}},
                  {"board": {"S1": {"units": ["Reef Crawler", "Moss Golem"]}}}], phase="battle", params=R3)
    act_all(s, "select Grey Observer (P1 #0) in S1", "jam with Grey Observer (P1 #0)", "transmit Psi Lance")
    assert list(s.bp[20:22]) == [9, 24] and s.pending == ("ability", 0, 0, 0, 0)
    act(s, "jam Moss Golem (P2 #1) in S1")
    assert s.flags[21] & 1


def test_xd7_xd12_a_transmission_may_be_played_between_cleave_targets():
    s = scenario([{"tx_hand": ["Psi Lance"], "board": {"S1": {"units": ["Vine Lasher"]}}},
                  {"board": {"S1": {"units": ["Reef Crawler", "Reef Crawler", "Spore Tender"]}}}],
                 phase="battle", params=R3)
    act_all(s, "select Vine Lasher (P1 #0) in S1", "strike Reef Crawler (P2 #0) in S1 with Vine Lasher (P1 #0)",
            "transmit Psi Lance")
    assert list(s.bp[20:23]) == [13 - 7 - 4, 13 - 4, 14 - 4]
    assert labels(s) == ["no more targets", "also strike Reef Crawler (P2 #1) in S1",
                         "also strike Spore Tender (P2 #2) in S1"]


def test_xd7_xd12_a_transmission_may_be_played_while_choosing_another_ones_target():
    s = scenario([{"tx_hand": ["Siphon", "Data Windfall"], "tx_left": 2}, {"cdx": 30}, {"cdx": 5}],
                 params={"tx_plays": 2})
    act_all(s, "transmit Siphon", "transmit Data Windfall")
    assert s.cdx[0] == 215 and s.pending == ("tx", 0, 5, ("summon", 0))
    act(s, "Siphon on P2 · Blorptenna")
    assert s.cdx == [227, 18, 5] and s.pending == ("summon", 0)


def test_xd12_a_play_left_without_its_actor_or_any_target_ends():
    # the healer and the heal's candidates are knocked out by the seat's own EMP Cascade
    s = scenario([{"tx_hand": ["EMP Cascade"], "board": {"S1": {"units": [
        {"card": "Arc Welder", "bp": 5}, {"card": "Synth Drone", "bp": 3}, {"card": "Reef Crawler", "bp": 4}]}}},
        {"board": {"S1": {"units": ["Moss Golem"]}}}], phase="battle", params=R3)
    act_all(s, "select Arc Welder (P1 #0) in S1", "heal with Arc Welder (P1 #0)", "transmit EMP Cascade")
    assert ("fizzle", 0, "ability", 0) in s.events and list(s.loc[:3]) == [-1, -1, -1]
    assert s.bp[20] == 28 - 5 and s.phase == "recovery"          # one side left: resolved
    # the selected character is knocked out: the seat's battle turn is asked afresh
    s = scenario([{"tx_hand": ["EMP Cascade"], "board": {"S1": {"units": [{"card": "Synth Drone", "bp": 3},
                                                                         "Moss Golem"]}}},
                  {"board": {"S1": {"units": ["Reef Crawler"]}}}], phase="battle", params=R3)
    act_all(s, "select Synth Drone (P1 #0) in S1", "transmit EMP Cascade")
    assert s.loc[0] == -1 and s.pending == ("strike", 0, 0)
    assert labels(s) == ["hold in S1", "select Moss Golem (P1 #1) in S1"]


def test_others_build_and_sustain():
    s = scenario([{"tx_hand": ["Rapid Assembly"], "pool": 1}, {}])
    act(s, "transmit Rapid Assembly")
    assert s.pool[0] == 0 and s.astaged[0] == 1
    s = scenario([{"tx_hand": ["Bio Weave"], "board": {"S1": {"units": [{"card": "Moss Golem", "bp": 1}]},
                                                       "S4": {"units": [{"card": "Reef Crawler", "bp": 1}]}}}, {}])
    act(s, "transmit Bio Weave")
    assert s.bp[0] == 7 and s.bp[1] == 7
    s = scenario([{"tx_hand": ["Regrowth"], "board": {"S3": {"anchor": {"level": 1, "bp": 0}}}}, {}])
    act(s, "transmit Regrowth")
    assert s.abp[2] == 20 and s.observation(0)["slots"][2]["anchors"][0]["active"]
    s = scenario([{"tx_hand": ["Overgrowth"], "cdx": 0, "board": {"S3": {"anchor": 1}}}, {}])
    act(s, "transmit Overgrowth")
    assert s.alvl[2] == 2 and s.abp[2] == 50 and s.cdx[0] == 0


def test_core_income_and_heal():
    s = scenario([{"cdx": 0, "tx_hand": ["Data Windfall"]}, {}])
    act(s, "transmit Data Windfall")
    assert s.cdx[0] == 15
    s = scenario([{"tx_hand": ["Patch Signal"], "board": {"S2": {"units": [{"card": "Moss Golem", "bp": 4}]}}}, {}])
    act(s, "transmit Patch Signal")
    assert s.bp[0] == 12


def test_xd12_a_transmission_without_a_target_cannot_be_played():
    s = scenario([{"tx_hand": ["Psi Lance", "Mind Command"]}, {}])
    assert not any(lab.startswith("transmit") for lab in labels(s))


# ----------------------------------------------------------------------------- Echoes
def test_echoes_flip_from_a_shared_public_deck_at_the_top_of_each_cycle():
    g = GAME2
    s = g.new_state(4)
    assert s.echo and s.events[1][0] == "echo"
    o0, o1 = s.observation(0), s.observation(1)
    assert o0["echo"] == o1["echo"] and o0["echo"]["current"] == s.echo
    assert "deck" not in o0["echo"]                       # its order is hidden
    assert len(s.echo_deck) == len(g.echo_list) - 1


def test_echoes_can_be_turned_off():
    s = scenario([{}, {}], phase="start", cycle=2)
    assert s.echo == 0 and not any(e[0] == "echo" for e in s.events)


def _echo_start(echo: str, seats: list[dict]):
    return scenario(seats, phase="start", cycle=2, echo_deck=[echo], params={"echoes": True})


def test_echo_emission_surge_hits_every_player():
    s = _echo_start("Solar Flare", [{"cdx": 0, "board": {"S1": {"anchor": 0}}},
                                   {"cdx": 0, "board": {"S2": {"anchor": 0}, "S3": {"anchor": 0}}}])
    assert s.cdx == [12 + 6 + 8, 12 + 2 * (6 + 8)]


def test_echo_field_event_storm_hits_every_character_in_a_random_slot():
    seats = [{"board": {f"S{k}": {"units": ["Moss Golem"]} for k in range(1, 6)}},
             {"board": {"S2": {"units": ["Reef Crawler"]}}}]
    s = _echo_start("Ion Storm", seats)
    k = s.echo_slot
    assert 0 <= k < 5 and s.bp[k] == 28 - 5 and sum(s.bp[:5]) == 5 * 28 - 5
    assert s.bp[20] == (13 - 5 if k == 1 else 13)          # every player's characters there
    g = game(echoes=True)
    slots = {g.state_from_dict({"seats": seats, "phase": "start", "cycle": 2, "echo_deck": ["Ion Storm"],
                                "seed": seed}).echo_slot for seed in range(30)}
    assert len(slots) > 2                                   # drawn from the state's generator


def test_echo_field_events_change_str_and_def_for_every_character_this_cycle():
    s = _echo_start("Gravity Shear", [{"board": {"S1": {"units": ["Synth Drone"]}}}, {}])
    assert s.observation(1)["slots"][0]["units"][0]["str"] == 2
    s = _echo_start("Static Fog", [{"board": {"S1": {"units": ["Synth Drone"]}}}, {}])
    assert s.observation(1)["slots"][0]["units"][0]["def"] == 3


def test_echo_redirect_sends_each_players_emission_to_the_next_seat():
    s = _echo_start("Signal Redirect", [{"cdx": 0, "board": {"S1": {"anchor": 4}}},
                                       {"cdx": 0}, {"cdx": 0, "board": {"S2": {"anchor": 0}}}])
    assert s.cdx == [12 + 6, 12 + 22, 12]


def test_echo_dead_air_blocks_transmissions_this_cycle():
    s = _echo_start("Dead Air", [{"tx_library": ["Data Windfall", "Siphon"]}, {}])
    assert not any(lab.startswith("transmit") for lab in labels(s))


def test_xd19_echo_deck_reshuffles_its_discard_when_empty():
    s = scenario([{}, {}], phase="start", cycle=2, echo_deck=[], echo_discard=["Quiet Band", "Dead Air"],
                 params={"echoes": True})
    assert s.echo in (7, 8) and len(s.echo_deck) == 1 and s.echo_disc == []
