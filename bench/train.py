#!/usr/bin/env python3
"""Whole-loop PPO training throughput: `tcglab train`'s BatchVecEnv path against the DummyVecEnv path.

    python bench/train.py                          # First Cycle against random, best of 2
    python bench/train.py --quick --json build/bench/train.json   # what `make bench` runs
    python bench/train.py --rows dummy,batch,batch8 --steps 32768

Each row trains sb3-contrib's MaskablePPO exactly as `tcglab train` does
(experiments/rl/train_ppo.py `make_vec_env` and `make_model`, default hyperparameters:
`--rollout` 2048 samples per update, minibatches of 512, 4 epochs, two hidden layers of 256)
and times `--steps` env steps of `model.learn`, one update at a time, after one untimed
warm-up rollout and update: env steps per second with the network's forward passes and PPO
updates included. The learner's seat is drawn per game, the opponent is `--opponent`
(default random), on `--device` (default cpu; `cpu,cuda` on a GPU machine times every row on
both, taking turns, and prints each row's GPU / CPU ratio) with `--threads` torch threads
(default 1). Rows:

- `dummy`: `--vec dummy --policy mlp`, a DummyVecEnv of 8 single-agent envs x 256 steps per
  rollout and SB3's dense MlpPolicy (the path `tcglab train` used before BatchVecEnv and the
  sparse policy: the baseline of the 3x target);
- `batch`: `tcglab train`'s default: BatchVecEnv of 64 matches x 32 steps per rollout and the
  sparse-first-layer policy (agents/networks.py);
- `batch_mlp`: BatchVecEnv of 64 matches with the dense MlpPolicy (only the env changed);
- `batch8`: BatchVecEnv with the dummy row's 8 envs x 256 steps, sparse policy;
- `dummy_sparse`: the dummy row's env with the sparse policy (only the network changed).

The rows take turns update by update (one rollout and its PPO update each, the order
alternating), so a slow spell of the host falls on every row alike; each of `--repeat`
rounds repeats the same seeded training, and each update keeps its fastest run. Beside
steps/s, each row splits its time into rollouts (of which the env's `step_wait`) and
updates. The summary gives batch / dummy against the 3x target. `--json FILE` writes the
figures for bench/report.py.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.runinfo import run_info, write_json

TARGET = 3.0  # batch / dummy whole-loop steps/s
ROWS = {"dummy": ("dummy", 8, "mlp"), "batch": ("batch", 64, "sparse"), "batch_mlp": ("batch", 64, "mlp"),
        "batch8": ("batch", 8, "sparse"), "dummy_sparse": ("dummy", 8, "sparse")}  # vec, num_envs, policy
NOTES = {"dummy": "DummyVecEnv of 8 single-agent envs, dense MLP",
         "batch": "BatchVecEnv, 64 matches, sparse first layer (tcglab train's default)",
         "batch_mlp": "BatchVecEnv, 64 matches, dense MLP",
         "batch8": "BatchVecEnv, 8 matches, sparse first layer",
         "dummy_sparse": "DummyVecEnv of 8 single-agent envs, sparse first layer"}


def start_row(row: str, game: str, opponent: str, seed: int, rollout: int = 2048,
              device: str = "cpu") -> dict[str, Any]:
    """One row's model and vector env after a warm-up rollout and update (untimed), every
    row's samples per update `rollout` (its envs x rollout / envs steps), with its rollout,
    env and update seconds counted from here on in `spent`."""
    import agents
    from experiments.rl.train_ppo import Args, make_model, make_vec_env
    vec, num_envs, policy = ROWS[row]
    n_steps = rollout // num_envs
    args = Args(game=game, vec=vec, num_envs=num_envs, n_steps=n_steps, seed=seed, opponent=opponent,
                device=device, policy=policy)
    seeds = np.random.SeedSequence(seed).generate_state(num_envs)
    venv = make_vec_env(args, agents.make(opponent), {}, seeds)
    model = make_model(args, venv)
    model.learn(num_envs * n_steps)  # warm-up: one rollout and one update, untimed
    spent = {"rollout_s": 0.0, "update_s": 0.0, "env_s": 0.0}

    def timed(fn, key):
        def wrapper(*a, **k):
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                spent[key] += time.perf_counter() - t
        return wrapper
    model.collect_rollouts = timed(model.collect_rollouts, "rollout_s")
    model.train = timed(model.train, "update_s")
    venv.step_wait = timed(venv.step_wait, "env_s")
    return {"row": row, "model": model, "venv": venv, "spent": spent, "vec": vec, "num_envs": num_envs,
            "n_steps": n_steps, "policy": policy}


def time_rows(rows: list[str], steps: int, game: str, opponent: str, seed: int, rollout: int = 2048,
              device: str | list[str] = "cpu") -> list[list[dict[str, float]]]:
    """Train every row for `steps` env steps, one update (`rollout` samples) at a time, the
    rows taking turns update by update (the order alternating), so a slow spell of the host
    falls on all of them alike: per row, per update, its seconds and their split. `device`
    is one device for every row or one per row."""
    devices = [device] * len(rows) if isinstance(device, str) else device
    started = [start_row(row, game, opponent, seed, rollout, dev) for row, dev in zip(rows, devices)]
    chunks: list[list[dict[str, float]]] = [[] for _ in rows]
    for i in range(max(1, steps // rollout)):
        for k in (range(len(rows)) if i % 2 == 0 else reversed(range(len(rows)))):
            r = started[k]
            model, spent = r["model"], r["spent"]
            before = dict(spent)
            first = model.num_timesteps
            t0 = time.perf_counter()
            model.learn(rollout, reset_num_timesteps=False)
            chunk = {key: spent[key] - before[key] for key in spent}
            chunk.update(seconds=time.perf_counter() - t0, steps=model.num_timesteps - first)
            chunks[k].append(chunk)
    for r in started:
        r["venv"].close()
    return chunks


def best_of(rounds: list[list[dict[str, float]]], row: str) -> dict[str, Any]:
    """A row's figures from its updates over `rounds` (the same seeded training each round):
    each update's fastest run, summed."""
    vec, num_envs, policy = ROWS[row]
    total = {"steps": 0, "seconds": 0.0, "rollout_s": 0.0, "update_s": 0.0, "env_s": 0.0}
    for runs in zip(*rounds):
        fastest = min(runs, key=lambda c: c["seconds"])
        for key in total:
            total[key] += fastest[key]
    return {"row": row, "vec": vec, "num_envs": num_envs, "policy": policy, "note": NOTES[row],
            "steps_per_s": total["steps"] / total["seconds"], **total}


