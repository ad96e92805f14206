"""Balance statistics over match logs, each a pandas frame with counts and 95% intervals.

Input is a matches table (`experiments.read_table(run_dir)`, or `experiments.sweep.load_results`
for a whole sweep, whose rows also carry `cell` and one column per swept parameter). A match
is identified by (`run_id`, `match_id`); rows whose `end_reason` is "error" are left out.

Conventions, the same in every table:
- A seat's *score* in a match is 1 for a win, 0 for a loss, and 1/n for a draw in an
  n-player game (so 1/2 in two-player games); `win_rate` is the mean score, with a Wilson
  95% interval (`ci_low`, `ci_high`) from `experiments.stats`.
- `group` (a column name or list) splits any table, e.g. `group="cell"`, `group="num_players"`
  or `group=["num_players", "anchor_cost"]`; a swept parameter missing as a column is read
  from `params_json` (`with_params`).

Tables: `win_rates` (by agent, deck or seat), `matchups` + `matchup_matrix` (entity versus
entity), `first_player_advantage`, `game_lengths`, `length_distribution`, `end_reasons`
(win types such as XenodeX convergence / proven_slots), `seat_win_rates`, `param_response`.
The row-level building blocks are in `experiments.analysis.frames`; card statistics in
`experiments.analysis.card_stats`, ratings in `experiments.analysis.ratings`.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from experiments.analysis.checks import AnalysisInputError, check_choice, check_frame, check_matches
from experiments.analysis.frames import MATCH_KEY, Group, group_keys, played, prepare, seat_rows
from experiments.stats import mean_ci, proportion_ci


def _rate_columns(out: pd.DataFrame, score: str = "score", games: str = "games") -> pd.DataFrame:
    lo, hi = proportion_ci(out[score], out[games])
    out["win_rate"] = out[score] / out[games].where(out[games] > 0)
    out["ci_low"], out["ci_high"] = lo, hi
    return out


def win_rates(matches: pd.DataFrame, by: str = "agent", group: Group = None) -> pd.DataFrame:
    """Win rate of each agent, deck or seat (`by`), with its interval, per `group`."""
    if by not in ("agent", "deck", "seat"):
        raise ValueError(f"by must be 'agent', 'deck' or 'seat', got {by!r}")
    rows = seat_rows(matches, group)
    rows = rows.assign(draw=rows["winner"] < 0)
    keys = group_keys(group) + [by]
    out = rows.groupby(keys, dropna=False, sort=True).agg(
        games=("score", "size"), wins=("won", "sum"), draws=("draw", "sum"),
        score=("score", "sum")).reset_index()
    return _rate_columns(out)


def matchups(matches: pd.DataFrame, by: str = "deck", group: Group = None) -> pd.DataFrame:
    """Entity versus entity (`by` = "deck" or "agent"): for each ordered pair of different
    entities that met, the first one's wins, losses, draws and win rate against the second,
    both seat orders pooled. In n-player games every pair of seats in a match counts once;
    a match won by a third seat counts as a draw between the two."""
    if by not in ("deck", "agent"):
        raise ValueError(f"by must be 'deck' or 'agent', got {by!r}")
    rows = seat_rows(matches, group)
    keys = group_keys(group)
    cols = MATCH_KEY + keys + ["seat", by, "winner"]
    a = rows[cols]
    b = rows[MATCH_KEY + ["seat", by]].rename(columns={"seat": "seat_b", by: "opponent"})
    pairs = a.merge(b, on=MATCH_KEY)
    pairs = pairs[(pairs["seat"] != pairs["seat_b"]) & (pairs[by] != pairs["opponent"])]
    pairs = pairs.assign(win=pairs["winner"] == pairs["seat"], loss=pairs["winner"] == pairs["seat_b"])
    pairs["score"] = np.where(pairs["win"], 1.0, np.where(pairs["loss"], 0.0, 0.5))
    out = pairs.groupby(keys + [by, "opponent"], dropna=False, sort=True).agg(
        games=("score", "size"), wins=("win", "sum"), losses=("loss", "sum"),
        score=("score", "sum")).reset_index()
    out["draws"] = out["games"] - out["wins"] - out["losses"]
    return _rate_columns(out)


def matchup_matrix(table: pd.DataFrame, value: str = "win_rate") -> pd.DataFrame:
    """A `matchups` table as a square frame: row entity's `value` against each column entity."""
    check_frame(table, "table")
    if len(table.columns) == 0:
        return pd.DataFrame()
    if ("opponent" not in table.columns or not {"deck", "agent"} & set(table.columns)):
        raise AnalysisInputError("table must be a matchups(...) table (columns 'deck' or 'agent', and 'opponent'); "
                                 f"its columns: {', '.join(map(str, table.columns))}")
    if value not in table.columns:
        raise AnalysisInputError(f"value {value!r} is not a column of table; its columns: "
                                 f"{', '.join(map(str, table.columns))}")
    by = "deck" if "deck" in table.columns else "agent"
    names = sorted(set(table[by].dropna()) | set(table["opponent"].dropna()), key=str)
    wide = table.pivot_table(index=by, columns="opponent", values=value, aggfunc="sum")
    return wide.reindex(index=names, columns=names)


