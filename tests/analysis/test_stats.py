"""Intervals and match-level tables against known answers."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from experiments import analysis as A
from experiments.stats import difference_ci, mean_ci, proportion_ci, wilson
from tests.analysis.synthetic import match_row, two_player_table


@pytest.mark.parametrize("s,n,expected", [(80, 100, (0.7112, 0.8666)), (0, 10, (0.0, 0.2775)),
                                           (10, 10, (0.7225, 1.0)), (0, 0, (0.0, 1.0))])
def test_wilson_interval_known_values(s, n, expected):
    """Published Wilson score intervals at 95% (z = 1.96), as floats and over arrays alike."""
    assert wilson(s, n) == pytest.approx(expected, abs=1e-4)
    lo, hi = proportion_ci(np.array([s, s]), np.array([n, n]))
    assert list(lo) == pytest.approx([expected[0]] * 2, abs=1e-4)
    assert list(hi) == pytest.approx([expected[1]] * 2, abs=1e-4)


def test_known_win_rate_is_reported_exactly_and_inside_its_interval():
    # 650 wins in 1000 matches for "strong" (seats swapped): rate exactly 0.65.
    rows = [match_row(i, [("strong", "A"), ("weak", "B")] if i % 2 == 0 else [("weak", "B"), ("strong", "A")],
                      winner=(i % 2) if i < 650 else 1 - (i % 2)) for i in range(1000)]
    table = A.win_rates(pd.DataFrame(rows), by="agent").set_index("agent")
    strong = table.loc["strong"]
    assert strong["games"] == 1000 and strong["wins"] == 650
    assert strong["win_rate"] == pytest.approx(0.65)
    assert strong["ci_low"] < 0.65 < strong["ci_high"]
    assert strong["ci_high"] - strong["ci_low"] == pytest.approx(0.059, abs=0.002)
    assert table.loc["weak", "win_rate"] == pytest.approx(0.35)


def test_sampled_table_gives_its_true_rate_inside_the_interval():
    df = two_player_table(0.7, 2000, np.random.default_rng(5))
    row = A.matchups(df, by="deck").set_index("deck").loc["A"]
    assert row["ci_low"] <= 0.7 <= row["ci_high"]
    assert row["games"] == 2000


@pytest.mark.parametrize("p,n", [(0.5, 40), (0.3, 100), (0.85, 250)])
def test_wilson_interval_covers_the_true_rate_at_about_95_percent(p, n):
    rng = np.random.default_rng(11)
    draws = rng.binomial(n, p, size=4000)
    lo, hi = proportion_ci(draws, np.full(draws.shape, n))
    coverage = np.mean((lo <= p) & (p <= hi))
    assert 0.925 <= coverage <= 0.975, coverage


def test_newcombe_difference_interval_covers_at_about_95_percent():
    rng = np.random.default_rng(12)
    p1, p2, n1, n2 = 0.6, 0.45, 150, 90
    s1, s2 = rng.binomial(n1, p1, 4000), rng.binomial(n2, p2, 4000)
    d, lo, hi = difference_ci(s1, n1, s2, n2)
    assert np.mean((lo <= p1 - p2) & (p1 - p2 <= hi)) == pytest.approx(0.95, abs=0.025)
    assert np.allclose(d, s1 / n1 - s2 / n2)


def test_mean_interval_covers_at_about_95_percent():
    rng = np.random.default_rng(13)
    hits = sum(lo <= 20 <= hi for _, lo, hi in (mean_ci(rng.poisson(20, 60)) for _ in range(1500)))
    assert hits / 1500 == pytest.approx(0.95, abs=0.025)


def test_draws_count_one_over_n_and_matchups_pool_both_seat_orders():
    rows = [match_row(0, [("x", "A"), ("x", "B")], winner=0), match_row(1, [("x", "B"), ("x", "A")], winner=-1),
            match_row(2, [("x", "B"), ("x", "A")], winner=0), match_row(3, [("x", "A"), ("x", "B")], winner=0)]
    t = A.matchups(pd.DataFrame(rows), by="deck").set_index("deck")
    assert t.loc["A", "wins"] == 2 and t.loc["A", "draws"] == 1 and t.loc["A", "losses"] == 1
    assert t.loc["A", "win_rate"] == pytest.approx(2.5 / 4)
    assert t.loc["A", "win_rate"] + t.loc["B", "win_rate"] == pytest.approx(1.0)
    matrix = A.matchup_matrix(A.matchups(pd.DataFrame(rows)))
    assert list(matrix.index) == ["A", "B"] and np.isnan(matrix.loc["A", "A"])


def test_first_player_advantage_and_lengths_on_a_known_table():
    rows = [match_row(i, [("x", "A"), ("y", "B")], winner=0 if i < 30 else 1, first=0, turns=10 + i % 5)
            for i in range(40)]
    fp = A.first_player_advantage(pd.DataFrame(rows)).iloc[0]
    assert fp["games"] == 40 and fp["first_wins"] == 30
    assert fp["win_rate"] == pytest.approx(0.75) and fp["advantage"] == pytest.approx(0.25)
    assert fp["ci_low"] > 0.5
    lengths = A.game_lengths(pd.DataFrame(rows)).iloc[0]
    assert lengths["mean"] == pytest.approx(12.0) and lengths["min"] == 10 and lengths["max"] == 14
    dist = A.length_distribution(pd.DataFrame(rows))
    assert dist["count"].tolist() == [8] * 5 and dist["share"].sum() == pytest.approx(1)


def test_four_player_tables_seats_win_types_and_params():
    rng = np.random.default_rng(3)
    rows = []
    for i in range(400):
        cost = [5, 20][i % 2]
        winner = int(rng.choice(4, p=[0.4, 0.2, 0.2, 0.2])) if cost == 5 else int(rng.integers(4))
        reason = "convergence" if rng.random() < 0.3 else "proven_slots"
        rows.append(match_row(i, [("greedy", None)] * 4, winner, first=0, turns=8 + (cost == 20) * 4,
                              end_reason=reason, params={"anchor_cost": cost, "num_players": 4}))
    df = pd.DataFrame(rows)
    seats = A.seat_win_rates(df, group="anchor_cost").set_index(["anchor_cost", "seat"])
    assert seats.loc[(5, 0), "ci_low"] > 0.25 and seats.loc[(5, 0), "fair"] == 0.25
    assert seats.loc[(20, 0), "ci_low"] < 0.25 < seats.loc[(20, 0), "ci_high"]
    reasons = A.end_reasons(df).set_index("end_reason")
    assert reasons.loc["convergence", "ci_low"] < 0.3 < reasons.loc["convergence", "ci_high"]
    response = A.param_response(df, "anchor_cost").set_index("anchor_cost")
    assert response.loc[5, "length_mean"] == 8 and response.loc[20, "length_mean"] == 12
    assert A.varying_params(df) == ["anchor_cost"]


def test_ratings_order_agents_by_strength_in_two_and_four_player_games():
    df = two_player_table(0.8, 300, np.random.default_rng(1))
    r = A.ratings(df, by="agent")
    assert r["agent"].tolist() == ["strong", "weak"] and r["rank"].tolist() == [1, 2]
    rng = np.random.default_rng(2)
    names = ["a", "b", "c", "d"]
    rows = []
    for i in range(300):
        order = rng.permutation(4)  # seat of each name
        seats = [None] * 4
        for k, s in enumerate(order):
            seats[s] = (names[k], "deck")
        strength = np.array([8.0, 4.0, 2.0, 1.0])[np.argsort(order)]  # strength by seat
        rows.append(match_row(i, seats, int(rng.choice(4, p=strength / strength.sum()))))
    r4 = A.ratings(pd.DataFrame(rows), by="agent")
    assert r4["agent"].tolist() == names
    assert A.ratings(pd.DataFrame(rows), by="deck").empty is False  # mirrors only: rated, never updated


def test_lengths_fall_back_to_decisions_when_turns_are_not_logged():
    rows = [match_row(i, [("x", "A"), ("y", "B")], winner=0, turns=10) for i in range(4)]
    df = pd.DataFrame(rows)
    assert A.length_column(df) == "turns"
    df["turns"] = -1  # a game whose state has no `turn`
    assert A.length_column(df) == "decisions"
    lengths = A.game_lengths(df).iloc[0]
    assert lengths["measure"] == "decisions" and lengths["mean"] == 30
    assert A.param_response(df.assign(k=1), "k")["length"].tolist() == ["decisions"]
