"""The heuristics' fast paths equal their reference definitions exactly.

Each heuristic is defined on a view a seat may see (First Cycle and FE Cipher: `value` of
seat 0's observation; XenodeX: `values` of the public board) and computed for search
straight from the state's public fields. Over every position of seeded random games (so
battles, pending choices and endings all occur) the two must give the same float.
"""
from __future__ import annotations

import numpy as np
import pytest

from agents.heuristics import cipher as cipher_h
from agents.heuristics import first_cycle as fc_h
from agents.heuristics import xenodex as xd_h
from sim import load_game


def positions(game, seeds, limit=400):
    """Every non-terminal position of random games from `seeds` (at most `limit` per game)."""
    for seed in seeds:
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(limit):
            if state.is_terminal():
                break
            yield state
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("weights", [{}, {"tempo": 0.5, "exposed": 0.2, "threat": 0.7}])
def test_first_cycle_state_value_is_the_observation_value(weights):
    w = fc_h.FirstCycleWeights().replace(**weights)
    seen = 0
    battles = 0
    for state in positions(load_game("first_cycle"), range(12)):
        assert fc_h.state_value(state, w) == fc_h.value(state.observation(0), w)
        seen += 1
        battles += state.battle is not None
    assert seen > 500 and battles > 20


@pytest.mark.parametrize("players,weights", [(2, {}), (3, {"pressure": 0.3, "fade": 0.5}),
                                             (4, {"cdx_horizon": 0, "converge": 0.0})])
def test_xenodex_state_scores_are_the_public_board_scores(players, weights):
    game = load_game("xenodex", num_players=players)
    w = xd_h.XenodexWeights().replace(**weights)
    tables = xd_h._Tables(game)
    heuristic = xd_h.make(**weights)
    seen = 0
    battles = 0
    for state in positions(game, range(3), limit=600):
        board = state.public_board()
        assert xd_h.state_scores(state, tables, w) == xd_h.scores(board, tables, w)
        assert heuristic(state) == xd_h.values(board, tables, w)
        seen += 1
        battles += board.battle is not None
    assert seen > 900 and battles > 50


@pytest.mark.parametrize("weights", [{}, {"sure_hit": 0.7, "danger": 0.9, "reach": 0.2}])
def test_cipher_seat0_view_gives_the_observation_value(weights):
    game = load_game("cipher")
    w = cipher_h.CipherWeights().replace(**weights)
    seen = 0
    battles = 0
    targets = 0
    for state in positions(game, range(4), limit=500):
        view = cipher_h.seat0_view(state)
        assert cipher_h.value(view, w, game) == cipher_h.value(state.observation(0), w, game)
        seen += 1
        battles += view["battle"] is not None
        targets += view["pending"] is not None and view["pending"]["kind"] == "attack_target"
    assert seen > 900 and battles > 50 and targets > 20
