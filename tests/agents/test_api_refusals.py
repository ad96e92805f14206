"""`agents.make` and `act` refuse odd input at the call, naming it.

A spec that is not a string raised AttributeError inside `make`; a field given twice in one
spec ("mcts:iterations=5,iterations=6", or a positional model and `model=`) silently kept the
last; `act` on something that is not a game state raised AttributeError. The odd strings
that already read right stay pinned here too ("mcts:" is mcts at its defaults, spaces are
ignored, "mcts:iterations" and an unknown zoo model are refused by name).
"""
from __future__ import annotations

import numpy as np
import pytest

import agents
from agents.base import parse_spec
from sim import load_game


@pytest.mark.parametrize("spec", [None, 5, ["mcts"]])
def test_make_names_a_spec_that_is_not_a_string(spec):
    with pytest.raises(ValueError, match=rf"an agent spec is a name or a string.*got {type(spec).__name__}"):
        agents.make(spec)


@pytest.mark.parametrize("spec, positional, key", [
    ("mcts:iterations=5,iterations=6", None, "iterations"),
    ("mcts:c=1, c =2", None, "c"),
    ("ppo:first_cycle,model=cipher", "model", "model"),
])
def test_a_field_given_twice_is_refused(spec, positional, key):
    with pytest.raises(ValueError, match=f"agent spec .*: '{key}' is given twice"):
        parse_spec(spec, positional)


def test_make_refuses_a_field_given_twice():
    with pytest.raises(ValueError, match="'iterations' is given twice"):
        agents.make("mcts:iterations=5,iterations=6")


def test_odd_strings_that_read_right():
    assert agents.make("mcts:").config == agents.make("mcts").config
    assert agents.make(" mcts : iterations = 5 ").config.iterations == 5
    with pytest.raises(ValueError, match="expected key=value, got 'iterations'"):
        agents.make("mcts:iterations")
    with pytest.raises(ValueError, match="unknown agent 'MCTS'"):
        agents.make("MCTS")
    with pytest.raises(ValueError, match="no zoo model 'nonexistent'"):
        agents.make("ppo:nonexistent")


@pytest.mark.parametrize("name", ["random", "greedy", "mcts:iterations=4"])
def test_act_names_a_state_that_is_not_one_and_a_finished_game(name):
    agent, rng = agents.make(name), np.random.default_rng(0)
    with pytest.raises(ValueError, match="state must be a game state.*got str 'state'"):
        agent.act("state", rng)
    state = load_game("first_cycle", max_turns=4).new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="the game is over"):
        agent.act(state, rng)
