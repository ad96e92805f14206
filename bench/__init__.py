"""The speed scripts; `make bench` runs them all and regenerates docs/performance.md.

- engine.py: the rules engines alone, with OpenSpiel and RLCard games beside them;
- env.py: engine, AEC env and BatchEnv per game, with PettingZoo's wrapped floor and
  texas_holdem_v4 beside them;
- agents.py: MCTS iterations per second and seconds per decision, and greedy's cost per
  decision (greedy_then.py: greedy at an earlier commit against greedy now);
- runner.py: the batch runner's parallel efficiency and memory;
- train.py: whole-loop PPO training steps/s, BatchVecEnv against DummyVecEnv;
- opponents.py: BatchEnv against each zoo model, its moves batched (`act_batch`) and one by one;
- tune.py: the tune framework's own time against the time in matches, and core use;
- report.py: the scripts' `--json` files to docs/performance.md;
- loops.py (the timing loops), peers.py (the peer rows), runinfo.py (machine, versions,
  commit) are shared by the scripts.

Each script runs on its own from the repository root (`python bench/engine.py --help`).
"""
