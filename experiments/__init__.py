"""Experiments over many matches: the batch runner, sweeps, analysis, strength, RL and the `tcglab` command.

    from experiments import RunConfig, run, read_table
    df = run(RunConfig(game="first_cycle", agents=("greedy", "random"), matches=200, seed=7))

Packages and modules (each depends only on those listed after it, and on agents/envs/sim):
- `cli`: the `tcglab` command, one module per group of subcommands;
- `rl`: masked PPO training and the SB3 adapter (extra `rl`, imported only on use);
- `strength`: head-to-head strength of two agents (`python -m experiments.strength`);
- `tune`: params and card values searched toward balance targets with optuna (`tcglab tune`);
- `ladder`: a round robin of agents on one game, rated with intervals (`tcglab ladder`);
- `decksearch`: quality-diversity deck search with pyribs (`tcglab decksearch`);
- `analysis`: balance tables, card statistics, ratings, plots and the HTML report;
- `play`: a human seat in the terminal and the HTML match viewer;
- `sweep`: sweep files and running them as many batch runs;
- `batch`: the batch runner (config, match, backends, shards, runner, summary);
- `stats`: interval estimates (Wilson, Newcombe, mean) shared by every figure;
- `codeversion`: which code produced a figure (the versions a run records, the code version
  a command plays with, the versions a run folder lists);
- `tomlfile`: reading the TOML files of sweeps, tunes and deck searches (errors name the file);
- `heap`: the driver's heap frozen for the garbage collector during a tune or a deck search.
- `examples/`: example sweep, tune and deck search files (data, not code).
"""
from experiments.batch import RunConfig, RunConfigError, read_table, run

__all__ = ["RunConfig", "RunConfigError", "read_table", "run"]
