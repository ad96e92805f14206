"""Every expected failure of a `tcglab` command is one line on stderr and a non-zero exit."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from experiments import RunConfig, RunConfigError, run
from experiments.cli import main
from tests.experiments.flaky import FlakyAgent, use_flaky

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    (["run", "--matches", "-1"], "matches: must be >= 0, got -1"),
    (["run", "--seed", "-3"], "seed: must be >= 0"),
    (["run", "--workers", "0"], "workers: must be >= 1"),
    (["run", "--game", "nope"], "game: unknown game 'nope'"),
    (["run", "--game", "first_cycle", "--players", "4"], "players: first_cycle is a 2-player game"),
    (["run", "--game", "xenodex", "--players", "7"], "num_players"),
    (["run", "--agents", "alphago"], "agents: 'alphago'"),
    (["run", "--agents", "greedy:samples=2.5,random"], "agents: 'greedy:samples=2.5'"),
    (["run", "--agents", "ppo:path=missing.zip,random"], "agents: 'ppo:path=missing.zip'"),
    (["run", "--agents", "random,random,random"], "agents: got 3 (random, random, random) for a 2-player game"),
    (["run", "--param", "deck_size=10"], "decks: decks black_starter, orange_starter cannot be dealt"),
    (["run", "--param", "max_turns=1"], "'max_turns'=1 is below its minimum 2"),
    (["run", "--param", "nonsense"], "--param expects key=value"),
    (["run", "--decks", "purple_starter"], "purple_starter"),
    (["run", "--out", "/proc/tcglab-no/run"], "out: cannot write to /proc/tcglab-no/run"),
    (["run", "--backend", "ray", "--ray-address", "127.0.0.1:1"], "cannot reach the Ray cluster at '127.0.0.1:1'"),
    (["replay", "/nonexistent-run", "1"], "/nonexistent-run: no such folder"),
    (["run", "--matches", "2", "--resume"], "resume: there is no folder to resume without out"),
    (["run", "--matches", "2", "--ray-address", "1.2.3.4:5"], "ray_address: '1.2.3.4:5' is only used with the ray"),
    (["run", "--matches", "2", "--out", ""], "out: expected a folder path, got ''"),
    (["run", "--decks", "/tmp", "--matches", "1"], "decks: '/tmp' is a folder, not a deck name or a deck file"),
    (["run", "--players", "3", "--matches", "1"], "players: first_cycle is a 2-player game; 3 players"),
    (["first-day", "blue_starter", "--max-days", "0"], "--max-days must be >= 1, got 0"),
    (["first-day", "blue_starter", "--seed", "-1"], "--seed must be >= 0, got -1"),
    (["report", "/nonexistent-run"], "neither a sweep folder"),
    (["sweep", "/nonexistent.toml", "--dry-run"], "cannot read it"),
    (["sweep", "experiments/examples/sweeps/first_cycle_round_robin.toml"], "--out FOLDER is required"),
    (["decks", "chess"], "unknown game 'chess'"),
    (["packs", "-1"], "count: the number of packs must be >= 0"),
    (["first-day", "nope_deck"], "unknown deck name 'nope_deck'"),
    (["first-day", "black_starter", "--start", "yesterday"], "--start: expected an ISO time"),
    (["train", "--game", "nope"], "--game: unknown game 'nope'"),
    (["train", "--total-steps", "0"], "--total-steps: must be >= 1"),
    (["train", "--policy", "dense"], "--policy: must be one of sparse, mlp, got 'dense'"),
]


@pytest.mark.parametrize("argv,message", CASES, ids=[" ".join(c[0][:3]) for c in CASES])
def test_expected_failures_are_one_line_and_exit_2(argv, message, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main([*argv, *(["--no-progress", "--matches", "2"] if argv[0] == "run" and "--matches" not in argv
                          else [])]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and err.startswith(f"tcglab {argv[0]}: ") and "Traceback" not in err


def test_debug_shows_the_traceback(capsys):
    with pytest.raises(RunConfigError):
        main(["--debug", "run", "--matches", "-1"])


def test_a_broken_pipe_is_quiet():
    proc = subprocess.run(f"{sys.executable} -m experiments.cli packs 20000 --seed 1 | head -1",
                          shell=True, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.stdout.startswith("pack 1: ") and proc.stderr == ""


def test_a_missing_extra_names_the_install_command(tmp_path):
    blocker = tmp_path / "sitecustomize.py"  # hides matplotlib from this one process
    blocker.write_text("import sys\nsys.modules['matplotlib'] = None\n")
    run_dir = tmp_path / "run"
    run(RunConfig(matches=2, out=str(run_dir), progress=False))
    proc = subprocess.run([sys.executable, "-m", "experiments.cli", "report", str(run_dir)], cwd=ROOT,
                          capture_output=True, text=True, env={"PYTHONPATH": f"{tmp_path}:{ROOT}"})
    assert proc.returncode == 2, proc.stderr
    assert "install with: pip install -e '.[analysis]'" in proc.stderr and "Traceback" not in proc.stderr


def test_a_sweep_cell_made_illegal_by_its_params_fails_the_dry_run(tmp_path, capsys):
    sweep = tmp_path / "copies.toml"
    sweep.write_text('name = "copies"\ngame = "first_cycle"\nagents = ["random"]\nmatches = 10\n'
                     '[grid]\nmax_copies = [3, 2]\n')
    assert main(["sweep", str(sweep), "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "cell max_copies=2" in err and "cannot be dealt" in err
    assert main(["sweep", str(sweep), "--out", str(tmp_path / "out"), "--no-progress"]) == 2
    assert not (tmp_path / "out" / "sweep.json").exists()


def test_errored_matches_fail_loudly_and_read_with_plain_pandas(tmp_path, monkeypatch, capsys):
    use_flaky(monkeypatch)
    out = tmp_path / "run"
    assert main(["run", "--agents", "flaky,random", "--matches", "12", "--shard-size", "3", "--out", str(out),
                 "--no-progress"]) == 3
    captured = capsys.readouterr()
    assert "ERRORS:" in captured.out
    assert "matches raised an error; the first, match" in captured.err and "flaky agent gave up" in captured.err
    table = pd.read_parquet(out / "matches")
    assert len(table) == 12 and 0 < (table["end_reason"] == "error").sum() < 12
    assert table["error"].dtype != object or table["error"].map(type).isin([str, type(None)]).all()
    assert len(pd.read_parquet(out / "cards")) > 0
    assert main(["replay", str(out), str(int(table[table["end_reason"] == "error"]["match_id"].iloc[0]))]) == 0
    assert "result: error after" in capsys.readouterr().out.splitlines()[-1]
    assert main(["report", str(out)]) == 0
    page = (out / "report" / "index.html").read_text()
    assert "matches raised an error" in page.split("<h2>")[0]


def test_an_all_error_run_still_has_typed_tables(tmp_path, monkeypatch):
    monkeypatch.setattr(FlakyAgent, "act", lambda self, state, rng: (_ for _ in ()).throw(RuntimeError("no"))
                        if state.turn >= 2 else state.legal_actions()[0])
    use_flaky(monkeypatch)
    out = tmp_path / "run"
    run(RunConfig(agents=("flaky", "random"), matches=4, shard_size=2, out=str(out), progress=False,
                  log_decisions=True, allow_errors=True))
    for table in ("matches", "cards", "decisions"):
        df = pd.read_parquet(out / table)
        assert "match_id" in df.columns and "run_id" in df.columns
    assert (pd.read_parquet(out / "matches")["end_reason"] == "error").all()


def test_a_repeated_param_keeps_the_last_value(tmp_path):
    import argparse

    from experiments.cli.run import add_parsers, config_from_args
    ap = argparse.ArgumentParser()
    add_parsers(ap.add_subparsers(dest="command"))
    args = ap.parse_args(["run", "--param", "max_turns=70", "--param", "max_turns=50"])
    assert config_from_args(args).param_overrides["max_turns"] == 50


@pytest.mark.parametrize("field,value,message", [
    ("swap_seats", "no", "swap_seats: expected true or false"),
    ("log_cards", 1, "log_cards: expected true or false"),
    ("matches", 10.5, "matches: expected an integer"),
    ("matches", True, "matches: expected an integer"),
    ("agents", "random", "agents: expected a list"),
    ("decks", ("black_starter", 3), "decks: expected non-empty strings"),
    ("params", (("max_turns", float("nan")),), "params: max_turns=nan is not a finite number"),
    ("backend", "slurm", "backend: expected 'local' or 'ray'"),
])
def test_run_config_fields_are_type_checked(field, value, message):
    with pytest.raises(RunConfigError, match=message.replace("(", r"\(")):
        RunConfig(**{field: value})


def test_num_players_is_honoured():
    df = run(RunConfig(game="xenodex", num_players=4, agents=("random",), matches=2, progress=False))
    assert (df["num_players"] == 4).all()
