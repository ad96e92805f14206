"""Batch experiments: the match runner, Parquet logs, summaries and the `tcglab` command.

    from experiments import RunConfig, run
    df = run(RunConfig(game="first_cycle", agents=("greedy", "random"), matches=200, seed=7))
"""
from experiments.config import RunConfig, RunConfigError
from experiments.runner import run
from experiments.shards import read_table

__all__ = ["RunConfig", "RunConfigError", "run", "read_table"]
