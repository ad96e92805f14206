"""The balance measures a tune aims at, computed from a matches table by `experiments.analysis`.

    values = measure(matches)                          # {"draw_rate": 0.12, "seat_fairness": 0.04, ...}
    low, high = interval(matches, "seat_fairness", rng)  # a 95% interval of one measure
    bounds = intervals(matches, ["draw_rate"], rng, {"draw_rate": (0.5, 0.5)})  # several, and distances

Measures (`METRICS`), every one a number for one batch of matches:
- `draw_rate`: share of finished games with no winner (Wilson interval);
- `first_player_win_rate`: the first player's win rate, draws 1/n (Wilson interval);
- `first_player_advantage`: |first player's win rate - 1/n| (the Wilson interval of the rate,
  mapped through the distance);
- `seat_fairness`: the largest distance of a seat's win rate from the fair 1/n, over seats
  (percentile bootstrap over matches);
- `deck_spread`: the best deck's win rate minus the worst's (percentile bootstrap);
- `mean_length`: the mean game length in turns, or decisions where a game logs no turns
  (`experiments.analysis.length_column`; percentile bootstrap).

A goal (`experiments.tune.goals`) may score a measure as its distance to a target or a range;
`distance_interval` maps an interval through that distance. `rate_interval` is the Wilson
interval of a rate known only with its match count (trials stored before tunes kept their
intervals).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.analysis import (
    first_player_advantage,
    game_lengths,
    length_column,
    seat_rows,
    seat_win_rates,
    win_rates,
)
from experiments.stats import proportion_ci

METRICS = {
    "draw_rate": "share of games with no winner",
    "first_player_win_rate": "the first player's win rate (draws count 1/n)",
    "first_player_advantage": "|first player's win rate - 1/n|",
    "seat_fairness": "largest distance of a seat's win rate from 1/n",
    "deck_spread": "best deck's win rate minus the worst deck's",
    "mean_length": "mean game length (turns, or decisions where a game logs no turns)",
}
BOOTSTRAP = 2000
WILSON = ("draw_rate", "first_player_win_rate", "first_player_advantage")  # the others: bootstrap
RATES = ("draw_rate", "first_player_win_rate")  # a share of the matches: Wilson from the rate and the count


def measure(matches: pd.DataFrame, names=None) -> dict[str, float]:
    """The measures `names` (default: every one of `METRICS`) on a matches table (NaN where a
    measure is undefined, such as the deck spread when every seat played the same deck)."""
    names = list(METRICS) if names is None else list(dict.fromkeys(names))
    unknown = sorted(set(names) - set(METRICS))
    if unknown:
        raise ValueError(f"unknown measure(s) {unknown}; known: {sorted(METRICS)}")
    out: dict[str, float] = {}
    if {"draw_rate", "first_player_win_rate", "first_player_advantage"} & set(names):
        first = first_player_advantage(matches).iloc[0]
        out.update(draw_rate=float(first["draws"] / first["games"]), first_player_win_rate=float(first["win_rate"]),
                   first_player_advantage=abs(float(first["advantage"])))
    if "seat_fairness" in names:
        seats = seat_win_rates(matches)
        out["seat_fairness"] = float((seats["win_rate"] - seats["fair"]).abs().max())
    if "deck_spread" in names:
        decks = win_rates(matches, by="deck").dropna(subset=["deck"])
        out["deck_spread"] = float(decks["win_rate"].max() - decks["win_rate"].min()) if len(decks) > 1 \
            else float("nan")
    if "mean_length" in names:
        out["mean_length"] = float(game_lengths(matches)["mean"].iloc[0])
    return {name: out[name] for name in names}


def distance_interval(low: float, high: float, target_low: float, target_high: float) -> tuple[float, float]:
    """The image of [low, high] under x -> distance from x to [target_low, target_high]: an
    interval of the distance at least as wide as the interval it comes from needs."""
    def dist(x: float) -> float:
        return max(target_low - x, 0.0, x - target_high)
    overlap = low <= target_high and high >= target_low
    return (0.0 if overlap else min(dist(low), dist(high))), max(dist(low), dist(high))


def interval(matches: pd.DataFrame, name: str, rng: np.random.Generator,
             score=None) -> tuple[float, float]:
    """A 95% interval of measure `name` (or of `score(measure)` when given: a goal's distance
    to a target or range, passed as (target_low, target_high))."""
    if name in WILSON:
        first = first_player_advantage(matches).iloc[0]
        count = first["draws"] if name == "draw_rate" else first["score"]
        low, high = (float(v) for v in proportion_ci(count, first["games"]))
        if name == "first_player_advantage":
            low, high = (float(v) for v in distance_interval(low, high, first["fair"], first["fair"]))
        return (low, high) if score is None else distance_interval(low, high, *score)
    samples = bootstrap(matches, name, rng)
    if score is not None:
        samples = np.maximum(np.maximum(score[0] - samples, 0.0), samples - score[1])
    return _percentile(samples)


def _percentile(samples: np.ndarray) -> tuple[float, float]:
    samples = samples[np.isfinite(samples)]
    if samples.size == 0:
        return float("nan"), float("nan")
    return float(np.quantile(samples, 0.025)), float(np.quantile(samples, 0.975))


def intervals(matches: pd.DataFrame, names, rng: np.random.Generator,
              bands: dict | None = None) -> dict[str, tuple[float, float]]:
    """95% intervals of the measures `names`, and of the distance of measure m to `bands[m]`
    ((low, high), a goal's target or range) keyed `<m>_distance`: as `interval`, with one
    bootstrap per measure however many of its figures are asked."""
    bands = bands or {}
    out: dict[str, tuple[float, float]] = {}
    for name in dict.fromkeys([*names, *bands]):
        band = bands.get(name)
        if name in WILSON:
            out[name] = interval(matches, name, rng)
            if band is not None:
                out[f"{name}_distance"] = distance_interval(*out[name], *band)
            continue
        samples = bootstrap(matches, name, rng)
        out[name] = _percentile(samples)
        if band is not None:
            out[f"{name}_distance"] = _percentile(np.maximum(np.maximum(band[0] - samples, 0.0), samples - band[1]))
    return out


def rate_interval(rate: float, games: int) -> tuple[float, float]:
    """The Wilson 95% interval of a rate of `RATES` from its value and its match count (the
    count of successes is rate x games, fractional where draws count 1/n)."""
    if games is None or not games or rate is None or not np.isfinite(rate):
        return float("nan"), float("nan")
    low, high = proportion_ci(min(max(rate, 0.0), 1.0) * games, games)
    return float(low), float(high)


def bootstrap(matches: pd.DataFrame, name: str, rng: np.random.Generator, draws: int = BOOTSTRAP) -> np.ndarray:
    """`draws` values of measure `name` on matches resampled with replacement (the same
    computation as `measure`, on resampling weights)."""
    rows = seat_rows(matches)
    match_ids = rows[["run_id", "match_id"]].drop_duplicates()
    n = len(match_ids)
    weights = rng.multinomial(n, np.full(n, 1.0 / n), size=draws).astype(float)  # draws x matches
    index = pd.MultiIndex.from_frame(match_ids)
    if name == "mean_length":
        played = matches[matches["end_reason"] != "error"]
        lengths = played.set_index(["run_id", "match_id"])[length_column(played)].reindex(index)
        return weights @ lengths.to_numpy(dtype=float) / n
    by = "seat" if name == "seat_fairness" else "deck"
    scores = rows.pivot_table(index=["run_id", "match_id"], columns=by, values="score", aggfunc="sum",
                              fill_value=0.0).reindex(index)
    games = rows.pivot_table(index=["run_id", "match_id"], columns=by, values="score", aggfunc="size",
                             fill_value=0).reindex(index)
    with np.errstate(invalid="ignore", divide="ignore"):
        rates = (weights @ scores.to_numpy(dtype=float)) / (weights @ games.to_numpy(dtype=float))
    if name == "seat_fairness":
        n_players = rows.groupby("seat")["num_players"].mean().reindex(scores.columns).to_numpy(dtype=float)
        return np.nanmax(np.abs(rates - 1.0 / n_players), axis=1)
    if rates.shape[1] < 2:
        return np.full(draws, np.nan)
    return np.nanmax(rates, axis=1) - np.nanmin(rates, axis=1)
