"""What `tcglab sweep` prints says what produced it: game, params, agents, decks, seed, matches
per cell, the sweep file and the code version, next to the cells table."""
from __future__ import annotations

from experiments.batch.runner import versions
from experiments.cli import main

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
                 "4 matches per cell", "3 cells", str(path), f"code version {versions()['git'] or 'unknown'}"):
        assert part in line, (part, line)
