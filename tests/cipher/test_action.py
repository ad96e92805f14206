"""Action Phase (fe_cipher.md "Action Phase": skills with bond-reversal and tap costs, moving,
attacking within range) and the skill kinds of the card set (rulings FE-3, FE-6 and ours)."""
from __future__ import annotations

import pytest

from sim import IllegalActionError
from sim.cipher.effects import power
from tests.cipher.helpers import GAME, act, has_unit, labels, names, scenario, unit

ARTHUR = "Arthur, Fighter of Justice"
VAIKE = "Vaike, Teach"
MARTH = "Marth, Prince of Altea"


def field(me_units, opp_units, me=None, opp=None, **top):
    return scenario([{"units": me_units, **(me or {})}, {"units": opp_units, **(opp or {})}], **top)


def attacks(s):
    return sorted(lab for lab in labels(s) if lab.startswith("attack with"))


def targets(s, attacker):
    act(s, f"attack with {attacker}")
    return sorted(labels(s))


# ------------------------------------------------------------------ FE-3 range
def test_fe3_range_one_from_the_front_line_into_the_enemy_front_line():
    s = field([{"card": ARTHUR}], [{"card": VAIKE}, {"card": "Elise, Nohr's Princess", "line": "rear"}])
    assert targets(s, "Arthur") == ["attack Vaike with Arthur"]


def test_fe3_range_two_from_the_front_line_into_the_enemy_rear_line():
    s = field([{"card": ARTHUR}, {"card": "Niles, Outlaw"}],
              [{"card": VAIKE}, {"card": "Elise, Nohr's Princess", "line": "rear"}])
    assert targets(s, "Niles") == ["attack Elise with Niles"]


def test_fe3_range_two_from_the_rear_line_into_the_enemy_front_line():
    s = field([{"card": ARTHUR}, {"card": "Niles, Outlaw", "line": "rear"}],
              [{"card": VAIKE}, {"card": "Elise, Nohr's Princess", "line": "rear"}])
    assert targets(s, "Niles") == ["attack Vaike with Niles"]


def test_fe3_range_one_two_may_choose_either():
    s = field([{"card": ARTHUR}, {"card": "Odin, Dark Mage"}],
              [{"card": VAIKE}, {"card": "Elise, Nohr's Princess", "line": "rear"}])
    assert targets(s, "Odin") == ["attack Elise with Odin", "attack Vaike with Odin"]
    s = field([{"card": ARTHUR}, {"card": "Odin, Dark Mage", "line": "rear"}],
              [{"card": VAIKE}, {"card": "Elise, Nohr's Princess", "line": "rear"}])
    assert targets(s, "Odin") == ["attack Vaike with Odin"]


def test_fe3_rear_line_unit_with_only_range_one_cannot_attack():
    s = field([{"card": ARTHUR, "line": "rear"}], [{"card": VAIKE}])
    assert attacks(s) == []
    with pytest.raises(IllegalActionError, match="no enemy within its range"):
        s.apply(GAME.a_attack + GAME.char_id["Arthur"])


def test_fe29_unit_without_range_never_attacks():
    s = field([{"card": ARTHUR}, {"card": "Lena, Saint of Macedon"}], [{"card": VAIKE}])
    assert attacks(s) == ["attack with Arthur"]


def test_fe18_first_player_may_not_attack_on_the_first_turn():
    s = field([{"card": ARTHUR}], [{"card": VAIKE}], turn=1)
    assert attacks(s) == []
    with pytest.raises(IllegalActionError, match="may not attack on the first turn"):
        s.apply(GAME.a_attack + GAME.char_id["Arthur"])
    s2 = field([{"card": ARTHUR}], [{"card": VAIKE}], turn=2, active=0, first_player=1)
    assert attacks(s2) == ["attack with Arthur"]                    # the second player may


def test_fe22_a_unit_may_attack_the_turn_it_is_deployed():
    s = field([{"card": ARTHUR}], [{"card": VAIKE}],
              me={"hand": ["Peri, Cavalier"], "bonds": ["Lena, Saint of Macedon", ARTHUR]}, phase="deploy")
    act(s, "deploy Peri, Cavalier (front)")
    act(s, "end deployment")
    assert "attack with Peri" in labels(s)


# ------------------------------------------------------------------ moving, tapping
def test_move_taps_and_switches_lines():
    s = field([{"card": ARTHUR}], [{"card": VAIKE}])
    act(s, "move Arthur to rear")
    pl = s.players[0]
    assert pl.u_tapped == [True] and pl.u_front == [False]


def test_tapped_unit_cannot_move_or_attack_again():
    s = field([{"card": ARTHUR}], [{"card": VAIKE}])
    act(s, "move Arthur to rear")
    assert labels(s) == ["end turn"]
    with pytest.raises(IllegalActionError, match="Arthur is tapped"):
        s.apply(GAME.a_move + GAME.char_id["Arthur"])


