"""Illegal input (C-4): clear errors naming what is wrong, and nothing half-applied (what
every game refuses alike, bad params and play after the end, is in
tests/core/test_illegal_input.py)."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from sim import (
    CardDataError,
    IllegalActionError,
    InvalidDeckError,
    InvalidScenarioError,
)
from sim.core.errors import InvalidArgumentError
from sim.xenodex.cards import (
    CARDS_DIR,
    DECKS_DIR,
    load_cards_from,
    parse_character,
    parse_transmission,
)
from tests.xenodex.helpers import GAME2, act, scenario

R3 = {"roll_min": 3, "roll_max": 3}


def _expect(s, action: int, reason: str) -> None:
    before = s.to_dict()
    legal = s.legal_actions()
    with pytest.raises(IllegalActionError, match=reason):
        s.apply(action)
    assert s.to_dict() == before and s.legal_actions() == legal


def test_c4_illegal_summon_actions_name_the_reason_and_leave_the_state_untouched():
    g = GAME2
    s = scenario([{"cdx": 12, "hand": ["Grid Warden"], "pool": 0,
                   "board": {"S1": {"anchor": 4}, "S2": {"anchor": {"level": 1, "bp": 0}}, "S3": {"anchor": 1}}}, {}])
    _expect(s, g.a_buy + 2 - 1, "'Grid Warden' costs 16 CDX but P1 has 12")
    _expect(s, g.a_buy + 1 - 1, "'Synth Drone' is not in P1's hand")
    _expect(s, g.a_buy_anchor, "anchor pool is empty")
    _expect(s, g.a_upgrade + 0, "already at the top level Lv4")
    _expect(s, g.a_upgrade + 1, "disabled; repair it first")
    _expect(s, g.a_upgrade + 3, "P1 has no anchor in S4")
    _expect(s, g.a_deploy + 0, "'deploy' action does not answer the pending 'summon' decision of P1")
    _expect(s, g.a_tx + 4, "'Siphon' is not in P1's TX hand")
    _expect(s, g.action_space_size, "outside the action space")
    _expect(s, -1, "outside the action space")
    _expect(s, "3", "is a str; an action is an int id")
    _expect(s, 2.0, "is a float; an action is an int id")


def test_c4_illegal_deploy_actions():
    g = GAME2
    s = scenario([{"staged_anchors": 1, "board": {"S1": {"anchor": 0}}},
                  {"board": {"S2": {"anchor": 0}}}], phase="deploy")
    _expect(s, g.a_deploy_anchor + 0, "P1 already has an anchor in S1")
    _expect(s, g.a_deploy_anchor + 1, "unescorted")
    _expect(s, g.a_deploy + (3 - 1) * 5 + 2, "'Pulse Lancer' is not in P1's staging")


def test_c4_illegal_battle_actions():
    g = GAME2
    s = scenario([{"tx_hand": ["Siphon"], "tx_left": 0,
                   "board": {"S1": {"units": ["Synth Drone", {"card": "Reef Crawler", "used": 1}]},
                             "S2": {"units": ["Synth Drone"]}}},
                  {"board": {"S1": {"anchor": 0, "units": ["Shard Sentinel"]}, "S2": {"anchor": 0}}}],
                 phase="battle", params=R3)
    _expect(s, g.a_select + 1, "has no strike left this cycle")
    _expect(s, g.a_select + 2, "not in S1, where the battle is")
    _expect(s, g.a_tx + 4, "already played a transmission this cycle")
    act(s, "select Synth Drone (P1 #0) in S1")
    D, K = 20, 5
    _expect(s, g.a_target + 1 * (D + K) + D + 0, "not vulnerable")
    _expect(s, g.a_target + 1 * (D + K) + D + 1, "out of reach")
    _expect(s, g.a_capture + 0, "supported by a character of theirs")
    _expect(s, g.a_target + 0 * (D + K) + 1, "strikes rival units, not its own side")
    _expect(s, g.a_ability + 0, "no activated ability #0")
    _expect(s, g.a_buy, "'buy' action does not answer the pending 'actor' decision")


def test_c4_illegal_recovery_actions():
    g = GAME2
    s = scenario([{"cdx": 3, "board": {"S1": {"anchor": {"level": 0, "bp": 0},
                                              "units": [{"card": "Moss Golem", "bp": 10}, "Synth Drone"]}}}, {}],
                 phase="recovery", params={"heal_cost_per_bp": 4})
    _expect(s, g.a_heal + 0, "costs 4 CDX per BP but P1 has 3")
    _expect(s, g.a_heal + 1, "is not damaged")
    _expect(s, g.a_heal + 5, "not on the board")
    _expect(s, g.a_repair + 0, "the repair costs 13 CDX but P1 has 3")
    _expect(s, g.a_repair + 1, "P1 has no anchor in S2")


def test_c4_bad_decks_name_the_problem():
    with pytest.raises(InvalidDeckError, match="needs 2 decks, got 3"):
        GAME2.new_state(1, ["synth", "greys", "others"])
    with pytest.raises(InvalidDeckError, match="unknown deck 'zerg'"):
        GAME2.new_state(1, ["synth", "zerg"])
    deck = {"name": "tiny", "faction": "synth", "title": "Tiny", "lore": "Too small.",
            "characters": {"Synth Drone": 3}, "transmissions": {"Siphon": 1}}
    with pytest.raises(InvalidDeckError, match="XD-2 deck size: deck 'tiny' has 3 characters"):
        GAME2.new_state(1, ["synth", deck])
    bad = dict(deck, characters={"Synth Drone": 19, "Nobody": 1})
    with pytest.raises(InvalidDeckError, match="field characters.Nobody: unknown character 'Nobody'"):
        GAME2.new_state(1, ["synth", bad])


def test_c4_bad_scenarios_name_the_key():
    g = GAME2
    cases = [
        ({"seats": [{}, {}], "phse": "battle"}, r"scenario: unknown key\(s\) \['phse'\]"),
        ({"seats": [{}]}, "scenario.seats: expected a list of 2 seat dicts"),
        ({"seats": [{"hand": ["Nobody"]}, {}]}, r"seats\[0\].hand\[0\]: unknown character 'Nobody'"),
        ({"seats": [{"board": {"S9": {}}}, {}]}, r"seats\[0\].board: unknown key\(s\) \['S9'\]"),
        ({"seats": [{"board": {"S1": {"anchor": 7}}}, {}]}, r"seats\[0\].board.S1.anchor.level: expected an int in 0..4"),
        ({"seats": [{"board": {"S1": {"units": [{"card": "Synth Drone", "bp": 40}]}}}, {}]},
         r"board.S1.bp: expected an int in 1..12"),
        ({"seats": [{"cdx": -5}, {}]}, r"seats\[0\].cdx: expected an int"),
        ({"seats": [{}, {}], "phase": "lunch"}, "scenario.phase: 'lunch' is not one of"),
        ({"seats": [{}, {}], "players": 3}, "scenario.players: 3 but the game has 2 players"),
        ({"seats": [{"tx_hand": ["Siphonn"]}, {}]}, r"tx_hand\[0\]: unknown transmission 'Siphonn'"),
        ({"seats": [{}, {}], "ancients": [{"card": "Voidmaw", "slot": "S1"}]}, "'ancients' param is off"),
        ({"seats": [{}, {}], "pending": ["nap", 0]}, "scenario.pending: unknown pending choice"),
    ]
    for data, msg in cases:
        with pytest.raises(InvalidScenarioError, match=msg):
            g.state_from_dict(data)


def test_c4_bad_card_data_names_card_and_field(tmp_path):
    raw = json.loads((CARDS_DIR / "characters.json").read_text())
    with pytest.raises(CardDataError, match=r"character #3 'Pulse Lancer': field abilities\[0\].effect: unknown ability 'frist_strike'"):
        parse_character(dict(raw[2], abilities=[{"effect": "frist_strike"}]))
    with pytest.raises(CardDataError, match=r"character #1 'Synth Drone': field str: Input should be a valid integer"):
        parse_character(dict(raw[0], str="4"))
    with pytest.raises(CardDataError, match=r"field abilities\[0\].params: missing param 'extra' for 'cleave'"):
        parse_character(dict(raw[0], abilities=[{"effect": "cleave"}]))
    with pytest.raises(CardDataError, match="field lore"):
        parse_character({k: v for k, v in raw[0].items() if k != "lore"})
    with pytest.raises(CardDataError, match="unexpected param 'amount' for 'taunt'"):
        parse_character(dict(raw[0], abilities=[{"effect": "taunt", "params": {"amount": 1}}]))
    tx = json.loads((CARDS_DIR / "transmissions.json").read_text())
    with pytest.raises(CardDataError, match="transmission #5 'Siphon': field mode: effect 'drain_cdx' takes mode rival"):
        parse_transmission(dict(tx[4], mode="slot_wide"))
    with pytest.raises(CardDataError, match="field hits_own: only a slot-wide transmission"):
        parse_transmission(dict(tx[0], hits_own=True))
    cards_dir = tmp_path / "cards"
    cards_dir.mkdir()
    for f in CARDS_DIR.glob("*.json"):
        (cards_dir / f.name).write_text(f.read_text())
    dup = copy.deepcopy(raw)
    dup[1]["number"] = 1
    (cards_dir / "characters.json").write_text(json.dumps(dup))
    with pytest.raises(CardDataError, match="character #1 'Grid Warden': field number: duplicate number"):
        load_cards_from(cards_dir, DECKS_DIR)
    (cards_dir / "characters.json").write_text("[{")
    with pytest.raises(CardDataError, match="characters.json: not valid JSON"):
        load_cards_from(cards_dir, DECKS_DIR)


BAD_ACTIONS = [(0.0, "is a float"), (np.float32(0), "is a float32"), (float("inf"), "is a float"),
               (False, "is a bool"), ("0", "is a str"), (None, "is a NoneType"), (-1, "outside the action space"),
               (10**6, "outside the action space")]
BAD_SEATS = [(0.0, "is a float"), (True, "is a bool"), ("0", "is a str"), (None, "is a NoneType"),
             (-1, "not a seat of this game"), (2, "not a seat of this game"), (7, "not a seat of this game")]


def test_c4_action_label_checks_the_action():
    s = GAME2.new_state(3)
    for bad, reason in BAD_ACTIONS:
        with pytest.raises(IllegalActionError, match=reason):
            s.action_label(bad)
    assert s.action_label(np.int64(0)) == s.action_label(0) == "end summon"


def test_c4_action_label_names_every_action_of_the_space_in_every_decision():
    # an id that does not answer the pending decision still gets a label (no raw IndexError)
    s = scenario([{"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}}],
                 phase="battle", params=R3)
    g = s.game
    for state in (s, GAME2.new_state(5)):
        for a in range(g.action_space_size):
            assert isinstance(state.action_label(a), str)
    act(s, "select Synth Drone (P1 #0) in S1")
    assert s.action_label(g.a_ability + 1) == "ability #1 (not one of Synth Drone (P1 #0)'s)"
    assert GAME2.new_state(5).action_label(g.a_capture) == "capture #0 (an action of a selected character)"


def test_c4_observation_and_determinize_check_the_seat_and_the_generator():
    s = GAME2.new_state(3)
    rng = np.random.default_rng(0)
    for bad, reason in BAD_SEATS:
        with pytest.raises(InvalidArgumentError, match=f"player .*{reason}"):
            s.observation(bad)
        with pytest.raises(InvalidArgumentError, match=f"observer .*{reason}"):
            s.determinize(bad, rng)
    for bad in (7, None, np.random.RandomState(0), "rng"):
        with pytest.raises(InvalidArgumentError, match="rng must be a numpy Generator"):
            s.determinize(0, bad)
    assert s.observation(np.int64(1)) == s.observation(1)
    assert s.determinize(np.int32(0), np.random.default_rng(1)).to_dict() == \
        s.determinize(0, np.random.default_rng(1)).to_dict()


def _edited(**top):
    d = GAME2.new_state(1).to_dict()         # player 1 (seat 1) leads and is to summon
    d.update(top)
    return d


def test_c4_scenarios_that_cannot_be_played_are_refused_naming_the_key():
    g = GAME2
    fight = scenario([{"board": {"S1": {"units": ["Synth Drone", "Grey Observer"]}}},
                      {"board": {"S1": {"units": ["Moss Golem"]}}}], phase="battle")
    battle = fight.to_dict()
    assert battle["pending"] == ["strike", 0, 0]
    for pending, msg in [
        (["actor", 0, 0, 20], r"scenario.pending: unit 20 is not a character of seat 0"),
        (["ability", 0, 0, 1, 1], r"scenario.pending: Grey Observer has no activated ability #1"),
        (["cleave", 0, 0, 0, 1, 9, [100]], r"scenario.pending: 1 Cleave targets left"),
        (["ability", 0, 0, 0, 0], r"scenario.pending: Synth Drone has no activated ability"),
        (["strike", 0, 1], r"scenario.pending: slot 1 is not the battle's slot 0"),
    ]:
        with pytest.raises(InvalidScenarioError, match=msg):
            fight.game.state_from_dict(dict(battle, pending=pending))
    cases = [
        (_edited(pending=["strike", 1, 3]), r"scenario.pending: slot 3 is not the battle's slot -1"),
        (_edited(pending=["tx", 1, 99, ["summon", 1]]), r"scenario.pending: 99 is not a transmission"),
        (_edited(pending=["tx", 1, 5, ["summon", 0]]), r"scenario.pending: the interrupted decision"),
        (_edited(pending=["tx", 1, 5]), r"scenario.pending: a 'tx' decision has 4 entries"),
        (_edited(pending=["summon", 0]), r"scenario.tasks: a 'summon' decision of seat 0 stands on"),
        (_edited(tasks=[]), r"scenario.tasks: a 'summon' decision of seat 1 stands on"),
        (_edited(tasks=[["turn", "lunch", 0]]), r"scenario.tasks\[0\]: unknown task|scenario.tasks: a 'summon'"),
        (_edited(tasks=[["ability"]]), r"scenario.tasks\[0\]: unknown task"),
        (_edited(tasks=5), r"scenario.tasks: expected a list of tasks"),
        (_edited(phase="battle"), r"scenario.phase: a 'summon' decision is taken in phase 'summon'"),
        (_edited(winner=0), r"scenario.winner: a live game has no winner"),
        (_edited(done=True), r"scenario.pending: a finished game has no pending decision"),
        ({"seats": [{}, {}], "pending": ["summon", 1]}, r"scenario.tasks: a 'summon' decision of seat 1"),
        ({"seats": [{}, {}], "done": True}, r"scenario.end_reason: '' is not one of"),
        ({"seats": [{"deck": "nope"}, {}]}, r"seats\[0\].deck: unknown deck 'nope'"),
        ({"seats": [{"pool": 100}, {}]}, r"seats\[0\].pool: expected an int in 0..6, got 100"),
        ({"seats": [{"pool": 2, "board": {f"S{k}": {"anchor": 0} for k in range(1, 6)}}, {}]},
         r"seats\[0\].pool: 2 anchors in the pool, 0 staged and 5 on the board are more than the 6"),
        ({"seats": [{"staged_anchors": 2, "board": {f"S{k}": {"anchor": 0} for k in range(1, 6)}}, {}]},
         r"seats\[0\].staged_anchors: 0 anchors in the pool, 2 staged and 5 on the board"),
        ({"seats": [{"board": {"S1": {"units": [{"card": "Synth Drone", "bp": 0}]}}}, {}]},
         r"seats\[0\].board.S1.bp: expected an int in 1..12, got 0"),
        ({"seats": [{"hand": ["Synth Drone"] * 40}, {}]}, r"seats\[0\].hand\[20\]: seat 0 lists more than 20"),
        (_edited(seats=[dict(_edited()["seats"][0], hand=[19] * 40), _edited()["seats"][1]]),
         r"seats\[0\].hand\[1\]: unit #19 is listed in two places"),
        (_edited(seats=[dict(_edited()["seats"][0], library=[19] + _edited()["seats"][0]["library"]),
                        _edited()["seats"][1]]), r"seats\[0\].library\[0\]: unit #19 is listed in two places"),
        (_edited(rng={"bit_generator": "PCG64", "state": {"state": -1, "inc": 1}, "has_uint32": 0,
                      "uinteger": 0}), r"scenario.rng: not a PCG64 state"),
        (_edited(params={"emission": [1]}), r"scenario.params: "),
    ]
    for data, msg in cases:
        with pytest.raises(InvalidScenarioError, match=msg):
            g.state_from_dict(data)
    assert g.state_from_dict(_edited()).to_dict() == _edited()
