"""The XenodeX home-slot plan (agents/plans/xenodex.py) and MCTS pruning its own seat with it:
each rule of the plan on a scenario, a subset of the legal list read from public facts only,
on by default for MCTS at 4 seats and off at 2."""
from __future__ import annotations

import numpy as np
import pytest

import agents
from agents.mcts import MCTSAgent, MCTSConfig
from agents.plans import make_plan, names
from agents.plans.xenodex import HomeSlotSettings
from sim import load_game
from tests import game_cases
from tests.xenodex.helpers import act, scenario

PLAN = make_plan("xenodex")


def _allowed(state) -> list[str]:
    return [state.action_label(a) for a in PLAN(state, state.legal_actions())]


def _four(seat0: dict, others: list[dict] | None = None, **top):
    others = others if others is not None else [{}, {}, {}]
    return scenario([seat0, *others], players=4, lead=0, **{"cycle": 3, **top})


def test_registered_with_validated_settings():
    assert "xenodex" in names()
    assert make_plan("xenodex", reserve=2).settings == HomeSlotSettings(reserve=2)
    with pytest.raises(ValueError, match="known"):
        make_plan("xenodex", reserv=2)
    with pytest.raises(ValueError, match="reserve"):
        make_plan("xenodex", reserve=-1)
    assert make_plan("first_cycle") is None
    with pytest.raises(ValueError, match="no plan"):
        make_plan("first_cycle", reserve=1)


def test_home_no_second_anchor_before_the_spoil_cycle():
    s = _four({"cdx": 100, "hand": ["Synth Drone"], "board": {"S2": {"anchor": 1}}}, phase="summon")
    assert "summon anchor" in [s.action_label(a) for a in s.legal_actions()]
    assert _allowed(s) == ["end summon", "summon Synth Drone", "upgrade anchor in S2 to Lv2"]
    staged = _four({"cdx": 100, "staged_anchors": 1}, phase="summon")  # a staged one counts too
    assert "summon anchor" not in _allowed(staged)


def test_home_characters_go_only_where_the_seat_has_its_anchor_and_keep_a_reserve():
    seat0 = {"staged": ["Synth Drone", "Grid Warden", "Pulse Lancer", "Synth Drone"],
             "board": {"S2": {"anchor": 1}}}
    s = _four(seat0, phase="deploy")
    assert _allowed(s) == ["end deploy", "deploy Synth Drone to S2", "deploy Grid Warden to S2",
                           "deploy Pulse Lancer to S2"]
    act(s, "deploy Grid Warden to S2")                      # three staged left: the reserve
    assert s.current_player == 0
    assert _allowed(s) == ["end deploy"]


def test_home_anchor_is_plugged_in_first_where_rivals_are_fewest():
    others = [{"board": {"S2": {"anchor": 0}}}, {"board": {"S3": {"anchor": 0}, "S2": {"units": ["Grey Scout"]}}},
              {"board": {"S2": {"anchor": 0}}}]
    escorts = {"S2": {"units": ["Synth Drone"]}, "S3": {"units": ["Synth Drone"]}}
    s = _four({"staged": ["Synth Drone"] * 5, "staged_anchors": 1, "board": escorts}, others,
              phase="deploy")
    assert {"deploy anchor to S2 (escorted)", "deploy anchor to S3 (escorted)"} <= {
        s.action_label(a) for a in s.legal_actions()}
    # S2 has two rival anchors, S3 one, S4 none: only the anchor into S4, before any character.
    assert _allowed(s) == ["deploy anchor to S4"]


def test_spoil_from_the_second_to_last_cycle_contests_a_rival_clean_slot():
    hand = ["Grid Warden", "Synth Drone"]
    home = {"S2": {"anchor": 4, "units": ["Pulse Lancer"]}}
    rival = [{"board": {"S3": {"anchor": 4, "units": ["Tall Grey"]}}}, {}, {}]
    early = _four({"cdx": 200, "hand": hand, "board": home}, rival, phase="summon", cycle=10)
    assert "summon anchor" not in _allowed(early)             # still home-only at cycle 10
    s = _four({"cdx": 200, "hand": hand, "board": home}, rival, phase="summon", cycle=11)
    assert _allowed(s) == ["summon anchor"]
    act(s, "summon anchor")
    assert _allowed(s) == ["summon Synth Drone"]              # the cheapest escort (cost 2 < 4)
    act(s, "summon Synth Drone")
    assert len(_allowed(s)) > 1                               # the rest of Summon is the search's
    deploy = _four({"staged": ["Synth Drone", "Grid Warden"], "staged_anchors": 1, "board": home},
                   rival, phase="deploy", cycle=11)
    assert _allowed(deploy) == ["deploy Synth Drone to S3"]
    act(deploy, "deploy Synth Drone to S3")
    assert _allowed(deploy) == ["deploy Grid Warden to S3"]
    act(deploy, "deploy Grid Warden to S3")
    assert _allowed(deploy) == ["deploy anchor to S3 (escorted)"]  # XD-4
    act(deploy, "deploy anchor to S3 (escorted)")
    assert deploy.alvl[0 * deploy.K + 1] == 0                 # seat 0 has a Lv0 anchor in S3


