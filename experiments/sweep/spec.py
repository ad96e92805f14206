"""Sweep files: a TOML description of many runs (cells), parsed and validated before any match runs.

    name = "first_cycle_round_robin"
    game = "first_cycle"
    agents = ["greedy"]             # per seat, or one for every seat
    matches = 400                   # per cell (the cap when [stop] is given)
    seed = 7                        # the run seed of every cell: common random numbers
    shard_size = 50

    [params]                        # fixed overrides of the game's params, every cell
    max_turns = 60

    [grid]                          # cartesian product; every other key is a params field
    decks = { round_robin = ["black_starter", "orange_starter", "green_starter", "blue_starter"] }
    ram_supply = [8, 10, 12]
    # agents = [["mcts:iterations=50", "random"], ["greedy", "random"]]   # lineups
    # seed = [1, 2, 3]                                                   # replicates

    [cards]                         # card overrides as more grid axes: CARD.FIELD = [values]
    "FC033.power" = [3, 4, 5]

    [[cells]]                       # or/and an explicit list; same keys as a grid point
    name = "long_games"
    decks = ["black_starter", "blue_starter"]
    max_turns = 120

    [stop]                          # optional early stop of each cell (see experiments.sweep)
    half_width = 0.05               # stop once the 95% CI half-width is at most this
    metric = "lineup"               # win rate of the cell's first lineup entry, or "first_player"
    chunk = 100                     # matches between checks (rounded up to whole shards)
    min_matches = 100               # a rule that could never stop a cell before `matches` is refused

A lineup (`decks`, `agents`) is a list with one entry per seat, or one string for every
seat. `{ round_robin = [...], mirrors = false }` expands to every combination of
`num_players` different entries (with `mirrors = true`, repeats too). A key of the form
CARD.FIELD (in `[cards]`, `[grid]` or a cell) is a card override (docs/cards/overrides.md): the cell's
overrides are merged into its `card_overrides` param and checked against the card model
with the cell's other params. Every other key not in
`SWEEP_KEYS` / `POINT_KEYS` is read as a field of the game's params and checked against
its declared range (`Params.describe()`); decks, agents and params are then checked per
cell by `experiments.batch.runner.validate`. Every error is a `SweepError` naming the file, the
key and the problem.
"""
from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from experiments.batch.config import RunConfig, RunConfigError
from experiments.tomlfile import read_toml

SWEEP_KEYS = {"name", "description", "game", "agents", "decks", "matches", "seed", "swap_seats", "cross_decks",
              "shard_size", "log_cards", "log_decisions", "workers", "backend", "ray_address",
              "params", "grid", "cards", "cells", "stop"}
POINT_KEYS = {"decks", "agents", "seed"}
STOP_KEYS = {"half_width", "metric", "chunk", "min_matches"}
STOP_METRICS = ("lineup", "first_player")


class SweepError(RunConfigError):
    """A sweep file that cannot run (the message names the file, the key and the problem)."""


@dataclass(frozen=True)
class StopRule:
    """Stop a cell once the 95% CI half-width of `metric` is at most `half_width`, checked
    every `chunk` matches (whole shards) once `min_matches` have been played."""

    half_width: float
    metric: str = "lineup"
    chunk: int = 0
    min_matches: int = 0


@dataclass(frozen=True)
class Cell:
    """One run of a sweep: the swept values (`axes`) and its `RunConfig` (no `out` yet)."""

    id: str
    axes: tuple[tuple[str, Any], ...]
    config: RunConfig


