"""The batch runner: seeded matches played in parallel and logged to Parquet shards.

    from experiments.batch import RunConfig, run
    df = run(RunConfig(game="first_cycle", agents=("greedy", "random"), matches=200, seed=7))

Modules:
- `config`: `RunConfig`, everything that defines a batch of matches, type-checked when built;
- `validate`: fail early: decks dealt and every agent asked for an action before match 0;
- `match`: one seeded match played and turned into log rows (matches, decisions, cards);
- `backends`: where shards run (this process, local workers, a Ray cluster), worker lifecycle;
- `reaper`: stops a local Ray cluster's processes when its driver dies, even by SIGKILL;
- `schema`: the fixed Arrow schema of each table and the metadata every shard carries;
- `shards`: Parquet shards written atomically, the manifest, reading tables back;
- `lock`: one writer per folder (an OS file lock naming its holder);
- `verify`: every shard checked before a resume trusts it; bad ones moved to quarantine/;
- `runner`: `run` / `execute`, planning shards, resuming and extending, the progress bar;
- `summary`: the printed summary (win rates with Wilson 95% intervals, errors);
- `replay`: one logged match replayed move by move (`tcglab replay`).

(The package is named `batch`, not `run`, so that `experiments.run` stays the function.)
"""
from experiments.batch.config import RunConfig, RunConfigError
from experiments.batch.runner import run
from experiments.batch.shards import read_table

__all__ = ["RunConfig", "RunConfigError", "read_table", "run"]