# ------------------------------------------------------------------ activated skills
def test_activated_skill_reverse_cost_asks_which_bonds_and_they_stay_face_down():
    s = field([{"card": "Camus, Sable Knight"}], [{"card": VAIKE}, {"card": "Elise, Nohr's Princess"}],
              me={"bonds": [MARTH, "Caeda, Talys's Princess", "Cain, The Red Bull"]})
    act(s, "use Camus: Gradivus [ACT, reverse 2]")
    assert s.pending[0] == "reverse"
    assert labels(s) == [f"reverse bond {MARTH}", "reverse bond Caeda, Talys's Princess",
                         "reverse bond Cain, The Red Bull"]
    act(s, "reverse bond Caeda, Talys's Princess")
    act(s, f"reverse bond {MARTH}")
    assert s.players[0].bond_up == [False, False, True]
    assert s.players[0].u_tapped == [False]                        # reversal only, no tap
    act(s, "target enemy Elise")
    assert not has_unit(s, 1, "Elise")
    act(s, "end turn")
    assert s.players[0].bond_up == [False, False, True]            # reversed bonds stay face-down


def test_reversal_needs_enough_face_up_bonds_and_reversed_bonds_block_their_color():
    s = field([{"card": "Camus, Sable Knight"}], [{"card": VAIKE}],
              me={"bonds": [MARTH, {"card": MARTH, "face_up": False}]})
    assert not any(lab.startswith("use Camus") for lab in labels(s))
    with pytest.raises(IllegalActionError, match="reverses 2 bonds but only 1 are face-up"):
        s.apply(GAME.a_skill + GAME.char_id["Camus"] * 2)


def test_activated_skill_tap_cost_taps_the_unit():
    s = field([{"card": "Caeda, Winged Princess"}, {"card": ARTHUR}], [{"card": VAIKE}])
    act(s, "use Caeda: Wings of Talys [ACT, tap this unit]")
    pl = s.players[0]
    assert pl.u_tapped[unit(s, 0, "Caeda")] and not pl.u_front[unit(s, 0, "Arthur")]
    assert not pl.u_tapped[unit(s, 0, "Arthur")]                   # moved by a skill: no tap
    assert not any(lab.startswith("use Caeda") for lab in labels(s))


def test_activated_skill_once_per_turn_resets_at_end_of_turn():
    s = field([{"card": "Virion, Sniper"}], [{"card": VAIKE}],
              me={"bonds": [MARTH, MARTH, MARTH]})
    label = "use Virion: Deadeye [ACT, reverse 1, once per turn]"
    act(s, label)
    assert power(s, 0, 0) == 70 and label not in labels(s)
    with pytest.raises(IllegalActionError, match="once per turn"):
        s.apply(GAME.a_skill + GAME.char_id["Virion"] * 2)
    act(s, "end turn")
    assert s.players[0].u_used == [0] and power(s, 0, 0) == 50


def test_fe26_activated_skills_only_in_the_action_phase():
    s = field([{"card": "Virion, Sniper"}], [{"card": VAIKE}], me={"bonds": [MARTH]}, phase="deploy")
    assert labels(s) == ["end deployment"]
    with pytest.raises(IllegalActionError, match="Action Phase, not the Deployment Phase"):
        s.apply(GAME.a_skill + GAME.char_id["Virion"] * 2)


# ------------------------------------------------------------------ triggered, continuous skills
def test_on_deploy_trigger_tap_an_enemy():
    s = field([{"card": "Ryoma, Crown Prince"}], [{"card": VAIKE}, {"card": ARTHUR}],
              me={"hand": ["Kaze, Silent Ninja"], "bonds": ["Hinata, Wild Samurai"] * 2}, phase="deploy")
    act(s, "deploy Kaze, Silent Ninja (rear)")
    act(s, "target enemy Vaike")
    assert s.players[1].u_tapped[unit(s, 1, "Vaike")] is True


def test_fe27_retrieved_card_is_revealed_to_the_opponent():
    s = field([{"card": MARTH}], [{"card": VAIKE}],
              me={"hand": ["Lena, Saint of Macedon"], "bonds": [MARTH],
                  "retreat": ["Caeda, Talys's Princess", "Camus, Sable Knight"]}, phase="deploy")
    act(s, "deploy Lena, Saint of Macedon (rear)")          # only Caeda has cost <= 2: no question
    assert names(s.players[0].hand) == ["Caeda, Talys's Princess"]
    assert s.observation(1)["opponent"]["revealed_hand"] == s.players[0].hand


def test_continuous_skill_with_an_ally_condition():
    s = field([{"card": "Cain, The Red Bull"}, {"card": "Abel, The Black Panther"}], [{"card": VAIKE}],
              opp={"deck": [ARTHUR]}, me={"deck": [VAIKE]})
    act(s, "attack with Cain")
    act(s, "attack Vaike with Cain")
    assert ("compare", 0, 40 + 10 + 10, 80, False) in s.events


