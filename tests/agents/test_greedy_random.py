"""The random and greedy agents."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from agents.greedy import GreedyAgent, GreedyConfig
from agents.random_agent import RandomAgent
from tests.agents import positions
from tests.agents.toy_games import TreeGame, leaf, node


def test_random_is_uniform_over_legal_actions():
    state = positions.mid_game()
    legal = state.legal_actions()
    rng = np.random.default_rng(0)
    counts = Counter(RandomAgent().act(state, rng) for _ in range(200 * len(legal)))
    assert set(counts) == set(legal)
    assert min(counts.values()) > 120 and max(counts.values()) < 280


def test_random_is_reproducible_from_the_rng():
    state = positions.mid_game()
    a = [RandomAgent().act(state, np.random.default_rng(4)) for _ in range(3)]
    assert len(set(a)) == 1


def test_greedy_takes_the_win_in_one():
    state = positions.win_in_one()
    action = GreedyAgent().act(state, np.random.default_rng(0))
    assert state.action_label(action) == positions.WINNING_LABEL


@pytest.mark.parametrize("samples", [1, 3])
def test_greedy_plays_legal_actions_and_leaves_the_state_alone(samples):
    agent = GreedyAgent(GreedyConfig(samples=samples))
    rng = np.random.default_rng(2)
    for state in positions.random_positions(10, seed=2):
        before = state.to_dict()
        assert agent.act(state, rng) in state.legal_actions()
        assert state.to_dict() == before


def test_greedy_breaks_ties_with_the_rng():
    # Every child is terminal with equal returns: each is picked for some rng seed.
    game = TreeGame(node(1, leaf(0.0, 0.0), leaf(0.0, 0.0), leaf(0.0, 0.0)), 2)
    state = game.new_state(0)
    picks = [GreedyAgent().act(state, np.random.default_rng(k)) for k in range(30)]
    assert set(picks) == {0, 1, 2}
    assert picks == [GreedyAgent().act(state, np.random.default_rng(k)) for k in range(30)]


def test_greedy_scores_with_an_injected_heuristic_from_the_acting_seat():
    game = TreeGame(node(1, node(0, leaf(0, 0)), node(0, leaf(0, 0)), node(0, leaf(0, 0))), 2)
    seen = []

    def by_path(s):
        seen.append(s.path)
        return [-1.0, 1.0] if s.path == (2,) else [0.0, 0.0]  # good for seat 1 only

    assert GreedyAgent(heuristic=by_path).act(game.new_state(0), np.random.default_rng(0)) == 2
    assert sorted(seen) == [(0,), (1,), (2,)]
