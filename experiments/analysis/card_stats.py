"""Per-card balance statistics from the runner's `cards` table (events opening_hand / drawn / played).

For each card, the player-games that could have used it are those whose deck holds it (a
deck holds a card when any game logged an event of that card for that deck; pass
`deck_cards` to give the lists instead). Among them:

- `drawn`: the card reached the hand (in the opening hand, or drawn later);
  `drawn_rate` = drawn games / holding games, `wr_drawn` the win rate of those games.
- `played`: the card was played at least once; `plays_per_game` = copies played per holding
  game, `wr_played`. A card can be played without being drawn (FE Cipher: taken into hand from
  an orb or from the retreat area), so `play_rate` = `played_drawn_games` / drawn games counts only the
  games where it was drawn, and so does `play_effect`.
- `opening`: in the opening hand; `wr_opening`.

Three comparisons, each a difference of win rates with Newcombe's 95% interval:
- `drawn_effect`: drawn vs held but never drawn. Draws are random, but a long game draws
  more cards, so a card in a deck that wins long games looks better than it is.
- `play_effect`: played vs drawn but not played. Observational: a player who is winning
  can afford to play more, so this measures the card and the situations it is played in.
- `opening_effect`: in the opening hand vs not. Opening hands are dealt at random, so this
  is the least confounded measure of how much holding the card early helps, if noisier.

Scores follow `experiments.analysis`: 1 for a win, 1/n for a draw, 0 for a loss. When the
seats of the table were played by different agents, a card's figures mix the agents that
held it: pass `by_agent=True` to split them (`agents_differ` says whether they do).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from experiments.analysis.checks import (
    SEATS_NEEDS,
    AnalysisInputError,
    check_cards,
    check_count,
    check_flag,
    check_matches,
)
from experiments.analysis.frames import group_keys, seat_rows
from experiments.stats import difference_ci, proportion_ci


def card_names(game: str, **params) -> dict[int, str]:
    """Card id (as logged in the cards table) -> printed name for a game: the game's own
    `card_names()` when it has one, else `game.cards` indexed by id with a `.name` on each
    spec (or its `characters`, for XenodeX, whose events log character numbers)."""
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
    else:  # a mapping of id -> spec, or a card set whose `characters` are the logged cards (XenodeX)
        mapping = table if isinstance(table, Mapping) else getattr(table, "characters", None)
        for i, spec in (mapping.items() if isinstance(mapping, Mapping) else ()):
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


def _difference(out: pd.DataFrame, name: str, s1, n1, s2, n2) -> None:
    """Win rate s1/n1 minus s2/n2, with Newcombe's interval, as `name`, `name_low`, `name_high`."""
    d, lo, hi = difference_ci(s1, n1, s2, n2)
    out[name], out[f"{name}_low"], out[f"{name}_high"] = d, lo, hi


def _foreign_cards(matches: pd.DataFrame, cards: pd.DataFrame) -> None:
    """AnalysisInputError when no card event belongs to a match of `matches` (another run's cards)."""
    runs = sorted(map(str, set(cards["run_id"].unique())))
    if not set(runs) & set(map(str, matches["run_id"].unique())):
        raise AnalysisInputError(
            f"cards and matches share no match: the cards are of run(s) {', '.join(runs[:4])}, the matches of "
            f"run(s) {', '.join(sorted(map(str, matches['run_id'].unique()))[:4])}; pass the cards table of the "
            "same run (experiments.read_table(run_dir, 'cards'))")


def agents_differ(matches: pd.DataFrame) -> bool:
    """True when the seats of the finished matches were played by more than one agent."""
    seats = seat_rows(matches)
    return not seats.empty and seats["agent"].nunique() > 1


def card_stats(matches: pd.DataFrame, cards: pd.DataFrame, group: str | Sequence[str] | None = None,
               names: Mapping | None = None, deck_cards: Mapping[str, Sequence] | None = None,
               min_games: int = 1, by_deck: bool = False, by_agent: bool = False) -> pd.DataFrame:
    """One row per card (per `group`, per deck with `by_deck`, per agent with `by_agent`):
    games holding it, draw/play/opening counts and rates, win rates with intervals, and
    `drawn_effect`, `play_effect`, `opening_effect` with intervals (see the module doc).
    Sorted by `drawn_effect`, strongest first. Cards of matches the matches table does not hold
    (another run's cards table) are refused."""
    check_matches(matches, SEATS_NEEDS)
    if cards is not None:
        check_cards(cards)
    min_games = check_count(min_games, "min_games")
    by_deck, by_agent = check_flag(by_deck, "by_deck"), check_flag(by_agent, "by_agent")
    for what, value in (("names", names), ("deck_cards", deck_cards)):
        if value is not None and not isinstance(value, Mapping):
            raise AnalysisInputError(f"{what} must be a mapping (dict) or None, got {type(value).__name__} {value!r:.80}")
    keys_of_group = group_keys(group)
    keys = keys_of_group + (["deck"] if by_deck else []) + (["agent"] if by_agent else [])
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
    if events.empty:
        _foreign_cards(matches, cards)
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
    rows["pd"] = rows["p"] * rows["d"]
    rows["os"], rows["ds"], rows["ps"] = rows["o"] * rows["score"], rows["d"] * rows["score"], rows["p"] * rows["score"]
    rows["pds"] = rows["pd"] * rows["score"]
    out = rows.groupby(keys + ["card"], sort=True).agg(
        games=("score", "size"), score=("score", "sum"), drawn_games=("d", "sum"), drawn_score=("ds", "sum"),
        played_games=("p", "sum"), played_score=("ps", "sum"), plays=("played", "sum"),
        played_drawn_games=("pd", "sum"), played_drawn_score=("pds", "sum"),
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
    out["play_rate"] = out["played_drawn_games"] / out["drawn_games"].where(out["drawn_games"] > 0)
    out["plays_per_game"] = out["plays"] / out["games"]
    _rate(out, "played", "played_score", "played_games")
    _rate(out, "opening", "opening_score", "opening_games")
    _difference(out, "drawn_effect", out["drawn_score"], out["drawn_games"],
                out["score"] - out["drawn_score"], out["games"] - out["drawn_games"])
    _difference(out, "play_effect", out["played_drawn_score"], out["played_drawn_games"],
                out["drawn_score"] - out["played_drawn_score"], out["drawn_games"] - out["played_drawn_games"])
    _difference(out, "opening_effect", out["opening_score"], out["opening_games"],
                out["score"] - out["opening_score"], out["games"] - out["opening_games"])
    for col in ("games", "drawn_games", "played_games", "played_drawn_games", "opening_games", "plays"):
        out[col] = out[col].astype(np.int64)
    return out.sort_values(keys + ["drawn_effect"], ascending=[True] * len(keys) + [False],
                           na_position="last", kind="stable").reset_index(drop=True)
