"""Tuning game params and card values toward design targets with optuna (`tcglab tune FILE.toml`).

    from experiments.tune import load_tune_file, run_tune
    result = run_tune(load_tune_file("experiments/examples/tune/first_cycle_first_player.toml"), "runs/t1")
    result.front, result.holdout          # the Pareto front, the chosen points on held-out seeds

Modules (each depends only on those listed after it, and on experiments.batch / analysis):
- `runner`: `run_tune`, the whole tune: folder, search, held-out check, files;
- `report`: the files a tune writes (CSV, markdown, PNG, summary);
- `holdout`: the chosen points played on fresh seeds, with 95% intervals;
- `results`: the trials table, the Pareto front and the choice of points to re-check;
- `search`: the optuna study in SQLite, deterministic asks, resuming killed trials;
- `storage`: the study's SQLite file written as optuna writes it, read back from a copy in memory;
- `spec`: tune files parsed and checked against the game;
- `goals`: objectives and constraints;
- `metrics`: the balance measures and their intervals, from `experiments.analysis`;
- `space`: searched params and card fields as optuna distributions.
"""
from experiments.tune.runner import TuneResult, run_tune
from experiments.tune.space import TuneError
from experiments.tune.spec import TuneSpec, load_tune_file, parse_tune

__all__ = ["TuneError", "TuneResult", "TuneSpec", "load_tune_file", "parse_tune", "run_tune"]
