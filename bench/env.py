#!/usr/bin/env python3
"""Throughput of the game environments: engine, AEC env and BatchEnv per game, peers beside them.

    python bench/env.py                  # every game with an env, 3 s per row, best of 3
    python bench/env.py --games cipher --seconds 5 --num-envs 128
    python bench/env.py --games xenodex,xenodex@3,xenodex@4   # @N: the player count
    python bench/env.py --peers --json build/bench/env.json   # what `make bench` runs

Rows, for each game of `--games` (default: first_cycle, cipher, xenodex at 2, 3 and 4 seats),
in player decisions per second under uniformly random legal play:
- `engine`: `sim` alone, random legal actions (`legal_actions`/`apply`), no observation;
- `aec_env`: `envs.<game>_v0.env()` with PettingZoo's standard wrappers, driven by
  bench/loops.py's `aec_loop` (`agent_iter`, `last()` with the observation encoded every
  step, a uniform choice among the mask's ones, `step`); resets are timed;
- `batch_env`: `envs.BatchEnv` with `--num-envs` matches, the uniform legal choice made
  for all rows at once from the masks; steps/s counts every match's decision.

`--peers` adds the AEC peers of bench/peers.py, timed with the same AEC loop in the
same slices: `floor_wrapped` (a do-nothing PettingZoo env under the classic
wrappers: what PettingZoo's own loop and wrappers cost) and `texas_holdem_v4`. Each game's
summary line then gives aec_env / floor_wrapped and aec_env / texas_holdem_v4 beside
batch_env / aec_env, all from one run. A peer whose library is missing is skipped with
one line.

Each row is timed in `--repeat` rounds and keeps its best round, as timeit does: the least
disturbed run is closest to the code's own cost. Within a round a game's rows take turns in
8 slices of `--seconds` / 8 each (the order alternating), every row carrying on its own
games from slice to slice, so a slow spell of the host falls on all of them alike. Same
seed, same games. `--cpu-time` times with the process's CPU time (steadier when other
jobs share the machine). `--json FILE` writes the figures for bench/report.py.
"""
from __future__ import annotations

import argparse
import importlib
import math
import os
import random
import sys
import time
from collections.abc import Generator
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench import peers as peer_rows
from bench.loops import aec_runner
from bench.runinfo import run_info, write_json
from envs import BatchEnv
from envs.registry import ENV_MODULES
from sim import load_game

perf = time.perf_counter
SLICES = 8
"""Slices per round in which the rows of a game take turns."""


def _parse(game_name: str) -> tuple[str, dict[str, Any]]:
    """"xenodex@4" -> ("xenodex", {"num_players": 4}); a plain name -> (name, {})."""
    name, _, players = game_name.partition("@")
    return name, ({"num_players": int(players)} if players else {})


def engine_runner(seed: int, game_name: str = "first_cycle") -> Generator[dict[str, Any], float, None]:
    """Random legal play on the engine alone (no observation, no env), in slices: after
    `next()`, each `send(seconds)` plays on for that long (whole games; set-up timed) and
    returns the running totals (`elapsed`: the seconds inside the slices only)."""
    name, params = _parse(game_name)
    game = load_game(name, **params)
    randrange = random.Random(seed).randrange
    steps = games = 0
    elapsed = 0.0
    k = seed
    seconds = yield {}
    t0 = perf()
    deadline = t0 + seconds
    while True:
        state = game.new_state(k)
        k += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])
            steps += 1
        games += 1
        now = perf()
        if now >= deadline:
            elapsed += now - t0
            seconds = yield {"steps": steps, "in_games": steps, "games": games, "elapsed": elapsed}
            t0 = perf()
            deadline = t0 + seconds


def aec_env_runner(seed: int, game_name: str = "first_cycle") -> tuple[Any, Any]:
    """The AEC env with wrappers in the loop the AEC peers are timed with (`aec_runner`), and
    the env (to close)."""
    name, params = _parse(game_name)
    env = importlib.import_module(ENV_MODULES[name]).env(**params)
    return aec_runner(env, seed, clock=perf), env


def batch_runner(seed: int, num_envs: int, game_name: str = "first_cycle", **options: Any
                 ) -> Generator[dict[str, Any], float, None]:
    """BatchEnv stepping `num_envs` matches, uniform legal actions chosen with numpy, in slices
    as `engine_runner`'s; `options` go to BatchEnv (an `opponent` and its `seat`, as
    bench/opponents.py gives)."""
    name, params = _parse(game_name)
    benv = BatchEnv(name, num_envs=num_envs, seed=seed, **params, **options)
    rng = np.random.default_rng(seed)
    out = benv.reset()
    steps = games = 0
    elapsed = 0.0
    seconds = yield {}
    t0 = perf()
    deadline = t0 + seconds
    while True:
        scores = rng.random(out.mask.shape, dtype=np.float32)
        scores *= out.mask
        out = benv.step(scores.argmax(axis=1))
        steps += num_envs
        games += int(out.dones.sum())
        now = perf()
        if now >= deadline:
            elapsed += now - t0
            seconds = yield {"steps": steps, "games": games, "elapsed": elapsed}
            t0 = perf()
            deadline = t0 + seconds


def peer_runners() -> tuple[list[tuple[str, Any, str]], list[dict[str, str]]]:
    """`(row, start(seed) -> (runner, env), note)` for each AEC peer of bench/peers.py, and the
    skipped ones."""
    ready, skipped = peer_rows.load(peer_rows.AEC_PEERS)
    rows = []
    for peer, make in ready:
        def start(seed: int, make=make) -> tuple[Any, Any]:
            env = make()
            return aec_runner(env, seed, clock=perf), env
        rows.append((peer.name, start, peer.note))
    return rows, skipped


