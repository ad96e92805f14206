"""The analysis helpers refuse bad input at the call, naming the argument and the bad value.

A path where a frame belongs, the cards table where the matches table belongs, a frame
missing a column, a group name that is neither a column nor a params field, a negative
count or a cards table of another run: each raises `AnalysisInputError` (a ValueError)
saying what is wrong, instead of a KeyError / AttributeError / TypeError from inside
pandas, or a table of None groups, or an empty table that reads as "no card stands out".
The interval helpers refuse counts and `z` values an interval cannot be made of.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from experiments import analysis as A
from experiments.analysis.checks import AnalysisInputError
from experiments.analysis.findings import findings
from experiments.stats import difference_ci, mean_ci, proportion_ci, wilson
from tests.analysis.synthetic import match_row

TABLES = [A.win_rates, A.matchups, A.first_player_advantage, A.game_lengths, A.length_distribution,
          A.end_reasons, A.seat_win_rates, A.seat_rows, A.played, A.ratings, A.agents_differ,
          A.length_column, findings]


def matches(n: int = 6, run_id: str = "r1") -> pd.DataFrame:
    """n two-player matches, seats swapped, with a params field `ram_supply` of 8 or 10."""
    rows = [match_row(i, [("greedy", "A"), ("random", "B")] if i % 2 == 0 else [("random", "B"), ("greedy", "A")],
                      winner=i % 2, first=i % 2, run_id=run_id, params={"ram_supply": 8 + 2 * (i % 2)})
            for i in range(n)]
    return pd.DataFrame(rows)


def cards(m: pd.DataFrame) -> pd.DataFrame:
    """A cards table of `m`: card 1 drawn by seat 0 in every match."""
    return pd.DataFrame([{"run_id": r, "match_id": i, "player": 0, "card": 1, "event": "drawn", "count": 1,
                          "outcome": "win"} for r, i in zip(m["run_id"], m["match_id"])])


@pytest.mark.parametrize("helper", TABLES, ids=lambda f: f.__name__)
def test_a_path_instead_of_a_frame_is_named(helper):
    with pytest.raises(AnalysisInputError, match=r"matches must be a pandas DataFrame, got str 'runs/demo'.*"
                                                 r"read_table\('runs/demo'\)"):
        helper("runs/demo")


@pytest.mark.parametrize("helper", TABLES, ids=lambda f: f.__name__)
def test_a_missing_column_is_named(helper):
    with pytest.raises(AnalysisInputError, match="matches has no column.*'winner'"):
        helper(matches().drop(columns=["winner"]))


@pytest.mark.parametrize("helper", TABLES, ids=lambda f: f.__name__)
def test_the_cards_table_in_place_of_the_matches_table_is_named(helper):
    with pytest.raises(AnalysisInputError, match="this looks like the cards table"):
        helper(cards(matches()))


@pytest.mark.parametrize("helper", [A.win_rates, A.first_player_advantage, A.game_lengths, A.end_reasons],
                         ids=lambda f: f.__name__)
def test_a_group_that_is_neither_a_column_nor_a_params_field_is_refused(helper):
    m = matches()
    with pytest.raises(AnalysisInputError, match="'ram_suply' is neither a column of matches nor a params field"):
        helper(m, group="ram_suply")
    with pytest.raises(AnalysisInputError, match="group must be None, a column name or a list.*got 5"):
        helper(m, group=5)
    assert set(helper(m, group="ram_supply")["ram_supply"]) == {8, 10}  # a params field still groups


def test_param_response_names_an_unknown_param_and_reads_an_empty_table():
    with pytest.raises(AnalysisInputError, match="'max_turn' is neither a column"):
        A.param_response(matches(), "max_turn")
    with pytest.raises(AnalysisInputError, match="param must be the name of a params field.*got 3"):
        A.param_response(matches(), 3)
    empty = A.param_response(matches().iloc[0:0], "ram_supply")
    assert empty.empty and "first_player_win_rate" in empty.columns


def test_empty_frames_without_columns_give_empty_tables():
    assert A.first_player_advantage(pd.DataFrame()).empty
    assert A.length_distribution(pd.DataFrame()).empty
    assert A.end_reasons(pd.DataFrame()).empty
    assert A.game_lengths(pd.DataFrame())["games"].tolist() == [0]
    assert A.matchup_matrix(A.matchups(pd.DataFrame())).empty


def test_game_lengths_names_a_bad_column():
    with pytest.raises(AnalysisInputError, match="column must be one of 'turns', 'decisions', got str 'turn'"):
        A.game_lengths(matches(), column="turn")


def test_matchup_matrix_refuses_a_table_that_is_not_matchups():
    with pytest.raises(AnalysisInputError, match=r"table must be a matchups\(\.\.\.\) table"):
        A.matchup_matrix(A.win_rates(matches()))
    with pytest.raises(AnalysisInputError, match="value 'winrate' is not a column"):
        A.matchup_matrix(A.matchups(matches()), value="winrate")


@pytest.mark.parametrize("kwargs, message", [
    ({"min_games": -1}, "min_games must be a non-negative int, got int -1"),
    ({"min_games": "3"}, "min_games must be a non-negative int, got str '3'"),
    ({"by_deck": "yes"}, "by_deck must be True or False, got str 'yes'"),
    ({"by_agent": 1}, "by_agent must be True or False, got int 1"),
    ({"names": ["a"]}, r"names must be a mapping \(dict\) or None, got list"),
    ({"deck_cards": "A"}, r"deck_cards must be a mapping \(dict\) or None, got str"),
])
def test_card_stats_names_a_bad_argument(kwargs, message):
    m = matches()
    with pytest.raises(AnalysisInputError, match=message):
        A.card_stats(m, cards(m), **kwargs)


def test_card_stats_refuses_swapped_tables_paths_and_another_runs_cards():
    m = matches()
    with pytest.raises(AnalysisInputError, match="cards has no column.*this looks like the matches table"):
        A.card_stats(m, m)
    with pytest.raises(AnalysisInputError, match="matches has no column.*this looks like the cards table"):
        A.card_stats(cards(m), m)
    with pytest.raises(AnalysisInputError, match=r"cards must be a pandas DataFrame, got str.*'cards'\)"):
        A.card_stats(m, "runs/demo")
    with pytest.raises(AnalysisInputError, match="cards and matches share no match: the cards are of run.s. r2"):
        A.card_stats(m, cards(matches(run_id="r2")))
    assert A.card_stats(m, cards(m))["games"].tolist() == [2 * len(m)]  # the same run's cards: both decks hold card 1


def test_findings_refuses_a_raw_cards_table_for_the_card_stats_table():
    m = matches()
    with pytest.raises(AnalysisInputError, match=r"cards \(a card_stats table\) has no column.*'drawn_effect'"):
        findings(m, cards(m))
    assert findings(m, A.card_stats(m, cards(m)))


@pytest.mark.parametrize("call, message", [
    (lambda: wilson(7, 5), "successes must lie between 0 and n, got 7 successes of n=5"),
    (lambda: wilson(-1, 5), "successes must lie between 0 and n, got -1 successes of n=5"),
    (lambda: wilson(3, -10), "n must be a count of at least 0, got -10"),
    (lambda: wilson(3, 10, z=-1.96), r"z must be a positive number.*got -1.96"),
    (lambda: proportion_ci(np.array([1, 9]), 3), "got 9 successes of n=3"),
    (lambda: difference_ci(1, 3, 5, 4), "got 5 successes of n=4"),
    (lambda: mean_ci([1.0, 2.0], z=float("nan")), "z must be a positive number.*got nan"),
])
def test_intervals_refuse_counts_and_z_they_cannot_mean(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_intervals_accept_rounding_around_the_bounds():
    low, high = proportion_ci(np.array([-1e-16, 1.0 + 1e-15]), np.array([3.0, 1.0]))  # float sums of 1/n scores
    assert np.all((low >= 0) & (low <= high) & (high <= 1))


def test_a_card_played_without_being_drawn_keeps_play_rate_and_play_effect_within_drawn_games():
    m = matches(8)
    rows = []
    for r, i in zip(m["run_id"], m["match_id"]):
        rows.append({"run_id": r, "match_id": i, "player": 0, "card": 1, "event": "played", "count": 1, "outcome": ""})
        if i < 4:  # drawn in half of the games; played in all (a Main Character is set out, not drawn)
            rows.append({"run_id": r, "match_id": i, "player": 0, "card": 1, "event": "drawn", "count": 1,
                         "outcome": ""})
    row = A.card_stats(m, pd.DataFrame(rows)).set_index("card").loc[1]
    assert (row["games"], row["drawn_games"], row["played_games"], row["played_drawn_games"]) == (16, 4, 8, 4)
    assert row["play_rate"] == 1.0  # played in each of the 4 games it was drawn (was 8 / 4 = 2.0)
    assert np.isnan(row["play_effect"]) or -1 <= row["play_effect_low"] <= row["play_effect_high"] <= 1
