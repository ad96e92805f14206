"""What `tcglab sweep` prints says what produced it: game, params, agents, decks, seed, matches
per cell, the sweep file and the code version, next to the cells table."""
from __future__ import annotations

import pytest

from experiments.batch.runner import versions
from experiments.cli import main
from tests.experiments.flaky import use_flaky

SWEEP = """name = "told"
game = "first_cycle"
agents = ["random"]
matches = 4
seed = 9
shard_size = 2

[params]
max_turns = 30

[grid]
decks = { round_robin = ["black_starter", "orange_starter", "green_starter"] }
"""


def test_the_printed_cells_table_has_a_produced_by_line(tmp_path, capsys):
    path = tmp_path / "told.toml"
    path.write_text(SWEEP)
    assert main(["sweep", str(path), "--out", str(tmp_path / "s"), "--workers", "1", "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:1] == ["cell"])
    told = [line for line in lines[:header] if "code version" in line]
    assert len(told) == 1, lines[:header]
    line = told[0]
    for part in ("first_cycle", "params max_turns=30", "agents random", "decks swept", "seed 9",
                 "4 matches played per cell", "3 cells", str(path), f"code version {versions()['git'] or 'unknown'}"):
        assert part in line, (part, line)


FLAKY = """name = "flaky"
game = "first_cycle"
agents = ["flaky", "random"]
matches = 12
seed = 4
shard_size = 3

[grid]
max_turns = [20, 30]
"""


def test_the_cells_table_counts_the_matches_its_rates_are_over_and_the_errors_apart(tmp_path, monkeypatch, capsys):
    from experiments.sweep import load_results
    use_flaky(monkeypatch)
    path = tmp_path / "flaky.toml"
    path.write_text(FLAKY)
    out = tmp_path / "s"
    assert main(["sweep", str(path), "--out", str(out), "--workers", "1", "--no-progress"]) == 3
    printed = capsys.readouterr().out
    res = load_results(out)
    cells = res.cells
    errored = (res.matches["end_reason"] == "error").groupby(res.matches["cell"]).sum()
    assert (errored > 0).all() and (errored < 12).all(), errored  # some matches of every cell raised
    for row in cells.to_dict("records"):
        played = res.matches[(res.matches["cell"] == row["cell"]) & (res.matches["end_reason"] != "error")]
        assert row["errors"] == errored[row["cell"]]
        assert row["matches"] == len(played) == 12 - row["errors"]  # what the rates are over, no more
        fair = ((played["winner"] == played["first_player"]) + (played["winner"] < 0) / 2).mean()
        assert row["first_player_win_rate"] == pytest.approx(fair)
    finished, errors = int(cells["matches"].sum()), int(cells["errors"].sum())
    assert f"2 cells, {finished} finished matches and {errors} that raised an error (left out of the rates)" \
        in printed
    assert "errors: its matches that raised an error, left out of the rates" in printed
    header = next(line for line in printed.splitlines() if line.split()[:1] == ["cell"]).split()
    assert header[header.index("matches") + 1] == "errors"
