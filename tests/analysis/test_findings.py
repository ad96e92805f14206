"""A report's headline sentences against tables whose answers are known."""
from __future__ import annotations

import pandas as pd

from experiments.analysis.findings import findings, what_was_run
from tests.analysis.synthetic import match_row


def table(first_wins: int, n: int, draws: int = 0, errors: int = 0) -> pd.DataFrame:
    """n matches, decks A and B crossed with agents x and y; the first player wins `first_wins`."""
    rows = []
    for i in range(n):
        seats = [("x", "A"), ("y", "B")] if i % 4 in (0, 3) else [("y", "A"), ("x", "B")]
        if i < draws:
            winner = -1
        else:
            winner = 0 if i < draws + first_wins else 1
        rows.append(match_row(i, seats, winner, first=0))
    for j in range(errors):
        rows.append(match_row(n + j, [("x", "A"), ("y", "B")], -1, end_reason="error") | {"error": "Boom"})
    return pd.DataFrame(rows)


def test_a_first_player_advantage_is_stated_with_its_interval():
    text = findings(table(first_wins=160, n=200))
    assert text[0] == ("Going first is an advantage: the first player won 80.0% (95% CI 73.9%-85.0%) of 200 "
                       "matches, against 50.0% in a fair game (draws count 1/n).")


def test_no_advantage_when_the_interval_holds_the_fair_rate():
    assert "shows no clear advantage" in findings(table(first_wins=52, n=100))[0]


def test_draws_errors_and_confounded_decks_are_named():
    m = table(first_wins=10, n=40, draws=8, errors=3)
    text = findings(m)
    assert text[0] == "3 of 43 matches raised an error and are left out of every figure."
    assert "8 of 40 matches were drawn (20.0%, 95% CI 10.5%-34.8%)." in text
    crossed = " ".join(text)
    assert "Each agent kept its own deck" not in crossed  # agents and decks are crossed here
    kept = m.copy()
    kept["deck_0"] = kept["agent_0"].map({"x": "A", "y": "B"})
    kept["deck_1"] = kept["agent_1"].map({"x": "A", "y": "B"})
    assert any(s.startswith("Each agent kept its own deck") for s in findings(kept))


def test_strongest_and_weakest_deck_say_whether_their_intervals_separate_them():
    rows = [match_row(i, [("g", "A"), ("g", "B")] if i % 2 == 0 else [("g", "B"), ("g", "A")],
                      winner=0 if i % 2 == 0 else 1, first=i % 2) for i in range(100)]  # deck A always wins
    text = " ".join(findings(pd.DataFrame(rows)))
    assert "Strongest deck: A, 100.0%" in text and "weakest: B, 0.0%" in text and "do not overlap" in text


def test_what_was_run_names_agents_decks_params_seed_and_code():
    info = {"game": "first_cycle", "config": {"seed": 7, "params": [["max_turns", 60]]}, "params_id": "abc",
            "versions": {"tcglab": "0.1.0", "git": "1234abc"}, "started": "2026-12-01T00:00:00Z"}
    rows = dict(what_was_run(info, table(first_wins=5, n=10)))
    assert rows["agents"] == "x, y" and rows["decks"] == "A, B"
    assert rows["params"] == "max_turns=60 (params id abc)" and rows["seed"].startswith("7 ")
    assert rows["code"] == "tcglab 0.1.0 (git 1234abc)" and rows["matches"] == "10 (0 raised an error)"