def first_player_advantage(matches: pd.DataFrame, group: Group = None) -> pd.DataFrame:
    """The first player's win rate (draws 1/n) against the 1/n of a fair game, with its interval."""
    check_matches(matches, ["first_player"])
    df, keys = prepare(matches, group)
    if df.empty and not keys:
        df = pd.DataFrame({"winner": [], "num_players": [], "first_player": []}, dtype=np.int64)
    winner, n = df["winner"].to_numpy(), df["num_players"].to_numpy()
    first_win, draw = winner == df["first_player"].to_numpy(), winner < 0
    score = np.where(first_win, 1.0, np.where(draw, 1.0 / n, 0.0))
    fair = 1.0 / n
    if keys:
        df = df.assign(first_win=first_win, draw=draw, score=score, fair=fair)
        out = df.groupby(keys, dropna=False, sort=True).agg(
            games=("score", "size"), first_wins=("first_win", "sum"), draws=("draw", "sum"),
            score=("score", "sum"), fair=("fair", "mean")).reset_index()
    else:  # one row, summed without a groupby (a tune measures this once per trial)
        games = len(df)
        out = pd.DataFrame({"games": np.array([games] if games else [], dtype=np.int64),
                            "first_wins": np.array([first_win.sum()] if games else [], dtype=np.int64),
                            "draws": np.array([draw.sum()] if games else [], dtype=np.int64),
                            "score": np.array([math.fsum(score)] if games else [], dtype=float),
                            "fair": np.array([math.fsum(fair) / games] if games else [], dtype=float)})
    out = _rate_columns(out)
    out["advantage"] = out["win_rate"] - out["fair"]
    return out


def length_column(matches: pd.DataFrame) -> str:
    """"turns" when every finished match logged its turn count, else "decisions" (a game whose
    state counts no turns logs -1; XenodeX logs its cycles there)."""
    df = played(matches)
    if not df.empty:
        check_frame(df, "matches", ["turns", "decisions"])
    return "turns" if df.empty or (df["turns"] >= 0).all() else "decisions"


def _length(df: pd.DataFrame, column: str | None) -> str:
    """The length column asked for ("turns" or "decisions"; None: `length_column`), checked."""
    column = length_column(df) if column is None else check_choice(column, "column", ("turns", "decisions"))
    if not df.empty:
        check_frame(df, "matches", [column])
    return column


