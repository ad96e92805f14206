"""The SO-ISMCTS search: forced wins, legality, root statistics, n-player backup, budgets."""
from __future__ import annotations

import numpy as np
import pytest

from agents.mcts import MCTSAgent, MCTSConfig
from tests.agents import positions
from tests.agents.toy_games import FOUR_PLAYER, THREE_PLAYER, TreeGame, leaf, node


def test_finds_the_win_in_one():
    state = positions.win_in_one()
    agent = MCTSAgent(MCTSConfig(iterations=200))
    action = agent.act(state, np.random.default_rng(0))
    assert state.action_label(action) == positions.WINNING_LABEL
    best = agent.last_search_stats.actions[0]
    assert best.mean == pytest.approx(1.0)


@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_never_returns_an_illegal_action(rollout):
    agent = MCTSAgent(MCTSConfig(iterations=40, rollout=rollout, rollout_depth=4))
    rng = np.random.default_rng(1)
    for state in positions.random_positions(12, seed=1):
        before = state.to_dict()
        assert agent.act(state, rng) in state.legal_actions()
        assert state.to_dict() == before, "the search changed the real state"


def test_root_statistics_add_up():
    state = positions.mid_game()
    agent = MCTSAgent(MCTSConfig(iterations=250))
    root = agent.search(state, np.random.default_rng(2))
    stats = agent.last_search_stats
    assert stats.iterations == 250 == root.visits
    assert sum(a.visits for a in stats.actions) == 250
    legal = set(state.legal_actions())
    assert {a.action for a in stats.actions} == legal  # 250 iterations try every root action
    for a in stats.actions:
        assert 1 <= a.visits <= a.avail <= 250
        assert -1.0 <= a.mean <= 1.0
    visits = [a.visits for a in stats.actions]
    assert visits == sorted(visits, reverse=True) and stats.best == stats.actions[0].action
    for child in root.children.values():  # every node: visits = sum of its children's + leaf stops
        assert child.visits >= sum(g.visits for g in child.children.values())


def test_same_rng_same_search_and_different_rng_differs():
    state = positions.mid_game()
    agent = MCTSAgent(MCTSConfig(iterations=150))
    agent.search(state, np.random.default_rng(3))
    first = agent.last_search_stats.actions
    agent.search(state, np.random.default_rng(3))
    assert agent.last_search_stats.actions == first
    agent.search(state, np.random.default_rng(4))
    assert agent.last_search_stats.actions != first


@pytest.mark.parametrize("tree,players,best", [(THREE_PLAYER, 3, 1), (FOUR_PLAYER, 4, 1)])
def test_n_player_backup_follows_each_seats_own_reward(tree, players, best):
    game = TreeGame(tree, players)
    agent = MCTSAgent(MCTSConfig(iterations=3000, c=0.5, rollout_depth=-1))
    state = game.new_state(0)
    assert agent.act(state, np.random.default_rng(5)) == best
    means = {a.action: a.mean for a in agent.last_search_stats.actions}
    value = {3: 0.9, 4: 0.2}[players]  # seat 0's max^n value of the best move
    assert means[best] == pytest.approx(value, abs=0.1)


def test_n_player_nodes_record_the_deciding_seat():
    game = TreeGame(FOUR_PLAYER, 4)
    agent = MCTSAgent(MCTSConfig(iterations=200, rollout_depth=-1))
    root = agent.search(game.new_state(0), np.random.default_rng(6))
    n = game.action_space_size
    for key, child in root.children.items():
        assert child.player == 0 and key == child.action
    left = root.children[0]
    assert {ch.player for ch in left.children.values()} == {3}
    assert all(key == 3 * n + ch.action for key, ch in left.children.items())


def test_second_seat_searches_for_itself():
    # Seat 1 moves after seat 0's forced move: it must take its own win, not seat 0's.
    game = TreeGame(node(0, node(1, leaf(1.0, -1.0), leaf(-1.0, 1.0))), 2)
    state = game.new_state(0)
    state.apply(0)
    agent = MCTSAgent(MCTSConfig(iterations=50))
    assert agent.act(state, np.random.default_rng(7)) == 1


