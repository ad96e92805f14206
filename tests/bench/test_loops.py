"""The timing loops of bench/loops.py: they run for their budget and count what they say.

A loop that stopped early, or counted a cut-off game as complete, would skew our rows and
the peer rows alike, so the scripts' ratios would not show it; these tests pin the counts.
"""
from __future__ import annotations

import pytest

from bench.loops import aec_loop, play_engine
from bench.peers import FLOOR_GAME_LENGTH, floor_env

BUDGET = 0.15


class CountdownState:
    """A game of `length` decisions with two legal actions each: the state protocol, nothing else."""

    length = 7

    def __init__(self, seed: int) -> None:
        self.left = self.length

    def legal_actions(self) -> list[int]:
        return [0, 1]

    def apply(self, action: int) -> None:
        assert action in (0, 1)
        self.left -= 1

    def is_terminal(self) -> bool:
        return self.left == 0


def test_play_engine_runs_its_budget_and_counts_whole_games():
    r = play_engine(CountdownState, BUDGET, seed=1)
    assert r["elapsed"] >= BUDGET
    assert r["games"] > 10
    assert r["in_games"] == CountdownState.length * r["games"]
    assert r["in_games"] <= r["decisions"] < r["in_games"] + CountdownState.length
    assert 0 < r["setup"] < r["elapsed"]


@pytest.mark.parametrize("wrapped", [False, True])
def test_aec_loop_runs_its_budget_and_counts_whole_games(wrapped):
    r = aec_loop(floor_env(wrapped), BUDGET, seed=1)
    assert r["elapsed"] >= BUDGET
    assert r["games"] > 10
    assert r["in_games"] == FLOOR_GAME_LENGTH * r["games"]
    # a game cut off by the budget may have taken every decision but not its closing step(None) calls
    assert r["in_games"] <= r["steps"] <= r["in_games"] + FLOOR_GAME_LENGTH