def game_lengths(matches: pd.DataFrame, group: Group = None, column: str | None = None) -> pd.DataFrame:
    """Length summary (`column` "turns" or "decisions"; default `length_column`): mean with
    interval, sd, quantiles; `measure` names the column."""
    df, keys = prepare(matches, group)
    column = _length(df, column)
    rows = []
    parts = df.groupby(keys, dropna=False, sort=True) if keys else [((), df)]
    for key, part in parts:
        x = part[column].to_numpy(dtype=float) if column in part else np.array([])
        mean, lo, hi = mean_ci(x)
        rec = dict(zip(keys, key if isinstance(key, tuple) else (key,)))
        rec.update(measure=column, games=len(x), mean=mean, ci_low=lo, ci_high=hi,
                   sd=float(x.std(ddof=1)) if len(x) > 1 else float("nan"),
                   min=float(x.min()) if len(x) else np.nan,
                   q10=float(np.quantile(x, 0.1)) if len(x) else np.nan,
                   median=float(np.median(x)) if len(x) else np.nan,
                   q90=float(np.quantile(x, 0.9)) if len(x) else np.nan,
                   max=float(x.max()) if len(x) else np.nan)
        rows.append(rec)
    return pd.DataFrame(rows) if rows else pd.DataFrame(columns=keys + [
        "measure", "games", "mean", "ci_low", "ci_high", "sd", "min", "q10", "median", "q90", "max"])


def length_distribution(matches: pd.DataFrame, group: Group = None, column: str | None = None) -> pd.DataFrame:
    """How many games lasted each length (`count`, and `share` of its group)."""
    df, keys = prepare(matches, group)
    column = _length(df, column)
    if df.empty:
        return pd.DataFrame(columns=keys + [column, "count", "share"])
    out = df.groupby(keys + [column], dropna=False, sort=True).size().rename("count").reset_index()
    totals = out.groupby(keys, dropna=False)["count"].transform("sum") if keys else out["count"].sum()
    out["share"] = out["count"] / totals
    return out


def end_reasons(matches: pd.DataFrame, group: Group = None) -> pd.DataFrame:
    """Share of each end reason (win type: XenodeX convergence / proven_slots, First Cycle
    leader_hp / turn_limit, ...) with its interval."""
    df, keys = prepare(matches, group)
    if df.empty:
        return pd.DataFrame(columns=keys + ["end_reason", "count", "games", "share", "ci_low", "ci_high"])
    out = df.groupby(keys + ["end_reason"], dropna=False, sort=True).size().rename("count").reset_index()
    totals = out.groupby(keys, dropna=False)["count"].transform("sum") if keys else out["count"].sum()
    out["games"] = totals
    out["share"] = out["count"] / out["games"]
    out["ci_low"], out["ci_high"] = proportion_ci(out["count"], out["games"])
    return out


def seat_win_rates(matches: pd.DataFrame, group: Group = None) -> pd.DataFrame:
    """Win rate by seat position (0-based `seat`: 0 is P1, 1 is P2, ...), against the fair 1/n, per `group` (add
    "num_players" to the group when a table mixes player counts)."""
    out = win_rates(matches, by="seat", group=group)
    n = seat_rows(matches, group).groupby(group_keys(group) + ["seat"], dropna=False, sort=True)[
        "num_players"].mean().values
    out["fair"] = 1.0 / n
    return out


def param_response(matches: pd.DataFrame, param: str, group: Group = None,
                   column: str | None = None) -> pd.DataFrame:
    """How a swept parameter moves the game: per value of `param` (and `group`), the mean
    length (`length` names the column, see `length_column`) with its interval, the first
    player's win rate (`fair` = 1/n) and the draw rate, with intervals."""
    if not isinstance(param, str):
        raise AnalysisInputError(f"param must be the name of a params field (a str), got {param!r}")
    keys = group_keys(group) + [param]
    length = game_lengths(matches, keys, column)
    measure = length["measure"].iloc[0] if len(length) else (column or "turns")
    length = length.rename(columns={"mean": "length_mean", "ci_low": "length_low", "ci_high": "length_high",
                                    "sd": "length_sd", "median": "length_median"})
    length = length[keys + ["games", "length_mean", "length_low", "length_high", "length_sd", "length_median"]]
    first = first_player_advantage(matches, keys)[keys + ["win_rate", "ci_low", "ci_high", "draws", "fair"]]
    first = first.rename(columns={"win_rate": "first_player_win_rate", "ci_low": "first_low",
                                  "ci_high": "first_high"})
    out = length.merge(first, on=keys, how="left")
    out["length"] = measure
    out["draw_rate"] = out["draws"] / out["games"]
    out["draw_low"], out["draw_high"] = proportion_ci(out["draws"], out["games"])
    return out