def test_forced_move_answers_without_search_unless_asked():
    game = TreeGame(node(0, node(1, leaf(1.0, -1.0), leaf(-1.0, 1.0))), 2)
    agent = MCTSAgent(MCTSConfig(iterations=50))
    assert agent.act(game.new_state(0), np.random.default_rng(0)) == 0
    assert agent.last_search_stats is None
    agent = MCTSAgent(MCTSConfig(iterations=50, skip_forced=False))
    assert agent.act(game.new_state(0), np.random.default_rng(0)) == 0
    assert agent.last_search_stats.iterations == 50


def test_time_budget_stops_near_the_deadline():
    state = positions.mid_game()
    agent = MCTSAgent(MCTSConfig(seconds=0.05))
    agent.search(state, np.random.default_rng(8))
    stats = agent.last_search_stats
    assert stats.iterations >= 1
    assert 0.05 <= stats.seconds < 0.5


def test_injected_evaluator_and_rollout_are_used():
    calls = {"eval": 0, "rollout": 0}

    def evaluator(state):
        calls["eval"] += 1
        return [0.0] * state.game.num_players

    def rollout(state, rng):
        calls["rollout"] += 1
        return state.legal_actions()[0]

    agent = MCTSAgent(MCTSConfig(iterations=30, rollout_depth=2), evaluator=evaluator, rollout_policy=rollout)
    agent.search(positions.mid_game(), np.random.default_rng(9))
    assert calls["eval"] > 0 and calls["rollout"] > 0
    assert calls["rollout"] <= 2 * 30


def test_the_game_over_has_no_action():
    state = positions.win_in_one()
    state.apply(next(a for a in state.legal_actions() if state.action_label(a) == positions.WINNING_LABEL))
    while not state.is_terminal():                      # both sides decline support (FC-25)
        state.apply(next(a for a in state.legal_actions() if state.action_label(a) == "no support"))
    with pytest.raises(ValueError, match="over"):
        MCTSAgent().act(state, np.random.default_rng(0))


def test_mcts_default_c_is_per_game_and_an_explicit_c_wins():
    from agents.mcts import DEFAULT_C, default_c
    assert MCTSConfig().c is None
    assert default_c("first_cycle") == DEFAULT_C == 0.5
    assert default_c("cipher") == 0.15
    assert default_c("no_such_game") == DEFAULT_C
    # The unset default searches exactly as the explicit per-game value does.
    from sim import load_game
    state = load_game("cipher").new_state(3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    plain = MCTSAgent(MCTSConfig(iterations=60))
    explicit = MCTSAgent(MCTSConfig(iterations=60, c=0.15))
    other = MCTSAgent(MCTSConfig(iterations=60, c=3.0))
    plain.search(state, np.random.default_rng(1))
    explicit.search(state, np.random.default_rng(1))
    other.search(state, np.random.default_rng(1))
    assert plain.last_search_stats.actions == explicit.last_search_stats.actions
    assert plain.last_search_stats.actions != other.last_search_stats.actions


def test_mcts_rejects_a_negative_c():
    with pytest.raises(ValueError, match="c must be >= 0"):
        MCTSConfig(c=-1.0)


def test_mcts_seat_count_defaults_take_precedence_over_the_games(monkeypatch):
    from agents import mcts
    from sim import load_game
    monkeypatch.setitem(mcts.GAME_DEFAULTS, "first_cycle@2", {"c": 0.3, "evaluator": {"hp": 2.0}})
    assert mcts.default_c("first_cycle", 2) == 0.3
    assert mcts.default_c("first_cycle", 3) == mcts.default_c("first_cycle") == mcts.DEFAULT_C
    assert mcts.default_evaluator_weights("first_cycle", 2) == {"hp": 2.0}
    assert mcts.default_evaluator_weights("first_cycle") == {}
    evaluator = MCTSAgent()._tools(load_game("first_cycle"))[0]
    assert evaluator.weights.hp == 2.0
    injected = object()
    assert MCTSAgent(evaluator=injected)._tools(load_game("first_cycle"))[0] is injected


def test_mcts_xenodex_four_seat_evaluator_is_its_own_and_greedy_keeps_the_heuristic():
    from agents.greedy import GreedyAgent
    from agents.heuristics.xenodex import XenodexWeights
    from sim import load_game
    four, two = load_game("xenodex", num_players=4), load_game("xenodex")
    evaluator = MCTSAgent()._tools(four)[0]
    assert (evaluator.weights.threat, evaluator.weights.fade) == (1.0, 1.0)
    assert MCTSAgent()._tools(two)[0].weights == XenodexWeights()
    assert GreedyAgent().heuristic_for(four).weights == XenodexWeights()
