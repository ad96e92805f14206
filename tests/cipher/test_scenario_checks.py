"""`state_from_dict` accepts only positions that can be played (C-4): each position below
was accepted before and then crashed or stuck in play; now it raises InvalidScenarioError
naming the key (sim/cipher/scenario_checks.py). The property test over mutated real
positions is tests/cipher/test_scenario_fuzz.py."""
from __future__ import annotations

import pytest

from sim import InvalidScenarioError
from tests.cipher.helpers import GAME, act, scenario

ARTHUR = "Arthur, Fighter of Justice"
VAIKE = "Vaike, Teach"
CAMUS = "Camus, Sable Knight"
GRADIVUS = GAME.card_set.card(CAMUS).id          # activated: destroy an enemy of cost 2 or less


def duel(me: dict | None = None, opp: dict | None = None, **top) -> dict:
    """A scenario dict: player 0 (Arthur, uid 1) on turn 3 in the Action Phase against Vaike (uid 2)."""
    return {"players": [{"units": [{"card": ARTHUR, "uid": 1}], "deck": [VAIKE], **(me or {})},
                        {"units": [{"card": VAIKE, "uid": 2}], "deck": [ARTHUR], **(opp or {})}], **top}


BATTLE = {"attacker": 1, "defender": 2}
BATTLE_TASKS = [["battle_end"], ["compare"], ["evasion"]]


