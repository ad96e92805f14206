"""Play Area, Starting the Game, Beginning / Bond / Deployment Phases, Ending the turn
(fe_cipher.md; rulings C-1, C-2, FE-1, FE-2 and ours)."""
from __future__ import annotations

from collections import Counter

from sim import load_game
from tests.cipher.helpers import CS, GAME, act, cid, has_unit, labels, names, scenario, unit

ARTHUR = "Arthur, Fighter of Justice"
VAIKE = "Vaike, Teach"
MARTH = "Marth, Prince of Altea"
STAR = "Marth, Star of Hope"
HERO = "Marth, Hero-King"


def deploy_phase(me: dict | None = None, opp: dict | None = None, **top):
    return scenario([{"units": [{"card": MARTH}], **(me or {})},
                     {"units": [{"card": ARTHUR}], **(opp or {})}], phase="deploy", **top)


# ------------------------------------------------------------------ Play Area, Starting the Game
def test_play_area_every_area_and_no_limit_on_units_per_line():
    s = scenario([{"units": [{"card": MARTH}, {"card": "Caeda, Talys's Princess"}, {"card": "Cain, The Red Bull"},
                             {"card": "Abel, The Black Panther"}, {"card": "Draug, Wall of Altea"},
                             {"card": "Merric, Wind Mage"},
                             {"card": "Lena, Saint of Macedon", "line": "rear"}],
                   "deck": [VAIKE], "retreat": [VAIKE], "orbs": [VAIKE], "bonds": [VAIKE], "hand": [VAIKE]},
                  {"units": [{"card": ARTHUR}]}])
    o = s.observation(0)["you"]
    assert sum(u["line"] == "front" for u in o["units"]) == 6
    assert {"deck_size", "retreat", "orbs", "bonds", "support", "units", "hand"} <= set(o)


def test_setup_mc_set_aside_opening_hand_of_six_and_first_player_random():
    firsts = set()
    for seed in range(12):
        s = GAME.new_state(seed)
        firsts.add(s.first_player)
        assert s.phase == "mulligan" and s.current_player == s.first_player
        for p in (0, 1):
            pl = s.players[p]
            assert len(pl.hand) == 6 and pl.orbs == [] and pl.u_uid == []
            assert GAME.cards[pl.setaside].cost == 1 and len(pl.deck) == 50 - 1 - 6
    assert firsts == {0, 1}                                     # C-1: from the state's generator
    assert GAME.new_state(4).to_dict() == GAME.new_state(4).to_dict()


def test_setup_one_whole_hand_mulligan_then_five_orbs_and_the_mc_flipped():
    s = GAME.new_state(1)
    first = s.first_player
    before = Counter(s.players[first].hand + s.players[first].deck)
    act(s, "mulligan")
    pl = s.players[first]
    assert len(pl.hand) == 6 and Counter(pl.hand + pl.deck) == before and pl.mulligans == 1
    assert s.current_player == 1 - first                       # only one mulligan: the other player now
    act(s, "keep hand")
    assert s.phase in ("bond", "deploy") and s.turn == 1 and s.active == first
    for p in (0, 1):
        pl = s.players[p]
        assert len(pl.orbs) == 5 and len(pl.deck) == 49 - 6 - 5         # the first player skips the draw
        assert len(pl.u_uid) == 1 and pl.u_uid[0] == pl.mc and pl.u_front[0] and not pl.u_tapped[0]


def test_setup_orbs_are_hidden_from_everyone_even_their_owner():
    s = GAME.new_state(2)
    act(s, "keep hand")
    act(s, "keep hand")
    for p in (0, 1):
        o = s.observation(p)
        assert o["you"]["orbs"] == 5 and o["opponent"]["orbs"] == 5
        for orb in s.players[p].orbs:                           # never listed, only counted
            assert orb not in o["you"]["retreat"]
    assert isinstance(s.observation(0)["you"]["orbs"], int)


def test_phases_beginning_bond_deployment_action_in_order():
    s = scenario([{"units": [{"card": MARTH}], "hand": [VAIKE, ARTHUR], "deck": [VAIKE]},
                  {"units": [{"card": ARTHUR}], "hand": [VAIKE], "deck": [ARTHUR, VAIKE]}], turn=2, active=0,
                 first_player=1, phase="action")
    act(s, "end turn")
    assert s.active == 1 and s.turn == 3 and s.phase == "bond"
    assert labels(s)[0] == "no bond"
    act(s, "no bond")
    assert s.phase == "deploy" and "end deployment" in labels(s)
    act(s, "end deployment")
    assert s.phase == "action" and "end turn" in labels(s)


