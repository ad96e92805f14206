#!/usr/bin/env python3
"""Throughput of the First Cycle environments: AEC env, BatchEnv, and the engine alone.

    python bench/env.py                  # 3 s per row
    python bench/env.py --seconds 5 --num-envs 128

Rows (decisions per second, like ../shared/bench/peers.py):
- `engine`: `sim` alone, random legal actions (`legal_actions`/`apply`), no observation;
- `aec_env`: `envs.first_cycle_v0.env()` with PettingZoo's standard wrappers, driven by
  the loop of peers.py (`agent_iter`, `last()` with the observation encoded every step, a
  uniform choice among the mask's ones, `step`); resets are timed;
- `batch_env`: `envs.BatchEnv` with `--num-envs` matches, the uniform legal choice made
  for all rows at once from the masks; steps/s counts every match's decision.

Same seed, same games. `--cpu-time` times with the process's CPU time (steadier when
other jobs share the machine). For the peers in the same process and run:
`python ../shared/bench/peers.py --aec envs.first_cycle_v0:env --only floor,texas,custom`.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from envs import BatchEnv, first_cycle_v0
from sim import load_game

perf = time.perf_counter


def bench_engine(seconds: float, seed: int) -> dict[str, Any]:
    """Random legal play on the engine alone (no observation, no env)."""
    game = load_game("first_cycle")
    randrange = random.Random(seed).randrange
    steps = games = 0
    t0 = perf()
    deadline = t0 + seconds
    k = seed
    while perf() < deadline:
        state = game.new_state(k)
        k += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])
            steps += 1
        games += 1
    return {"steps": steps, "games": games, "elapsed": perf() - t0}


def bench_aec(seconds: float, seed: int) -> dict[str, Any]:
    """The AEC env with wrappers, in the loop peers.py uses for PettingZoo envs."""
    env = first_cycle_v0.env()
    flatnonzero = np.flatnonzero
    randrange = random.Random(seed).randrange
    env.reset(seed=seed)
    steps = games = 0
    t0 = perf()
    deadline = t0 + seconds
    done = False
    first = True
    while not done:
        if not first:
            env.reset()
        first = False
        for agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                action = None
            else:
                legal = flatnonzero(obs["action_mask"])
                action = int(legal[randrange(legal.size)])
                steps += 1
            env.step(action)
            if perf() >= deadline:
                done = True
                break
        else:
            games += 1
    env.close()
    return {"steps": steps, "games": games, "elapsed": perf() - t0}


def bench_batch(seconds: float, seed: int, num_envs: int) -> dict[str, Any]:
    """BatchEnv stepping `num_envs` matches; uniform legal actions chosen with numpy."""
    benv = BatchEnv("first_cycle", num_envs=num_envs, seed=seed)
    rng = np.random.default_rng(seed)
    out = benv.reset()
    steps = games = 0
    t0 = perf()
    deadline = t0 + seconds
    while perf() < deadline:
        scores = rng.random(out.mask.shape, dtype=np.float32)
        scores *= out.mask
        out = benv.step(scores.argmax(axis=1))
        steps += num_envs
        games += int(out.dones.sum())
    return {"steps": steps, "games": games, "elapsed": perf() - t0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="timed budget per row (default 3)")
    ap.add_argument("--warmup", type=float, default=0.5,
                    help="untimed warm-up per row (default 0.5)")
    ap.add_argument("--num-envs", type=int, default=64, help="BatchEnv matches (default 64)")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--cpu-time", action="store_true",
                    help="time with this process's CPU time instead of wall time (steadier on "
                         "a shared machine; peers.py uses wall time)")
    args = ap.parse_args(argv)
    global perf
    perf = time.process_time if args.cpu_time else time.perf_counter

    rows = [("engine", lambda s, sd: bench_engine(s, sd), "sim only, no observation"),
            ("aec_env", lambda s, sd: bench_aec(s, sd),
             "first_cycle_v0.env(), wrappers, obs encoded"),
            ("batch_env", lambda s, sd: bench_batch(s, sd, args.num_envs),
             f"BatchEnv, {args.num_envs} matches, obs encoded")]
    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    clock = "CPU time" if args.cpu_time else "wall time"
    print(f"# python {platform.python_version()}, {os.cpu_count()} cpus, load at start {load}; "
          f"{args.seconds:g} s per row ({clock}), seed {args.seed}")
    print(f"{'row':10s} {'steps/s':>10s} {'us/step':>8s} {'games/s':>8s} {'steps/game':>10s}  note")
    results = {}
    for name, fn, note in rows:
        if args.warmup > 0:
            fn(args.warmup, args.seed + 1_000_003)
        r = fn(args.seconds, args.seed)
        rate = r["steps"] / r["elapsed"]
        results[name] = rate
        per_game = r["steps"] / r["games"] if r["games"] else float("nan")
        print(f"{name:10s} {rate:10,.0f} {1e6 / rate:8.1f} {r['games'] / r['elapsed']:8.1f} "
              f"{per_game:10.1f}  {note}", flush=True)
    print(f"# batch_env / aec_env = {results['batch_env'] / results['aec_env']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
