"""The batch runner: seeded matches played in parallel and logged to Parquet shards.

    from experiments.batch import RunConfig, run
    df = run(RunConfig(game="first_cycle", agents=("greedy", "random"), matches=200, seed=7))

Modules:
- `config`: `RunConfig`, everything that defines a batch of matches, validated up front;
- `match`: one seeded match played and turned into log rows (matches, decisions, cards);
- `backends`: where shards run (local processes or a Ray cluster);
- `shards`: Parquet shards written atomically, the manifest, reading tables back;
- `runner`: `run` / `execute`, planning shards, resuming, writing, the progress bar;
- `summary`: the printed summary (win rates with Wilson 95% intervals).

(The package is named `batch`, not `run`, so that `experiments.run` stays the function.)
"""
from experiments.batch.config import RunConfig, RunConfigError
from experiments.batch.runner import run
from experiments.batch.shards import read_table

__all__ = ["RunConfig", "RunConfigError", "read_table", "run"]
