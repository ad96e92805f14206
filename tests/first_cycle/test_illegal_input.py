"""Illegal input (C-4): a clear error naming what is wrong, and nothing half-applied (what
every game refuses alike, bad params and play after the end, is in
tests/core/test_illegal_input.py)."""
from __future__ import annotations

import numpy as np
import pytest

from sim import IllegalActionError, InvalidDeckError, InvalidScenarioError
from sim.core.errors import InvalidArgumentError
from tests.first_cycle.helpers import GAME, act, scenario
from tests.game_cases import assert_illegal_actions_rejected

G = "Gaia Compute Collective"


def test_c4_illegal_actions_raise_naming_the_reason_and_leave_the_state_untouched():
    s = scenario([{"leader": G, "hand": ["Ada Lovelace"], "ram": {"ready": 1},
                   "field": [{"card": "Rack Mover", "entered": 9}]}, {"leader": G}], turn=9)
    cases = [
        (GAME.a_play + 35 - 1, "costs 4 but only 1 RAM is ready"),
        (GAME.a_play + 50 - 1, "not in P1's hand"),
        (GAME.a_attack + 1 * 6 + 0, "deployed this turn and has no Rush"),
        (GAME.a_attack + 0 * 6 + 2, "not the opposing Leader or an exhausted opposing Character"),
        (GAME.a_attack + 3 * 6 + 0, "no fighter in slot 3"),
        (GAME.a_pass, "'pass' action is not a main action"),
    ]
    assert_illegal_actions_rejected(s, cases)


def test_c4_first_turn_attack_reason():
    s = scenario([{"leader": G}, {"leader": G}], turn=1)
    with pytest.raises(IllegalActionError, match="first turn"):
        s.apply(GAME.a_attack)


def test_c4_wrong_answer_to_a_pending_choice():
    s = scenario([{"leader": G}, {"leader": G, "field": [{"card": "Rack Mover"}]}], turn=9)
    act(s, "attack Leader with Leader")
    before = s.to_dict()
    with pytest.raises(IllegalActionError, match="pending 'guard' choice"):
        s.apply(GAME.a_end)
    assert s.to_dict() == before


@pytest.mark.parametrize("data, message", [
    ({"players": [{"leader": G}]}, "scenario.players: expected a list of 2"),
    ({"players": [{"leader": G}, {"leader": G}], "turns": 3}, r"unknown key\(s\) \['turns'\]"),
    ({"players": [{"leader": "Nobody"}, {"leader": G}]}, r"players\[0\].leader: unknown card 'Nobody'"),
    ({"players": [{"leader": "Rack Mover"}, {"leader": G}]}, "is a character, expected leader"),
    ({"players": [{"leader": G, "hand": ["Gaia Compute Collective"]}, {"leader": G}]},
     r"players\[0\].hand\[0\]: 'Gaia Compute Collective' is a leader"),
    ({"players": [{"leader": G, "hp": 9}, {"leader": G}]}, r"players\[0\].hp: expected an int in 0..5"),
    ({"players": [{"leader": G, "ram": {"ready": 8, "exhausted": 5}}, {"leader": G}]},
     "13 modules installed"),
    ({"players": [{"leader": G, "field": [{"card": "Rack Mover", "slot": 1},
                                            {"card": "Rack Mover", "slot": 1}]}, {"leader": G}]},
     "space 1 is already occupied"),
    ({"players": [{"leader": G, "field": [{"card": "Context Window"}]}, {"leader": G}]},
     "is a protocol, expected character"),
    ({"players": [{"leader": G}, {"leader": G}], "pending": ["dance", 0]}, "unknown pending choice"),
])
def test_c4_malformed_scenarios_name_the_key(data, message):
    with pytest.raises(InvalidScenarioError, match=message):
        GAME.state_from_dict(data)


def test_scenario_accepts_numbers_codes_prints_names_and_colors():
    s = scenario([{"leader": "green", "hand": [35, "#035", "FC035", "Ada Lovelace"]}, {"leader": "FC001"}])
    assert s.players[0].hand == [35, 35, 35, 35]
    assert GAME.cards[s.players[0].leader].color == "green" and s.players[1].leader == 1


@pytest.mark.parametrize("call, error, message", [
    (lambda s: s.observation(2), InvalidArgumentError, "player 2 is not a seat"),
    (lambda s: s.observation(True), InvalidArgumentError, "player True is a bool"),
    (lambda s: s.observation("0"), InvalidArgumentError, "player '0' is a str"),
    (lambda s: s.action_label(10**6), IllegalActionError, "action 1000000 is outside the action space"),
    (lambda s: s.action_label(-1), IllegalActionError, "action -1 is outside the action space"),
    (lambda s: s.action_label(0.0), IllegalActionError, "action 0.0 is a float"),
    (lambda s: s.action_label(None), IllegalActionError, "action None is a NoneType"),
    (lambda s: s.determinize(7, np.random.default_rng(0)), InvalidArgumentError, "observer 7 is not a seat"),
    (lambda s: s.determinize(0, 5), InvalidArgumentError, "rng must be a numpy Generator"),
    (lambda s: s.determinize(0, np.random.RandomState(0)), InvalidArgumentError, "got RandomState"),
])
def test_c4_action_label_observation_and_determinize_check_their_arguments(call, error, message):
    s = GAME.new_state(3)
    with pytest.raises(error, match=message):
        call(s)


