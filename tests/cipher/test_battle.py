"""Battle Steps (fe_cipher.md "Battle Steps", "Special Notes"; rulings FE-4, FE-5)."""
from __future__ import annotations

from sim.cipher.effects import power
from tests.cipher.helpers import act, cid, has_unit, labels, names, scenario, unit

ARTHUR = "Arthur, Fighter of Justice"      # 40 power, support 20, no skill
VAIKE = "Vaike, Teach"                     # 60 power, support 10, no skill


def duel(me: dict | None = None, opp: dict | None = None, **top):
    """Player 0 (first player) active on turn 3 in the Action Phase."""
    return scenario([{"units": [{"card": ARTHUR}], **(me or {})},
                     {"units": [{"card": ARTHUR}], **(opp or {})}], **top)


def test_battle_declare_taps_attacker_and_needs_a_legal_target():
    s = duel(opp={"units": [{"card": VAIKE}, {"card": ARTHUR, "line": "rear"}]})
    act(s, "attack with Arthur")
    assert labels(s) == ["attack Vaike with Arthur"]          # the rear Arthur is out of range 1
    act(s, "attack Vaike with Arthur")
    assert s.players[0].u_tapped[0] is True


def test_battle_attacker_wins_ties():
    s = duel(me={"deck": [VAIKE]}, opp={"units": [{"card": VAIKE}, {"card": ARTHUR}], "deck": [VAIKE]})
    act(s, "attack with Arthur")
    act(s, "attack Arthur with Arthur")                       # 40+10 against 40+10
    assert ("compare", 0, 50, 50, True) in s.events
    assert not has_unit(s, 1, "Arthur")


