"""The trials of a tune as a table, its Pareto front, and the configs chosen for the held-out check.

    table = trials_table(spec, study)      # one row per trial: params, measures, scores, feasibility
    front = pareto_front(spec, table)      # feasible, non-dominated, one row per distinct point
    chosen, rule = choose(spec, table)     # what the held-out check re-plays, and the rule in words

Scores are the values optuna optimises (`experiments.tune.goals.Objective.score`): a point
dominates another when it is at least as good on every objective and better on one.
"""
from __future__ import annotations

import json

import numpy as np
import pandas as pd

from experiments.tune.search import RESULT, bounds
from experiments.tune.spec import TuneSpec


def score_column(i: int, spec: TuneSpec) -> str:
    """The column of objective `i`'s score (its measure's name, or "<metric>_distance" for a target or range)."""
    o = spec.objectives[i]
    return o.metric if o.band is None else f"{o.metric}_distance"


def trials_table(spec: TuneSpec, study) -> pd.DataFrame:
    """One row per trial, by number: state, each searched value, each measure the goals name with
    its 95% interval (`<measure>_low`, `<measure>_high`), each distance to a target or range with
    its interval, `violation` (sum over constraints), `feasible`, `matches` (what every figure of
    the row is over), `intervals_stored` (False for a trial of an older study: rates get their
    Wilson interval from the rate and `matches`, other bounds are NaN), `same_as`,
    `code_version` (the code that played the trial's matches; empty for a trial stored by an
    older tcglab) and `error`."""
    rows = []
    for t in study.get_trials(deepcopy=False):
        attrs = t.user_attrs.get(RESULT, {})
        row = {"trial": t.number, "state": t.state.name}
        for d in spec.dims:
            row[d.key] = d.decode(t.params[d.key]) if d.key in t.params else None
        metrics = attrs.get("metrics", {})
        found, stored = bounds(spec, attrs) if metrics else ({}, False)
        nan = (np.nan, np.nan)
        for name in spec.measures:
            row[name] = metrics.get(name, np.nan)
            row[f"{name}_low"], row[f"{name}_high"] = found.get(name, nan)
        scores = attrs.get("scores") or [np.nan] * len(spec.objectives)
        for i, s in enumerate(scores):
            if spec.objectives[i].band is not None:
                col = score_column(i, spec)
                row[col] = s
                row[f"{col}_low"], row[f"{col}_high"] = found.get(col, nan)
        violations = attrs.get("violations", [])
        row["violation"] = float(sum(violations)) if violations else 0.0
        row["feasible"] = t.state.name == "COMPLETE" and row["violation"] <= 0
        row["matches"] = attrs.get("matches", 0)
        row["intervals_stored"] = stored
        row["same_as"] = attrs.get("same_as")
        row["code_version"] = attrs.get("code_version")
        row["error"] = attrs.get("error")
        rows.append(row)
    table = pd.DataFrame(rows)
    if "same_as" in table.columns:  # a trial number, never 0.0 beside the NaN of trials that are not copies
        table["same_as"] = table["same_as"].astype("Int64")
    return table


def _signed(spec: TuneSpec, table: pd.DataFrame) -> np.ndarray:
    """Scores as a matrix to minimise (maximised objectives negated)."""
    cols = [table[score_column(i, spec)].to_numpy(dtype=float) * (-1 if o.direction == "maximize" else 1)
            for i, o in enumerate(spec.objectives)]
    return np.column_stack(cols) if cols else np.zeros((len(table), 0))


def distinct_points(spec: TuneSpec, table: pd.DataFrame) -> pd.DataFrame:
    """Complete trials, one per distinct point of the space (the earliest trial of each)."""
    done = table[table["state"] == "COMPLETE"]
    keys = done[[d.key for d in spec.dims]].apply(lambda r: json.dumps(list(r), default=list), axis=1)
    return done[~keys.duplicated()] if len(done) else done


def pareto_front(spec: TuneSpec, table: pd.DataFrame) -> pd.DataFrame:
    """The feasible distinct points no other feasible point dominates, best first by the first objective."""
    pts = distinct_points(spec, table)
    pts = pts[pts["feasible"]]
    if pts.empty:
        return pts
    m = _signed(spec, pts)
    keep = [not any(np.all(m[j] <= m[i]) and np.any(m[j] < m[i]) for j in range(len(m)) if j != i)
            for i in range(len(m))]
    front = pts[keep]
    return front.iloc[np.lexsort(_signed(spec, front).T[::-1])].reset_index(drop=True)


def choose(spec: TuneSpec, table: pd.DataFrame) -> tuple[pd.DataFrame, str]:
    """The points the held-out check re-plays (at most `spec.top_k`) and the rule that chose them."""
    k = spec.top_k
    front = pareto_front(spec, table)
    if len(spec.objectives) == 1:
        if front.empty:
            return _least_violating(spec, table, k)
        pts = distinct_points(spec, table)
        pts = pts[pts["feasible"]]
        order = np.argsort(_signed(spec, pts)[:, 0], kind="stable")
        goal = spec.objectives[0].describe()
        n = min(k, len(pts))
        return pts.iloc[order[:k]].reset_index(drop=True), (
            f"the {n} best distinct feasible point{'s' if n != 1 else ''} by the search's estimate ({goal})")
    if front.empty:
        return _least_violating(spec, table, k)
    if len(front) <= k:
        return front, f"the whole Pareto front of feasible points ({len(front)} points)"
    ranks = np.column_stack([pd.Series(c).rank(method="average").to_numpy() for c in _signed(spec, front).T])
    order = np.argsort(ranks.sum(axis=1), kind="stable")[:k]
    return front.iloc[np.sort(order)].reset_index(drop=True), (
        f"{k} of the {len(front)} Pareto-front points: those with the lowest sum of their ranks on "
        "each objective within the front")


def _least_violating(spec: TuneSpec, table: pd.DataFrame, k: int) -> tuple[pd.DataFrame, str]:
    pts = distinct_points(spec, table)
    pts = pts.sort_values(["violation", "trial"], kind="stable").head(k).reset_index(drop=True)
    return pts, (f"no trial met every constraint: the {len(pts)} points that violated them least "
                 "(summed distance outside the bounds)")