# ------------------------------------------------------------------ Beginning Phase
def test_beginning_first_player_skips_the_first_draw_the_second_draws():
    s = GAME.new_state(8)
    act(s, "keep hand")
    act(s, "keep hand")
    first = s.first_player
    assert len(s.players[first].hand) == 6
    act(s, "no bond")
    act(s, "end deployment")
    act(s, "end turn")
    assert len(s.players[1 - first].hand) == 7


def test_beginning_untaps_the_turn_players_units_then_draws():
    s = scenario([{"units": [{"card": MARTH, "tapped": True}], "deck": [VAIKE]},
                  {"units": [{"card": ARTHUR, "tapped": True}], "deck": [VAIKE]}], turn=4, active=1)
    act(s, "end turn")
    assert s.players[0].u_tapped == [False] and s.players[1].u_tapped == [True]
    assert names(s.players[0].hand) == [VAIKE]


# ------------------------------------------------------------------ Bond Phase
def test_bond_phase_at_most_one_card_face_up_and_no_draw():
    s = scenario([{"units": [{"card": MARTH}], "hand": [VAIKE, ARTHUR], "deck": [VAIKE]},
                  {"units": [{"card": ARTHUR}]}], phase="bond")
    assert labels(s) == ["no bond", f"bond {VAIKE}", f"bond {ARTHUR}"]    # action-id (card id) order
    act(s, f"bond {VAIKE}")
    pl = s.players[0]
    assert names(pl.bonds) == [VAIKE] and pl.bond_up == [True]
    assert names(pl.hand) == [ARTHUR] and len(pl.deck) == 1          # no draw for it
    assert s.phase == "deploy"                                       # one card only


# ------------------------------------------------------------------ Deployment Phase
def test_fe2_deploy_budget_counts_every_bond_face_down_too_and_is_per_turn():
    s = deploy_phase({"hand": ["Caeda, Talys's Princess", "Cain, The Red Bull", "Draug, Wall of Altea"],
                      "bonds": [MARTH, {"card": MARTH, "face_up": False}]})
    act(s, "deploy Caeda, Talys's Princess (front)")
    assert s.players[0].spent == 1
    assert "deploy Draug, Wall of Altea (front)" not in labels(s)      # cost 2 > 1 left
    act(s, "deploy Cain, The Red Bull (rear)")
    assert s.players[0].spent == 2 and labels(s) == ["end deployment"]
    assert not s.players[0].u_front[unit(s, 0, "Cain")]


def test_fe2_color_needs_a_face_up_bond_of_that_color():
    s = deploy_phase({"hand": ["Chrom, Prince of Ylisse", "Caeda, Talys's Princess"],
                      "bonds": [{"card": "Robin, Tactician", "face_up": False}, MARTH]})
    assert "deploy Chrom, Prince of Ylisse (front)" not in labels(s)     # the only blue bond is face-down
    assert "deploy Caeda, Talys's Princess (front)" in labels(s)


def test_special_all_bonds_face_down_no_unit_can_be_deployed():
    s = deploy_phase({"hand": ["Caeda, Talys's Princess"],
                      "bonds": [{"card": MARTH, "face_up": False}, {"card": MARTH, "face_up": False}]})
    assert labels(s) == ["end deployment"]


def test_one_unit_per_character_name_even_with_another_card_name():
    s = deploy_phase({"hand": [MARTH, "Caeda, Talys's Princess"], "bonds": [MARTH] * 3,
                      "units": [{"card": STAR, "under": [MARTH], "promoted": True}]})
    assert not any(lab.startswith("deploy Marth") for lab in labels(s))
    assert "deploy Caeda, Talys's Princess (front)" in labels(s)


def test_class_change_pays_the_promotion_cost_and_draws_a_card():
    s = deploy_phase({"hand": [STAR], "bonds": [MARTH] * 3, "deck": [VAIKE]})
    act(s, f"class change into {STAR}")
    pl = s.players[0]
    i = unit(s, 0, "Marth")
    assert pl.spent == 3 and pl.u_promoted[i] and pl.u_stack[i] == (cid(MARTH), cid(STAR))
    assert names(pl.hand) == [VAIKE]


def test_class_change_needs_an_unpromoted_unit_of_the_same_character():
    s = deploy_phase({"hand": [STAR], "bonds": [MARTH] * 5,
                      "units": [{"card": STAR, "under": [MARTH], "promoted": True}]})
    assert f"class change into {STAR}" not in labels(s)