def test_c4_entry_points_take_numpy_ints():
    s = GAME.new_state(3)
    assert s.observation(np.int64(1)) == s.observation(1)
    assert s.action_label(np.int32(GAME.a_end)) == "end turn"
    assert s.determinize(np.int8(0), np.random.default_rng(1)).to_dict() == \
        s.determinize(0, np.random.default_rng(1)).to_dict()


@pytest.mark.parametrize("decks, message", [
    ("black_starter", "decks must be a list of 2 decks .* got str 'black_starter'"),
    ({"name": "x"}, "decks must be a list of 2 decks .* got dict"),
    (["black_starter"], "needs 2 decks, got 1"),
    ([{"name": "x", "leader": "FC001", "cards": {"FC035": 10**12}}, "black_starter"],
     r"count 1000000000000 is more copies than any deck holds"),
])
def test_c4_new_state_names_what_decks_must_be(decks, message):
    with pytest.raises(InvalidDeckError, match=message):
        GAME.new_state(1, decks)


@pytest.mark.parametrize("seed", [True, -1, 1.5, "7", None])
def test_c4_new_state_refuses_a_seed_that_is_not_a_non_negative_int(seed):
    with pytest.raises(InvalidArgumentError, match="seed must be"):
        GAME.new_state(seed)


TWO = [{"leader": G}, {"leader": G}]


@pytest.mark.parametrize("extra, message", [
    ({"pending": ["guard", 1]}, r"scenario.pending: a 'guard' choice has 3 entries"),
    ({"pending": ["support", 0]}, r"scenario.pending: a 'support' choice needs a battle"),
    ({"pending": ["scan", 0, [], []]}, r"scenario.pending: a 'scan' choice is"),
    ({"pending": ["target", 0, [[1, 3]], -1, 0, 3, 0]}, r"target \(1, 3\) is not an occupied"),
    ({"pending": ["order", 0, [[1, 0, 9999, 0]]]}, r"scenario.pending: 9999 is not a"),
    ({"tasks": [["ability"]]}, r"scenario.tasks\[0\]: a 'ability' task has 6 entries"),
    ({"tasks": [["compare"]]}, r"scenario.tasks\[0\]: a 'compare' task needs a battle"),
    ({"tasks": [["place", 0, 3, 1]]}, r"scenario.tasks\[0\]: 3 is not a character card"),
    ({"battle": [9, 0, 1, 0]}, r"scenario.battle: attacker must be an int in 0..5"),
    ({"last_target": [0, 1]}, r"scenario.last_target: expected \[player, fighter, uid\]"),
    ({"players": [{"leader": G, "hp": 0}, {"leader": G}]}, r"players\[0\].hp: a Leader at 0 HP"),
    ({"players": [{"leader": G, "hand": ["Rack Mover"] * 40}, {"leader": G}]},
     r"players\[0\]: 40 main-deck cards"),
    ({"players": [{"leader": G, "field": [{"card": "Rack Mover", "uid": 7}]},
                  {"leader": G, "field": [{"card": "Rack Mover", "uid": 7}]}]}, r"uid 7 is on"),
    ({"done": True, "winner": 0, "tasks": [["start"]]}, r"scenario.done: a finished game has no"),
    ({"tasks": None}, r"scenario.tasks: expected a list of tasks, got None"),
    ({"battle": 5}, r"scenario.battle: expected \[attacker"),
    ({"end_reason": 3}, r"scenario.end_reason: expected a string"),
    ({"players": [{"leader": G, "revealed": 3}, {"leader": G}]}, r"players\[0\].revealed: expected a list"),
    ({"params": {"leader_hp": 10**12}}, r"scenario.params: first_cycle param 'leader_hp'"),
])
def test_c4_scenarios_that_cannot_be_played_are_refused_naming_the_key(extra, message):
    with pytest.raises(InvalidScenarioError, match=message):
        GAME.state_from_dict({"players": TWO, "turn": 9, **extra})


def test_c4_a_lost_leader_is_accepted_in_a_finished_game():
    s = GAME.state_from_dict({"players": [{"leader": G, "hp": 0}, {"leader": G}], "turn": 9,
                              "done": True, "winner": 1, "end_reason": "leader_hp"})
    assert s.is_terminal() and s.legal_actions() == []


def test_c4_tasks_with_no_pending_choice_are_refused():
    with pytest.raises(InvalidScenarioError, match="scenario.tasks: tasks wait only behind a pending choice"):
        GAME.state_from_dict({"players": TWO, "turn": 9, "tasks": [["start"]]})
