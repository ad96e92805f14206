"""The timing loops of bench/loops.py: they run for their budget and count what they say.

A loop that stopped early, or counted a cut-off game as complete, would skew our rows and
the peer rows alike, so the scripts' ratios would not show it; these tests pin the counts.
"""
from __future__ import annotations

import pytest

from bench.loops import aec_loop, aec_runner, play_engine
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


def test_aec_runner_carries_its_games_over_from_slice_to_slice():
    """The sliced loop the env rows take turns with: each slice runs its budget, the counts
    run on across slices, and a game cut by a slice ends in the next one, counted once."""
    env = floor_env(True)
    runner = aec_runner(env, seed=1)
    next(runner)
    totals = [runner.send(BUDGET / 3) for _ in range(3)]
    runner.close()
    env.close()
    for before, after in zip(totals, totals[1:]):
        assert after["elapsed"] >= before["elapsed"] + BUDGET / 3
        assert after["steps"] > before["steps"] and after["games"] > before["games"]
    last = totals[-1]
    assert last["in_games"] == FLOOR_GAME_LENGTH * last["games"]
    assert last["in_games"] <= last["steps"] <= last["in_games"] + FLOOR_GAME_LENGTH


def test_env_rows_take_turns_and_keep_their_best_round():
    from bench.env import engine_runner, time_rows
    rows = [(name, lambda seed, g=game: (engine_runner(seed, g), None), "")
            for name, game in (("fc", "first_cycle"), ("xd", "xenodex"))]
    best = time_rows(rows, seconds=0.2, warmup=0.02, repeat=2, seed=1)
    for name in ("fc", "xd"):
        r = best[name]
        assert r["elapsed"] >= 0.2 and r["games"] > 0 and r["steps"] == r["in_games"]
        assert r["rate"] == r["steps"] / r["elapsed"]
