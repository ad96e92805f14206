"""The agent ladder: a round robin of agents on one game, rated with openskill.

    from experiments.ladder import LadderSpec, run_ladder
    table = run_ladder(LadderSpec(game="first_cycle", agents=("random", "greedy", "mcts")), "runs/ladder")
    print(ladder_markdown(table, spec))

Modules:
- `ladder`: `LadderSpec`, `run_ladder` (a round-robin sweep, then the rating table with
  intervals) and `ladder_markdown` (the table a researcher reads, with what it measured).
"""
from experiments.ladder.ladder import LadderSpec, ladder_markdown, run_ladder

__all__ = ["LadderSpec", "ladder_markdown", "run_ladder"]