@dataclass(frozen=True)
class Sweep:
    """A parsed sweep: the game, its cells in order and the optional stop rule."""

    name: str
    game: str
    cells: tuple[Cell, ...]
    stop: StopRule | None
    spec: dict
    source: str = "<dict>"

    @property
    def sweep_id(self) -> str:
        """A stable id of what the sweep plays (cells' match-defining configs and the stop rule)."""
        blob = json.dumps({"cells": [[c.id, c.config.identity_json(), c.config.matches] for c in self.cells],
                           "stop": dataclasses.asdict(self.stop) if self.stop else None}, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:12]

    def stop_note(self) -> str | None:
        """A line saying the stop rule cannot end any cell early at the cells' match count (a
        `--matches` below the file's), else None; a file that says so itself is refused."""
        matches = max((c.config.matches for c in self.cells), default=0)
        problem = stop_problem(self.stop, matches)
        return None if problem is None else f"note: {problem.split(', so ')[0]}: no cell will stop early"

    def describe(self) -> str:
        """A short listing of the cells (for `tcglab sweep --dry-run`)."""
        total = sum(c.config.matches for c in self.cells)
        lines = [f"sweep {self.name!r} ({self.game}): {len(self.cells)} cells, {total} matches at most"]
        if self.stop_note():
            lines.append(self.stop_note())
        for c in self.cells:
            lines.append(f"  {c.id}: agents {list(c.config.agents)}, decks "
                         f"{list(c.config.decks) if c.config.decks else 'default'}, "
                         f"params {dict(c.config.params)}, seed {c.config.seed}")
        return "\n".join(lines)


def load_sweep_file(path: str | Path, matches: int | None = None) -> Sweep:
    """Parse and validate a sweep TOML file (`matches` overrides its per-cell count)."""
    path = Path(path)
    data = read_toml(path, SweepError, "sweep ")
    sweep = parse_sweep(data, source=str(path), matches=matches)
    validate_sweep(sweep)
    return sweep


def _fail(source: str, where: str, problem: str) -> SweepError:
    return SweepError(f"sweep {source}: {where}: {problem}")


def _tupled(value: Any) -> Any:
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def _lineup(value: Any, source: str, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _fail(source, where, f"a lineup is a name or a list of names (one per seat), got {value!r}")


def _lineups(value: Any, source: str, where: str) -> list | dict:
    """A grid axis of lineups: a list of lineups, or a round-robin table kept for later."""
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"round_robin", "mirrors"})
        if unknown or "round_robin" not in value:
            raise _fail(source, where, f"expected {{ round_robin = [...], mirrors = false }}, "
                        f"got keys {sorted(value)}")
        entries = value["round_robin"]
        if not isinstance(entries, list) or not entries or not all(isinstance(e, str) for e in entries):
            raise _fail(source, f"{where}.round_robin", f"a list of names, got {entries!r}")
        if not isinstance(value.get("mirrors", False), bool):
            raise _fail(source, f"{where}.mirrors", f"true or false, got {value['mirrors']!r}")
        return {"round_robin": tuple(entries), "mirrors": value.get("mirrors", False)}
    if not isinstance(value, list) or not value:
        raise _fail(source, where, f"a grid axis is a non-empty list, got {value!r}")
    return [_lineup(v, source, f"{where}[{i}]") for i, v in enumerate(value)]


def _round_robin(spec: dict, n: int, source: str, where: str) -> list[tuple[str, ...]]:
    entries = spec["round_robin"]
    combos = (itertools.combinations_with_replacement(entries, n) if spec["mirrors"]
              else itertools.combinations(entries, n))
    out = [tuple(c) for c in combos]
    if not out:
        raise _fail(source, where, f"round robin of {len(entries)} entries has no {n}-player lineup "
                    f"(give at least {n} entries, or mirrors = true)")
    return out


def is_card_key(key: str) -> bool:
    """Whether a sweep key is a card override (CARD.FIELD, e.g. "FC033.power")."""
    return "." in key or "[" in key


def _with_card_axes(grid: Any, cards: Any, source: str) -> Any:
    """The grid with the `[cards]` table's axes added after its own."""
    if cards is None:
        return grid
    if not isinstance(cards, dict) or not cards:
        raise _fail(source, "cards", f"a table of card axes (\"FC033.power\" = [3, 4, 5]), got {cards!r}")
    for key in cards:
        if not is_card_key(key):
            raise _fail(source, f"cards.{key}", "a card axis is named CARD.FIELD, e.g. \"FC033.power\"")
    if grid is not None and not isinstance(grid, dict):
        return grid
    return {**(grid or {}), **cards}


