"""Seeded random games of each two-player game (First Cycle, FE Cipher): termination,
invariants after every decision, replay (C-1), and copies that never alias. XenodeX, with
its 2 to 4 seats, has its own in tests/xenodex/test_playouts.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from sim.cipher.rules import CipherState
from sim.first_cycle.rules import FirstCycleState
from tests.cipher import helpers as cipher_helpers
from tests.first_cycle import helpers as first_cycle_helpers


@dataclass(frozen=True)
class Case:
    """What the playout tests need of one game."""

    helpers: Any            # the game's tests helpers: GAME and random_playout
    state_cls: type
    starters: tuple[str, ...]
    win_reason: str         # the end_reason of a game won by the rules, not the turn limit
    probe_seeds: int        # games whose every decision probes clone and determinize
    round_trip_steps: int   # decisions of the to_dict round trip


CASES = {
    "first_cycle": Case(first_cycle_helpers, FirstCycleState,
                        ("black_starter", "orange_starter", "green_starter", "blue_starter"),
                        "leader_hp", probe_seeds=6, round_trip_steps=40),
    "cipher": Case(cipher_helpers, CipherState,
                   ("red_starter", "blue_starter", "white_starter", "black_starter"),
                   "mc_destroyed", probe_seeds=4, round_trip_steps=150),
}
GAMES = list(CASES)


def _pairings(case: Case) -> list[tuple[str, str]]:
    return [(a, b) for a in case.starters for b in case.starters]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("block", range(10))
def test_1000_random_games_terminate_with_invariants(game, block):
    """1,000 seeded games over all 16 starter pairings (10 blocks of 100), invariants after
    every decision; both ways to end a game are met in every block."""
    case = CASES[game]
    pairings = _pairings(case)
    reasons = set()
    for seed in range(block * 100, block * 100 + 100):
        decks = pairings[seed % len(pairings)]
        state, _actions = case.helpers.random_playout(seed, decks=list(decks))
        assert state.is_terminal()
        assert state.end_reason in (case.win_reason, "turn_limit")
        r = state.returns()
        assert sum(r) == 0 and set(r) <= {-1.0, 0.0, 1.0}
        assert (state.winner >= 0) == (state.end_reason == case.win_reason)
        reasons.add(state.end_reason)
        assert state.turn <= case.helpers.GAME.params.max_turns
    assert reasons == {case.win_reason, "turn_limit"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [3, 77, 2024])
def test_c1_replay_from_seed_and_actions(game, seed):
    """C-1: the same seed and actions give the same game, bit for bit."""
    helpers = CASES[game].helpers
    state, actions = helpers.random_playout(seed, check=False)
    again = helpers.GAME.new_state(seed)
    for a in actions:
        again.apply(a)
    assert again.to_dict() == state.to_dict()


@pytest.mark.parametrize(("game", "seed"),
                         [(g, seed) for g in GAMES for seed in range(CASES[g].probe_seeds)])
def test_clone_and_determinize_never_change_the_original(game, seed):
    CASES[game].helpers.random_playout(seed, check=False, probe_copies=True)


@pytest.mark.parametrize("game", GAMES)
def test_clone_is_independent(game):
    g = CASES[game].helpers.GAME
    state = g.new_state(5)
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply(copy.legal_actions()[-1])
    assert not state.is_terminal()
    assert state.to_dict() == g.new_state(5).to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_to_dict_round_trip_mid_game(game):
    case = CASES[game]
    g = case.helpers.GAME
    state = g.new_state(11)
    rng = np.random.default_rng(0)
    for _ in range(case.round_trip_steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        back = g.state_from_dict(state.to_dict())
        assert back.to_dict() == state.to_dict()
        assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_state_from_dict_builds_its_own_game_from_params(game):
    from sim import load_game
    case = CASES[game]
    g = load_game(game, max_turns=40)
    s = g.new_state(3)
    back = case.state_cls.from_dict(s.to_dict())
    assert back.params.max_turns == 40 and back.to_dict() == s.to_dict()


@pytest.mark.soak
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("block", range(20))
def test_soak_20000_random_games(game, block):
    """Long run, only with `make soak`: 20,000 more games with every invariant checked."""
    case = CASES[game]
    pairings = _pairings(case)
    for seed in range(100_000 + block * 1000, 100_000 + block * 1000 + 1000):
        decks = pairings[seed % len(pairings)]
        state, _ = case.helpers.random_playout(seed, decks=list(decks))
        assert state.is_terminal()
