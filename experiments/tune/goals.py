"""Objectives and constraints of a tune: which measure, and what counts as better or allowed.

    [[objectives]]
    metric = "draw_rate"                 # a name of experiments.tune.metrics.METRICS
    direction = "minimize"               # or "maximize"
    [[objectives]]
    metric = "mean_length"
    range = [15, 25]                     # minimise the distance to the range (0 inside it)
    [[objectives]]
    metric = "first_player_win_rate"
    target = 0.5                         # minimise |value - target|
    [[constraints]]
    metric = "seat_fairness"
    max = 0.05                           # feasible when the measure is <= 0.05 (and/or min = ..)

An objective's *score* is what optuna optimises: the measure itself (`direction`), or its
distance to `target` / `range` (minimised). A constraint's *violation* is how far the
measure lies outside [min, max] (0 when inside), the form optuna's `constraints_func` takes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from experiments.tune.metrics import METRICS
from experiments.tune.space import TuneError


@dataclass(frozen=True)
class Objective:
    """One objective: `metric`, `direction`, and optionally the `band` (low, high) it aims at."""

    metric: str
    direction: str = "minimize"
    band: tuple[float, float] | None = None

    def score(self, values: dict[str, float]) -> float:
        """The value optuna optimises, from a dict of measures."""
        x = values[self.metric]
        if self.band is None:
            return x
        return max(self.band[0] - x, 0.0, x - self.band[1])

    def describe(self) -> str:
        """In words, e.g. "minimize draw_rate" or "mean_length within [15, 25]"."""
        if self.band is None:
            return f"{self.direction} {self.metric}"
        lo, hi = self.band
        return f"{self.metric} near {lo:g}" if lo == hi else f"{self.metric} within [{lo:g}, {hi:g}]"


@dataclass(frozen=True)
class Constraint:
    """A measure that must stay inside [`low`, `high`] (either may be None)."""

    metric: str
    low: float | None = None
    high: float | None = None

    def violation(self, values: dict[str, float]) -> float:
        """How far the measure lies outside its bounds (0 when feasible; NaN counts as infeasible)."""
        x = values[self.metric]
        if x is None or (isinstance(x, float) and math.isnan(x)):
            return 1.0
        return max(0.0, (self.low - x) if self.low is not None else 0.0, (x - self.high) if self.high is not None else 0.0)

    def describe(self) -> str:
        """In words, e.g. "seat_fairness <= 0.05"."""
        parts = ([f">= {self.low:g}"] if self.low is not None else []) + (
            [f"<= {self.high:g}"] if self.high is not None else [])
        return f"{self.metric} {' and '.join(parts)}"


def _metric(raw: dict, where: str) -> str:
    name = raw.get("metric")
    if name not in METRICS:
        raise TuneError(f"{where}.metric: one of {sorted(METRICS)}, got {name!r}")
    return name


def _float(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TuneError(f"{where}: a number, got {value!r}")
    return float(value)


def parse_objectives(raw: Any, where: str = "objectives") -> tuple[Objective, ...]:
    """The `[[objectives]]` array of tables (at least one)."""
    if not isinstance(raw, list) or not raw:
        raise TuneError(f"{where}: give at least one [[{where}]] table with a metric, got {raw!r}")
    out = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise TuneError(f"{at}: a table, got {item!r}")
        unknown = sorted(set(item) - {"metric", "direction", "target", "range"})
        if unknown:
            raise TuneError(f"{at}: unknown key(s) {unknown}; known: direction, metric, range, target")
        metric = _metric(item, at)
        given = [k for k in ("direction", "target", "range") if k in item]
        if len(given) > 1:
            raise TuneError(f"{at}: give one of direction, target or range, not {' and '.join(given)}")
        if "target" in item:
            t = _float(item["target"], f"{at}.target")
            out.append(Objective(metric, "minimize", (t, t)))
        elif "range" in item:
            r = item["range"]
            if not isinstance(r, list) or len(r) != 2:
                raise TuneError(f"{at}.range: [low, high], got {r!r}")
            lo, hi = _float(r[0], f"{at}.range[0]"), _float(r[1], f"{at}.range[1]")
            if lo > hi:
                raise TuneError(f"{at}.range: low {lo:g} above high {hi:g}")
            out.append(Objective(metric, "minimize", (lo, hi)))
        else:
            direction = item.get("direction", "minimize")
            if direction not in ("minimize", "maximize"):
                raise TuneError(f"{at}.direction: \"minimize\" or \"maximize\", got {direction!r}")
            out.append(Objective(metric, direction))
    return tuple(out)


def parse_constraints(raw: Any, where: str = "constraints") -> tuple[Constraint, ...]:
    """The optional `[[constraints]]` array of tables."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise TuneError(f"{where}: an array of tables ([[{where}]]), got {raw!r}")
    out = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise TuneError(f"{at}: a table, got {item!r}")
        unknown = sorted(set(item) - {"metric", "min", "max"})
        if unknown:
            raise TuneError(f"{at}: unknown key(s) {unknown}; known: max, metric, min")
        metric = _metric(item, at)
        low = _float(item["min"], f"{at}.min") if "min" in item else None
        high = _float(item["max"], f"{at}.max") if "max" in item else None
        if low is None and high is None:
            raise TuneError(f"{at}: give max and/or min")
        if low is not None and high is not None and low > high:
            raise TuneError(f"{at}: min {low:g} above max {high:g}")
        out.append(Constraint(metric, low, high))
    return tuple(out)
