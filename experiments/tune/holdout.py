"""The chosen configs played again on fresh seeds, with 95% intervals.

    table = holdout(spec, chosen)

The search's own estimates are optimistic: the best of many noisy trials is partly the luck
of its seeds. Each chosen point is played again with `spec.holdout_matches` matches from the
held-out seed stream (`TuneSpec.holdout_seed`, never used by the search), and every measure
its objectives and constraints name is reported with a 95% interval (`experiments.tune.metrics.interval`:
Wilson for rates, a percentile bootstrap over matches for seat fairness, deck spread and length).
A constraint is "met" when its whole interval lies inside the bounds, "not met" when
wholly outside, else "uncertain".
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.tune.metrics import interval, measure
from experiments.tune.search import play
from experiments.tune.spec import TuneSpec


def _verdict(low: float, high: float, lo_bound: float | None, hi_bound: float | None) -> str:
    inside_lo = lo_bound is None or low >= lo_bound
    inside_hi = hi_bound is None or high <= hi_bound
    if inside_lo and inside_hi:
        return "met"
    outside = (lo_bound is not None and high < lo_bound) or (hi_bound is not None and low > hi_bound)
    return "not met" if outside else "uncertain"


def holdout(spec: TuneSpec, chosen: pd.DataFrame, values_of, say=print) -> pd.DataFrame:
    """One row per chosen point: its trial, values, held-out matches, and per objective and
    constraint measure the held-out value with `_low` / `_high` (and the first player's win rate
    beside an advantage, to say which way it goes); objectives get the search's estimate
    (`_search`, with `_search_low` / `_search_high`); constraints get a `_verdict`.
    `values_of(trial)` gives a trial's point as the game takes it (`search.trial_values`)."""
    rows = []
    for point in chosen.to_dict("records"):
        values = values_of(int(point["trial"]))
        say(f"held-out check of trial {int(point['trial'])}: {spec.holdout_matches} matches on fresh seeds")
        matches, _ = play(spec.config_for(values, holdout=True))
        rng = np.random.default_rng([spec.holdout_seed, int(point["trial"])])
        metrics = measure(matches, spec.measures)
        row = {"trial": int(point["trial"]), **values, "holdout_matches": len(matches)}
        for o in spec.objectives:
            name = o.metric if o.band is None else f"{o.metric}_distance"
            row[name] = o.score(metrics)
            row[f"{name}_low"], row[f"{name}_high"] = interval(matches, o.metric, rng, o.band)
            row[f"{name}_search"] = point[name]  # the search's estimate on its own seeds, and its interval
            row[f"{name}_search_low"] = point.get(f"{name}_low", np.nan)
            row[f"{name}_search_high"] = point.get(f"{name}_high", np.nan)
            if o.band is not None and o.metric not in row:
                row[o.metric] = metrics[o.metric]
                row[f"{o.metric}_low"], row[f"{o.metric}_high"] = interval(matches, o.metric, rng)
        if "first_player_advantage" in metrics:  # which way the advantage goes
            row["first_player_win_rate"] = measure(matches, ["first_player_win_rate"])["first_player_win_rate"]
            row["first_player_win_rate_low"], row["first_player_win_rate_high"] = interval(
                matches, "first_player_win_rate", rng)
        for c in spec.constraints:
            if f"{c.metric}_low" not in row:
                row[c.metric] = metrics[c.metric]
                row[f"{c.metric}_low"], row[f"{c.metric}_high"] = interval(matches, c.metric, rng)
            row[f"{c.metric}_verdict"] = _verdict(row[f"{c.metric}_low"], row[f"{c.metric}_high"], c.low, c.high)
        rows.append(row)
    return pd.DataFrame(rows)