def _check_card(source: str, where: str, key: str, value: Any) -> None:
    from sim.core.card_overrides import normalize_card_overrides
    from sim.core.errors import InvalidParamsError
    try:
        normalize_card_overrides({key: value})
    except InvalidParamsError as exc:
        raise _fail(source, where, str(exc)) from None


def _point_params(base: dict, axes: list) -> dict[str, Any]:
    """The params of a grid point: the fixed ones, its params axes, and its card axes merged
    into `card_overrides`."""
    params = {**base["params"], **{k: v for k, v in axes if k not in POINT_KEYS and not is_card_key(k)}}
    cards = {k: v for k, v in axes if is_card_key(k)}
    if cards:
        params["card_overrides"] = {**dict(params.get("card_overrides") or {}), **cards}
    return params


def _param_checker(game: str, source: str):
    """A function checking one params value against its declared range, naming the key (a card
    key only for its shape; the card model checks it per cell)."""
    from sim import load_game
    try:
        params_cls = type(load_game(game).params)
    except Exception as exc:  # noqa: BLE001 - any load failure is reported by name
        raise _fail(source, "game", str(exc)) from None
    fields = {d["name"]: d for d in params_cls.describe()}

    def check(where: str, name: str, value: Any) -> None:
        if is_card_key(name):
            _check_card(source, where, name, value)
            return
        if name == "card_overrides":
            if not isinstance(value, dict):
                raise _fail(source, where, f"a table of card overrides (\"FC033.power\" = 4), got {value!r}")
            for key, v in value.items():
                _check_card(source, f"{where}.{key}", key, v)
            return
        if name not in fields:
            raise _fail(source, where, f"unknown {game} parameter {name!r}; known: {sorted(fields)}")
        problem = _range_problem(fields[name], value)
        if problem:
            d = fields[name]
            raise _fail(source, where, f"{game} parameter {name!r} = {value!r} {problem} ({d['doc']})")
    return check


def _range_problem(d: dict, value: Any) -> str | None:
    """What is wrong with one value of a params field, by its declared type and range (or None).
    Cross-field rules (table lengths that must agree) are checked later, per cell."""
    default = d["default"]
    if isinstance(default, tuple):
        return None if isinstance(value, (list, tuple)) else "must be a list"
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(default, int) and (isinstance(value, bool) or not isinstance(value, int)):
        return "must be a whole number"
    if isinstance(default, float) and (isinstance(value, bool) or not isinstance(value, (int, float))):
        return "must be a number"
    if isinstance(default, str) and not isinstance(value, str):
        return "must be a string"
    if d["choices"] and value not in d["choices"]:
        return f"is not one of {list(d['choices'])}"
    if d["lo"] is not None and value < d["lo"]:
        return f"is below its minimum {d['lo']}"
    if d["hi"] is not None and value > d["hi"]:
        return f"is above its maximum {d['hi']}"
    return None


