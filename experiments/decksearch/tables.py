"""A deck search's tables: the elites, and each card's inclusion among them beside its card statistics.

    elites = elite_table(result)     # one row per archive cell held, best first
    cards = card_table(result)       # one row per pool card, most over-represented first

`card_table` compares how often elites hold a card (`elite_inclusion`, with its Wilson 95%
interval) with how often every evaluated deck held it (`evaluated_inclusion`): `lift` is
the difference. A card the search keeps choosing (high lift) is a candidate for being
over-powered, one it drops (negative lift) for being under-powered. Beside it are the
card's statistics over every gauntlet match the search played, from the candidate's seat
(`experiments.analysis.card_stats`: `win_rate`, `drawn_effect` with its interval, ...).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from experiments.analysis.card_stats import card_stats
from experiments.decksearch.search import SearchResult, searched_name
from experiments.stats import proportion_ci

STAT_COLUMNS = ["games", "win_rate", "win_rate_low", "win_rate_high", "drawn_rate", "play_rate", "drawn_effect",
                "drawn_effect_low", "drawn_effect_high"]


def elite_table(result: SearchResult) -> pd.DataFrame:
    """One row per elite: rank, deck file, head, win rate with Wilson interval, record, measures."""
    rows = []
    for rank, e in enumerate(result.elites(), 1):
        ev = e.evaluation
        row = {"rank": rank, "deck_file": f"elites/elite_{rank:02d}.json", "searched_as": searched_name(e.path),
               "head": result.pool.head_name(e.deck.head), "win_rate": ev.win_rate, "wins": ev.wins,
               "draws": ev.draws, "matches": ev.matches}
        row.update(zip(["ci_low", "ci_high"], (float(v) for v in proportion_ci(ev.score, ev.matches))))
        row.update({m.name: v for m, v in zip(result.measures, e.measures)})
        row["round"] = e.first_round
        rows.append(row)
    return pd.DataFrame(rows)


def search_frames(result: SearchResult) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every gauntlet match the search played (matches table) and the candidate seats' card
    events (cards table), in the runner's columns."""
    matches = pd.DataFrame([row for e in result.entries.values() for row in e.evaluation.rows])
    parts = []
    for e in result.entries.values():
        for cards in e.evaluation.cards:
            seat = {(r["run_id"], r["match_id"]): next(q for q in range(r["num_players"]) if r[f"deck_{q}"] == e.path)
                    for r in e.evaluation.rows}
            mine = [seat.get((a, b)) == p for a, b, p in zip(cards["run_id"], cards["match_id"], cards["player"])]
            parts.append(cards[np.array(mine, dtype=bool)])
    cards = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
    return matches, cards


def card_table(result: SearchResult) -> pd.DataFrame:
    """One row per pool card: inclusion among elites and among all evaluated decks, lift, and
    its card statistics (see the module docstring); sorted by lift, highest first."""
    pool = result.pool
    elites = result.elites()
    evaluated = list(result.entries.values())
    rows = []
    for n in pool.items:
        held = sum(1 for e in elites if n in e.deck.cards)
        lo, hi = proportion_ci(held, len(elites))
        rows.append({"card": n, "name": pool.card_name(n), "elites_holding": held,
                     "elite_inclusion": held / len(elites) if elites else np.nan,
                     "elite_inclusion_low": float(lo), "elite_inclusion_high": float(hi),
                     "elite_copies": float(np.mean([e.deck.cards.get(n, 0) for e in elites])) if elites else np.nan,
                     "evaluated_inclusion": float(np.mean([n in e.deck.cards for e in evaluated])) if evaluated
                     else np.nan})
    out = pd.DataFrame(rows)
    out["lift"] = out["elite_inclusion"] - out["evaluated_inclusion"]
    matches, cards = search_frames(result)
    if len(cards):
        stats = card_stats(matches, cards, names={n: pool.card_name(n) for n in pool.items})
        stats = stats.rename(columns={"ci_low": "win_rate_low", "ci_high": "win_rate_high"})
        out = out.merge(stats[["card"] + STAT_COLUMNS], on="card", how="left")
        out["games"] = out["games"].astype("Int64")
    else:
        for col in STAT_COLUMNS:
            out[col] = np.nan
    return out.sort_values(["lift", "card"], ascending=[False, True], kind="stable").reset_index(drop=True)
