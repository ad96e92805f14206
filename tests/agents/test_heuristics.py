"""The heuristic registry, what the two-seat heuristics share (First Cycle, FE Cipher), and
the First Cycle heuristic (FE Cipher's own checks are in test_cipher_heuristic.py)."""
from __future__ import annotations

import pytest

from agents.heuristics import evaluate, make_heuristic, zero_heuristic
from agents.heuristics.first_cycle import FirstCycleWeights, value
from tests.agents import positions
from tests.agents.toy_games import THREE_PLAYER, TreeGame

GAME = positions.GAME
_scenario = positions.first_cycle_scenario

# game: (its scenario builder, a position where seat 0 leads, the weight that raises that
# lead, how far ending an idle turn may move seat 0's value)
TWO_SEAT = {"first_cycle": (positions.first_cycle_scenario, {"hp1": 3}, "hp", 0.15),
            "cipher": (positions.cipher_scenario, {"orbs1": 2}, "orb", 0.1)}


def test_values_are_in_range_and_zero_sum():
    h = make_heuristic(GAME)
    for state in positions.random_positions(20, seed=3):
        v = h(state)
        assert len(v) == 2 and -1.0 <= v[0] <= 1.0 and v[1] == -v[0]
        assert value(state.observation(1), FirstCycleWeights()) == pytest.approx(v[1])


def test_more_hp_board_and_cards_score_higher():
    h = make_heuristic(GAME)
    even = h(_scenario())[0]
    assert h(_scenario(hp1=3))[0] > even
    assert h(_scenario(hp0=3))[0] < even
    assert h(_scenario(field0=["Speedrunner"]))[0] > even
    assert h(_scenario(field0=["Unicorn Pitch"]))[0] > h(_scenario(field0=["Speedrunner"]))[0]
    assert h(_scenario(hand0=["Speedrunner"]))[0] > even


@pytest.mark.parametrize("game", list(TWO_SEAT))
def test_the_active_seat_is_not_rewarded_for_ending_its_turn(game):
    # Ending a turn with nothing to do should cost little: the owed income balances it.
    scenario, _, _, drift = TWO_SEAT[game]
    state = scenario()
    h = make_heuristic(state.game)
    before = h(state)[0]
    state.apply(next(a for a in state.legal_actions() if state.action_label(a) == "end turn"))
    assert abs(h(state)[0] - before) < drift


@pytest.mark.parametrize("game", list(TWO_SEAT))
def test_weights_can_be_overridden_and_unknown_ones_are_refused(game):
    scenario, ahead, weight, _ = TWO_SEAT[game]
    state = scenario(**ahead)
    g = state.game
    assert make_heuristic(g, **{weight: 2.0})(state)[0] > make_heuristic(g)(state)[0]
    with pytest.raises(ValueError, match="known"):
        make_heuristic(g, **{weight + "z": 1.0})


def test_games_without_a_heuristic_get_zeros_and_terminal_states_their_returns():
    game = TreeGame(THREE_PLAYER, 3)
    assert make_heuristic(game) is zero_heuristic
    state = game.new_state(0)
    assert evaluate(state, zero_heuristic) == [0.0, 0.0, 0.0]
    state.apply(0)
    state.apply(0)
    assert evaluate(state, zero_heuristic) == [0.3, 0.5, -1.0]
    with pytest.raises(ValueError):
        make_heuristic(game, hp=1.0)


def test_a_pending_battle_counts_its_expected_result():
    # The defender has a ready Guard, so the attack stops at the Guard choice.
    state = _scenario(hp1=3, field1=["Rack Mover"])
    h = make_heuristic(GAME)
    labels = {state.action_label(a): a for a in state.legal_actions()}
    attacked = state.clone()
    attacked.apply(labels["attack Leader with Leader"])
    assert attacked.battle is not None and attacked.current_player == 1
    assert h(attacked)[0] > h(state)[0]  # a 6-Power attack on a 5-Power Leader should hit
    guarded = attacked.clone()
    guarded.apply(next(a for a in guarded.legal_actions() if "guard with" in guarded.action_label(a)))
    assert guarded.is_terminal() or h(guarded)[0] > h(state)[0] - 0.2
