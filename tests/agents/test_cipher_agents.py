"""The agents on FE Cipher: honest (DESIGN.md, layer 3) with the FE Cipher heuristic, as
tests/agents/test_honesty.py checks for First Cycle: they decide through the seat
interface only, and states that differ only in the future random stream or in cards the
seat cannot see (the opponent's hand, both decks and every orb) get the same action."""
from __future__ import annotations

import numpy as np
import pytest

import agents
from agents.greedy import GreedyAgent
from sim import load_game
from sim.core.seeding import make_rng, rng_state
from tests.agents.test_honesty import SeatView

GAME = load_game("cipher")
SPECS = ["greedy", "mcts:iterations=60", "mcts:iterations=30,rollout=greedy,rollout_depth=2"]


def _mid_game(seed: int = 3, turn: int = 7):
    """Greedy self-play from `seed` to global turn `turn`, stopped at a real choice."""
    state = GAME.new_state(seed)
    greedy = GreedyAgent()
    rng = np.random.default_rng(seed)
    while state.turn < turn or len(state.legal_actions()) < 2:
        state.apply(greedy.act(state, rng))
        assert not state.is_terminal(), "pick a seed whose game lasts longer"
    return state


def _decide(spec: str, state, seed: int):
    agent = agents.make(spec)
    action = agent.act(state, np.random.default_rng(seed))
    stats = getattr(agent, "last_search_stats", None)
    scores = getattr(agent, "last_scores", None)
    return action, (stats.actions if stats is not None else None), scores


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
        expected = _decide(spec, state, seed)
        assert _decide(spec, reseeded, seed) == expected
        assert _decide(spec, a, seed) == _decide(spec, b, seed)
