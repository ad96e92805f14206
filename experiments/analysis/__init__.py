"""Analysis of match logs: balance tables, card statistics, ratings, plots and the HTML report.

Every table is a pandas frame with counts and 95% intervals, computed from a matches table
(`experiments.read_table(run_dir)`, or `experiments.sweep.load_results(sweep_dir).matches`).

    from experiments import analysis as A
    A.win_rates(matches, by="deck")            # also matchups, first_player_advantage, ...
    A.card_stats(matches, cards)               # per-card draw / play / opening statistics

Modules:
- `checks`: what the helpers receive, checked at the call (`AnalysisInputError` names the
  argument and the bad value: a path instead of a frame, a missing column, a negative count);
- `frames`: finished matches, one row per seat, swept params as columns (the building blocks);
- `tables`: win rates, matchups, first-player advantage, lengths, end reasons, seat win rates,
  param response;
- `card_stats`: per-card statistics from the `cards` table;
- `ratings`: openskill Plackett-Luce ratings of agents or decks (extra `analysis`);
- `plots`: matplotlib figures of those tables (extra `analysis`);
- `findings`: what was run and its findings as plain sentences with intervals (a report's opening);
- `report`: `write_report(folder)`, the PNG/CSV/HTML report of a run or sweep (`tcglab report`).
- `output_folder`: `whole_folder(out)`, a report's folder written whole or not at all.

The names of `frames`, `tables`, `card_stats` and `ratings` are importable from here.
"""
from experiments.analysis.card_stats import agents_differ, card_names, card_stats
from experiments.analysis.checks import AnalysisInputError
from experiments.analysis.frames import played, seat_rows, varying_params, with_params
from experiments.analysis.ratings import ratings
from experiments.analysis.tables import (
    end_reasons,
    first_player_advantage,
    game_lengths,
    length_column,
    length_distribution,
    matchup_matrix,
    matchups,
    param_response,
    seat_win_rates,
    win_rates,
)

__all__ = [
    "AnalysisInputError",
    "agents_differ",
    "card_names",
    "card_stats",
    "end_reasons",
    "first_player_advantage",
    "game_lengths",
    "length_column",
    "length_distribution",
    "matchup_matrix",
    "matchups",
    "param_response",
    "played",
    "ratings",
    "seat_rows",
    "seat_win_rates",
    "varying_params",
    "win_rates",
    "with_params",
]
