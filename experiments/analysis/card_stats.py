"""Per-card balance statistics from the runner's `cards` table (events opening_hand / drawn / played).

For each card, the player-games that could have used it are those whose deck holds it (a
deck holds a card when any game logged an event of that card for that deck; pass
`deck_cards` to give the lists instead). Among them:

- `drawn`: the card reached the hand (in the opening hand, or drawn later);
  `wr_drawn` is the win rate of those games, `drawn_rate` how often that happened.
- `played`: the card was played at least once; `wr_played`; `play_rate` = played games /
  drawn games; `plays_per_game` = copies played per game that held it.
- `opening`: in the opening hand; `wr_opening`.
- `effect` = win rate when played minus win rate when held but not played, with Newcombe's
  interval. It is observational: cards played in long games or by a winning side look
  better than they are. `opening_effect` (opening hand versus not) compares hands dealt at
  random, so it is the less confounded measure of how much a card helps, if noisier.

Scores follow `experiments.analysis`: 1 for a win, 1/n for a draw, 0 for a loss. All
intervals are 95%.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from experiments.analysis.frames import group_keys, seat_rows
from experiments.stats import difference_ci, proportion_ci


def card_names(game: str, **params) -> dict[int, str]:
    """Card id (as logged in the cards table) -> printed name for a game: the game's own
    `card_names()` when it has one, else `game.cards` indexed by id with a `.name` on each
    spec; empty when the game exposes neither."""
    from sim import load_game
    g = load_game(game, **params)
    hook = getattr(g, "card_names", None)
    if callable(hook):
        return dict(hook())
    names: dict[int, str] = {}
    table = getattr(g, "cards", None)
    if isinstance(table, (list, tuple)):
        for i, spec in enumerate(table):
            if spec is not None and isinstance(getattr(spec, "name", None), str):
                names[i] = spec.name
    elif isinstance(table, Mapping):
        for i, spec in table.items():
            if isinstance(getattr(spec, "name", None), str):
                names[i] = spec.name
    return names


def _auto_names(matches: pd.DataFrame) -> dict:
    games = matches["game"].dropna().unique() if "game" in matches else []
    if len(games) != 1:
        return {}
    try:
        return card_names(str(games[0]))
    except Exception:  # noqa: BLE001 - names are a convenience; statistics do not need them
        return {}


def _rate(out: pd.DataFrame, prefix: str, score: str, games: str) -> None:
    out[f"wr_{prefix}"] = out[score] / out[games].where(out[games] > 0)
    out[f"wr_{prefix}_low"], out[f"wr_{prefix}_high"] = proportion_ci(out[score], out[games])


def _effect(out: pd.DataFrame, name: str, s1: str, n1: str) -> None:
    d, lo, hi = difference_ci(out[s1], out[n1], out["score"] - out[s1], out["games"] - out[n1])
    out[name], out[f"{name}_low"], out[f"{name}_high"] = d, lo, hi


def card_stats(matches: pd.DataFrame, cards: pd.DataFrame, group: str | Sequence[str] | None = None,
               names: Mapping | None = None, deck_cards: Mapping[str, Sequence] | None = None,
               min_games: int = 1, by_deck: bool = False) -> pd.DataFrame:
    """One row per card (per `group`, and per deck with `by_deck`): games holding it,
    draw/play/opening counts and rates, win rates with intervals, `effect` and
    `opening_effect` with intervals (see module doc). Sorted by `effect`, strongest first."""
    keys_of_group = group_keys(group)
    keys = keys_of_group + (["deck"] if by_deck else [])
    seats = seat_rows(matches, keys_of_group)
    if seats.empty or cards is None or cards.empty:
        return pd.DataFrame(columns=keys + ["card", "name", "games"])
    seats = seats.assign(deck_key=seats["deck"].fillna("").astype(str)).rename(columns={"seat": "player"})
    if by_deck:
        seats["deck"] = seats["deck_key"]
    base_cols = ["run_id", "match_id", "player", "deck_key", "score"] + keys
    seats = seats[base_cols]
    events = cards.merge(seats[["run_id", "match_id", "player", "deck_key"]],
                         on=["run_id", "match_id", "player"], how="inner")
    if deck_cards is not None:
        held = pd.DataFrame([(str(d), c) for d, cs in deck_cards.items() for c in set(cs)],
                            columns=["deck_key", "card"])
    else:
        held = events[["deck_key", "card"]].drop_duplicates()
    flags = events.pivot_table(index=["run_id", "match_id", "player", "card"], columns="event",
                               values="count", aggfunc="sum", fill_value=0)
    flags = flags.reindex(columns=["opening_hand", "drawn", "played"], fill_value=0).reset_index()
    rows = seats.merge(held, on="deck_key").merge(flags, on=["run_id", "match_id", "player", "card"],
                                                  how="left")
    for col in ("opening_hand", "drawn", "played"):
        rows[col] = rows[col].fillna(0)
    opening = rows["opening_hand"] > 0
    rows["o"] = opening.astype(float)
    rows["d"] = (opening | (rows["drawn"] > 0)).astype(float)
    rows["p"] = (rows["played"] > 0).astype(float)
    rows["os"], rows["ds"], rows["ps"] = rows["o"] * rows["score"], rows["d"] * rows["score"], rows["p"] * rows["score"]
    out = rows.groupby(keys + ["card"], sort=True).agg(
        games=("score", "size"), score=("score", "sum"), drawn_games=("d", "sum"), drawn_score=("ds", "sum"),
        played_games=("p", "sum"), played_score=("ps", "sum"), plays=("played", "sum"),
        opening_games=("o", "sum"), opening_score=("os", "sum")).reset_index()
    out = out[out["games"] >= min_games].copy()
    decks = held.groupby("card")["deck_key"].agg(lambda s: ",".join(sorted(x for x in s if x)))
    names = _auto_names(matches) if names is None else names
    out.insert(len(keys) + 1, "name", [names.get(c, str(c)) for c in out["card"]])
    out.insert(len(keys) + 2, "decks", out["card"].map(decks).fillna(""))
    _rate(out, "all", "score", "games")
    out = out.rename(columns={"wr_all": "win_rate", "wr_all_low": "ci_low", "wr_all_high": "ci_high"})
    out["drawn_rate"] = out["drawn_games"] / out["games"]
    _rate(out, "drawn", "drawn_score", "drawn_games")
    out["play_rate"] = out["played_games"] / out["drawn_games"].where(out["drawn_games"] > 0)
    out["plays_per_game"] = out["plays"] / out["games"]
    _rate(out, "played", "played_score", "played_games")
    _rate(out, "opening", "opening_score", "opening_games")
    _effect(out, "effect", "played_score", "played_games")
    _effect(out, "opening_effect", "opening_score", "opening_games")
    for col in ("games", "drawn_games", "played_games", "opening_games", "plays"):
        out[col] = out[col].astype(np.int64)
    return out.sort_values(keys + ["effect"], ascending=[True] * len(keys) + [False],
                           na_position="last", kind="stable").reset_index(drop=True)
