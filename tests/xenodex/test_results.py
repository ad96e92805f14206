"""Proving slots, convergence, the cycle limit and returns (xenodex.md "Goal", "Proving Slots",
"Winning"; rulings XD-8, XD-10 and ours XD-11, XD-14, XD-26); Ancients (xenodex.md "Ancients", XD-9, XD-21)."""
from __future__ import annotations

import pytest

from tests.xenodex.helpers import GAME2, GAME4, act, act_all, game, labels, scenario

ALL5 = {f"S{k}": {"anchor": 0} for k in range(1, 6)}


def test_xd8_a_slot_is_proven_when_cleanly_controlled_at_the_start_of_the_cycle_and_at_results():
    s = scenario([{"board": {"S1": {"anchor": 0}, "S2": {"anchor": 0}}}, {"board": {"S3": {"anchor": 0}}}],
                 start_control={"S1": 0, "S3": 1}, phase="results")
    assert s.proven == [0, -1, 1, -1, -1]                 # S2 was not held at the start
    assert s.observation(1)["slots"][0]["proven"] == 0


def test_contested_slots_do_not_prove_for_anyone():
    s = scenario([{"board": {"S1": {"anchor": 2}}}, {"board": {"S1": {"anchor": 0}}}],
                 start_control={"S1": 0}, phase="results")
    assert s.proven == [-1] * 5


def test_a_slot_whose_anchor_was_disabled_during_the_cycle_does_not_prove():
    s = scenario([{"board": {"S1": {"anchor": {"level": 0, "bp": 0}}}}, {}], start_control={"S1": 0},
                 phase="results")
    assert s.proven == [-1] * 5


def test_xd26_clean_control_is_remembered_at_the_top_of_each_cycle():
    s = scenario([{"board": {"S1": {"anchor": 0}}}, {"board": {"S2": {"anchor": 0}}}], phase="results")
    assert s.cycle == 2 and s.start_ctrl == [0, 1, -1, -1, -1]


def test_convergence_with_two_players_wins_at_results():
    s = scenario([{"board": ALL5}, {"board": {"S1": {"units": ["Moss Golem"]}}}], phase="results")
    assert s.done and s.winner == 0 and s.end_reason == "convergence"
    assert s.returns() == [1.0, -1.0] and s.current_player == -1 and s.legal_actions() == []


def test_convergence_with_four_players_needs_the_three_slots_s2_to_s4():
    seats = [{}, {"board": {f"S{k}": {"anchor": 1} for k in (2, 3, 4)}}, {}, {}]
    s = scenario(seats, phase="results")
    assert s.done and s.winner == 1 and s.end_reason == "convergence"
    assert s.returns() == [-1 / 3, 1.0, -1 / 3, -1 / 3]


def test_convergence_is_blocked_by_a_rivals_live_anchor_even_a_disabled_one():
    board = dict(ALL5)
    s = scenario([{"board": board}, {"board": {"S4": {"anchor": {"level": 0, "bp": 0}}}}], phase="results")
    assert not s.done and s.cycle == 2


def test_convergence_needs_every_own_anchor_active():
    board = {**ALL5, "S5": {"anchor": {"level": 0, "bp": 0}}}
    s = scenario([{"board": board}, {}], phase="results")
    assert not s.done


def test_convergence_is_checked_only_at_results():
    s = scenario([{"staged_anchors": 1, "board": {f"S{k}": {"anchor": 0} for k in range(1, 5)}}, {}],
                 phase="deploy")
    act_all(s, "deploy anchor to S5")
    assert not s.done
    while not s.done:
        s.apply(s.legal_actions()[0])
    assert s.end_reason == "convergence" and s.cycle == 1


def test_xd8_at_the_cycle_limit_most_proven_slots_wins():
    s = scenario([{"board": {"S1": {"anchor": 0}, "S2": {"anchor": 0}}}, {"board": {"S3": {"anchor": 0}}}],
                 start_control={"S1": 0, "S2": 0, "S3": 1}, cycle=12, phase="results")
    assert s.done and s.winner == 0 and s.end_reason == "proven_slots" and s.returns() == [1.0, -1.0]


def test_xd8_a_tie_for_most_proven_slots_at_the_limit_is_a_draw():
    s = scenario([{"board": {"S1": {"anchor": 0}}}, {"board": {"S3": {"anchor": 0}}}, {}],
                 start_control={"S1": 0, "S3": 1}, cycle=12, phase="results")
    assert s.done and s.winner == -1 and s.end_reason == "draw" and s.returns() == [0.0, 0.0, 0.0]


def test_proven_slots_count_only_at_the_final_results():
    s = scenario([{"board": {"S1": {"anchor": 0}}}, {}], start_control={"S1": 0}, cycle=11, phase="results")
    assert not s.done and s.cycle == 12