@pytest.mark.parametrize("data, message", [
    # pending choices with bad indices or no legal answer
    (duel(pending=["attack_target", 0, 7]), r"scenario.pending\[2\]: \[0, 7\] is not \[seat, uid\] of a unit"),
    (duel(pending=["attack_target", 0, 2]), r"scenario.pending\[2\]: \[0, 2\] is not \[seat, uid\]"),
    (duel(pending=["attack_target", 1, 2]), r"scenario.pending: the 'attack_target' choice is the active player's"),
    (duel(me={"units": [{"card": ARTHUR, "uid": 1, "line": "rear"}]}, pending=["attack_target", 0, 1]),
     r"scenario.pending\[2\]: that unit has no enemy within its range"),
    (duel(pending=["target", 0, [[1, 9]], GRADIVUS, 0]), r"scenario.pending\[2\]\[0\]: \[1, 9\] is not \[seat, uid\]"),
    (duel(pending=["target", 0, [], GRADIVUS, 0]), r"scenario.pending\[2\]: expected a non-empty list"),
    (duel(pending=["target", 0, [[1, 2]], GRADIVUS, 5]), r"scenario.pending\[3\]: FE015 has no skill 5"),
    (duel(pending=["target", 0, [[1, 2], [1, 2]], GRADIVUS, 0]), r"scenario.pending\[2\]\[1\]: .* listed twice"),
    (duel(pending=["target", 0, [[1, 2]], 999, 0]), r"scenario.pending\[3\]: no card with id 999"),
    (duel(pending=["order", 0, []]), r"scenario.pending\[2\]: expected a non-empty list of trigger entries"),
    (duel(pending=["order", 0, [[0, 1, GRADIVUS, 3]]]), r"scenario.pending\[2\]\[0\]: FE015 has no skill 3"),
    (duel(pending=["order", 0, [[0, 1, 1]]]), r"scenario.pending\[2\]\[0\]: expected \[owner, uid, card, skill"),
    (duel(pending=["retrieve", 1, "x"]), r"scenario.pending\[2\]: expected a max cost 0..99, got 'x'"),
    (duel(pending=["retrieve", 0, 3]), r"scenario.pending: P1's retreat area has no card of cost 3"),
    (duel(pending=["reverse", 0, 1]), r"scenario.pending\[2\]: expected a count 1..0 of bonds"),
    (duel(me={"bonds": [{"card": VAIKE, "face_up": False}]}, pending=["reverse", 0, 1]),
     r"scenario.pending: P1 has no face-up bond to turn"),
    (duel(pending=["critical", 0]), r"scenario.pending: a 'critical' choice is asked only during a battle"),
    (duel(pending=["evasion", 0], battle=BATTLE, tasks=BATTLE_TASKS), r"the 'evasion' choice is P2's"),
    (duel(pending=["mulligan", 0]), r"scenario.pending: a mulligan is asked only during set-up"),
    (duel(pending=["critical", 0, 5], battle=BATTLE, tasks=BATTLE_TASKS), r"a 'critical' choice has 2 items"),
    (duel(pending=["flip", True, 1]), r"scenario.pending\[1\]: expected a seat 0 or 1, got True"),
    (duel(pending=[{"kind": "flip"}, 0]), r"scenario.pending: expected \[kind, seat, ...\]"),
    # tasks
    (duel(pending=["critical", 0], battle=BATTLE, tasks=BATTLE_TASKS + [["skill", 0, 1, GRADIVUS]]),
     r"scenario.tasks\[3\]: expected \[owner, uid, card, skill index\]"),
    (duel(pending=["critical", 0], battle=BATTLE, tasks=[["battle_end", 1]]),
     r"scenario.tasks\[0\]: \('battle_end',\) takes nothing more"),
    (duel(pending=["critical", 0], battle=BATTLE, tasks=[["battle_end"], ["mulligan_ask", 2]]),
     r"scenario.tasks\[1\]: expected \['mulligan_ask', seat\]"),
    (duel(pending=["critical", 0], battle=BATTLE, tasks=[["battle_end"], ["triggers", [[0, 1, 1, 0]]]]),
     r"scenario.tasks\[1\]\[1\]\[0\]: FE001 skill 0 is continuous"),
    (duel(tasks=[[{"x": 1}]]), r"scenario.tasks\[0\]: expected \[kind, ...\]"),
    (duel(tasks=True), r"scenario.tasks: expected a list of tasks"),
    (duel(tasks=[["start"]]), r"scenario.tasks: tasks wait only behind a pending choice"),
    (duel(pending=["critical", 0], battle=BATTLE, tasks=[["compare"]]),
     r"scenario.tasks: a battle in progress needs its \('battle_end',\) task"),
    # the end
    (duel(winner=0), r"scenario.winner: winner 0 while the game is not over"),
    (duel(end_reason="mc_destroyed"), r"scenario.end_reason: 'mc_destroyed' while the game is not over"),
    (duel(done=True, end_reason="mc_destroyed", phase="over"), r"scenario.winner: winner -1 does not go with"),
    (duel(done=True, winner=1, end_reason="boredom", phase="over"), r"scenario.end_reason: a finished game ends by"),
    (duel(done=True, winner=-1, end_reason="turn_limit"), r"scenario.phase: a finished game is in phase 'over'"),
    (duel(phase="over", done=False), r"scenario.phase: phase 'over' is only for a finished game"),
    # cards, orbs, set-up, the battle
    (duel(me={"orbs": [VAIKE] * 6}), r"players\[0\].orbs: 6 orbs; set-up deals 5"),
    (duel(me={"support": VAIKE}), r"players\[0\].support: a support card lies in the support area only during"),
    (duel(battle=BATTLE, phase="deploy", pending=["critical", 0], tasks=BATTLE_TASKS),
     r"scenario.battle: battles happen in the Action Phase"),
    ({"players": [{"setaside": ARTHUR, "deck": [VAIKE]}, {"setaside": VAIKE, "deck": [ARTHUR]}],
      "phase": "mulligan", "turn": 1, "pending": ["mulligan", 0]}, r"scenario.tasks: the mulligan phase needs its"),
    ({"players": [{"setaside": ARTHUR, "deck": [VAIKE]}, {"setaside": VAIKE, "deck": [ARTHUR]}],
      "phase": "mulligan", "turn": 1, "pending": ["mulligan", 0], "tasks": [["begin"], ["begin"]]},
     r"scenario.tasks\[1\]: the MCs are flipped once"),
    (duel(pending=["critical", 0], battle=BATTLE, tasks=[["battle_end"], ["begin"]]),
     r"scenario.tasks\[1\]: \('begin',\) flips the set-aside MCs: only in the mulligan phase"),
    # counters the params cap: a position past the cap would let play carry it further
    # (a mulligan asked at 99 taken made 100, which the loader then refused in the round trip)
    ({"players": [{"setaside": ARTHUR, "deck": [VAIKE], "mulligans": 1},
                  {"setaside": VAIKE, "deck": [ARTHUR]}],
      "phase": "mulligan", "turn": 1, "pending": ["mulligan", 0], "tasks": [["begin"]]},
     r"players\[0\].mulligans: P1 has taken all 1 mulligan\(s\) the params allow"),
    (duel(me={"mulligans": 2}), r"players\[0\].mulligans: expected an int in 0..1, got 2"),
    # set-up: no turn taken yet (one taken there became two on turn 1, refused on reload)
    ({"players": [{"setaside": ARTHUR, "deck": [VAIKE], "turns_taken": 1},
                  {"setaside": VAIKE, "deck": [ARTHUR]}],
      "phase": "mulligan", "turn": 1, "pending": ["mulligan", 0], "tasks": [["begin"]]},
     r"players\[0\].turns_taken: expected an int in 0..0, got 1"),
    (duel(me={"bonded": 2}), r"players\[0\].bonded: expected an int in 0..1, got 2"),
    (duel(phase="bond", me={"bonded": 1, "hand": [VAIKE]}),
     r"players\[0\].bonded: the Bond Phase ends once 1 bond\(s\) are placed"),
    (duel(params={"orbs": "x"}), r"scenario.params: cipher param 'orbs' must be an int"),
    (duel(params={"colour": 1}), r"scenario.params: unknown cipher param"),
    (duel(rng={"bit_generator": "PCG64", "state": {"state": -1, "inc": 1}, "has_uint32": 0, "uinteger": 0}),
     r"scenario.rng: not a PCG64 state"),
    (duel(rng={"bit_generator": "PCG64", "state": {"state": 1, "inc": 1}, "has_uint32": 0, "uinteger": 2**70}),
     r"scenario.rng: not a PCG64 state"),
])
def test_c4_unplayable_scenarios_are_refused_naming_the_key(data, message):
    with pytest.raises(InvalidScenarioError, match=message):
        GAME.state_from_dict(data)


