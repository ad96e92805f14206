"""Property test of `state_from_dict` (C-4): a mutated `to_dict` output is either refused with
an InvalidScenarioError that names the key, or a state that plays to the end under random
play without any exception, always terminal or with a legal action.

The valid dicts come from real seeded 2-, 3- and 4-seat games (Ancients and two TX plays in
some), taken at many decisions and at the end. A mutation picks a place anywhere in the
dict and drops it, gives it a value of another type, moves an int out of range, swaps or
duplicates list entries, puts an unknown name there, or rewrites the pending decision or a
task entry.
"""
from __future__ import annotations

import functools
import re
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.core.errors import InvalidScenarioError
from tests.xenodex.helpers import game

CONFIGS = [(2, ()), (2, (("ancients", True), ("ancient_chance", 0.6), ("tx_plays", 2))),
           (3, (("ancients", True), ("ancient_chance", 0.6))), (4, (("tx_plays", 2),))]
KEY = re.compile(r"^(scenario|seats\[\d+\])[\w.\[\]\- ]*:")
ODD = [None, True, False, -1, 0, 1, 2, 7, 99, 10**9, -(10**9), 1.5, float("nan"), "nope", "", [], {}, [0], {"x": 1},
       "Synth Drone", "Siphon", "S2", "summon", "strike", "tx", "cleave"]
KINDS = ["summon", "deploy", "strike", "recovery", "actor", "cleave", "ability", "tx", "turn",
         "battle_next", "strike_turn", "results", "recovery", "cycle_start", "nap"]


@functools.cache
def bases() -> list[tuple[int, tuple, dict]]:
    """(players, overrides, to_dict output) at many decisions of seeded games and at their end."""
    out = []
    for players, ov in CONFIGS:
        g = game(num_players=players, **dict(ov))
        for seed in range(2):
            s = g.new_state(seed + 11 * players)
            rng = np.random.default_rng(seed)
            step = 0
            while True:
                if step % 23 == 0 or s.is_terminal() or any(e[0] in ("tx", "ability") for e in s.events):
                    out.append((players, ov, s.to_dict()))
                if s.is_terminal():
                    break
                legal = s.legal_actions()
                s.apply(legal[int(rng.integers(len(legal)))])
                step += 1
    return out


def _places(x: Any, path: tuple = ()) -> list[tuple]:
    """Every path into the nested dict/list `x` (the root excluded)."""
    out = []
    if isinstance(x, dict):
        for k, v in x.items():
            out.append(path + (k,))
            out.extend(_places(v, path + (k,)))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            out.append(path + (i,))
            out.extend(_places(v, path + (i,)))
    return out


def _parent(d: dict, path: tuple) -> Any:
    for k in path[:-1]:
        d = d[k]
    return d


class Draws:
    """The choices of a mutation: drawn by hypothesis (`data`) or by a numpy generator."""

    def __init__(self, data=None, rng: np.random.Generator | None = None) -> None:
        self.data, self.rng = data, rng

    def pick(self, options: list) -> Any:
        if self.data is not None:
            return self.data.draw(st.sampled_from(options))
        return options[int(self.rng.integers(len(options)))]

    def int(self, lo: int, hi: int) -> int:
        if self.data is not None:
            return self.data.draw(st.integers(lo, hi))
        return int(self.rng.integers(lo, hi + 1))

    def coin(self) -> bool:
        return self.int(0, 1) == 1


def _mutate(dr: Draws, d: dict) -> str:
    """Apply one drawn mutation to `d` in place; returns its description."""
    op = dr.pick(["drop", "odd", "int", "swap", "dup", "pending", "task"])
    if op == "pending":
        n = len(d["seats"]) if isinstance(d.get("seats"), list) else 2
        pend = [dr.pick(KINDS)] + [dr.pick(ODD[:10]) if dr.coin() else dr.int(-2, 3 * 20 + 8)
                                   for _ in range(dr.int(0, 6))]
        if dr.coin() and len(pend) > 1:
            pend[1] = dr.int(0, n - 1)
        if dr.coin() and isinstance(d.get("pending"), list):
            pend = [dr.pick(KINDS), *d["pending"][1:]]
            if len(pend) > 2:
                pend[dr.int(2, len(pend) - 1)] = _copy(dr.pick(ODD))
        d["pending"] = pend
        return f"pending = {pend!r}"
    if op == "task":
        task = [dr.pick(KINDS)] + [dr.pick(["summon", "deploy", "recovery", "nap"]) if dr.coin() else dr.int(-2, 8)
                                   for _ in range(dr.int(0, 3))]
        if not isinstance(d.get("tasks"), list):
            d["tasks"] = []
        tasks = d["tasks"]
        where = dr.int(0, len(tasks))
        if tasks and dr.coin():
            tasks[min(where, len(tasks) - 1)] = task
        else:
            tasks.insert(where, task)
        return f"tasks = {tasks!r}"
    path = dr.pick(_places(d))
    parent = _parent(d, path)
    key = path[-1]
    old = parent[key]
    if op == "drop":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif op == "int":
        base = old if isinstance(old, int) and not isinstance(old, bool) else 0
        parent[key] = base + dr.pick([-100, -2, -1, -1, 1, 1, 2, 20, 40, 10**6])
    elif op == "swap" and isinstance(old, list) and len(old) >= 2:
        i, j = dr.int(0, len(old) - 1), dr.int(0, len(old) - 1)
        old[i], old[j] = old[j], old[i]
    elif op == "dup" and isinstance(old, list) and old:
        old.append(old[dr.int(0, len(old) - 1)])
    else:
        parent[key] = _copy(dr.pick(ODD))  # a fresh [] or {}: later mutations must not change ODD
    return f"{op} at {list(path)}"


def _play_out(s, seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = s.num_players
    for step in range(20_000):
        if s.is_terminal():
            assert s.legal_actions() == [] and s.current_player == -1
            assert abs(sum(s.returns())) < 1e-9
            return
        legal = s.legal_actions()
        assert legal, f"step {step}: live, no legal action, pending {s.pending!r}"
        p = s.current_player
        assert 0 <= p < n
        if step < 3:
            s.observation(p)
            s.action_label(legal[-1])
        s.apply(legal[int(rng.integers(len(legal)))])
    raise AssertionError("no end after 20,000 decisions")


def check_one(dr: Draws) -> bool:
    """Mutate one base dict 1-3 times; refused naming the key (False), or played to the end
    (True)."""
    players, ov, base = bases()[dr.int(0, len(bases()) - 1)]
    d = _copy(base)
    what = [_mutate(dr, d) for _ in range(dr.int(1, 3))]
    g = game(num_players=players, **dict(ov))
    try:
        s = g.state_from_dict(d)
    except InvalidScenarioError as err:
        assert KEY.match(str(err)), f"{what}: the error does not name the key: {err}"
        return False
    try:
        _play_out(s, seed=len(what))
    except Exception as err:
        raise AssertionError(f"accepted after {what}, then: {err!r}") from err
    return True


def _copy(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(max_examples=300, derandomize=True, **SETTINGS)
@given(st.data())
def test_c4_a_mutated_scenario_is_refused_naming_the_key_or_plays_to_the_end(data):
    check_one(Draws(data))


@pytest.mark.soak
@settings(max_examples=20_000, **SETTINGS)
@given(st.data())
def test_soak_c4_a_mutated_scenario_is_refused_naming_the_key_or_plays_to_the_end(data):
    check_one(Draws(data))
