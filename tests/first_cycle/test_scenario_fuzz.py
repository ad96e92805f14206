"""Property (C-4): a mutated `to_dict` output is either refused by `state_from_dict` with an
InvalidScenarioError naming the key, or it is a state that plays to the end under random play
without any exception, always terminal or offering a legal action.

Hypothesis takes a state from a seeded random game (at a random decision), then one to three
mutations of its dict: a key dropped, a value of the wrong type, an out-of-range int, a card
swapped for another or an unknown one, a pending choice or task entry rewritten.
"""
from __future__ import annotations

import copy
import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim import InvalidScenarioError
from tests.first_cycle.helpers import GAME

_BASES: dict[tuple[int, int], dict] = {}


def base_dict(seed: int, decision: int) -> dict:
    """`to_dict` of game `seed` after `decision` random decisions (or at its end)."""
    key = (seed, decision)
    if key not in _BASES:
        s = GAME.new_state(seed)
        rng = np.random.default_rng([seed, 5])
        for _ in range(decision):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
        _BASES[key] = s.to_dict()
    return copy.deepcopy(_BASES[key])


WEIRD = [None, True, -1, 0, 1, 2, 7, 10**12, -10**12, 1.5, "x", "#999", [], [1], [[1, 2]], {}, {"a": 1},
         ["ability"], ["guard", 1], ["scan", 0, [1, 2], []], ["target", 0, [[1, 0]], 1, 1, 3, 0]]


def _paths(d, prefix=()):
    """Every (path, value) inside a nested dict/list."""
    yield prefix, d
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield from _paths(v, prefix + (i,))


def _set(d, path, value):
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value


def _drop(d, path):
    for k in path[:-1]:
        d = d[k]
    if isinstance(d, dict):
        del d[path[-1]]
    else:
        d.pop(path[-1])


@st.composite
def mutated(draw):
    d = base_dict(draw(st.integers(0, 40)), draw(st.integers(0, 120)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p, _ in _paths(d) if p and p[0] != "rng"]
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["drop", "weird", "int", "card", "pending", "task"]))
        if how == "drop":
            _drop(d, path)
        elif how == "weird":
            _set(d, path, copy.deepcopy(draw(st.sampled_from(WEIRD))))
        elif how == "int":
            _set(d, path, draw(st.integers(-3, 40)))
        elif how == "card":
            _set(d, path, draw(st.integers(0, GAME.num_cards + 2)))
        elif how == "pending":
            d["pending"] = copy.deepcopy(draw(st.sampled_from(WEIRD[12:] + [
                ["support", 0], ["support", 1], ["cycle", 0], ["deploy_discard", 1, 50],
                ["order", 0, [[1, 0, 67, 0], [2, 0, 67, 0]]], ["guard", 0, [1]], None])))
        else:
            d["tasks"] = copy.deepcopy(draw(st.sampled_from([[], [["start"]], [["draw_step"]], [["compare"]],
                                               [["support", 0]], [["place", 0, 50, 1]],
                                               [["protocol_done", 1, 3]], [["ability", 0, 1, 1, 67, 0]],
                                               [["triggers", 1, [[1, 0, 67, 0]]]], [["guard"]]])))
    return d


def plays_to_the_end(data: dict, seed: int) -> None:
    try:
        s = GAME.state_from_dict(data)
    except InvalidScenarioError as err:
        assert re.search(r"(scenario|players)\b", str(err)), f"the error names no key: {err}"
        return
    rng = np.random.default_rng(seed)
    for _ in range(5000):
        legal = s.legal_actions()
        if s.is_terminal():
            assert legal == []
            return
        assert legal, "a live state offers no legal action"
        s.observation(0)
        s.observation(1)
        s.apply(legal[int(rng.integers(len(legal)))])
    raise AssertionError("the game did not end in 5000 decisions")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.integers(0, 2**16))
def test_c4_mutated_scenarios_are_refused_naming_the_key_or_play_to_the_end(data, seed):
    plays_to_the_end(data, seed)


@pytest.mark.soak
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), st.integers(0, 2**16))
def test_c4_mutated_scenarios_soak(data, seed):
    plays_to_the_end(data, seed)
