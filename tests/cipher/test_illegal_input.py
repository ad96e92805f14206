"""Illegal input (C-4): a clear error naming what is wrong, and nothing half-applied;
readable labels and params (what every game refuses alike, bad params and play after the
end, is in tests/core/test_illegal_input.py)."""
from __future__ import annotations

import numpy as np
import pytest

from sim import IllegalActionError, InvalidScenarioError, load_game
from sim.cipher.params import CipherParams
from sim.core.errors import InvalidArgumentError
from tests.cipher.helpers import GAME, act, labels, scenario
from tests.game_cases import assert_illegal_actions_rejected

ARTHUR = "Arthur, Fighter of Justice"
VAIKE = "Vaike, Teach"
MARTH = "Marth, Prince of Altea"


def test_c4_illegal_actions_raise_naming_the_reason_and_leave_the_state_untouched():
    s = scenario([{"units": [{"card": MARTH}], "hand": ["Camus, Sable Knight", "Chrom, Prince of Ylisse",
                                                         "Marth, Star of Hope", "Marth, Hero-King"],
                   "bonds": [MARTH, MARTH]}, {"units": [{"card": ARTHUR}]}], phase="deploy")
    def c(name):
        return GAME.card_set.card(name).id - 1

    cases = [
        (GAME.a_front + c("Camus, Sable Knight"), "costs 4 but only 2 of the bond budget is left"),
        (GAME.a_front + c("Chrom, Prince of Ylisse"), "needs a face-up blue bond"),
        (GAME.a_front + c(VAIKE), "is not in P1's hand"),
        (GAME.a_front + c("Marth, Star of Hope"), "a unit named Marth is already deployed"),
        (GAME.a_class_change + c("Marth, Star of Hope"), "costs 3 but only 2 of the bond budget"),
        (GAME.a_level_up + c("Marth, Hero-King"), "costs 5 but only 2"),
        (GAME.a_bond + c("Camus, Sable Knight"), "Bond Phase, not the Deployment Phase"),
        (GAME.a_attack + GAME.char_id["Marth"], "Action Phase, not the Deployment Phase"),
        (GAME.a_card, "answers a choice, and none is pending"),
    ]
    assert_illegal_actions_rejected(s, cases)


def test_c4_wrong_answer_to_a_pending_choice():
    s = scenario([{"units": [{"card": ARTHUR}], "hand": [ARTHUR], "deck": [VAIKE]},
                  {"units": [{"card": VAIKE}], "deck": [ARTHUR]}])
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    before = s.to_dict()
    with pytest.raises(IllegalActionError, match="pending 'critical' choice"):
        s.apply(GAME.a_move)
    assert s.to_dict() == before


def test_params_defaults_are_the_rulebooks_and_variants_are_values():
    p = CipherParams()
    assert (p.orbs, p.opening_hand, p.min_deck, p.max_copies, p.mc_cost, p.max_turns, p.mulligans) == \
        (5, 6, 50, 4, 1, 60, 1)
    v = p.replace(orbs=3)
    assert v.orbs == 3 and v.params_id != p.params_id and CipherParams.from_dict(v.to_dict()) == v
    g = load_game("cipher", orbs=3, opening_hand=5)
    s = g.new_state(1)
    assert len(s.players[0].hand) == 5
    act(s, "keep hand")
    act(s, "keep hand")
    assert len(s.players[0].orbs) == 3


@pytest.mark.parametrize("data, message", [
    ({"players": [{"units": [{"card": ARTHUR}]}]}, "scenario.players: expected a list of 2"),
    ({"players": [{"units": [{"card": ARTHUR}]}, {"units": [{"card": VAIKE}]}], "turns": 3},
     r"unknown key\(s\) \['turns'\]"),
    ({"players": [{"units": [{"card": "Nobody"}]}, {"units": [{"card": VAIKE}]}]},
     r"players\[0\].units\[0\].card: unknown card 'Nobody'"),
    ({"players": [{"units": [{"card": "Marth"}]}, {"units": [{"card": VAIKE}]}]},
     r"unknown card 'Marth'"),                                 # three Marth cards: ambiguous
    ({"players": [{"units": [{"card": ARTHUR}, {"card": ARTHUR}]}, {"units": [{"card": VAIKE}]}]},
     "one unit per character name"),
    ({"players": [{"units": [{"card": ARTHUR, "line": "middle"}]}, {"units": [{"card": VAIKE}]}]},
     r"units\[0\].line: expected 'front' or 'rear'"),
    ({"players": [{"units": [{"card": ARTHUR, "mc": True}, {"card": VAIKE, "mc": True}]},
                  {"units": [{"card": VAIKE}]}]}, "already has a MC"),
    ({"players": [{}, {"units": [{"card": VAIKE}]}]}, r"players\[0\].units: a player's MC must be on the field"),
    ({"players": [{"units": [{"card": ARTHUR}], "spent": 2, "bonds": [VAIKE]}, {"units": [{"card": VAIKE}]}]},
     r"players\[0\].spent: expected an int in 0..1"),
    ({"players": [{"units": [{"card": "Marth, Star of Hope", "under": [ARTHUR]}]}, {"units": [{"card": VAIKE}]}]},
     r"under\[0\]: 'Arthur, Fighter of Justice' is not a Marth card"),
    ({"players": [{"units": [{"card": ARTHUR}], "bonds": [{"face_up": False}]}, {"units": [{"card": VAIKE}]}]},
     r"bonds\[0\].card: missing"),
    ({"players": [{"units": [{"card": ARTHUR}]}, {"units": [{"card": VAIKE}]}], "phase": "lunch"},
     "scenario.phase: 'lunch' is not one of"),
    ({"players": [{"units": [{"card": ARTHUR}]}, {"units": [{"card": VAIKE}]}], "pending": ["dance", 0]},
     "unknown pending choice"),
    ({"players": [{"units": [{"card": ARTHUR}], "revealed": [VAIKE]}, {"units": [{"card": VAIKE}]}]},
     "is not in hand that many times"),
])
def test_c4_malformed_scenarios_name_the_key(data, message):
    with pytest.raises(InvalidScenarioError, match=message):
        GAME.state_from_dict(data)


