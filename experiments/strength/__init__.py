"""Head-to-head strength of two agents: seat-swapped matches, win rate, Wilson 95% interval.

    python -m experiments.strength --games 400 --pair greedy,random

Modules:
- `headtohead`: the match loop, its resumable JSON-lines log and the summary (`main`,
  `play_pairs`, `summarize_log`);
- `__main__`: `python -m experiments.strength`.
"""
