"""The XenodeX heuristic: registered, one value per seat in [-1, 1] summing to 0 at 2-4
players, public information only, the terms pointing the right way, and greedy and MCTS
playing it at 3 and 4 seats."""
from __future__ import annotations

import math

import numpy as np
import pytest

import agents
from agents.heuristics import make_heuristic, names
from agents.heuristics.xenodex import XenodexWeights, _Tables, scores
from sim import load_game
from tests import game_cases

GAMES = {n: load_game("xenodex", num_players=n, echoes=False) for n in (2, 3, 4)}


def _state(players=2, seats=None, **top):
    seats = seats or [{} for _ in range(players)]
    return GAMES[players].state_from_dict({"cycle": 3, "lead": 0, "phase": "summon", "seats": seats,
                                           **top})


def _random_states(players, n_games=3, seed=0, every=13):
    return game_cases.random_states(load_game("xenodex", num_players=players), n_games, seed, every)


def test_registered_with_documented_weights():
    assert "xenodex" in names()
    h = make_heuristic("xenodex", scale=10)
    assert h.weights == XenodexWeights(scale=10.0)
    with pytest.raises(ValueError, match="known"):
        make_heuristic("xenodex", cdxx=1.0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_value_per_seat_in_range_summing_to_zero(players):
    h = make_heuristic("xenodex")
    seen = 0
    for s in _random_states(players):
        v = h(s)
        assert len(v) == players and all(-1.0 <= x <= 1.0 for x in v)
        assert sum(v) == pytest.approx(0.0, abs=1e-9)
        seen += 1
    assert seen > 20


def test_two_seats_is_tanh_of_the_score_difference():
    w = XenodexWeights()
    h = make_heuristic("xenodex")
    for s in list(_random_states(2, n_games=1))[:10]:
        a, b = scores(s.public_board(), _Tables(s.game), w)
        assert h(s)[0] == pytest.approx(math.tanh((a - b) / (2 * w.scale)))


def test_hidden_cards_do_not_change_the_values():
    """Only public facts count: re-dealing the hands and decks leaves every value unchanged."""
    h = make_heuristic("xenodex")
    rng = np.random.default_rng(3)
    for s in list(_random_states(3, n_games=2, seed=5))[:40]:
        for seat in range(3):
            assert h(s.determinize(seat, rng)) == pytest.approx(h(s))


def test_more_cdx_income_board_and_control_score_higher():
    h = make_heuristic("xenodex")
    even = h(_state())[0]
    assert even == pytest.approx(0.0)
    assert h(_state(seats=[{"cdx": 260}, {}]))[0] > even
    assert h(_state(seats=[{}, {"cdx": 260}]))[0] < even
    anchor = _state(seats=[{"board": {"S1": {"anchor": 1}}}, {}])
    assert h(anchor)[0] > even                                  # an anchor and its income
    units = _state(seats=[{"board": {"S2": {"units": ["Siege Frame"]}}}, {}])
    assert h(units)[0] > even
    # A cleanly controlled slot (also at the start of the cycle) beats the bare anchor.
    held = _state(seats=[{"board": {"S1": {"anchor": 1}}}, {}], start_control={"S1": 0})
    assert h(held)[0] > h(anchor)[0]


def test_an_unsupported_anchor_under_rival_units_is_a_threat():
    h = make_heuristic("xenodex")
    safe = _state(seats=[{"board": {"S1": {"anchor": 2}}}, {"board": {"S3": {"units": ["Tall Grey"]}}}])
    threatened = _state(seats=[{"board": {"S1": {"anchor": 2}}},
                               {"board": {"S1": {"units": ["Tall Grey"]}}}])
    assert h(threatened)[0] < h(safe)[0]
    escorted = _state(seats=[{"board": {"S1": {"anchor": 2, "units": ["Shard Sentinel"]}}},
                             {"board": {"S1": {"units": ["Tall Grey"]}}}])
    alone = _state(seats=[{"board": {"S1": {"anchor": 2}, "S3": {"units": ["Shard Sentinel"]}}},
                          {"board": {"S1": {"units": ["Tall Grey"]}}}])
    assert h(escorted)[0] > h(alone)[0]


def test_slots_weigh_more_near_the_cycle_limit():
    h = make_heuristic("xenodex")
    seats = [{"board": {"S1": {"anchor": 0}}}, {}]
    early = _state(seats=seats, cycle=2, start_control={"S1": 0})
    late = _state(seats=seats, cycle=12, start_control={"S1": 0})
    assert h(late)[0] > h(early)[0]


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_and_mcts_play_three_and_four_seats(players):
    game = load_game("xenodex", num_players=players, cycle_limit=2)
    greedy, mcts = agents.make("greedy"), agents.make("mcts:iterations=20")
    s = game.new_state(7)
    rng = np.random.default_rng(7)
    moves = 0
    while not s.is_terminal():
        agent = mcts if s.current_player == 0 and moves < 40 else greedy
        a = agent.act(s, rng)
        assert a in s.legal_actions()
        s.apply(a)
        moves += 1
    stats = mcts.last_search_stats
    assert stats is not None and stats.seat == 0 and stats.iterations == 20
    assert len(s.returns()) == players
