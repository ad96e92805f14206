"""The plumbing every game's scenario module (State.to_dict / from_dict) shares: nested
tuples to JSON lists and back, and reading a scenario dict's keys and scalar fields with an
InvalidScenarioError that names the key (`where` is the path so far, e.g. "players[0]")."""
from __future__ import annotations

from typing import Any

from sim.core.errors import InvalidScenarioError


def to_lists(x: Any) -> Any:
    """`x` with every tuple or list, however nested, turned into a list (JSON friendly)."""
    if isinstance(x, (tuple, list)):
        return [to_lists(v) for v in x]
    return x


def to_tuples(x: Any) -> Any:
    """`x` with every list, however nested, turned into a tuple (the inverse of to_lists)."""
    if isinstance(x, list):
        return tuple(to_tuples(v) for v in x)
    return x


def check_keys(d: Any, allowed: set[str], where: str) -> None:
    """Raise unless `d` is a dict whose keys are all in `allowed`."""
    if not isinstance(d, dict):
        raise InvalidScenarioError(f"{where}: expected a dict, got {type(d).__name__}")
    unknown = sorted(set(d) - allowed)
    if unknown:
        raise InvalidScenarioError(f"{where}: unknown key(s) {unknown}; allowed: {sorted(allowed)}")


def int_field(d: dict, key: str, default: int, lo: int, hi: int, where: str) -> int:
    """`d[key]` (or `default`), which must be an int (not a bool) in lo..hi."""
    v = d.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise InvalidScenarioError(f"{where}.{key}: expected an int in {lo}..{hi}, got {v!r}")
    return v


def bool_field(d: dict, key: str, default: bool, where: str) -> bool:
    """`d[key]` (or `default`), which must be true or false."""
    v = d.get(key, default)
    if not isinstance(v, bool):
        raise InvalidScenarioError(f"{where}.{key}: expected true or false, got {v!r}")
    return v