def time_rows(rows: list[tuple[str, Any, str]], seconds: float, warmup: float, repeat: int,
              seed: int) -> dict[str, dict[str, Any]]:
    """Each row's best round of `repeat`: the rows take turns in `SLICES` slices of
    `seconds / SLICES` per round (the order alternating), each carrying on its own games,
    after an untimed warm-up of `warmup` seconds each."""
    started = {}
    for name, start, _note in rows:
        runner, env = start(seed)
        next(runner)
        started[name] = (runner, env, runner.send(warmup) if warmup > 0 else
                         {"steps": 0, "in_games": 0, "games": 0, "elapsed": 0.0})
    best: dict[str, dict[str, Any]] = {}
    for _ in range(repeat):
        before = {name: totals for name, (_r, _e, totals) in started.items()}
        now = dict(before)
        for i in range(SLICES):
            names = list(started) if i % 2 == 0 else list(reversed(started))
            for name in names:
                now[name] = started[name][0].send(seconds / SLICES)
        for name in started:
            r = {key: now[name][key] - before[name].get(key, 0) for key in now[name]}
            r["rate"] = r["steps"] / r["elapsed"]
            if name not in best or r["rate"] > best[name]["rate"]:
                best[name] = r
            started[name] = (started[name][0], started[name][1], now[name])
    for runner, env, _totals in started.values():
        runner.close()
        if env is not None:
            env.close()
    return best


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="timed budget per row (default 3)")
    ap.add_argument("--warmup", type=float, default=0.5,
                    help="untimed warm-up per row (default 0.5)")
    ap.add_argument("--num-envs", type=int, default=64, help="BatchEnv matches (default 64)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="timed runs per row, interleaved; the best is reported, as timeit "
                         "does (default 3)")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--games", default="first_cycle,cipher,xenodex,xenodex@3,xenodex@4",
                    help="comma-separated games with an env, @N for a player count "
                         "(default: first_cycle,cipher,xenodex,xenodex@3,xenodex@4)")
    ap.add_argument("--peers", action="store_true",
                    help="also time the AEC peers of bench/peers.py (floor_wrapped, "
                         "texas_holdem_v4) in the same rounds, and print the AEC env's ratios to them")
    ap.add_argument("--cpu-time", action="store_true",
                    help="time with this process's CPU time instead of wall time (steadier on "
                         "a shared machine)")
    ap.add_argument("--json", help="write the figures to this file (for bench/report.py)")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error(f"--repeat must be at least 1, got {args.repeat}")
    global perf
    perf = time.process_time if args.cpu_time else time.perf_counter
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if _parse(g)[0] not in ENV_MODULES]
    if unknown:
        ap.error(f"no env for {unknown}; games with an env: {sorted(ENV_MODULES)}")
    info = run_info()
    peers, skipped = peer_runners() if args.peers else ([], [])

    clock = "CPU time" if args.cpu_time else "wall time"
    print(f"# python {info['python']}, {info['cpu_count']} cpus, load at start "
          f"{info['loadavg_at_start']}; {args.seconds:g} s per run ({clock}), best of "
          f"{args.repeat}, seed {args.seed}")
    print(f"{'game':12s} {'row':15s} {'steps/s':>10s} {'us/step':>8s} {'games/s':>8s} "
          f"{'steps/game':>10s}  note")
    results = []
    for game in games:
        name, params = _parse(game)
        env_name = ENV_MODULES[name].rsplit(".", 1)[1]
        env_args = ", ".join(f"{k}={v}" for k, v in params.items())
        rows = [("engine", lambda sd, g=game: (engine_runner(sd, g), None), "sim only, no observation"),
                ("aec_env", lambda sd, g=game: aec_env_runner(sd, g),
                 f"{env_name}.env({env_args}), wrappers, obs encoded"),
                ("batch_env", lambda sd, g=game: (batch_runner(sd, args.num_envs, g), None),
                 f"BatchEnv, {args.num_envs} matches, obs encoded")] + peers
        best = time_rows(rows, args.seconds, args.warmup, args.repeat, args.seed)
        out_rows = []
        peer_names = {p[0] for p in peers}
        for name, _fn, note in rows:
            r = best[name]
            rate = r["rate"]
            # BatchEnv's steps include its matches still in play, so it has no steps per game
            per_game = r["in_games"] / r["games"] if r["games"] and "in_games" in r else float("nan")
            print(f"{game:12s} {name:15s} {rate:10,.0f} {1e6 / rate if rate else math.inf:8.1f} "
                  f"{r['games'] / r['elapsed']:8.1f} {per_game:10.1f}  {note}", flush=True)
            out_rows.append({"row": name, "peer": name in peer_names, "note": note,
                             "steps_per_s": rate, "us_per_step": 1e6 / rate if rate else None,
                             "games_per_s": r["games"] / r["elapsed"],
                             "steps_per_game": None if math.isnan(per_game) else per_game,
                             "steps": r["steps"], "games": r["games"], "seconds": r["elapsed"]})
        aec = best["aec_env"]["rate"]
        ratios = {"batch_env / aec_env": best["batch_env"]["rate"] / aec}
        for name, _fn, _note in peers:
            ratios[f"aec_env / {name}"] = aec / best[name]["rate"]
        print(f"# {game}: " + ", ".join(f"{k} = {v:.2f}" for k, v in ratios.items()))
        results.append({"game": game, "rows": out_rows, "ratios": ratios})
    if args.json:
        write_json(args.json, "env", info, {
            "settings": {"games": games, "seconds": args.seconds, "warmup": args.warmup,
                         "repeat": args.repeat, "seed": args.seed, "num_envs": args.num_envs,
                         "clock": clock, "peers": args.peers},
            "games": results, "skipped": skipped})
    return 0


if __name__ == "__main__":
    sys.exit(main())
