"""The greedy agent chooses exactly as the plain one-ply lookahead it speeds up.

`agents.greedy.plain_lookahead` is that plain lookahead: per sample one determinization
for the acting seat, then for each legal action a fresh clone of it, the action applied and
the result scored by the game's reference heuristic (`make_reference_heuristic`: `value` of
seat 0's observation for First Cycle and FE Cipher, `values` of the public board for
XenodeX), ties broken with the agent's generator. Over seeded games of every game (XenodeX at 2 and 4 seats), where the
agent plays every seat, each decision of `GreedyAgent` must equal the reference's: the same
action, the same one-ply scores, and the generator left at the same position (so the next
decision sees the same stream).
"""
from __future__ import annotations

import copy

import numpy as np
import pytest

from agents.greedy import GreedyAgent, GreedyConfig, plain_lookahead
from agents.heuristics.reference import make_reference_heuristic
from agents.plans import make_plan
from sim import load_game

CASES = [("first_cycle", 2), ("cipher", 2), ("xenodex", 2), ("xenodex", 4)]
QUICK = {("first_cycle", 2): (range(4), 10**6), ("cipher", 2): (range(2), 10**6),
         ("xenodex", 2): (range(1), 10**6), ("xenodex", 4): (range(1), 400)}
"""Per case: the seeds of the quick test and the decisions played per game (whole games
but XenodeX at 4 seats, whose games are long)."""


def _load(name, n):
    return load_game(name, num_players=n) if name == "xenodex" else load_game(name)


def check_games(name, n, seeds, samples=1, plan=False, max_decisions=10**6):
    """Play `seeds` with the agent in every seat; compare each choice with the reference.
    Returns the number of decisions with a choice that were compared."""
    game = _load(name, n)
    agent = GreedyAgent(GreedyConfig(samples=samples, plan=plan))
    reference = make_reference_heuristic(game)
    the_plan = make_plan(game) if plan else None
    compared = 0
    for seed in seeds:
        state = game.new_state(seed)
        rngs = [np.random.default_rng([seed, s]) for s in range(n)]
        decisions = 0
        while not state.is_terminal() and decisions < max_decisions:
            rng = rngs[state.current_player]
            twin = copy.deepcopy(rng)
            expected, scores = plain_lookahead(state, twin, reference, samples, the_plan)
            agent.last_scores = None
            action = agent.act(state, rng)
            where = f"{name}@{n} seed {seed} decision {decisions}"
            assert action == expected, where
            assert agent.last_scores == scores, where
            assert rng.bit_generator.state == twin.bit_generator.state, where
            compared += scores is not None
            decisions += 1
            state.apply(action)
    return compared


@pytest.mark.parametrize("name,n", CASES)
def test_greedy_chooses_as_the_plain_lookahead(name, n):
    seeds, decisions = QUICK[name, n]
    assert check_games(name, n, seeds=seeds, max_decisions=decisions) > 20


def test_greedy_with_samples_chooses_as_the_plain_lookahead():
    assert check_games("cipher", 2, seeds=[3], samples=2) > 20
    assert check_games("xenodex", 2, seeds=[3], samples=2, max_decisions=150) > 20


def test_greedy_with_the_xenodex_plan_chooses_as_the_plain_lookahead():
    assert check_games("xenodex", 4, seeds=[5], plan=True, max_decisions=200) > 20


@pytest.mark.soak
@pytest.mark.parametrize("name,n", CASES)
def test_greedy_chooses_as_the_plain_lookahead_over_many_games(name, n):
    assert check_games(name, n, seeds=range(20)) > 200
    assert check_games(name, n, seeds=range(20, 25), samples=2) > 50