def test_class_change_the_draw_happens_first_then_the_effect():
    s = deploy_phase({"hand": [STAR], "bonds": [MARTH] * 3, "deck": [VAIKE]},
                     {"units": [{"card": ARTHUR}, {"card": "Hinoka, Sky Princess"}]})
    act(s, f"class change into {STAR}")
    assert s.pending[0] == "target"
    assert names(s.players[0].hand) == [VAIKE]                      # already drawn
    kinds = [e[0] for e in s.events]
    assert kinds.index("draw") < kinds.index("skill")
    act(s, "target enemy Hinoka")
    assert not has_unit(s, 1, "Hinoka")


def test_deploy_then_class_change_in_the_same_turn_paying_each_cost():
    s = deploy_phase({"units": [{"card": ARTHUR}], "hand": ["Caeda, Talys's Princess", "Caeda, Winged Princess"],
                      "bonds": [MARTH] * 3, "deck": [VAIKE]})
    act(s, "deploy Caeda, Talys's Princess (front)")
    act(s, "class change into Caeda, Winged Princess")
    assert s.players[0].spent == 3


def test_promoted_card_played_as_a_normal_unit_is_not_promoted_and_draws_nothing():
    s = deploy_phase({"units": [{"card": ARTHUR}], "hand": [STAR], "bonds": [MARTH] * 4, "deck": [VAIKE]})
    act(s, f"deploy {STAR} (front)")
    i = unit(s, 0, "Marth")
    assert s.players[0].spent == 4 and not s.players[0].u_promoted[i] and s.players[0].hand == []
    assert not any(e[0] == "skill" for e in s.events)               # no class-change effect either


def test_class_change_of_the_mc_makes_the_promoted_unit_the_mc():
    s = deploy_phase({"hand": [STAR], "bonds": [MARTH] * 3, "deck": [VAIKE]})
    mc = s.players[0].mc
    act(s, f"class change into {STAR}")
    i = unit(s, 0, "Marth")
    assert s.players[0].u_uid[i] == mc
    assert s.observation(0)["you"]["units"][i]["mc"] is True


def test_level_up_higher_cost_pays_deploy_cost_is_not_a_promotion():
    s = deploy_phase({"units": [{"card": "Chrom, Prince of Ylisse"}], "hand": ["Chrom, Shepherd Captain"],
                      "bonds": ["Robin, Tactician"] * 3, "deck": [VAIKE]})
    act(s, "level up into Chrom, Shepherd Captain")
    pl = s.players[0]
    i = unit(s, 0, "Chrom")
    assert pl.spent == 3 and not pl.u_promoted[i] and pl.hand == []       # no draw
    assert pl.u_stack[i] == (cid("Chrom, Prince of Ylisse"), cid("Chrom, Shepherd Captain"))
    assert pl.u_uid[i] == pl.mc                                             # the MC levelled up
    assert pl.u_mod[i] == 20                                                # its on_level_up skill


def test_level_up_on_a_promoted_unit_stays_promoted_without_draw_or_class_change_effects():
    s = deploy_phase({"hand": [HERO], "bonds": [MARTH] * 5, "deck": [VAIKE],
                      "units": [{"card": STAR, "under": [MARTH], "promoted": True}]})
    act(s, f"level up into {HERO}")
    pl = s.players[0]
    i = unit(s, 0, "Marth")
    assert pl.u_promoted[i] and pl.spent == 5 and pl.hand == []
    assert pl.u_stack[i] == (cid(MARTH), cid(STAR), cid(HERO))
    assert not any(e[0] == "skill" for e in s.events)


def test_fe12_level_up_needs_a_higher_deploy_cost():
    s = deploy_phase({"hand": ["Leo, Dark Prince"], "bonds": ["Arthur, Fighter of Justice"] * 5,
                      "units": [{"card": "Leo, Nohr's Tactician", "under": []}]})
    assert labels(s) == ["end deployment"]


def test_fe8_color_applies_to_class_change_and_level_up():
    s = deploy_phase({"hand": [STAR], "bonds": [{"card": MARTH, "face_up": False}] * 3 + [VAIKE]})
    assert labels(s) == ["end deployment"]


