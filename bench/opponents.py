#!/usr/bin/env python3
"""BatchEnv against a network opponent: one forward pass per round for every match waiting on
it (`act_batch`) against one `act` per opponent move.

    python bench/opponents.py                      # every zoo model, 3 s per row, best of 3
    python bench/opponents.py --quick --json build/bench/opponents.json   # what `make bench` runs
    python bench/opponents.py --models first_cycle --num-envs 128

For each zoo model (agents/zoo: `ppo:first_cycle`, `ppo:cipher`, `ppo:xenodex_2p`,
`ppo:xenodex_4p`), `envs.BatchEnv` of `--num-envs` matches of its game and seat count, the
learner's seat drawn per game, the model playing every other seat (CPU, `--threads` torch
threads), the learner's uniform legal choice made for all rows at once from the masks;
steps/s counts the learner's decisions (the opponent's moves happen inside each step). Rows:

- `batched`: the agent itself as the opponent: BatchEnv asks its `act_batch` once per round
  for every match waiting on it (envs/opponents.py);
- `one_by_one`: the same agent behind a plain callable, so BatchEnv asks `act` once per move
  (what every opponent got before `act_batch`).

Both rows play the same games (same seed; tests/agents/test_ppo_batch.py holds their
trajectories equal). A model's two rows take turns in 4 slices of `--seconds` / 4 each,
each row carrying on its own games, and each row keeps its best of `--repeat` rounds.
`--json FILE` writes the figures for bench/report.py.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.runinfo import run_info, write_json

SLICES = 4
"""Slices per round in which a model's two rows take turns."""


def runner(model: str, batched: bool, num_envs: int, seed: int):
    """bench/env.py's `batch_runner` against `ppo:<model>`, through its `act_batch` or (not
    `batched`) behind a plain callable: it steps for the seconds sent to it and yields the
    learner steps and seconds so far."""
    import agents
    from agents import zoo
    from bench.env import batch_runner
    card = zoo.entry(model)
    game = card["game"] if card["num_players"] == 2 else f"{card['game']}@{card['num_players']}"
    agent = agents.make(f"ppo:{model}")
    opponent = agent if batched else (lambda state, rng: agent.act(state, rng))
    return batch_runner(seed, num_envs, game, opponent=opponent, seat="random")


def time_model(model: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The two rows of `model`, each its best round's learner steps per second."""
    best = {"batched": 0.0, "one_by_one": 0.0}
    for _ in range(args.repeat):
        runs = {row: runner(model, row == "batched", args.num_envs, args.seed) for row in best}
        for r in runs.values():
            next(r)
        totals: dict[str, dict] = {}
        order = list(best)
        for i in range(SLICES):
            for row in order if i % 2 == 0 else order[::-1]:
                totals[row] = runs[row].send(args.seconds / SLICES)
        for row, got in totals.items():
            best[row] = max(best[row], got["steps"] / got["elapsed"])
    return [{"model": model, "row": row, "steps_per_s": rate, "num_envs": args.num_envs}
            for row, rate in best.items()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--models", default="first_cycle,cipher,xenodex_2p,xenodex_4p",
                    help="zoo models, comma-separated")
    ap.add_argument("--seconds", type=float, default=3.0, help="timed budget per row and round")
    ap.add_argument("--repeat", type=int, default=3, help="rounds per row (best kept)")
    ap.add_argument("--num-envs", type=int, default=64, help="BatchEnv matches")
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--quick", action="store_true", help="2 s per row, best of 2 (make bench)")
    ap.add_argument("--json", help="write the figures to this file (for bench/report.py)")
    args = ap.parse_args(argv)
    if args.quick:
        args.seconds, args.repeat = 2.0, 2
    import torch
    torch.set_num_threads(args.threads)
    info = run_info()
    print(f"# BatchEnv of {args.num_envs} matches against each zoo model, learner seat random; "
          f"{args.seconds:g} s per row, best of {args.repeat}, seed {args.seed}, "
          f"{args.threads} torch thread(s)")
    print(f"{'model':12s} {'row':11s} {'steps/s':>9s}")
    rows: list[dict[str, Any]] = []
    for model in args.models.split(","):
        got = time_model(model, args)
        rows += got
        for r in got:
            print(f"{model:12s} {r['row']:11s} {r['steps_per_s']:9,.0f}")
        print(f"# {model}: batched / one_by_one = {got[0]['steps_per_s'] / got[1]['steps_per_s']:.2f}")
    if args.json:
        write_json(args.json, "opponents", info, {
            "settings": {"seconds": args.seconds, "repeat": args.repeat, "num_envs": args.num_envs,
                         "threads": args.threads, "seed": args.seed},
            "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