def test_xd14_play_on_ties_for_overtime_cycles_when_the_param_allows():
    seats = [{"board": {"S1": {"anchor": 0}}}, {"board": {"S3": {"anchor": 0}}}]
    s = scenario(seats, start_control={"S1": 0, "S3": 1}, cycle=12, phase="results",
                 params={"overtime_cycles": 2})
    assert not s.done and s.cycle == 13
    s = scenario(seats, start_control={"S1": 0, "S3": 1}, cycle=14, phase="results",
                 params={"overtime_cycles": 2})
    assert s.done and s.end_reason == "draw"


def test_xd30_tiebreak_variant_gives_a_tie_to_the_seat_controlling_more_slots():
    seats = [{"board": {"S1": {"anchor": 0}, "S2": {"anchor": 0}}}, {"board": {"S3": {"anchor": 0}}}]
    tied = dict(start_control={"S1": 0, "S3": 1}, cycle=12, phase="results")    # one proven slot each
    s = scenario(seats, **tied)
    assert s.done and s.end_reason == "draw"                                     # the rulebook (XD-8)
    s = scenario(seats, **tied, params={"limit_tiebreak": "control"})
    assert s.done and s.winner == 0 and s.end_reason == "tiebreak" and s.returns() == [1.0, -1.0]


def test_xd30_tiebreak_variant_then_counts_anchor_levels_then_cdx_and_still_ties_draw():
    higher = [{"board": {"S1": {"anchor": 2}}}, {"board": {"S3": {"anchor": 0}}}]
    s = scenario(higher, start_control={"S1": 0, "S3": 1}, cycle=12, phase="results",
                 params={"limit_tiebreak": "control"})
    assert s.done and s.winner == 0 and s.end_reason == "tiebreak"
    richer = [{"board": {"S1": {"anchor": 1}}, "cdx": 5}, {"board": {"S3": {"anchor": 1}}, "cdx": 9}]
    s = scenario(richer, start_control={"S1": 0, "S3": 1}, cycle=12, phase="results",
                 params={"limit_tiebreak": "control"})
    assert s.done and s.winner == 1 and s.end_reason == "tiebreak"
    even = [{"board": {"S1": {"anchor": 1}}, "cdx": 5}, {"board": {"S3": {"anchor": 1}}, "cdx": 5}]
    s = scenario(higher, start_control={"S1": 0, "S3": 1}, cycle=12, phase="results",
                 params={"limit_tiebreak": "control", "overtime_cycles": 1})
    assert not s.done and s.cycle == 13                     # play-on cycles (XD-14) come before it
    s = scenario(even, start_control={"S1": 0, "S3": 1}, cycle=12, phase="results",
                 params={"limit_tiebreak": "control"})
    assert s.done and s.end_reason == "draw"


def test_the_cycle_limit_is_a_parameter():
    g = game(cycle_limit=3)
    s = g.new_state(1)
    while not s.done:
        s.apply(s.legal_actions()[0])
    assert s.cycle == 3 and s.end_reason in ("draw", "proven_slots", "convergence")


@pytest.mark.parametrize("g", [GAME2, GAME4])
def test_returns_winner_plus_one_others_share_minus_one(g):
    n = g.n
    seats = [{} for _ in range(n)]
    seats[n - 1] = {"board": {lab: {"anchor": 0} for lab in g.slot_labels}}
    s = g.state_from_dict({"seats": seats, "phase": "results"})
    r = s.returns()
    assert r[n - 1] == 1.0 and all(x == pytest.approx(-1 / (n - 1)) for x in r[:-1]) and sum(r) == pytest.approx(0)


# ----------------------------------------------------------------------------- Ancients
def test_xd9_ancients_are_off_by_default():
    assert GAME2.params.ancients is False
    s = GAME2.new_state(3)
    assert len(s.loc) == 2 * 20 and not any(e[0] == "ancient" for e in s.events)


def test_xd21_an_ancient_appears_at_the_top_of_a_cycle_when_enabled():
    g = game(ancients=True, ancient_chance=1.0)
    s = g.new_state(3)
    ev = [e for e in s.events if e[0] == "ancient"]
    assert len(ev) == 1
    a, _, k = ev[0][1:]
    assert s.board[k] == [a] and s.loc[a] == k and a >= 2 * 20
    assert s.observation(0)["slots"][k]["units"][0]["side"] == 2