# ------------------------------------------------------------------ Ending the turn
def test_end_turn_until_end_of_turn_effects_stop():
    s = scenario([{"units": [{"card": MARTH, "mod": 20}]}, {"units": [{"card": ARTHUR, "mod": -10}]}])
    act(s, "end turn")
    assert s.players[0].u_mod == [0] and s.players[1].u_mod == [0]


def test_c2_turn_limit_ends_in_a_draw():
    s = scenario([{"units": [{"card": MARTH}]}, {"units": [{"card": ARTHUR}]}], turn=60)
    act(s, "end turn")
    assert s.done and s.winner == -1 and s.end_reason == "turn_limit" and s.returns() == [0.0, 0.0]


def test_c2_turn_limit_is_a_parameter():
    g = load_game("cipher", max_turns=10)
    s = g.state_from_dict({"players": [{"units": [{"card": MARTH}]}, {"units": [{"card": ARTHUR}]}], "turn": 10})
    act(s, "end turn")
    assert s.end_reason == "turn_limit"


def test_fe4_empty_deck_reshuffles_the_retreat_area_before_drawing():
    s = scenario([{"units": [{"card": MARTH}], "deck": [], "retreat": [VAIKE, ARTHUR]},
                  {"units": [{"card": ARTHUR}]}], turn=4, active=1)
    act(s, "end turn")
    pl = s.players[0]
    assert ("reshuffle", 0, 2) in s.events and len(pl.hand) == 1 and len(pl.deck) == 1 and pl.retreat == []


def test_fe4_nothing_left_nothing_drawn_and_no_deck_out_loss():
    s = scenario([{"units": [{"card": MARTH}], "deck": [], "retreat": []},
                  {"units": [{"card": ARTHUR}]}], turn=4, active=1)
    act(s, "end turn")
    assert s.players[0].hand == [] and not s.done and s.active == 0


def test_fe1_mc_card_counts_toward_the_starting_deck():
    for name in ("red_starter", "blue_starter", "white_starter", "black_starter"):
        s = GAME.new_state(0, [name, name])
        assert all(len(p.all_cards()) == 50 for p in s.players)
    assert CS.card("FE001").cost == 1


def test_fe19_mulligan_is_a_parameter_and_an_empty_hand_skips_the_bond_phase():
    g = load_game("cipher", mulligans=0)
    s = g.new_state(3)
    assert s.phase == "bond" and s.pending is None and s.turn == 1  # straight to turn 1
    e = scenario([{"units": [{"card": MARTH}], "deck": []}, {"units": [{"card": ARTHUR}]}], turn=4, active=1)
    act(e, "end turn")
    assert e.phase == "deploy"                                      # nothing to bond with


def test_fe21_class_change_keeps_tapped_state_line_and_modifiers():
    s = deploy_phase({"units": [{"card": MARTH, "tapped": True, "line": "rear", "mod": 10}], "hand": [STAR],
                      "bonds": [MARTH] * 3, "deck": [VAIKE]})
    act(s, f"class change into {STAR}")
    pl = s.players[0]
    assert pl.u_tapped == [True] and pl.u_front == [False] and pl.u_mod == [10]


def test_fe7_the_flipped_mc_enters_the_front_line_untapped():
    s = GAME.new_state(5)
    act(s, "keep hand")
    act(s, "keep hand")
    for pl in s.players:
        assert pl.u_front == [True] and pl.u_tapped == [False] and pl.u_uid == [pl.mc]


def test_fe16_once_per_turn_is_fresh_for_a_new_top_card():
    s = scenario([{"units": [{"card": "Virion, Archest", "used": 1}], "hand": ["Virion, Sniper"],
                   "bonds": ["Robin, Tactician"] * 3, "deck": [VAIKE]}, {"units": [{"card": ARTHUR}]}],
                 phase="deploy")
    act(s, "class change into Virion, Sniper")
    assert s.players[0].u_used == [0]


def test_fe17_a_bond_from_an_empty_deck_takes_nothing_and_does_not_reshuffle():
    g = load_game("cipher", class_change_draw=0)          # no draw first: the deck stays empty
    s = g.state_from_dict({"players": [
        {"units": [{"card": "Frederick, The Wary"}], "hand": ["Frederick, Great Knight"],
         "bonds": ["Chrom, Prince of Ylisse"] * 3, "deck": [], "retreat": [VAIKE]},
        {"units": [{"card": ARTHUR}]}], "phase": "deploy"})
    act(s, "class change into Frederick, Great Knight")
    pl = s.players[0]
    assert len(pl.bonds) == 3 and names(pl.retreat) == [VAIKE] and pl.deck == []