def test_continuous_skill_for_other_allies_on_my_turn_only():
    s = field([{"card": "Marth, Hero-King", "under": [MARTH]}, {"card": ARTHUR}], [{"card": VAIKE}])
    assert power(s, 0, unit(s, 0, "Arthur")) == 50 and power(s, 0, unit(s, 0, "Marth")) == 80
    act(s, "end turn")
    assert power(s, 0, unit(s, 0, "Arthur")) == 40


def test_on_class_change_puts_a_deck_card_into_bonds_and_flip_bonds_asks_which():
    s = field([{"card": "Frederick, The Wary"}, {"card": "Robin, Tactician"}], [{"card": VAIKE}],
              me={"hand": ["Frederick, Great Knight", "Robin, Grandmaster"],
                  "bonds": ["Chrom, Prince of Ylisse"] * 3 + [{"card": "Lissa, Cheerful Cleric", "face_up": False},
                                                            {"card": "Sumia, Pegasus Knight", "face_up": False},
                                                            {"card": "Sully, Crimson Cavalier", "face_up": False}],
                  "deck": [VAIKE, ARTHUR, VAIKE]}, phase="deploy")
    act(s, "class change into Frederick, Great Knight")       # draws Vaike, then a bond from the deck
    assert names(s.players[0].hand) == ["Robin, Grandmaster", VAIKE]
    assert names(s.players[0].bonds)[-1] == ARTHUR and s.players[0].bond_up[-1]
    act(s, "class change into Robin, Grandmaster")             # 3 + 3 of 7 bonds
    assert s.pending[0] == "flip"
    act(s, "flip bond Sumia, Pegasus Knight")
    act(s, "flip bond Lissa, Cheerful Cleric")
    assert s.players[0].bond_up[3:6] == [True, True, False]


def test_fe13_a_targeted_effect_with_no_target_does_nothing():
    s = field([{"card": ARTHUR}], [{"card": "Vaike, Teach"}],
              me={"hand": ["Kaze, Silent Ninja"], "bonds": ["Hinata, Wild Samurai"] * 2},
              opp={"units": [{"card": VAIKE, "tapped": True}]}, phase="deploy")
    act(s, "deploy Kaze, Silent Ninja (front)")
    assert s.pending is None and s.players[1].u_tapped == [True]


def test_activated_skill_target_choice_between_own_units():
    s = field([{"card": "Marth, Star of Hope", "under": [MARTH], "promoted": True}, {"card": "Caeda, Talys's Princess"},
               {"card": "Cain, The Red Bull"}], [{"card": VAIKE}], me={"bonds": [MARTH]})
    act(s, "use Marth: Rallying Cry [ACT, reverse 1, once per turn]")
    assert labels(s) == ["target own Caeda", "target own Cain"]
    act(s, "target own Cain")
    assert s.players[0].u_mod == [0, 0, 10]


def test_activated_untap_another_ally_once_per_turn():
    s = field([{"card": "Ryoma, Crown Prince", "tapped": True}, {"card": "Azura, Songstress"}], [{"card": VAIKE}])
    act(s, "use Azura: Lost in Thoughts [ACT, tap this unit, once per turn]")
    assert s.players[0].u_tapped == [False, True]


def test_fe20_activated_move_an_enemy_without_tapping_it():
    s = field([{"card": "Chrom, Prince of Ylisse"}, {"card": "Sumia, Falcon Knight", "under": ["Sumia, Pegasus Knight"]}],
              [{"card": VAIKE}])
    act(s, "use Sumia: Sky Sweep [ACT, tap this unit]")
    assert s.players[1].u_front == [False] and s.players[1].u_tapped == [False]


def test_retrieve_asks_which_card_when_there_is_a_choice():
    s = field([{"card": "Ryoma, Crown Prince"}], [{"card": VAIKE}],
              me={"hand": ["Sakura, Gentle Princess"], "bonds": ["Hinata, Wild Samurai"],
                  "retreat": ["Hinata, Wild Samurai", "Kaze, Silent Ninja", "Ryoma, Swordmaster"]}, phase="deploy")
    act(s, "deploy Sakura, Gentle Princess (rear)")
    assert labels(s) == ["retrieve Kaze, Silent Ninja", "retrieve Hinata, Wild Samurai"]
    act(s, "retrieve Kaze, Silent Ninja")
    assert names(s.players[0].hand) == ["Kaze, Silent Ninja"] and s.players[0].revealed == s.players[0].hand


def test_continuous_bonus_for_other_attacking_allies_while_promoted():
    s = field([{"card": "Xander, Lion King", "under": ["Xander, Crown Prince", "Xander, Paladin of Nohr"],
                "promoted": True}, {"card": ARTHUR}], [{"card": VAIKE}])
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    compare = next(e for e in s.events if e[0] == "compare")
    assert compare[2] == 40 + 10                                      # no support cards: empty decks
    s = field([{"card": "Xander, Lion King", "under": ["Xander, Crown Prince"]}, {"card": ARTHUR}],
              [{"card": VAIKE}])
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    assert next(e for e in s.events if e[0] == "compare")[2] == 40
