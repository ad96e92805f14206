"""`tcglab decksearch` checks the whole search before writing anything, naming the file, the
key and the value as written; and the summary's card and mean sentences say only what holds."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from experiments.cli import main
from experiments.decksearch.report import card_lines, mean_sentence
from tests.folder_checks import one_line

SEARCH = """game = "first_cycle"
seed = 7
agent = "{agent}"

[params]
{params}

[gauntlet]
{gauntlet}
matches = 1

[search]
iterations = 1
batch_size = 2
emitters = 1

[confirm]
top = 0

[[measures]]
name = "mean_cost"
bins = 3
"""


def search_file(tmp_path: Path, agent: str = "random", params: str = "", gauntlet: str = "") -> Path:
    path = tmp_path / "s.toml"
    path.write_text(SEARCH.format(agent=agent, params=params, gauntlet=gauntlet))
    return path


@pytest.mark.parametrize(("changes", "named"), [
    ({"agent": "nope"}, "agent: 'nope': ValueError: unknown agent 'nope'"),
    ({"gauntlet": 'decks = ["nope"]'}, "gauntlet.decks: 'nope' cannot be played"),
    ({"params": "max_turns = 1"}, "params.max_turns: first_cycle param 'max_turns'=1 is below its minimum 2"),
    ({"params": "no_such = 1"}, "params.no_such: unknown first_cycle param"),
])
@pytest.mark.parametrize("existing", [False, True])
def test_a_bad_search_is_refused_before_anything_is_written(tmp_path, capsys, changes, named, existing):
    path = search_file(tmp_path, **changes)
    out = tmp_path / "out"
    if existing:
        out.mkdir()  # an empty folder is allowed, and must stay empty
    assert main(["decksearch", str(path), "--out", str(out), "--workers", "1", "--no-progress"]) == 2
    line = one_line(capsys)
    assert line.startswith(f"tcglab decksearch: {path}: ") and named in line, line
    assert "decks/" not in line and ".json" not in line  # no internal deck file named
    assert (list(out.iterdir()) == []) if existing else not out.exists()


def test_the_corrected_rerun_into_the_same_folder_runs(tmp_path, capsys):
    path = search_file(tmp_path, gauntlet='decks = ["nope"]')
    out = tmp_path / "out"
    assert main(["decksearch", str(path), "--out", str(out), "--workers", "1", "--no-progress"]) == 2
    path = search_file(tmp_path, gauntlet='decks = ["green_starter"]')
    assert main(["decksearch", str(path), "--out", str(out), "--workers", "1", "--no-progress"]) == 0
    assert (out / "summary.md").exists()


def test_an_out_that_is_a_file_is_one_line(tmp_path, capsys):
    out = tmp_path / "file"
    out.write_text("x")
    assert main(["decksearch", str(search_file(tmp_path)), "--out", str(out)]) == 2
    assert "--out: " in one_line(capsys) and out.read_text() == "x"


def cards(*rows) -> pd.DataFrame:
    """A card table with the columns the summary reads: (card, name, holding, elite share, evaluated share)."""
    df = pd.DataFrame([{"card": c, "name": n, "elites_holding": h, "elite_inclusion": e,
                        "elite_inclusion_low": 0.0, "elite_inclusion_high": 1.0, "evaluated_inclusion": v}
                       for c, n, h, e, v in rows])
    df["lift"] = df["elite_inclusion"] - df["evaluated_inclusion"]
    return df.sort_values(["lift", "card"], ascending=[False, True]).reset_index(drop=True)


def test_equal_shares_are_not_called_more_or_less_often():
    table = cards((1, "Same", 1, 0.5, 0.5), (2, "Almost", 1, 0.5, 0.499), (3, "Up", 2, 1.0, 0.5),
                  (4, "Down", 0, 0.0, 0.5))
    lines = card_lines(table, 2)
    text = "\n".join(lines)
    assert "Same" not in text and "Almost" not in text
    assert [line.split(" (")[0] for line in lines] == ["- Up", "- Down"]
    assert "more often than in all decks evaluated (50%)" in lines[0]
    assert "less often than in all decks evaluated (50%)" in lines[1]
    only_equal = card_lines(cards((1, "Same", 1, 0.5, 0.5)), 2)
    assert only_equal == ["- No card is in a different share of the elites than of all decks evaluated "
                          "(to the whole percent)."]


def test_the_mean_sentence_is_a_score_over_a_stated_number_of_matches():
    elites = pd.DataFrame({"win_rate": [0.875, 0.5, 0.625], "matches": [8, 8, 8]})
    line = mean_sentence(elites)
    assert "mean score against the gauntlet" in line and "a draw 1/n" in line
    assert "is 0.67 over 24 matches (8 per elite" in line and "range from 0.50 to 0.88" in line
    assert "win rate" not in line
