"""`state_from_dict` accepts only FE Cipher positions that can be played (C-4), by property:
a valid `to_dict` output from a real seeded game, mutated (a key dropped, a value of the
wrong type or out of range, two values swapped, an unknown card id, a card repeated or put
in a second area, a made-up pending choice or task), either raises InvalidScenarioError
whose message starts with the key it names, or gives a state that plays to the end under
random play without any exception: at every decision terminal or with a legal action, its
views, labels, determinizations and round trip working.

The default run is small and derandomized (same examples every run); the soak run draws
many more.
"""
from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envs.encoding.cipher import CipherEncoder
from sim.cipher.flow import PENDING_KINDS, TASK_KINDS
from sim.core.errors import InvalidScenarioError
from tests.cipher.helpers import GAME

ENCODER = CipherEncoder(GAME)
KEY = re.compile(r"^(scenario|players\[\d+\])(\.\w+|\[\d+\])*: ")
DECKS = [("red_starter", "white_starter"), ("white_starter", "black_starter"), ("blue_starter", "red_starter")]
MAX_DECISIONS = 20_000
WRONG = ["x", None, 1.5, True, False, [], {}, [1, "x"], {"card": 1}, float("nan")]


@lru_cache(maxsize=1)
def bases() -> list[dict]:
    """`to_dict` outputs of real seeded games: each pending kind met, every 40th decision, the end."""
    out, kinds = [], set()
    for g, decks in enumerate(DECKS):
        s = GAME.new_state(g, list(decks))
        rng = np.random.default_rng(g)
        k = 0
        while True:
            kind = s.pending[0] if s.pending else s.phase
            if k % 40 == 0 or kind not in kinds or s.b_att >= 0 and k % 7 == 0:
                kinds.add(kind)
                out.append(s.to_dict())
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply(legal[int(rng.integers(len(legal)))])
            k += 1
    return out


def _paths(x: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(x, dict):
        for k, v in x.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out += _paths(v, prefix + (i,))
    return out


def _get(d: Any, path: tuple) -> Any:
    for k in path:
        d = d[k]
    return d


def _set(d: Any, path: tuple, value: Any) -> None:
    _get(d, path[:-1])[path[-1]] = value


def _ints(data: dict) -> list[int]:
    """Ints of the dict (uids, card ids, counts) to build plausible and implausible values from."""
    return sorted({v for p in _paths(data) if p and type(v := _get(data, p)) is int and abs(v) < 10**6})


def mutate(draw, data: dict) -> dict:
    """One random mutation of a copy of `data` (see the module docstring)."""
    d = copy.deepcopy(data)
    paths = [p for p in _paths(d) if p]
    ints = _ints(d) + [-1, 0, 61, 999]
    value = st.one_of(st.sampled_from(ints), st.sampled_from(WRONG), st.integers(-3, 70))
    op = draw(st.sampled_from(["drop", "wrong", "int", "swap", "repeat", "move", "pending", "task", "battle"]))
    if op in ("drop", "wrong", "int"):
        path = draw(st.sampled_from(paths))
        if op == "drop":
            del _get(d, path[:-1])[path[-1]]
        else:
            # a fresh copy: a later mutation of a shared [] would change WRONG for the next example
            _set(d, path, copy.deepcopy(draw(st.sampled_from(WRONG))) if op == "wrong" else draw(st.sampled_from(ints)))
    elif op == "swap":
        leaves = [p for p in paths if not isinstance(_get(d, p), (dict, list))]
        a, b = draw(st.sampled_from(leaves)), draw(st.sampled_from(leaves))
        va, vb = _get(d, a), _get(d, b)
        _set(d, a, vb)
        _set(d, b, va)
    elif op in ("repeat", "move"):
        lists = [p for p in paths if isinstance(_get(d, p), list) and _get(d, p)]
        if lists:
            src = _get(d, draw(st.sampled_from(lists)))
            item = src[draw(st.integers(0, len(src) - 1))]
            dst = src if op == "repeat" else _get(d, draw(st.sampled_from(lists)))
            dst.extend([copy.deepcopy(item)] * draw(st.integers(1, 40)))
    elif op == "pending":
        kind = draw(st.sampled_from(sorted(PENDING_KINDS) + ["dance"]))
        args = draw(st.lists(st.one_of(value, st.lists(st.lists(value, max_size=4), max_size=3)), max_size=4))
        d["pending"] = [kind, draw(st.sampled_from([0, 1, 2, -1, True, "0"]))] + args
    elif op == "task":
        kind = draw(st.sampled_from(sorted(TASK_KINDS) + ["dance"]))
        args = draw(st.lists(st.one_of(value, st.lists(st.lists(value, max_size=4), max_size=3)), max_size=4))
        tasks = d.setdefault("tasks", [])
        if isinstance(tasks, list):
            tasks.insert(draw(st.integers(0, len(tasks))), [kind] + args)
    else:
        d["battle"] = draw(st.one_of(st.none(), st.dictionaries(
            st.sampled_from(["attacker", "defender", "attacker_mod", "defender_mod", "critical", "evaded"]),
            value, max_size=6)))
    return d


def play_out(s, seed: int) -> None:
    """Random play to the end: every decision terminal or with a legal action; views,
    labels, determinizations and the round trip work along the way."""
    rng = np.random.default_rng(seed)
    for k in range(MAX_DECISIONS):
        if k % 60 == 0:
            for p in (0, 1):
                ENCODER.encode(s.observation(p))
                s.determinize(p, rng).legal_actions()
            d = s.to_dict()
            assert GAME.state_from_dict(d).to_dict() == d
        if s.is_terminal():
            assert s.legal_actions() == [] and s.current_player == -1
            return
        legal = s.legal_actions()
        assert legal, "a live state with no legal action"
        if k % 60 == 0:
            [s.action_label(a) for a in legal]
        s.apply(legal[int(rng.integers(len(legal)))])
    raise AssertionError(f"no end after {MAX_DECISIONS} decisions")


def check(draw) -> None:
    base = bases()[draw(st.integers(0, len(bases()) - 1))]
    data = base
    for _ in range(draw(st.integers(1, 3))):
        data = mutate(draw, data)
    try:
        s = GAME.state_from_dict(data)
    except InvalidScenarioError as err:
        assert KEY.match(str(err)), f"the error names no key: {err}"
        return
    play_out(s, draw(st.integers(0, 2**32 - 1)))


_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large]


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=_HEALTH, database=None)
@given(st.data())
def test_c4_mutated_scenarios_are_refused_naming_the_key_or_play_to_the_end(data):
    check(data.draw)


@pytest.mark.soak
@settings(max_examples=20_000, deadline=None, suppress_health_check=_HEALTH, database=None)
@given(st.data())
def test_c4_mutated_scenarios_soak(data):
    check(data.draw)


def test_every_base_scenario_is_accepted_and_plays_to_the_end():
    kinds = {b["pending"][0] if b["pending"] else b["phase"] for b in bases()}
    assert {"mulligan", "attack_target", "critical", "evasion", "order", "action", "over"} <= kinds
    for k, b in enumerate(bases()[::5]):
        play_out(GAME.state_from_dict(b), k)