def test_battle_stronger_defender_survives_and_attacker_is_never_destroyed():
    s = duel(me={"deck": [VAIKE]}, opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")                        # 50 against 80
    assert ("compare", 0, 50, 80, False) in s.events
    assert has_unit(s, 1, "Vaike") and has_unit(s, 0, "Arthur")
    assert s.players[1].orbs == [] and s.players[1].hand == []


def test_battle_both_players_flip_support_and_cards_go_to_retreat():
    s = duel(me={"deck": [VAIKE, "Lissa, Cheerful Cleric"]},
             opp={"units": [{"card": VAIKE}], "deck": ["Elise, Nohr's Princess", ARTHUR]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    supports = [e for e in s.events if e[0] == "support"]
    assert supports == [("support", 0, cid(VAIKE), True), ("support", 1, cid("Elise, Nohr's Princess"), True)]
    assert names(s.players[0].retreat) == [VAIKE]
    assert names(s.players[1].retreat) == ["Elise, Nohr's Princess"]
    assert s.players[0].support == s.players[1].support == -1
    assert len(s.players[0].deck) == len(s.players[1].deck) == 1


def test_battle_support_power_is_added_to_each_side():
    s = duel(me={"deck": [VAIKE]}, opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")        # 40 + Vaike's 10 against 60 + Arthur's 20
    assert ("compare", 0, 50, 80, False) in s.events


def test_fe5_same_character_support_adds_no_power_and_no_skill():
    s = duel(me={"units": [{"card": "Chrom, Prince of Ylisse"}], "deck": ["Chrom, Prince of Ylisse"]},
             opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Chrom")
    act(s, "attack Vaike with Chrom")
    assert ("support", 0, cid("Chrom, Prince of Ylisse"), False) in s.events
    assert ("compare", 0, 50, 80, False) in s.events          # no +20 power, no Attack Emblem
    assert not any(e[0] == "skill" for e in s.events)


def test_support_skill_attack_emblem_on_an_attacker_of_another_name():
    s = duel(me={"deck": ["Chrom, Prince of Ylisse"]}, opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert ("compare", 0, 40 + 20 + 20, 80, True) in s.events  # support 20 + Attack Emblem 20


def test_support_skill_defense_emblem_only_when_supporting_a_defender():
    s = duel(me={"deck": ["Sumia, Pegasus Knight"]},
             opp={"units": [{"card": VAIKE}], "deck": ["Sumia, Pegasus Knight"]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    # attacker: 40 + 30 (no Defense Emblem when attacking); defender: 60 + 30 + 20
    assert ("compare", 0, 70, 110, False) in s.events


def test_support_skill_draw_emblem_draws_a_card():
    s = duel(me={"deck": ["Merric, Wind Mage", "Lissa, Cheerful Cleric"]},
             opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert names(s.players[0].hand) == ["Lissa, Cheerful Cleric"]


def test_battle_attack_and_defend_triggers_turn_player_orders_them():
    s = duel(me={"units": [{"card": "Sully, Crimson Cavalier"}], "deck": [VAIKE]},
             opp={"units": [{"card": "Effie, Knight"}], "deck": [VAIKE]})
    act(s, "attack with Sully")
    act(s, "attack Effie with Sully")
    assert s.pending[0] == "order" and s.current_player == 0     # the turn player orders both sides
    assert sorted(labels(s)) == ["resolve Effie: Strength", "resolve Sully: Charge"]
    act(s, "resolve Effie: Strength")
    powers = [(e[1], e[3]) for e in s.events if e[0] == "power"]
    assert powers == [(1, 30), (0, 10)]                            # in the order chosen
    assert ("compare", 0, 50 + 10 + 10, 40 + 30 + 10, False) in s.events


def test_fe5_critical_discards_a_same_name_card_and_doubles_power_with_support():
    s = duel(me={"hand": ["Arthur, Fighter of Justice", VAIKE], "deck": [VAIKE]},
             opp={"units": [{"card": ARTHUR}, {"card": VAIKE}], "deck": [ARTHUR], "hand": [VAIKE]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert s.pending[0] == "critical" and s.current_player == 0
    assert labels(s) == ["no critical", "critical: discard Arthur, Fighter of Justice"]
    act(s, "critical: discard Arthur, Fighter of Justice")
    assert names(s.players[0].retreat) == [ARTHUR]
    assert s.pending[0] == "evasion"                              # then the defender decides (FE-5)
    act(s, "no evasion")
    assert ("compare", 0, (40 + 10) * 2, 80, True) in s.events
    assert not has_unit(s, 1, "Vaike")


def test_fe5_evasion_discards_a_same_name_card_and_nullifies_the_attack():
    s = duel(me={"hand": [ARTHUR], "deck": [VAIKE]},
             opp={"units": [{"card": VAIKE}, {"card": ARTHUR}], "deck": [VAIKE], "hand": [ARTHUR, VAIKE]})
    act(s, "attack with Arthur")
    act(s, "attack Arthur with Arthur")
    act(s, "critical: discard Arthur, Fighter of Justice")
    assert labels(s) == ["no evasion", "evade: discard Arthur, Fighter of Justice"]
    act(s, "evade: discard Arthur, Fighter of Justice")
    assert not any(e[0] == "compare" for e in s.events)
    assert has_unit(s, 1, "Arthur")
    assert s.players[0].support == s.players[1].support == -1     # supports still go to retreat


def test_fe11_critical_asked_whenever_the_hand_is_not_empty():
    s = duel(me={"hand": [VAIKE], "deck": [VAIKE]}, opp={"units": [{"card": VAIKE}], "deck": [VAIKE]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert s.pending[0] == "critical" and labels(s) == ["no critical"]
    act(s, "no critical")
    assert s.pending is None                                      # empty defender hand: no question


def test_battle_destroyed_unit_goes_to_retreat_with_its_stack():
    s = duel(me={"units": [{"card": VAIKE}], "deck": [ARTHUR]},
             opp={"units": [{"card": VAIKE},
                            {"card": "Caeda, Winged Princess", "under": ["Caeda, Talys's Princess"],
                             "promoted": True}], "deck": [VAIKE]})
    act(s, "attack with Vaike")
    act(s, "attack Caeda with Vaike")                                 # 80 against 70
    assert not has_unit(s, 1, "Caeda")
    assert names(s.players[1].retreat) == ["Caeda, Talys's Princess", "Caeda, Winged Princess", VAIKE]


def test_fe9_destroyed_mc_takes_the_top_orb_into_hand_and_stays():
    s = duel(me={"units": [{"card": VAIKE}], "deck": [VAIKE]},
             opp={"orbs": [ARTHUR, "Elise, Nohr's Princess"], "deck": [VAIKE]})
    act(s, "attack with Vaike")
    act(s, "attack Arthur with Vaike")
    assert has_unit(s, 1, "Arthur")
    assert names(s.players[1].hand) == [ARTHUR] and names(s.players[1].orbs) == ["Elise, Nohr's Princess"]
    assert not s.done


def test_fe25_mc_destroyed_with_no_orbs_loses():
    s = duel(me={"units": [{"card": VAIKE}], "deck": [VAIKE]}, opp={"orbs": [], "deck": [VAIKE]})
    act(s, "attack with Vaike")
    act(s, "attack Arthur with Vaike")
    assert s.done and s.winner == 0 and s.end_reason == "mc_destroyed"
    assert s.returns() == [1.0, -1.0] and s.legal_actions() == []


def test_fe25_mc_destroyed_mid_battle_still_sends_both_support_cards_to_the_retreat_area():
    s = duel(me={"units": [{"card": VAIKE}], "deck": [VAIKE]}, opp={"orbs": [], "deck": ["Lissa, Cheerful Cleric"]})
    act(s, "attack with Vaike")
    act(s, "attack Arthur with Vaike")
    assert s.done and s.winner == 0 and s.phase == "over"
    assert names(s.players[0].retreat) == [VAIKE]
    assert names(s.players[1].retreat) == ["Lissa, Cheerful Cleric"]
    assert s.players[0].support == s.players[1].support == -1
    assert (s.b_att, s.b_def, s.b_att_mod, s.b_def_mod, s.b_crit, s.b_evaded) == (-1, -1, 0, 0, False, False)
    assert s.to_dict()["battle"] is None


def test_special_skill_destroying_mc_takes_an_orb_same_as_battle():
    s = duel(me={"units": [{"card": "Camus, Sable Knight"}], "bonds": [VAIKE, VAIKE]},
             opp={"units": [{"card": ARTHUR}, {"card": VAIKE}], "orbs": [ARTHUR]})
    act(s, "use Camus: Gradivus [ACT, reverse 2]")
    assert labels(s) == ["target enemy Arthur", "target enemy Vaike"]
    act(s, "target enemy Arthur")                                   # the MC, cost 1
    assert names(s.players[1].hand) == [ARTHUR] and s.players[1].orbs == []
    assert has_unit(s, 1, "Arthur")


def test_special_destroy_skill_cannot_pick_a_mc_above_its_cost_limit():
    s = duel(me={"units": [{"card": "Camus, Sable Knight"}], "bonds": [VAIKE, VAIKE]},
             opp={"units": [{"card": "Ryoma, Swordmaster", "under": ["Ryoma, Crown Prince"], "promoted": True},
                            {"card": "Hinoka, Sky Princess"}]})
    act(s, "use Camus: Gradivus [ACT, reverse 2]")                  # only Hinoka (cost 1) is legal
    assert not has_unit(s, 1, "Hinoka") and has_unit(s, 1, "Ryoma")


def test_fe4_support_flip_reshuffles_the_retreat_area_when_the_deck_is_empty():
    s = duel(me={"deck": [], "retreat": [VAIKE]}, opp={"units": [{"card": VAIKE}], "deck": [VAIKE]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert ("reshuffle", 0, 1) in s.events and ("support", 0, cid(VAIKE), True) in s.events


def test_fe28_nothing_to_flip_means_no_support():
    s = duel(me={"deck": []}, opp={"units": [{"card": VAIKE}], "deck": [VAIKE]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert ("support", 0, -1, False) in s.events and ("compare", 0, 40, 60, False) in s.events


def test_fe15_battle_ends_without_comparison_when_a_unit_left_the_field():
    s = duel(me={"deck": [VAIKE]}, opp={"units": [{"card": VAIKE}], "deck": [VAIKE]})
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert s.b_att < 0                                              # battle over, fields cleared
    st = duel(opp={"units": [{"card": VAIKE}]})
    st.tasks = [("battle_end",), ("compare",)]
    st.b_att, st.b_def = st.players[0].u_uid[0], st.players[1].u_uid[0]
    st.players[1].remove_unit(0)
    st._run()
    assert ("battle_ends", 0, "left_field") in st.events


def test_continuous_effective_bonus_against_a_type():
    s = duel(me={"units": [{"card": "Niles, Outlaw", "line": "rear"}], "deck": [VAIKE]},
             opp={"units": [{"card": "Hinoka, Sky Princess"}], "deck": [VAIKE]})
    i = unit(s, 0, "Niles")
    assert power(s, 0, i) == 30
    act(s, "attack with Niles")
    act(s, "attack Hinoka with Niles")
    assert ("compare", 0, 30 + 30 + 10, 50, True) in s.events


def test_on_supported_trigger_fires_only_for_a_support_of_another_name():
    s = duel(me={"units": [{"card": "Lucina, Future Witness"}], "deck": [VAIKE]},
             opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Lucina")
    act(s, "attack Vaike with Lucina")                   # 50 + 10 support + 10 Bond of Hope
    assert ("compare", 0, 70, 80, False) in s.events
    s = duel(me={"units": [{"card": "Lucina, Future Witness"}], "deck": ["Lucina, Future Witness"]},
             opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Lucina")
    act(s, "attack Vaike with Lucina")
    assert ("compare", 0, 50, 80, False) in s.events


def test_fe14_support_skills_of_both_sides_are_ordered_by_the_turn_player():
    s = duel(me={"units": [{"card": "Lucina, Future Witness"}], "deck": ["Chrom, Prince of Ylisse"]},
             opp={"units": [{"card": "Subaki, Sky Knight"}], "deck": ["Hinoka, Sky Princess"]})
    act(s, "attack with Lucina")
    act(s, "attack Subaki with Lucina")
    assert ("power", 1, s.b_def, 10) in s.events          # the lone defend trigger needs no order
    assert s.pending[0] == "order" and s.current_player == 0
    assert sorted(labels(s)) == ["resolve Chrom: Attack Emblem [support, attacking]",
                                 "resolve Hinoka: Defense Emblem [support, defending]",
                                 "resolve Lucina: Bond of Hope", "resolve Subaki: Sky Formation"]
    act(s, "resolve Subaki: Sky Formation")
    act(s, "resolve Lucina: Bond of Hope")
    act(s, "resolve Hinoka: Defense Emblem [support, defending]")   # the last one needs no choice
    # Lucina: 50 + Chrom's support 20 + Attack Emblem 20 + Bond of Hope 10 (a support card is no ally)
    # Subaki: 40 + Perfect Guard 10 + Hinoka's support 30 + Defense Emblem 20 + Sky Formation 10
    assert ("compare", 0, 100, 110, False) in s.events


def test_on_attack_skill_with_a_condition_on_its_source():
    s = duel(me={"units": [{"card": ARTHUR}, {"card": "Ryoma, Swordmaster", "under": ["Ryoma, Crown Prince"]}],
                 "deck": [VAIKE]}, opp={"units": [{"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Ryoma")
    act(s, "attack Vaike with Ryoma")                    # not the MC: Raijinto (MC only) adds nothing
    assert ("compare", 0, 80, 80, True) in s.events
    s = duel(me={"units": [{"card": "Ryoma, Swordmaster", "under": ["Ryoma, Crown Prince"]}], "deck": [VAIKE]},
             opp={"units": [{"card": ARTHUR}, {"card": VAIKE}], "deck": [ARTHUR]})
    act(s, "attack with Ryoma")
    act(s, "attack Vaike with Ryoma")                    # the MC: +20
    assert ("compare", 0, 100, 80, True) in s.events