def test_xd21_ancients_act_after_every_seat_and_strike_the_weakest_unit_they_may_strike():
    seats = [{"board": {"S2": {"units": ["Moss Golem", {"card": "Synth Drone", "bp": 9}]}}},
             {"board": {"S2": {"units": [{"card": "Reef Crawler", "bp": 10}]}}}]
    s = scenario(seats, phase="battle", params={"ancients": True, "roll_min": 3, "roll_max": 3},
                 ancients=[{"card": "Star Leech", "slot": "S2"}], slot="S2")
    log = []
    while s.phase == "battle":
        log.append(("turn", s.current_player))
        s.apply(s.legal_actions()[0])        # both seats hold
        log.extend(e[:2] for e in s.events if e[0] == "strike")
    # player 0, player 1, then the Ancient (side 2); the Drone (BP 9) hides behind the taunting Golem,
    # so the weakest unit it may strike is the Crawler: 8 + 3 - 1 = 10, knocked out
    assert log == [("turn", 0), ("turn", 1), ("strike", 2)]
    assert 20 not in s.board[1] and s.discard[1] == [20]


def test_xd21_ancients_can_be_struck_and_knocked_out():
    seats = [{"board": {"S1": {"units": ["Siege Frame"]}}}, {}]
    s = scenario(seats, phase="battle", params={"ancients": True, "roll_min": 3, "roll_max": 3},
                 ancients=[{"card": "Star Leech", "slot": "S1", "bp": 5}])
    act_all(s, "select Siege Frame (P1 #0) in S1")
    assert "strike Star Leech (Ancient #0) in S1 with Siege Frame (P1 #0)" in labels(s)
    act_all(s, "strike Star Leech (Ancient #0) in S1 with Siege Frame (P1 #0)")
    assert s.board[0] == [0] and s.loc[40] == -1


def _with_ancient(seats: list[dict], **top):
    return scenario(seats, phase="battle", params={"ancients": True, "roll_min": 3, "roll_max": 3},
                    ancients=[{"card": "Star Leech", "slot": "S1"}], **top)


def test_xd21_psi_lance_and_mind_command_skip_ancients():
    # "each rival character", "a rival character": an Ancient is not a rival
    s = _with_ancient([{"tx_hand": ["Psi Lance"], "board": {"S1": {"units": ["Synth Drone"]}}},
                       {"board": {"S1": {"units": ["Moss Golem"]}}}])
    act(s, "transmit Psi Lance")
    assert s.bp[20] == 24 and s.bp[40] == 20
    s = _with_ancient([{"tx_hand": ["Psi Lance", "Mind Command"], "board": {"S1": {"units": ["Synth Drone"]}}},
                       {}])
    assert not any(lab.startswith("transmit") for lab in labels(s))  # nothing a rival's there


def test_xd21_jam_and_displace_skip_ancients():
    s = _with_ancient([{"board": {"S1": {"units": ["Drift Jelly"]}}}, {"board": {"S1": {"units": ["Moss Golem"]}}}])
    act(s, "select Drift Jelly (P1 #0) in S1")
    assert labels(s)[-2:] == ["displace with Drift Jelly (P1 #0)", "jam with Drift Jelly (P1 #0)"]
    act(s, "jam with Drift Jelly (P1 #0)")                  # the Golem is the only candidate
    assert s.flags[20] & 1 and not s.flags[40] & 1
    s = _with_ancient([{"board": {"S1": {"units": ["Drift Jelly"]}}}, {"board": {"S1": {"anchor": 0}}}])
    act(s, "select Drift Jelly (P1 #0) in S1")
    assert not any(lab.startswith(("displace", "jam")) for lab in labels(s))


def test_xd21_cleave_extra_targets_skip_ancients():
    # "also hits up to N more rival units": the first strike may hit the Ancient, not the extras
    s = _with_ancient([{"board": {"S1": {"units": ["Vine Lasher"]}}},
                       {"board": {"S1": {"units": ["Reef Crawler", "Reef Crawler"]}}}])
    act_all(s, "select Vine Lasher (P1 #0) in S1", "strike Reef Crawler (P2 #0) in S1 with Vine Lasher (P1 #0)")
    assert labels(s) == ["no more targets", "also strike Reef Crawler (P2 #1) in S1"]
    s = _with_ancient([{"board": {"S1": {"units": ["Vine Lasher"]}}},
                       {"board": {"S1": {"units": ["Reef Crawler"]}}}])
    act_all(s, "select Vine Lasher (P1 #0) in S1", "strike Star Leech (Ancient #0) in S1 with Vine Lasher (P1 #0)")
    assert labels(s) == ["no more targets", "also strike Reef Crawler (P2 #0) in S1"]


def test_xd21_emp_cascade_hits_every_character_ancients_included():
    s = _with_ancient([{"tx_hand": ["EMP Cascade"], "board": {"S1": {"units": ["Synth Drone"]}}}, {}])
    act(s, "transmit EMP Cascade")
    assert s.bp[0] == 12 - 5 and s.bp[40] == 20 - 5
