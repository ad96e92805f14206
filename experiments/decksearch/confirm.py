"""Held-out confirmation: the best elites replayed against the gauntlet on seeds the search never used.

    table = confirm_elites(result, workers=2)    # one row per confirmed elite

An elite's win rate in the archive is the best of many decks measured on the same seeds,
so it is biased upwards (the winner's curse). `confirm_elites` replays the `confirm_top`
best elites against the same gauntlet with `confirm_matches` matches per opponent on the
held-out run seed `seed + 1` and reports both figures with Wilson 95% intervals.
"""
from __future__ import annotations

import pandas as pd

from experiments.decksearch.evaluate import Gauntlet
from experiments.decksearch.search import SearchResult, searched_name
from experiments.stats import proportion_ci


def held_out_seed(seed: int) -> int:
    """The run seed of the confirmation matches."""
    return seed + 1


def confirm_elites(result: SearchResult, workers: int = 1) -> pd.DataFrame:
    """The top elites' search and held-out win rates (see the module docstring); empty when
    `confirm_top` is 0."""
    s = result.search
    elites = result.elites()[:s.confirm_top]
    columns = ["rank", "searched_as", "search_win_rate", "heldout_win_rate", "heldout_low", "heldout_high",
               "heldout_matches", "heldout_seed"]
    if not elites:
        return pd.DataFrame(columns=columns)
    fresh = s.replace(seed=held_out_seed(s.seed), matches=s.confirm_matches)
    with Gauntlet(fresh, workers) as gauntlet:
        records = gauntlet.evaluate([e.path for e in elites])
    rows = []
    for rank, (entry, ev) in enumerate(zip(elites, records), 1):
        low, high = proportion_ci(ev.score, ev.matches)
        rows.append({"rank": rank, "searched_as": searched_name(entry.path), "search_win_rate": entry.evaluation.win_rate,
                     "heldout_win_rate": ev.win_rate, "heldout_low": float(low), "heldout_high": float(high),
                     "heldout_matches": ev.matches, "heldout_seed": fresh.seed})
    return pd.DataFrame(rows, columns=columns)