def test_c4_a_battle_position_with_its_tasks_is_accepted_and_plays_on():
    s = GAME.state_from_dict(duel(me={"hand": [ARTHUR]}, battle=BATTLE, pending=["critical", 0], tasks=BATTLE_TASKS))
    act(s, "no critical")
    assert s.b_att == -1 and s.pending is None and s.legal_actions()


def test_c4_repeats_of_a_card_are_a_scenario_filler_not_an_error():
    s = scenario([{"units": [{"card": ARTHUR}], "hand": [VAIKE] * 6, "deck": [VAIKE] * 40},
                  {"units": [{"card": VAIKE}]}])
    assert len(s.players[0].hand) == 6


def test_c4_a_mulligan_left_and_a_bond_left_are_played_and_round_trip():
    """The counters at their last allowed step: the mulligan and the bond are taken, and the
    positions they lead to load back (the fuzz once found a mulligan count that did not)."""
    mulligan = GAME.state_from_dict(
        {"players": [{"setaside": ARTHUR, "deck": [VAIKE] * 8, "hand": [VAIKE] * 6},
                     {"setaside": VAIKE, "deck": [ARTHUR] * 8, "hand": [ARTHUR] * 6}],
         "phase": "mulligan", "turn": 1, "pending": ["mulligan", 0], "tasks": [["begin"]]})
    act(mulligan, "mulligan")
    assert mulligan.players[0].mulligans == 1
    d = mulligan.to_dict()
    assert GAME.state_from_dict(d).to_dict() == d
    bond = GAME.state_from_dict(duel(phase="bond", me={"hand": [VAIKE, VAIKE]}))
    act(bond, f"bond {VAIKE}")
    assert bond.players[0].bonded == 1 and bond.phase == "deploy"
    d = bond.to_dict()
    assert GAME.state_from_dict(d).to_dict() == d
