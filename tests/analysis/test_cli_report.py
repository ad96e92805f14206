"""Smoke tests of `tcglab sweep` and `tcglab report`, and the example sweep files."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pandas as pd
import pytest

from experiments.analysis.report import write_report
from experiments.cli import main
from experiments.sweep import load_sweep_file, parse_sweep, run_sweep
from tests.analysis.readiness import skip_unless_ready

SWEEPS = Path(__file__).resolve().parents[2] / "experiments" / "examples" / "sweeps"
PNG = b"\x89PNG\r\n\x1a\n"


def test_cli_sweep_then_report(tmp_path, capsys):
    out = tmp_path / "rr"
    args = ["sweep", str(SWEEPS / "first_cycle_round_robin.toml"), "--out", str(out), "--matches", "2",
            "--no-progress"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "6 cells, 12 finished matches" in text and "black_starter-v-orange_starter" in text
    assert main(args) == 2 and "--resume" in capsys.readouterr().err
    assert main(args + ["--resume"]) == 0
    assert main(["report", str(out)]) == 0
    index = out / "report" / "index.html"
    assert str(index) in capsys.readouterr().out
    page = index.read_text()
    for png in ("deck_matchups.png", "first_player.png", "ratings.png", "lengths.png"):
        assert f'src="{png}"' in page and (out / "report" / png).read_bytes().startswith(PNG)
    assert "deck_ratings" in page and "<h3>cards</h3>" in page and "<h2>Findings</h2>" in page
    # every matchup cell gives its interval and its number of games beside the rate
    table = pd.read_csv(out / "report" / "deck_matchups.csv").iloc[0]
    cell = (f"{table['win_rate']:.1%} ({table['ci_low']:.1%}-{table['ci_high']:.1%}, "
            f"n={int(table['games'])})")
    assert f"<td>{cell}</td>" in page and "its Wilson 95% interval and the number of games" in page


def test_cli_sweep_dry_run_and_named_errors(tmp_path, capsys):
    assert main(["sweep", str(SWEEPS / "first_cycle_round_robin.toml"), "--dry-run"]) == 0
    assert "6 cells" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "first_cycle"\n[grid]\nleader_hp = [5, 50]\n')
    assert main(["sweep", str(bad), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "grid.leader_hp[1]" in err and "above its maximum 20" in err
    assert not (tmp_path / "o").exists()
    bad.write_text('game = "first_cycle"\nmatches = [\n')
    assert main(["sweep", str(bad), "--dry-run"]) == 2 and "not valid TOML" in capsys.readouterr().err
    assert main(["report", str(tmp_path)]) == 2 and "neither a sweep folder" in capsys.readouterr().err


def test_report_of_a_parameter_sweep_has_response_curves(tmp_path):
    sweep = parse_sweep({"game": "first_cycle", "agents": ["greedy", "random"], "matches": 4, "seed": 1,
                         "shard_size": 4, "decks": ["black_starter", "green_starter"],
                         "grid": {"leader_hp": [2, 6]}})
    run_sweep(sweep, tmp_path / "s", progress=False)
    index = write_report(tmp_path / "s")
    folder = index.parent
    assert (folder / "response_leader_hp.png").read_bytes().startswith(PNG)
    assert (folder / "agent_matchups.png").exists() and (folder / "response_leader_hp_by_agent.csv").exists()
    assert "response_leader_hp" in index.read_text()


def test_report_of_a_single_run_folder(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["run", "--agents", "greedy,random", "--matches", "4", "--out", str(run), "--no-progress"]) == 0
    assert main(["report", str(run), "--out", str(tmp_path / "rep")]) == 0
    assert (tmp_path / "rep" / "agent_matchups.png").exists() and (tmp_path / "rep" / "index.html").exists()


def test_top_cards_sets_the_rows_of_the_card_table_on_the_page(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["run", "--agents", "greedy,random", "--matches", "4", "--out", str(run), "--no-progress"]) == 0
    rows = {}
    for top in (3, 7):
        page = write_report(run, out=tmp_path / f"top{top}", top_cards=top).read_text()
        body = page.split("<h3>cards</h3>")[1].split("<tbody>")[1].split("</tbody>")[0]
        rows[top] = body.count("<tr")
    assert rows == {3: 3, 7: 7}
    assert len((tmp_path / "top3" / "cards.csv").read_text().splitlines()) > 8  # the CSV keeps every card
    for bad in ("0", "-5"):
        assert main(["report", str(run), "--top-cards", bad, "--out", str(tmp_path / "bad")]) == 2
        assert f"--top-cards): must be a whole number >= 1, got {bad}" in capsys.readouterr().err
    assert not (tmp_path / "bad").exists()


@pytest.mark.parametrize("path", sorted(SWEEPS.glob("*.toml")), ids=lambda p: p.name)
def test_example_sweeps_validate(path):
    data = tomllib.loads(path.read_text())
    game = data["game"]
    skip_unless_ready(game, named_decks="decks" in data or "decks" in data.get("grid", {}))
    sweep = load_sweep_file(path)
    assert sweep.cells and sweep.game == game
