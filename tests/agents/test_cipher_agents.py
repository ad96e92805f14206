"""The agents on FE Cipher: honest (DESIGN.md, layer 3) with the FE Cipher heuristic, as
tests/agents/test_honesty.py checks for First Cycle: they decide through the seat
interface only, and states that differ only in the future random stream or in cards the
seat cannot see (the opponent's hand, both decks and every orb) get the same action."""
from __future__ import annotations

import numpy as np
import pytest

import agents
from sim import load_game
from sim.core.seeding import make_rng, rng_state
from tests.agents import positions
from tests.agents.test_honesty import SeatView

GAME = load_game("cipher")
SPECS = ["greedy", "mcts:iterations=60", "mcts:iterations=30,rollout=greedy,rollout_depth=2"]


def _mid_game(seed: int = 3, turn: int = 7):
    return positions.mid_game(seed, turn, GAME)


@pytest.mark.parametrize("spec", SPECS)
def test_agents_use_only_the_seat_interface(spec):
    state = _mid_game()
    assert agents.make(spec).act(SeatView(state), np.random.default_rng(0)) in state.legal_actions()


@pytest.mark.parametrize("spec", SPECS)
def test_future_random_stream_and_hidden_cards_do_not_matter(spec):
    state = _mid_game()
    data = state.to_dict()
    data["rng"] = rng_state(make_rng(123))
    reseeded = GAME.state_from_dict(data)
    seat = state.current_player
    a = state.determinize(seat, np.random.default_rng(1))
    b = state.determinize(seat, np.random.default_rng(2))
    assert a.observation(seat) == b.observation(seat) == state.observation(seat)
    assert a.players[1 - seat].hand != b.players[1 - seat].hand
    assert a.players[seat].orbs != b.players[seat].orbs  # orbs are hidden from their owner
    for seed in range(2):
        expected = positions.decide(spec, state, seed)
        assert positions.decide(spec, reseeded, seed) == expected
        assert positions.decide(spec, a, seed) == positions.decide(spec, b, seed)
