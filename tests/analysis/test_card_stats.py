"""Card statistics: a deliberately overpowered card shows up; a real run gives sane rates."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from experiments import analysis as A
from experiments.batch.config import RunConfig
from experiments.batch.runner import run
from experiments.batch.shards import read_table
from tests.analysis.synthetic import match_row

OVERPOWERED = 99


def overpowered_tables(n: int = 1200, seed: int = 4) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Two decks holding cards 1..10 and the overpowered card 99. Each seat draws some cards;
    a seat that plays card 99 (and its opponent does not) wins 85% of the time, else 50%."""
    rng = np.random.default_rng(seed)
    matches, cards = [], []
    for i in range(n):
        seats = [("random", "A"), ("random", "B")] if i % 2 == 0 else [("random", "B"), ("random", "A")]
        drawn = [set(rng.choice([*range(1, 11), OVERPOWERED], size=6, replace=False)) for _ in range(2)]
        opening = [set(list(d)[:3]) for d in drawn]
        played = [{c for c in d if rng.random() < 0.7} for d in drawn]
        has = [OVERPOWERED in p for p in played]
        if has[0] != has[1]:
            strong = 0 if has[0] else 1
            winner = strong if rng.random() < 0.85 else 1 - strong
        else:
            winner = int(rng.integers(2))
        matches.append(match_row(i, seats, winner, first=int(rng.integers(2))))
        for p in range(2):
            outcome = "win" if winner == p else "loss"
            for c in drawn[p]:
                event = "opening_hand" if c in opening[p] else "drawn"
                cards.append({"run_id": "synthetic", "match_id": i, "player": p, "card": int(c),
                              "event": event, "count": 1, "outcome": outcome})
            for c in played[p]:
                cards.append({"run_id": "synthetic", "match_id": i, "player": p, "card": int(c),
                              "event": "played", "count": 1, "outcome": outcome})
    return pd.DataFrame(matches), pd.DataFrame(cards)


def test_an_overpowered_card_tops_the_table_with_an_interval_above_zero():
    matches, cards = overpowered_tables()
    stats = A.card_stats(matches, cards, names={OVERPOWERED: "Overclock"})
    top = stats.iloc[0]
    assert top["card"] == OVERPOWERED and top["name"] == "Overclock"
    assert top["play_effect"] > 0.2 and top["play_effect_low"] > 0.1
    assert top["drawn_effect_low"] > 0 and top["opening_effect_low"] > 0
    assert top["wr_played"] > 0.6 and top["wr_drawn"] > 0.55
    others = stats[stats["card"] != OVERPOWERED]
    assert (others["drawn_effect"] < top["drawn_effect_low"]).all()
    # the ordinary cards' intervals are centred near zero (the overpowered card leaks a little)
    assert others["drawn_effect"].abs().max() < 0.12 and others["play_effect"].abs().max() < 0.12
    assert set(stats["decks"]) == {"A,B"}


def test_the_three_comparisons_are_their_definitions():
    """drawn vs held-not-drawn, played vs drawn-not-played, opening vs not: recomputed by hand."""
    matches, cards = overpowered_tables(300, seed=2)
    row = A.card_stats(matches, cards).set_index("card").loc[OVERPOWERED]
    seats = A.seat_rows(matches).rename(columns={"seat": "player"})
    ev = cards[cards["card"] == OVERPOWERED].pivot_table(index=["match_id", "player"], columns="event",
                                                       values="count", aggfunc="sum", fill_value=0)
    df = seats.merge(ev.reset_index(), on=["match_id", "player"], how="left").fillna(0)
    drawn = (df["drawn"] + df["opening_hand"]) > 0
    played = df["played"] > 0
    opening = df["opening_hand"] > 0
    assert row["drawn_effect"] == pytest.approx(df[drawn]["score"].mean() - df[~drawn]["score"].mean())
    assert row["play_effect"] == pytest.approx(df[played]["score"].mean() - df[drawn & ~played]["score"].mean())
    assert row["opening_effect"] == pytest.approx(df[opening]["score"].mean() - df[~opening]["score"].mean())


def test_card_stats_split_by_agent_when_the_seats_had_different_agents():
    matches, cards = overpowered_tables(200, seed=3)
    assert not A.agents_differ(matches)
    matches["agent_1"] = "greedy"
    assert A.agents_differ(matches)
    split = A.card_stats(matches, cards, by_agent=True)
    assert set(split["agent"]) == {"random", "greedy"}
    assert split.groupby("card")["games"].sum().loc[3] == 400


def test_card_rates_are_counts_over_games():
    matches, cards = overpowered_tables(200, seed=9)
    stats = A.card_stats(matches, cards).set_index("card")
    row = stats.loc[3]
    assert row["games"] == 400  # 200 matches, both seats hold the card
    assert row["drawn_rate"] == pytest.approx(row["drawn_games"] / 400)
    assert row["play_rate"] == pytest.approx(row["played_games"] / row["drawn_games"])
    by_deck = A.card_stats(matches, cards, by_deck=True)
    assert set(by_deck["deck"]) == {"A", "B"} and by_deck.groupby("card")["games"].sum().loc[3] == 400


def test_card_stats_of_a_real_run_are_consistent(tmp_path):
    out = tmp_path / "run"
    df = run(RunConfig(agents=("random",), decks=("black_starter", "green_starter"), matches=30, seed=4,
                       out=str(out), progress=False, params=(("max_turns", 40),)))
    stats = A.card_stats(df, read_table(out, "cards"))
    assert not stats.empty and stats["name"].map(lambda s: not s.isdigit()).all()
    assert (stats["drawn_games"] <= stats["games"]).all() and (stats["played_games"] <= stats["games"]).all()
    assert (stats["opening_games"] <= stats["drawn_games"]).all()
    for col in ("win_rate", "wr_drawn", "wr_played", "wr_opening"):
        ok = stats[col].dropna()
        assert ((ok >= 0) & (ok <= 1)).all()
    assert set(stats["decks"]) <= {"black_starter", "green_starter", "black_starter,green_starter"}


@pytest.mark.parametrize("game", ["first_cycle", "cipher", "xenodex"])
def test_every_game_names_its_cards(game):
    names = A.card_names(game)
    assert len(names) >= 20 and all(isinstance(v, str) and not v.isdigit() for v in names.values())
