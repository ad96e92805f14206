"""Agents are honest: they see only what their seat may see (DESIGN.md, layer 3).

1. By construction: each agent decides through a view of the state that offers only
   `observation`, `legal_actions`, `determinize`, `current_player`, `is_terminal` and
   `game` (and XenodeX's `determinize_public`, for a one-ply lookahead that scores only the
   public board: tests/xenodex/test_determinize_public.py); touching anything else fails.
2. By result: states that differ only in the future random stream, or only in cards
   the seat cannot see, get the same action (and MCTS the same root statistics) for
   the same agent seed.
"""
from __future__ import annotations

import numpy as np
import pytest

import agents
from sim.core.seeding import make_rng, rng_state
from tests.agents import positions

GAME = positions.GAME
SPECS = ["random", "greedy", "greedy:samples=2", "mcts:iterations=120",
         "mcts:iterations=60,rollout=greedy,rollout_depth=3"]
ALLOWED = ("observation", "legal_actions", "determinize", "determinize_public", "current_player",
           "is_terminal", "game")


class SeatView:
    """A state seen through the agent interface only."""

    __slots__ = ("_state",)

    def __init__(self, state) -> None:
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name):
        if name not in ALLOWED:
            raise AssertionError(f"an agent read state.{name}")
        return getattr(object.__getattribute__(self, "_state"), name)


def _reseeded(state, seed: int):
    """The same position with another future random stream."""
    data = state.to_dict()
    data["rng"] = rng_state(make_rng(seed))
    return GAME.state_from_dict(data)


@pytest.mark.parametrize("spec", SPECS)
def test_agents_use_only_the_seat_interface(spec):
    for state in positions.random_positions(4, seed=11) + [positions.mid_game()]:
        assert agents.make(spec).act(SeatView(state), np.random.default_rng(0)) in state.legal_actions()


@pytest.mark.parametrize("spec", SPECS)
def test_future_random_stream_does_not_matter(spec):
    state = positions.mid_game()
    other = _reseeded(state, 123)
    assert other.rng.bit_generator.state != state.rng.bit_generator.state
    for seat in (0, 1):
        assert other.observation(seat) == state.observation(seat)
    for seed in range(3):
        assert positions.decide(spec, state, seed) == positions.decide(spec, other, seed)


def _hidden_variants():
    """Two states the seat on turn cannot tell apart: the opponent's hand and both decks re-dealt."""
    state = positions.mid_game()
    seat = state.current_player
    a = state.determinize(seat, np.random.default_rng(1))
    b = state.determinize(seat, np.random.default_rng(2))
    assert a.observation(seat) == b.observation(seat) == state.observation(seat)
    assert a.players[1 - seat].hand != b.players[1 - seat].hand
    return a, b


@pytest.mark.parametrize("spec", SPECS)
def test_hidden_cards_do_not_matter(spec):
    a, b = _hidden_variants()
    for seed in range(4):
        assert positions.decide(spec, a, seed) == positions.decide(spec, b, seed)