def _slug(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return "-".join(_slug(v) for v in value)
    return re.sub(r"[^A-Za-z0-9._+-]+", "_", str(value)).strip("_") or "x"


def _cell_id(axes: list[tuple[str, Any]]) -> str:
    parts = []
    for key, value in axes:
        if key in ("decks", "agents"):
            parts.append("-v-".join(_slug(v) for v in value))
        else:
            parts.append(f"{_slug(key)}={_slug(value)}")
    text = "_".join(parts) or "all"
    if len(text) > 90:
        text = text[:80] + "~" + hashlib.sha256(text.encode()).hexdigest()[:8]
    return text


def _stop_rule(raw: Any, source: str, shard_size: int) -> StopRule | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _fail(source, "stop", f"a table, got {raw!r}")
    unknown = sorted(set(raw) - STOP_KEYS)
    if unknown:
        raise _fail(source, "stop", f"unknown key(s) {unknown}; known: {sorted(STOP_KEYS)}")
    hw = raw.get("half_width")
    if isinstance(hw, bool) or not isinstance(hw, (int, float)) or not 0 < hw < 0.5:
        raise _fail(source, "stop.half_width", f"a number between 0 and 0.5, got {hw!r}")
    metric = raw.get("metric", "lineup")
    if metric not in STOP_METRICS:
        raise _fail(source, "stop.metric", f"one of {list(STOP_METRICS)}, got {metric!r}")
    chunk = raw.get("chunk", shard_size)
    minimum = raw.get("min_matches", 0)
    for key, v in (("chunk", chunk), ("min_matches", minimum)):
        if isinstance(v, bool) or not isinstance(v, int) or v < (1 if key == "chunk" else 0):
            raise _fail(source, f"stop.{key}", f"a whole number >= {1 if key == 'chunk' else 0}, got {v!r}")
    chunk = -(-chunk // shard_size) * shard_size
    return StopRule(float(hw), metric, chunk, minimum)


def stop_problem(stop: StopRule | None, matches: int) -> str | None:
    """Why `stop` could never end a cell of `matches` matches early (its first check, at the
    first chunk boundary past `min_matches`, is not before the last match), else None."""
    if stop is None:
        return None
    first = stop.chunk * max(1, -(-stop.min_matches // stop.chunk))
    if first < matches:
        return None
    if stop.min_matches >= matches:
        return (f"stop.min_matches: {stop.min_matches} is not below matches ({matches}), so no cell could "
                "stop early; lower min_matches or raise matches")
    return (f"stop.chunk: {stop.chunk} (in whole shards) puts the first check at match {first}, not before "
            f"matches ({matches}), so no cell could stop early; lower chunk or raise matches")


def parse_sweep(data: dict, source: str = "<dict>", matches: int | None = None) -> Sweep:
    """The cells of a parsed sweep TOML dict; checks keys, types and params ranges (decks and
    agents are checked by `validate_sweep`)."""
    unknown = sorted(set(data) - SWEEP_KEYS)
    if unknown:
        raise _fail(source, "top level", f"unknown key(s) {unknown}; known: {sorted(SWEEP_KEYS)}")
    game = data.get("game")
    if not isinstance(game, str):
        raise _fail(source, "game", f"name the game (e.g. \"first_cycle\"), got {game!r}")
    check = _param_checker(game, source)
    fixed = data.get("params", {})
    if not isinstance(fixed, dict):
        raise _fail(source, "params", f"a table of parameter values, got {fixed!r}")
    for name, value in fixed.items():
        check(f"params.{name}", name, value)
    base: dict[str, Any] = {"agents": _lineup(data.get("agents", "random"), source, "agents"),
                            "decks": _lineup(data["decks"], source, "decks") if "decks" in data else None,
                            "seed": data.get("seed", 0), "params": dict(fixed)}
    points = (_grid_points(_with_card_axes(data.get("grid"), data.get("cards"), source), source, check)
              + _list_points(data.get("cells"), source, check))
    if not points:
        points = [[]]
    shard_size = data.get("shard_size", 50)
    try:
        common = {"game": game, "matches": data.get("matches", 100) if matches is None else matches,
                  "swap_seats": data.get("swap_seats", True), "shard_size": shard_size,
                  "cross_decks": data.get("cross_decks", False),
                  "log_cards": data.get("log_cards", True), "log_decisions": data.get("log_decisions", False),
                  "workers": data.get("workers", 1), "backend": data.get("backend", "local"),
                  "ray_address": data.get("ray_address"), "progress": False}
        RunConfig(**common)
    except (RunConfigError, TypeError) as exc:
        raise _fail(source, "top level", str(exc)) from None
    cells: list[Cell] = []
    seen: dict[str, Cell] = {}
    for axes, name in _expand(points, game, base, source):
        cfg = _config(common, base, axes, source)
        cid = name or _cell_id(axes)
        if cid in seen:
            if seen[cid].config.identity_json() == cfg.identity_json():
                raise _fail(source, f"cell {cid}", "appears twice (the grid and list give the same run)")
            cid = f"{cid}~{hashlib.sha256(cfg.identity_json().encode()).hexdigest()[:6]}"
        cell = Cell(cid, tuple(axes), cfg)
        seen[cid] = cell
        cells.append(cell)
    stop = _stop_rule(data.get("stop"), source, shard_size)
    if matches is None and stop_problem(stop, common["matches"]):  # a --matches below it is a note
        raise SweepError(f"sweep {source}: {stop_problem(stop, common['matches'])}")
    return Sweep(name=str(data.get("name", Path(source).stem)), game=game, cells=tuple(cells),
                 stop=stop, spec=data, source=source)


def _grid_points(grid: Any, source: str, check) -> list[list]:
    if grid is None:
        return []
    if not isinstance(grid, dict) or not grid:
        raise _fail(source, "grid", f"a table of axes, got {grid!r}")
    axes = []
    for key, values in grid.items():
        where = f"grid.{key}"
        if key in ("decks", "agents"):
            axes.append([(key, v) for v in _lineups(values, source, where)] if isinstance(values, list)
                        else [(key, _lineups(values, source, where))])
            continue
        if not isinstance(values, list) or not values:
            raise _fail(source, where, f"a grid axis is a non-empty list of values, got {values!r}")
        for i, v in enumerate(values):
            if key == "seed":
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise _fail(source, f"{where}[{i}]", f"a seed is a whole number >= 0, got {v!r}")
            else:
                check(f"{where}[{i}]", key, v)
        axes.append([(key, _tupled(v)) for v in values])
    return [list(p) for p in itertools.product(*axes)]


def _list_points(cells: Any, source: str, check) -> list[list]:
    if cells is None:
        return []
    if not isinstance(cells, list):
        raise _fail(source, "cells", f"an array of tables ([[cells]]), got {cells!r}")
    points = []
    for i, cell in enumerate(cells):
        where = f"cells[{i}]"
        if not isinstance(cell, dict):
            raise _fail(source, where, f"a table, got {cell!r}")
        point: list = []
        for key, v in cell.items():
            if key == "name":
                if not isinstance(v, str) or not v:
                    raise _fail(source, f"{where}.name", f"a non-empty string, got {v!r}")
                point.append(("name", _slug(v)))
            elif key in ("decks", "agents"):
                point.append((key, _lineup(v, source, f"{where}.{key}")))
            elif key == "seed":
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise _fail(source, f"{where}.seed", f"a whole number >= 0, got {v!r}")
                point.append((key, v))
            else:
                check(f"{where}.{key}", key, v)
                point.append((key, _tupled(v)))
        points.append(point)
    return points


def _expand(points: list[list], game: str, base: dict, source: str):
    """Yield (axes, explicit name) per cell, expanding round-robin axes for the seat count."""
    from sim import load_game
    for point in points:
        name = next((v for k, v in point if k == "name"), None)
        axes = [(k, v) for k, v in point if k != "name"]
        robin = [(i, k, v) for i, (k, v) in enumerate(axes) if isinstance(v, dict)]
        if not robin:
            yield axes, name
            continue
        params = _point_params(base, axes)
        try:
            n = load_game(game, **params).num_players
        except Exception as exc:  # noqa: BLE001 - any load failure is reported by name
            raise _fail(source, "grid", f"params {params}: {exc}") from None
        options = [_round_robin(v, n, source, f"grid.{k}") for _, k, v in robin]
        for combo in itertools.product(*options):
            expanded = list(axes)
            for (i, k, _), lineup in zip(robin, combo):
                expanded[i] = (k, lineup)
            yield expanded, name


def _config(common: dict, base: dict, axes: list, source: str) -> RunConfig:
    values = dict(axes)
    params = _point_params(base, axes)
    try:
        return RunConfig(**common, agents=values.get("agents", base["agents"]),
                         decks=values.get("decks", base["decks"]), seed=values.get("seed", base["seed"]),
                         params=tuple(sorted((k, _tupled(v)) for k, v in params.items())))
    except RunConfigError as exc:
        raise _fail(source, f"cell {_cell_id(axes)}", str(exc)) from None


def validate_sweep(sweep: Sweep) -> None:
    """Check every cell's game params, agents and decks (`experiments.batch.runner.validate`),
    naming the cell and the problem; nothing is played or written."""
    from experiments.batch.runner import validate
    for cell in sweep.cells:
        try:
            validate(cell.config)
        except Exception as exc:  # noqa: BLE001 - agents and decks raise their own types
            raise _fail(sweep.source, f"cell {cell.id}", str(exc)) from None
