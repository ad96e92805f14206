"""Seeded random games: termination, invariants, replay, and copies that never alias."""
from __future__ import annotations

import numpy as np
import pytest

from tests.first_cycle.helpers import GAME, random_playout

STARTERS = ["black_starter", "orange_starter", "green_starter", "blue_starter"]
PAIRINGS = [(a, b) for a in STARTERS for b in STARTERS]


@pytest.mark.parametrize("block", range(10))
def test_1000_random_games_terminate_with_invariants(block):
    """1,000 seeded games over all 16 starter pairings (10 blocks of 100)."""
    reasons = set()
    for seed in range(block * 100, block * 100 + 100):
        decks = PAIRINGS[seed % len(PAIRINGS)]
        state, actions = random_playout(seed, decks=list(decks))
        assert state.is_terminal()
        assert state.end_reason in ("leader_hp", "turn_limit")
        r = state.returns()
        assert sum(r) == 0 and set(r) <= {-1.0, 0.0, 1.0}
        reasons.add(state.end_reason)
        assert state.turn <= GAME.params.max_turns
    assert "leader_hp" in reasons


@pytest.mark.parametrize("seed", [3, 77, 2024])
def test_c1_replay_from_seed_and_actions(seed):
    """C-1: the same seed and actions give the same game, bit for bit."""
    state, actions = random_playout(seed, check=False)
    again = GAME.new_state(seed)
    for a in actions:
        again.apply(a)
    assert again.to_dict() == state.to_dict()


@pytest.mark.parametrize("seed", range(6))
def test_clone_and_determinize_never_change_the_original(seed):
    random_playout(seed, check=False, probe_copies=True)


def test_clone_is_independent():
    state = GAME.new_state(5)
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply(copy.legal_actions()[-1])
    assert not state.is_terminal()
    assert state.to_dict() == GAME.new_state(5).to_dict()


def test_to_dict_round_trip_mid_game():
    state = GAME.new_state(11)
    rng = np.random.default_rng(0)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        back = GAME.state_from_dict(state.to_dict())
        assert back.to_dict() == state.to_dict()
        assert back.legal_actions() == state.legal_actions()


def test_state_from_dict_builds_its_own_game_from_params():
    from sim import load_game
    from sim.first_cycle.rules import FirstCycleState
    g = load_game("first_cycle", max_turns=40)
    s = g.new_state(3)
    back = FirstCycleState.from_dict(s.to_dict())
    assert back.params.max_turns == 40 and back.to_dict() == s.to_dict()


@pytest.mark.soak
@pytest.mark.parametrize("block", range(20))
def test_soak_20000_random_games(block):
    """Long run, only with `make soak`: 20,000 more games with every invariant checked."""
    for seed in range(100_000 + block * 1000, 100_000 + block * 1000 + 1000):
        decks = PAIRINGS[seed % len(PAIRINGS)]
        state, _ = random_playout(seed, decks=list(decks))
        assert state.is_terminal()
