"""The plumbing every game's scenario module (State.to_dict / from_dict) shares: nested
tuples to JSON lists and back; reading a scenario dict's keys and scalar fields; and the
parts every game's scenario has: the header (keys, game name, params), the task stack, the
pending choice, the generator and the opponent's knowledge of a hand. Every problem raises
an InvalidScenarioError that names the key (`where` is the path so far, e.g. "players[0]";
C-4)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from sim.core.errors import InvalidParamsError, InvalidScenarioError
from sim.core.seeding import make_rng, rng_from_state


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


def check_header(data: Any, game: Any, top_keys: set[str]) -> None:
    """The top of a scenario dict for `game`: only `top_keys`, the game's own name if any,
    and params (a dict) equal to the game's once applied."""
    check_keys(data, top_keys, "scenario")
    if "game" in data and data["game"] != game.name:
        raise InvalidScenarioError(f"scenario.game: {data['game']!r} is not {game.name!r}")
    if "params" in data:
        params = data["params"]
        if not isinstance(params, dict):
            raise InvalidScenarioError("scenario.params: expected a dict of params fields")
        try:
            same = params == game.params.to_dict() or game.params.replace(**params) == game.params
        except (InvalidParamsError, TypeError) as err:
            raise InvalidScenarioError(f"scenario.params: {err}") from None
        if not same:
            raise InvalidScenarioError("scenario.params: differ from the game's params; "
                                       "load the game with those overrides first")


def turn_order(data: dict, default_turn: int, max_turns: int) -> tuple[int, int, int]:
    """(turn, first player, active player) of a two-player scenario: the active player
    defaults to the one whose turn the turn number's parity gives (players alternate)."""
    turn = int_field(data, "turn", default_turn, 1, max_turns, "scenario")
    first = int_field(data, "first_player", 0, 0, 1, "scenario")
    default_active = first if turn % 2 == 1 else 1 - first
    return turn, first, int_field(data, "active", default_active, 0, 1, "scenario")


def task_stack(data: dict, kinds: frozenset[str] | set[str]) -> list[tuple]:
    """The scenario's task stack (`"tasks"`, the next task last), each task a tuple whose first
    item is one of `kinds`."""
    raw = data.get("tasks", [])
    if not isinstance(raw, list):
        raise InvalidScenarioError(f"scenario.tasks: expected a list of tasks, got {raw!r}")
    tasks = list(to_tuples(raw))
    for k, t in enumerate(tasks):
        if not isinstance(t, tuple) or not t or not isinstance(t[0], str) or t[0] not in kinds:
            raise InvalidScenarioError(f"scenario.tasks[{k}]: unknown task {t!r}; kinds: {sorted(kinds)}")
    return tasks


def pending_choice(data: dict, kinds: frozenset[str] | set[str], seats: int) -> tuple | None:
    """The scenario's pending choice (`"pending"`): None, or `(kind, seat, ...)` with a kind of
    `kinds` and a seat in 0..seats-1."""
    p = to_tuples(data.get("pending"))
    if p is None:
        return None
    if not isinstance(p, tuple) or len(p) < 2 or not isinstance(p[0], str) or p[0] not in kinds:
        raise InvalidScenarioError(f"scenario.pending: unknown pending choice {data.get('pending')!r}; "
                                   f"kinds: {sorted(kinds)}")
    if not isinstance(p[1], int) or isinstance(p[1], bool) or not 0 <= p[1] < seats:
        who = " or ".join(map(str, range(seats))) if seats <= 2 else f"in 0..{seats - 1}"
        raise InvalidScenarioError(f"scenario.pending[1]: expected a seat {who}, got {p[1]!r}")
    return p


def scenario_rng(data: dict) -> np.random.Generator:
    """The state's generator: restored from `"rng"` (a `to_dict` output), else seeded from
    `"seed"` (default 0)."""
    if "rng" in data:
        try:
            return rng_from_state(data["rng"])
        except (TypeError, ValueError, KeyError, OverflowError) as err:
            raise InvalidScenarioError(f"scenario.rng: not a PCG64 state ({err})") from None
    return make_rng(int_field(data, "seed", 0, 0, 2**63 - 1, "scenario"))


def check_revealed(revealed: list[int], hand: list[int], where: str, code: Callable[[int], str]) -> None:
    """Hand cards the opponent knows (`revealed`) must be in `hand` at least as many times."""
    for c in set(revealed):
        if revealed.count(c) > hand.count(c):
            raise InvalidScenarioError(f"{where}.revealed: {code(c)} is not in hand that many times")
