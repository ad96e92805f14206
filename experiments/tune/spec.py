"""Tune files: a TOML description of a search, parsed and checked before any match runs.

    name = "first_cycle_first_player"
    game = "first_cycle"
    agents = ["greedy"]              # per seat, or one for every seat (default: greedy)
    # decks = [..]; num_players = 4  # as in sweep files
    matches = 200                    # per trial; every trial plays the same match seeds
    trials = 40
    seed = 7                         # the sampler's seed and the search's match seeds
    sampler = "auto"                 # "tpe", "nsga2", or "auto": TPE for one objective, else NSGA-II
    population = 20                  # NSGA-II generation size (default 50)
    startup_trials = 10              # TPE's random trials before it models (default 10)
    workers = 2                      # processes playing a trial's matches (or backend = "ray")

    [params]                         # fixed params overrides
    max_turns = 60
    [cards]                          # fixed card overrides, "CARD.field" = value
    "FC033.power" = 4

    [space.params]                   # searched params (experiments.tune.space)
    defender_bonus = { low = 0, high = 3 }
    defender_bonus_turns = { choices = [[3, 5, 7], [1, 3, 5, 7]] }
    [space.cards]
    "FC033.power" = { low = 3, high = 6 }

    [[objectives]]                   # experiments.tune.goals
    metric = "first_player_advantage"
    [[constraints]]
    metric = "draw_rate"
    max = 0.1

    [holdout]                        # re-evaluation of the chosen configs on fresh seeds
    matches = 400                    # default: twice the trial's
    top_k = 5                        # at most this many configs (the front, or the best k)

Every problem is a `TuneError` naming the file and the key; the searched ends and choices
are checked against the game (params ranges, card fields) and the agents and decks are
asked for a move, all before the first trial (`check_against_game`).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from experiments.batch.config import RunConfig, RunConfigError
from experiments.tomlfile import read_toml
from experiments.tune.goals import Constraint, Objective, parse_constraints, parse_objectives
from experiments.tune.space import (
    CARD_OVERRIDES,
    Dimension,
    TuneError,
    check_card_key,
    parse_space,
    space_params,
)

TOP_KEYS = {"name", "description", "game", "agents", "decks", "num_players", "matches", "trials", "seed",
            "sampler", "population", "startup_trials", "workers", "backend", "ray_address", "shard_size",
            "params", "cards", "space", "objectives", "constraints", "holdout"}
SAMPLERS = ("auto", "tpe", "nsga2")
HOLDOUT_KEYS = {"matches", "top_k"}
# Mixed into the search seed to give the held-out matches their own seed stream.
HOLDOUT_STREAM = 0x484F4C44


@dataclass(frozen=True)
class TuneSpec:
    """A parsed tune: what to play per trial, the space, the goals and the held-out check."""

    name: str
    game: str
    base: RunConfig
    dims: tuple[Dimension, ...]
    objectives: tuple[Objective, ...]
    constraints: tuple[Constraint, ...] = ()
    trials: int = 20
    sampler: str = "auto"
    population: int = 50
    startup_trials: int = 10
    holdout_matches: int = 200
    top_k: int = 5
    source: str = "<dict>"
    fixed: dict = field(default_factory=dict, compare=False)

    @property
    def sampler_kind(self) -> str:
        """"tpe" or "nsga2" ("auto": TPE for one objective, NSGA-II for more)."""
        if self.sampler != "auto":
            return self.sampler
        return "tpe" if len(self.objectives) == 1 else "nsga2"

    @property
    def measures(self) -> list[str]:
        """The measures the objectives and constraints name, in order, each once."""
        return list(dict.fromkeys([o.metric for o in self.objectives] + [c.metric for c in self.constraints]))

    @property
    def holdout_seed(self) -> int:
        """The run seed of the held-out matches: a seed stream of its own, derived from the search seed."""
        state = np.random.SeedSequence([self.base.seed, HOLDOUT_STREAM]).generate_state(1, dtype=np.uint64)
        return int(state[0] >> np.uint64(1))

    def params_for(self, values: dict[str, Any]) -> dict[str, Any]:
        """The params overrides of one point of the space."""
        return space_params(self.dims, values, self.fixed)

    def config_for(self, values: dict[str, Any], holdout: bool = False) -> RunConfig:
        """The batch of one trial (the search's seed), or its held-out batch."""
        params = tuple(sorted(self.params_for(values).items()))
        if holdout:
            return self.base.replace(params=params, seed=self.holdout_seed, matches=self.holdout_matches)
        return self.base.replace(params=params)

    def identity(self) -> dict:
        """What defines the trials (a resume must match it): game, batch, space, goals, sampler."""
        batch = json.loads(self.base.identity_json())
        batch.pop("shard_size", None)  # how matches are grouped, not which are played
        return {"game": self.game, "batch": batch, "matches": self.base.matches,
                "space": [d.__dict__ | {"choices": d.choices and list(d.choices)} for d in self.dims],
                "objectives": [o.__dict__ for o in self.objectives],
                "constraints": [c.__dict__ for c in self.constraints],
                "sampler": self.sampler_kind, "population": self.population, "startup_trials": self.startup_trials}

    @property
    def tune_id(self) -> str:
        """A stable id of `identity()`."""
        return hashlib.sha256(json.dumps(self.identity(), sort_keys=True, default=list).encode()).hexdigest()[:12]


def load_tune_file(path: str | Path, **overrides: Any) -> TuneSpec:
    """Parse and check a tune TOML file; `overrides` (trials, matches, workers, backend,
    ray_address, holdout_matches) replace the file's values when not None."""
    path = Path(path)
    data = read_toml(path, TuneError, "tune ")
    for key, value in overrides.items():
        if value is not None and key == "holdout_matches":
            data["holdout"] = {**data.get("holdout", {}), "matches": value}
        elif value is not None:
            data[key] = value
    return parse_tune(data, source=str(path))


def _whole(data: dict, key: str, default: int, low: int, source: str) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise TuneError(f"tune {source}: {key}: a whole number >= {low}, got {value!r}")
    return value


def _lineup(value: Any, key: str, source: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise TuneError(f"tune {source}: {key}: a name or a list of names (one per seat), got {value!r}")


def parse_tune(data: dict, source: str = "<dict>") -> TuneSpec:
    """A `TuneSpec` from a parsed TOML dict, checked against the game (see the module docstring)."""
    def fail(key: str, problem: str) -> TuneError:
        return TuneError(f"tune {source}: {key}: {problem}")
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise fail("top level", f"unknown key(s) {unknown}; known: {sorted(TOP_KEYS)}")
    game = data.get("game")
    if not isinstance(game, str) or not game:
        raise fail("game", f"name the game (e.g. \"first_cycle\"), got {game!r}")
    fixed = data.get("params", {})
    if not isinstance(fixed, dict):
        raise fail("params", f"a table of parameter values, got {fixed!r}")
    fixed = dict(fixed)
    cards = data.get("cards", {})
    if not isinstance(cards, dict):
        raise fail("cards", f"a table of \"CARD.field\" = value, got {cards!r}")
    if cards:
        for key in cards:
            check_card_key(key, f"tune {source}: cards.{key}")
        fixed[CARD_OVERRIDES] = {**(fixed.get(CARD_OVERRIDES) or {}), **cards}
    try:
        dims = parse_space(data.get("space"))
        objectives = parse_objectives(data.get("objectives"))
        constraints = parse_constraints(data.get("constraints"))
    except TuneError as exc:
        raise TuneError(f"tune {source}: {exc}") from None
    names = [d.key for d in dims]
    clash = sorted({n for n in names if names.count(n) > 1} | (set(names) & set(fixed)))
    if clash:
        raise fail("space", f"{clash} both fixed and searched, or searched twice")
    sampler = data.get("sampler", "auto")
    if sampler not in SAMPLERS:
        raise fail("sampler", f"one of {list(SAMPLERS)}, got {sampler!r}")
    holdout = data.get("holdout", {})
    if not isinstance(holdout, dict) or set(holdout) - HOLDOUT_KEYS:
        raise fail("holdout", f"a table with keys {sorted(HOLDOUT_KEYS)}, got {holdout!r}")
    matches = _whole(data, "matches", 100, 1, source)
    workers = _whole(data, "workers", 1, 1, source)
    try:
        base = RunConfig(game=game, agents=_lineup(data.get("agents", "greedy"), "agents", source),
                         decks=_lineup(data["decks"], "decks", source) if "decks" in data else None,
                         matches=matches, seed=data.get("seed", 0), workers=workers,
                         backend=data.get("backend", "local"), ray_address=data.get("ray_address"),
                         shard_size=data.get("shard_size", max(1, -(-matches // (4 * workers)))),
                         num_players=data.get("num_players"), log_cards=False, progress=False,
                         params=tuple(sorted(fixed.items())))
    except RunConfigError as exc:
        raise fail("top level", str(exc)) from None
    spec = TuneSpec(
        name=str(data.get("name", Path(source).stem)), game=game, base=base, dims=dims,
        objectives=objectives, constraints=constraints, trials=_whole(data, "trials", 20, 1, source),
        sampler=sampler, population=_whole(data, "population", 50, 2, source),
        startup_trials=_whole(data, "startup_trials", 10, 0, source),
        holdout_matches=_whole(holdout, "matches", 2 * matches, 1, f"{source}: holdout"),
        top_k=_whole(holdout, "top_k", 5, 1, f"{source}: holdout"), source=source, fixed=fixed)
    check_against_game(spec)
    return spec


def _companions(spec: TuneSpec, key: str) -> list[dict]:
    """Points to try a value of `key` in: every other dimension at its first end or choice,
    all at their last, and each other dimension at each of its ends with the rest at the first."""
    first = {d.key: d.extremes()[0] for d in spec.dims}
    points = [first, {d.key: d.extremes()[-1] for d in spec.dims}]
    for d in spec.dims:
        if d.key != key:
            points += [{**first, d.key: v} for v in d.extremes()[1:]]
    return points


def check_against_game(spec: TuneSpec) -> None:
    """Load the game at every searched end and choice, and check agents and decks on the first
    point that loads; errors name the key. A value is refused when no companion point
    (`_companions`) loads with it; a rule between two searched params (XenodeX roll_min at most
    roll_max) only fails the trials that break it, with the reason in `trials.csv`."""
    from experiments.batch.runner import validate
    from sim import load_game
    from sim.core.errors import TcglabError
    try:
        load_game(spec.game, **spec.fixed)
    except TcglabError as exc:
        where = "cards" if CARD_OVERRIDES in spec.fixed else "params"
        raise TuneError(f"tune {spec.source}: {where}: {exc}") from None
    playable = None
    for d in spec.dims:
        for value in d.extremes():
            problem = None
            for point in _companions(spec, d.key):
                params = spec.params_for({**point, d.key: value})
                try:
                    load_game(spec.game, **params)
                except TcglabError as exc:
                    problem = problem or exc
                    continue
                playable = playable or params
                problem = None
                break
            if problem is not None:
                section = "cards" if d.card else "params"
                raise TuneError(f"tune {spec.source}: space.{section}.{d.key} = {value!r}: {problem}")
    try:
        validate(spec.base.replace(params=tuple(sorted(playable.items()))))
    except Exception as exc:  # noqa: BLE001 - agents and decks raise their own types
        raise TuneError(f"tune {spec.source}: agents/decks: {exc}") from None
