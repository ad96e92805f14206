"""Match tables reshaped for analysis: finished matches, one row per seat, swept params as columns.

The building blocks of every balance table (`experiments.analysis.tables`), card statistic
(`card_stats`) and rating (`ratings`):

- `played(matches)`: the matches that finished (no `error`);
- `seat_rows(matches, group)`: one row per (match, seat) with agent, deck, is_first, won and
  score (1 for a win, 1/n for a draw in an n-player game, 0 for a loss);
- `varying_params` / `with_params`: the params fields that differ between rows, as columns
  read from `params_json`;
- `group_keys(group)`: a `group` argument (None, a column name or a list) as a list.

A match is identified by `MATCH_KEY` = (`run_id`, `match_id`). Each helper checks its table
(`experiments.analysis.checks`): a path, the cards table or a frame missing a column is refused
with an `AnalysisInputError` naming it, as is a group name that is neither a column nor a params
field of any row.
"""
from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np
import pandas as pd

from experiments.analysis.checks import SEATS_NEEDS, AnalysisInputError, check_frame, check_matches

MATCH_KEY = ["run_id", "match_id"]
Group = str | Sequence[str] | None


def group_keys(group: Group) -> list[str]:
    """A `group` argument (None, one column name or a list of names) as a list of names."""
    if group is None:
        return []
    if isinstance(group, str):
        return [group]
    keys = list(group) if isinstance(group, Sequence) else None
    if keys is None or not all(isinstance(k, str) for k in keys):
        raise AnalysisInputError(f"group must be None, a column name or a list of column names, got {group!r}")
    return keys


def played(matches: pd.DataFrame) -> pd.DataFrame:
    """The matches that finished (no `error`), with `num_players` and `winner` as ints."""
    check_matches(matches)
    if matches.empty:
        return matches.copy()
    out = matches[matches["end_reason"] != "error"].copy()
    out["num_players"] = out["num_players"].astype(int)
    out["winner"] = out["winner"].astype(int)
    return out


def _hashable(value):
    return tuple(value) if isinstance(value, list) else value


def flat_params(params_json: str) -> dict:
    """A logged params JSON as a dict, each card override a field of its own ("FC033.power")."""
    p = json.loads(params_json)
    p.update(p.pop("card_overrides", None) or {})
    return p


def varying_params(matches: pd.DataFrame) -> list[str]:
    """The params fields (and card overrides, named like "FC033.power") whose value differs between
    rows of the table."""
    check_frame(matches, "matches")
    if matches.empty or "params_json" not in matches:
        return []
    parsed = [flat_params(s) for s in matches["params_json"].unique()]
    names = sorted({k for p in parsed for k in p if k != "game"})
    return [k for k in names if len({json.dumps(p.get(k)) for p in parsed}) > 1]


def with_params(matches: pd.DataFrame, names: Sequence[str] | None = None) -> pd.DataFrame:
    """The table with one column per params field or card override in `names` (default: those
    that vary), read from `params_json`; list values become tuples so they can be grouped on."""
    names = varying_params(matches) if names is None else group_keys(names)
    missing = [n for n in names if n not in matches.columns]
    if not missing:
        return matches
    out = matches.copy()
    if out.empty:  # nothing to read the values from: empty columns
        for name in missing:
            out[name] = pd.Series(dtype=object)
        return out
    check_frame(matches, "matches", ["params_json"])
    cache = {s: flat_params(s) for s in out["params_json"].unique()}
    known = sorted({k for p in cache.values() for k in p})
    unknown = [n for n in missing if n not in known]
    if unknown:
        raise AnalysisInputError(
            f"{', '.join(map(repr, unknown))} is neither a column of matches nor a params field of any row; "
            f"params fields: {', '.join(known)}; columns: {', '.join(map(str, matches.columns))}")
    for name in missing:
        out[name] = [_hashable(cache[s].get(name)) for s in out["params_json"]]
    return out


def prepare(matches: pd.DataFrame, group: Group) -> tuple[pd.DataFrame, list[str]]:
    """The finished matches with a column for each `group` key, and the keys as a list."""
    keys = group_keys(group)
    df = played(matches)
    if keys:
        df = with_params(df, [k for k in keys if k not in df.columns])
    return df, keys


def seat_rows(matches: pd.DataFrame, group: Group = None) -> pd.DataFrame:
    """One row per (match, seat): seat, agent, deck, is_first, won, score, turns and `group`."""
    check_matches(matches, SEATS_NEEDS)
    df, keys = prepare(matches, group)
    seats = range(int(df["num_players"].max()) if not df.empty else 0)
    check_frame(df, "matches", [f"{p}_{s}" for s in seats for p in ("agent", "deck")])
    cols = list(dict.fromkeys(MATCH_KEY + ["num_players", "first_player", "winner", "turns"] + keys))
    frames = []
    for seat in range(4):
        if df.empty:
            break
        part = df[df["num_players"] > seat][cols].copy()
        if part.empty:
            continue
        part["seat"] = seat
        part["agent"] = df.loc[part.index, f"agent_{seat}"]
        part["deck"] = df.loc[part.index, f"deck_{seat}"]
        frames.append(part)
    if not frames:
        return pd.DataFrame(columns=cols + ["seat", "agent", "deck", "is_first", "won", "score"])
    out = pd.concat(frames, ignore_index=True)
    out["is_first"] = out["seat"] == out["first_player"]
    out["won"] = out["winner"] == out["seat"]
    out["score"] = np.where(out["won"], 1.0, np.where(out["winner"] < 0, 1.0 / out["num_players"], 0.0))
    return out.sort_values(MATCH_KEY + ["seat"], kind="stable").reset_index(drop=True)