def device_rows(rows: list[str], devices: list[str]) -> tuple[list[str], dict[str, str], dict[str, str]]:
    """The timed rows' labels (each row on each device: `row@device` when more than one
    device is timed, else the row's own name), with each label's row and device."""
    labels, row_of, device_of = [], {}, {}
    for row in rows:
        for d in devices:
            label = f"{row}@{d}" if len(devices) > 1 else row
            labels.append(label)
            row_of[label], device_of[label] = row, d
    return labels, row_of, device_of


def device_ratios(best: dict[str, dict[str, Any]], devices: list[str]) -> dict[str, float]:
    """`row@device / row@cpu` steps/s for every row timed on the CPU and another device."""
    if len(devices) < 2 or "cpu" not in devices:
        return {}
    ratios = {}
    for label, r in best.items():
        row, device = label.rsplit("@", 1)
        if device != "cpu":
            ratios[f"{label} / {row}@cpu"] = r["steps_per_s"] / best[f"{row}@cpu"]["steps_per_s"]
    return ratios


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--game", default="first_cycle", help="game to train on")
    ap.add_argument("--opponent", default="random", help="agent spec of the other seat")
    ap.add_argument("--rows", default="dummy,batch_mlp,batch", help=f"comma-separated rows of {', '.join(ROWS)}")
    ap.add_argument("--steps", type=int, default=16384, help="timed env steps per row and round")
    ap.add_argument("--repeat", type=int, default=2, help="interleaved rounds; each row keeps its fastest")
    ap.add_argument("--rollout", type=int, default=2048,
                    help="samples per PPO update in every row (a multiple of 64; tcglab train's default)")
    ap.add_argument("--threads", type=int, default=1, help="torch threads")
    ap.add_argument("--device", default="cpu",
                    help="torch device(s) of the networks, comma-separated: cpu, cuda, cuda:N or auto "
                         "(the GPU timing: cpu,cuda times every row on both in one run)")
    ap.add_argument("--seed", type=int, default=1, help="training seed (envs and PPO)")
    ap.add_argument("--quick", action="store_true", help="16384 steps, best of three rounds (make bench)")
    ap.add_argument("--json", metavar="FILE", help="write the figures here for bench/report.py")
    args = ap.parse_args(argv)
    rows = [r for r in args.rows.split(",") if r]
    unknown = [r for r in rows if r not in ROWS]
    if unknown or not rows:
        ap.error(f"--rows: unknown row(s) {', '.join(unknown) or '(none given)'}; rows: {', '.join(ROWS)}")
    if args.steps < 1 or args.repeat < 1 or args.threads < 1:
        ap.error("--steps, --repeat and --threads must be at least 1")
    if args.rollout < 64 or args.rollout % 64:
        ap.error(f"--rollout must be a positive multiple of 64, got {args.rollout}")
    if args.quick:
        args.steps, args.repeat = 16384, 3
    import torch

    from experiments.rl.train_checks import check_device
    from experiments.rl.train_ppo import resolve_device
    from sim.core.errors import TcglabError
    try:
        devices = [d for d in args.device.split(",") if d]
        for d in devices:
            check_device(d)
    except TcglabError as e:
        ap.error(str(e))
    devices = [resolve_device(d) for d in devices]
    if not devices or len(set(devices)) < len(devices):
        ap.error(f"--device: expected distinct devices, comma-separated, got {args.device!r}")
    torch.set_num_threads(args.threads)
    args.device = ",".join(devices)
    labels, row_of, device_of = device_rows(rows, devices)
    info = run_info()
    print(f"# PPO training loop, {args.game} against {args.opponent}, device {args.device}, {args.threads} torch "
          f"thread(s), {args.steps} steps per row, rows taking turns update by update, each update's fastest of {args.repeat} "
          f"rounds, seed {args.seed}")
    rounds = [time_rows([row_of[x] for x in labels], args.steps, args.game, args.opponent, args.seed, args.rollout,
                        [device_of[x] for x in labels])
              for _ in range(args.repeat)]
    best = {x: {**best_of([chunks[k] for chunks in rounds], row_of[x]), "row": x, "device": device_of[x]}
            for k, x in enumerate(labels)}
    rows = labels
    print(f"{'row':16s} {'steps/s':>9s} {'seconds':>8s} {'rollout s':>9s} {'env s':>7s} "
          f"{'update s':>8s}  what")
    for row in rows:
        r = best[row]
        print(f"{row:16s} {r['steps_per_s']:9,.0f} {r['seconds']:8.1f} {r['rollout_s']:9.1f} "
              f"{r['env_s']:7.1f} {r['update_s']:8.1f}  {r['note']}")
    ratios = {f"{row} / dummy": best[row]["steps_per_s"] / best["dummy"]["steps_per_s"]
              for row in rows if row != "dummy" and "dummy" in best}
    ratios.update(device_ratios(best, devices))
    for name, value in ratios.items():
        verdict = f" ({'meets' if value >= TARGET else 'misses'} the {TARGET:g}x target)" \
            if name == "batch / dummy" else ""
        print(f"# {name} = {value:.2f}{verdict}")
    if args.json:
        write_json(args.json, "train", info, {
            "settings": {"game": args.game, "opponent": args.opponent, "steps": args.steps,
                         "repeat": args.repeat, "rollout": args.rollout, "threads": args.threads, "seed": args.seed,
                         "device": args.device, "rows": rows},
            "rows": [best[r] for r in rows], "ratios": ratios, "target": TARGET})
    return 0


if __name__ == "__main__":
    sys.exit(main())