def test_scenario_accepts_ids_codes_names_and_unique_character_names():
    s = scenario([{"units": [{"card": "Vaike"}], "hand": [1, "FE001", MARTH, "marth, prince of altea"]},
                  {"units": [{"card": "FE059"}]}])
    assert s.players[0].hand == [1, 1, 1, 1] and s.players[1].u_stack == [(59,)]


def test_fe23_labels_name_cards_and_units_readably():
    s = scenario([{"units": [{"card": ARTHUR}, {"card": "Camus, Sable Knight", "line": "rear"}],
                   "bonds": [MARTH, MARTH], "hand": [ARTHUR], "deck": [VAIKE]},
                  {"units": [{"card": VAIKE}], "deck": [VAIKE]}])
    assert labels(s) == ["end turn", "use Camus: Gradivus [ACT, reverse 2]", "move Arthur to rear",
                         "move Camus to front", "attack with Arthur"]
    act(s, "attack with Arthur")
    assert labels(s) == ["attack Vaike with Arthur"]
    act(s, "attack Vaike with Arthur")
    assert labels(s) == ["no critical", "critical: discard Arthur, Fighter of Justice"]
    d = scenario([{"units": [{"card": ARTHUR}], "hand": [MARTH], "bonds": [MARTH]},
                  {"units": [{"card": VAIKE}]}], phase="deploy")
    assert labels(d) == ["end deployment", f"deploy {MARTH} (front)", f"deploy {MARTH} (rear)"]


@pytest.mark.parametrize("observer", [7, 2, -1, True, 0.0, "0", None])
def test_c4_determinize_refuses_a_seat_that_is_not_one(observer):
    s = GAME.new_state(1)
    before = s.to_dict()
    with pytest.raises(InvalidArgumentError, match=rf"observer {observer!r} is"):
        s.determinize(observer, np.random.default_rng(0))
    assert s.to_dict() == before


@pytest.mark.parametrize("rng", [5, None, np.random.RandomState(0), "seed"])
def test_c4_determinize_refuses_an_rng_that_is_not_a_generator(rng):
    with pytest.raises(InvalidArgumentError, match="rng must be a numpy Generator"):
        GAME.new_state(1).determinize(0, rng)


@pytest.mark.parametrize("player, message", [(2, "player 2 is not a seat"), (-1, "player -1 is not a seat"),
                                             (True, "player True is a bool"), (0.0, "player 0.0 is a float"),
                                             ("1", "player '1' is a str"), (None, "player None is a NoneType")])
def test_c4_observation_refuses_a_seat_that_is_not_one(player, message):
    with pytest.raises(InvalidArgumentError, match=message):
        GAME.new_state(1).observation(player)


def test_c4_observation_takes_numpy_seats():
    s = GAME.new_state(1)
    assert s.observation(np.int64(1)) == s.observation(1)
    assert s.observation(np.int64(1))["player"] == 1


@pytest.mark.parametrize("action, message", [(10**6, "outside the action space"), (-1, "outside the action space"),
                                             (0.0, "is a float"), (np.float32(0), "is a float32"),
                                             (False, "is a bool"), ("0", "is a str"), (None, "is a NoneType")])
def test_c4_action_label_refuses_what_is_not_an_action_id(action, message):
    with pytest.raises(IllegalActionError, match=message):
        GAME.new_state(1).action_label(action)


def test_c4_action_label_names_any_action_of_the_space_legal_or_not():
    s = GAME.new_state(1)
    assert s.action_label(np.int32(GAME.a_pass)) == "keep hand"
    for a in range(GAME.action_space_size):
        assert isinstance(s.action_label(a), str)
