"""Smoke tests of the `tcglab` commands that exist so far, each on a tiny budget."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from experiments.cli import main


def test_cli_games_lists_first_cycle(capsys):
    assert main(["games"]) == 0
    assert "first_cycle" in capsys.readouterr().out.split()


def test_cli_decks_lists_the_four_starters(capsys):
    assert main(["decks", "first_cycle"]) == 0
    out = capsys.readouterr().out
    assert all(f"{c}_starter" in out for c in ("black", "orange", "green", "blue"))


def test_cli_run_without_a_folder_prints_the_summary_with_speed(capsys):
    assert main(["run", "--agents", "random", "--matches", "6", "--seed", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "6 matches (0 errors)" in out and "first player (who moved first, drawn at random each match) wins" in out
    produced = out.splitlines()[0]  # what the figures come from, before them
    assert produced.startswith("first_cycle, 2 players, params at their defaults; agents random; ")
    assert "; seed 2; 6 matches; code version " in produced and "fair share" not in out
    assert "matches/s" in out and "decisions/s per process" in out


def test_cli_quickrun_is_retired_into_run(capsys):
    try:
        main(["quickrun"])
    except SystemExit as exc:
        assert exc.code == 2
    assert "invalid choice: 'quickrun'" in capsys.readouterr().err


def test_cli_packs_opens_five_cards_each(capsys):
    assert main(["packs", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("pack ") == 3 and "3 packs, 15 cards" in out


def test_cli_first_day_answers_a_day(capsys):
    assert main(["first-day", "black_starter", "--seed", "1"]) == 0
    assert "buildable on day" in capsys.readouterr().out


def test_console_script_entry_point_runs():
    res = subprocess.run([sys.executable, "-m", "experiments.cli", "games"], capture_output=True,
                         text=True, check=True)
    assert "first_cycle" in res.stdout


def test_cli_run_and_replay(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["run", "--agents", "greedy,random", "--matches", "4", "--seed", "3", "--out", str(out),
                 "--no-progress", "--param", "max_turns=40"]) == 0
    text = capsys.readouterr().out
    assert "4 matches (0 errors)" in text and "win rate by agent" in text
    assert main(["replay", str(out), "2"]) == 0
    text = capsys.readouterr().out
    assert "-- turn 1 --" in text and "end turn" in text and "result: P" in text
    assert "re-running the agents" in text and "P1: " in text


def test_replay_of_logged_actions_matches_the_agents_rerun(tmp_path, capsys):
    out = tmp_path / "logged"
    assert main(["run", "--game", "xenodex", "--players", "3", "--agents", "greedy,random,random", "--matches", "2",
                 "--seed", "3", "--out", str(out), "--no-progress", "--log-decisions"]) == 0
    capsys.readouterr()
    assert main(["replay", str(out), "1", "--no-board"]) == 0
    logged = capsys.readouterr().out.splitlines()
    assert logged[4] == "replaying the logged actions (no agent runs)"
    assert "-- cycle 1 --" in logged and logged[-1].startswith("result: ") and " cycles, " in logged[-1]
    (out / "manifest.json").write_text((out / "manifest.json").read_text().replace(
        '\\"log_decisions\\": true', '\\"log_decisions\\": false'))
    assert main(["replay", str(out), "1", "--no-board"]) == 0
    rerun = capsys.readouterr().out.splitlines()
    assert "re-running the agents" in rerun[4]
    assert logged[5:] == rerun[5:]  # the same moves and result either way


def test_cli_run_rejects_a_bad_param(capsys):
    assert main(["run", "--matches", "1", "--param", "max_turns=1", "--no-progress"]) == 2
    assert "'max_turns'=1 is below its minimum 2" in capsys.readouterr().err


def test_cli_agents_lists_every_agent(capsys):
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("random", "greedy", "mcts"))


def test_cli_decks_of_every_game(capsys):
    for game, expected in (("cipher", "red_starter"), ("xenodex", "synth")):
        assert main(["decks", game]) == 0
        assert expected in capsys.readouterr().out
    assert main(["decks", "chess"]) == 2


def test_cli_games_lists_player_counts(capsys):
    assert main(["games"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert "2-4 players" in lines["xenodex"] and "2 players" in lines["first_cycle"]


def test_cli_params_lists_ranges_and_meanings(capsys):
    assert main(["params", "first_cycle"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.split()[:1] == ["deck_size"])
    assert "default 30" in line and "10..60" in line and "FC-8" in line
    cards = next(x for x in out.splitlines() if x.split()[:1] == ["card_overrides"])
    assert "default {}" in cards and "FC033.power" in cards and "--card" in cards
    assert main(["params", "chess"]) == 2


def test_cli_agents_lists_only_specs_usable_from_the_command_line(capsys):
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    assert "policy" not in out and "random   (no options)" in out


@pytest.mark.parametrize("command", ["run", "replay", "sweep", "report", "packs", "first-day", "params", "train",
                                     "play", "view", "ladder", "tune", "zoo"])
def test_every_subcommand_help_names_itself_and_shows_defaults(command):
    res = subprocess.run([sys.executable, "-m", "experiments.cli", command, "--help"], capture_output=True,
                         text=True, cwd=Path(__file__).resolve().parents[2])
    assert res.returncode == 0 and res.stdout.startswith(f"usage: tcglab {command} ")
    if command not in ("replay", "params", "zoo"):
        assert "(default:" in res.stdout


def test_players_equal_to_a_two_player_games_count_is_accepted(capsys):
    """`--players 2` for First Cycle once read "a 2-player game; 2 players is not possible"."""
    assert main(["run", "--players", "2", "--matches", "2", "--seed", "1", "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("first_cycle, 2 players,")