def test_no_spoil_when_no_rival_holds_a_slot_cleanly():
    contested = [{"board": {"S3": {"anchor": 4}}}, {"board": {"S3": {"anchor": 1, "units": ["Tall Grey"]}}}, {}]
    s = _four({"cdx": 200, "hand": ["Synth Drone"], "board": {"S2": {"anchor": 4}}}, contested,
              phase="summon", cycle=11)
    assert _allowed(s) == [s.action_label(a) for a in s.legal_actions()]


@pytest.mark.parametrize("players", [2, 4])
def test_plan_is_a_nonempty_ordered_subset_read_from_what_the_seat_may_see(players):
    game = load_game("xenodex", num_players=players)
    rng = np.random.default_rng(0)
    pruned = 0
    for s in game_cases.random_states(game, 4, seed=1, every=3):
        legal = s.legal_actions()
        allowed = PLAN(s, legal)
        assert allowed and set(allowed) <= set(legal)
        assert allowed == sorted(allowed, key=legal.index)
        pruned += len(allowed) < len(legal)
        # Re-dealing every hidden card leaves the plan unchanged.
        assert PLAN(s.determinize(s.current_player, rng), legal) == allowed
    assert pruned > 5


def test_mcts_prunes_its_own_seat_by_default_at_four_seats_only():
    four, two = load_game("xenodex", num_players=4), load_game("xenodex")
    assert MCTSAgent()._tools(four)[2] is not None
    assert MCTSAgent()._tools(two)[2] is None
    assert MCTSAgent(MCTSConfig(plan=False))._tools(four)[2] is None
    assert MCTSAgent(MCTSConfig(plan=True))._tools(two)[2] is not None
    with pytest.raises(ValueError, match="no plan"):
        MCTSAgent(MCTSConfig(plan=True))._tools(load_game("first_cycle"))


def test_mcts_plays_a_forced_spoil_step_at_once_and_searches_only_allowed_moves():
    rival = [{"board": {"S3": {"anchor": 4, "units": ["Tall Grey"]}}}, {}, {}]
    s = _four({"cdx": 200, "hand": ["Grid Warden"], "board": {"S2": {"anchor": 4}}}, rival,
              phase="summon", cycle=11)
    mcts = agents.make("mcts:iterations=30")
    assert s.action_label(mcts.act(s, np.random.default_rng(0))) == "summon anchor"
    assert mcts.last_search_stats is None                     # no search for a forced step
    home = _four({"cdx": 100, "hand": ["Synth Drone"], "board": {"S2": {"anchor": 1}}}, phase="summon")
    root = mcts.search(home, np.random.default_rng(1))
    searched = {home.action_label(ch.action) for ch in root.children.values()}
    assert searched == set(_allowed(home))


def test_greedy_follows_the_plan_only_when_asked():
    rival = [{"board": {"S3": {"anchor": 4, "units": ["Tall Grey"]}}}, {}, {}]
    s = _four({"cdx": 200, "hand": ["Grid Warden"], "board": {"S2": {"anchor": 4}}}, rival,
              phase="summon", cycle=11)
    planned = agents.make("greedy:plan=true").act(s, np.random.default_rng(0))
    plain = agents.make("greedy").act(s, np.random.default_rng(0))
    assert s.action_label(planned) == "summon anchor"
    assert s.action_label(plain) != "summon anchor"
    first_cycle = load_game("first_cycle").new_state(0)
    with pytest.raises(ValueError, match="no plan"):
        agents.make("greedy:plan=true").act(first_cycle, np.random.default_rng(0))


@pytest.mark.parametrize("spec", ["mcts:iterations=40", "greedy:plan=true"])
def test_plan_agents_use_only_the_seat_interface_and_ignore_hidden_cards(spec):
    from tests.agents.test_honesty import SeatView
    game = load_game("xenodex", num_players=4)
    states = [s.clone() for s in game_cases.random_states(game, 2, seed=4, every=7)
              if len(PLAN(s, s.legal_actions())) < len(s.legal_actions())][:6]
    assert len(states) >= 3
    for s in states:
        seat = s.current_player
        assert agents.make(spec).act(SeatView(s), np.random.default_rng(0)) in PLAN(s, s.legal_actions())
        a, b = (s.determinize(seat, np.random.default_rng(k)) for k in (1, 2))
        assert (agents.make(spec).act(a, np.random.default_rng(5))
                == agents.make(spec).act(b, np.random.default_rng(5)))
