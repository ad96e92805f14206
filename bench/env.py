#!/usr/bin/env python3
"""Throughput of the game environments: AEC env, BatchEnv, and the engine alone, per game.

    python bench/env.py                  # First Cycle and FE Cipher, 3 s per row
    python bench/env.py --games cipher --seconds 5 --num-envs 128
    python bench/env.py --games xenodex,xenodex@3,xenodex@4   # @N: the player count

Rows, for each game of `--games` (default: first_cycle, cipher, xenodex, xenodex@4;
a name with `@N` runs that game with N players),
in decisions per second like ../shared/bench/peers.py:
- `engine`: `sim` alone, random legal actions (`legal_actions`/`apply`), no observation;
- `aec_env`: `envs.<game>_v0.env()` with PettingZoo's standard wrappers, driven by
  the loop of peers.py (`agent_iter`, `last()` with the observation encoded every step, a
  uniform choice among the mask's ones, `step`); resets are timed;
- `batch_env`: `envs.BatchEnv` with `--num-envs` matches, the uniform legal choice made
  for all rows at once from the masks; steps/s counts every match's decision.

Each row is timed `--repeat` times (rounds interleave the rows) and the best run is
printed, as timeit does: the least disturbed run is closest to the code's own cost.
Same seed, same games. `--cpu-time` times with the process's CPU time (steadier when
other jobs share the machine).

`--peers` adds two rows of ../shared/bench/peers.py (`--peers-path`), timed in the same
interleaved rounds with its own loop and set-up: `floor_wrapped` (a do-nothing PettingZoo
env with the classic wrappers: the framework's floor) and `texas_holdem_v4`; then each
game's line gives aec_env / floor and aec_env / texas beside batch_env / aec_env, all from
one run (issue 3 asks for the AEC env at half the floor or better and BatchEnv at 2x the
AEC env). The peers alone: `python ../shared/bench/peers.py --aec envs.first_cycle_v0:env
--only floor,texas,custom`.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import math
import os
import platform
import random
import sys
import time
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from envs import BatchEnv
from envs.registry import ENV_MODULES
from sim import load_game

perf = time.perf_counter


def _parse(game_name: str) -> tuple[str, dict[str, Any]]:
    """"xenodex@4" -> ("xenodex", {"num_players": 4}); a plain name -> (name, {})."""
    name, _, players = game_name.partition("@")
    return name, ({"num_players": int(players)} if players else {})


def bench_engine(seconds: float, seed: int, game_name: str = "first_cycle") -> dict[str, Any]:
    """Random legal play on the engine alone (no observation, no env)."""
    name, params = _parse(game_name)
    game = load_game(name, **params)
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


def bench_aec(seconds: float, seed: int, game_name: str = "first_cycle") -> dict[str, Any]:
    """The AEC env with wrappers, in the loop peers.py uses for PettingZoo envs."""
    name, params = _parse(game_name)
    env = importlib.import_module(ENV_MODULES[name]).env(**params)
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
        for _agent in env.agent_iter():
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


def bench_batch(seconds: float, seed: int, num_envs: int, game_name: str = "first_cycle"
                ) -> dict[str, Any]:
    """BatchEnv stepping `num_envs` matches; uniform legal actions chosen with numpy."""
    name, params = _parse(game_name)
    benv = BatchEnv(name, num_envs=num_envs, seed=seed, **params)
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


DEFAULT_PEERS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                             os.pardir, "shared", "bench", "peers.py")
PEER_ROWS = (("floor", "floor_wrapped", "PettingZoo do-nothing env + classic wrappers (peers.py)"),
             ("texas", "texas_holdem_v4", "PettingZoo texas_holdem_v4 (peers.py)"))


def peer_runners(path: str) -> list[tuple[str, Any, str]]:
    """`(row, fn(seconds, seed), note)` for the floor and texas_holdem_v4 rows of peers.py."""
    if not os.path.isfile(path):
        raise FileNotFoundError(f"--peers: no peers.py at {path} (set --peers-path)")
    spec = importlib.util.spec_from_file_location("tcglab_bench_peers", path)
    peers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(peers)
    runners = {"floor": peers.floor_runner(True), "texas": peers.pettingzoo_runner("texas_holdem_v4")}

    def row(run: Any) -> Any:
        def fn(seconds: float, seed: int) -> dict[str, Any]:
            r = run(seconds, seed, 0.0)  # bench/env.py does the warm-up itself
            return {"steps": r["steps"], "games": r["games"], "elapsed": r["elapsed_s"]}
        return fn

    missing_library = getattr(peers, "Skip", ())  # what peers.py raises without a peer's library
    rows = []
    for key, name, note in PEER_ROWS:
        fn = row(runners[key])
        try:
            fn(0.05, 0)  # a peer whose library is missing says so now, not mid-run
        except missing_library as e:
            print(f"# {name} skipped: {e} (make bench installs the peers: extra 'bench')")
            continue
        rows.append((name, fn, note))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="timed budget per row (default 3)")
    ap.add_argument("--warmup", type=float, default=0.5,
                    help="untimed warm-up per row (default 0.5)")
    ap.add_argument("--num-envs", type=int, default=64, help="BatchEnv matches (default 64)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="timed runs per row, interleaved; the best is reported, as timeit "
                         "does (default 3)")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--games", default="first_cycle,cipher,xenodex,xenodex@4",
                    help="comma-separated games with an env, @N for a player count "
                         "(default: first_cycle,cipher,xenodex,xenodex@4)")
    ap.add_argument("--peers", action="store_true",
                    help="also time peers.py's floor_wrapped and texas_holdem_v4 rows in the same "
                         "rounds, and print the AEC env's ratios to them")
    ap.add_argument("--peers-path", default=DEFAULT_PEERS,
                    help="peers.py to load for --peers (default: ../shared/bench/peers.py)")
    ap.add_argument("--cpu-time", action="store_true",
                    help="time with this process's CPU time instead of wall time (steadier on "
                         "a shared machine; peers.py uses wall time)")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error(f"--repeat must be at least 1, got {args.repeat}")
    global perf
    perf = time.process_time if args.cpu_time else time.perf_counter
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if _parse(g)[0] not in ENV_MODULES]
    if unknown:
        ap.error(f"no env for {unknown}; games with an env: {sorted(ENV_MODULES)}")
    peers = []
    if args.peers:
        try:
            peers = peer_runners(args.peers_path)
        except FileNotFoundError as e:
            ap.error(str(e))

    load = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    clock = "CPU time" if args.cpu_time else "wall time"
    print(f"# python {platform.python_version()}, {os.cpu_count()} cpus, load at start {load}; "
          f"{args.seconds:g} s per run ({clock}), best of {args.repeat}, seed {args.seed}")
    print(f"{'game':12s} {'row':15s} {'steps/s':>10s} {'us/step':>8s} {'games/s':>8s} "
          f"{'steps/game':>10s}  note")
    for game in games:
        name, params = _parse(game)
        env_name = ENV_MODULES[name].rsplit(".", 1)[1]
        env_args = ", ".join(f"{k}={v}" for k, v in params.items())
        rows = [("engine", lambda s, sd, g=game: bench_engine(s, sd, g), "sim only, no observation"),
                ("aec_env", lambda s, sd, g=game: bench_aec(s, sd, g),
                 f"{env_name}.env({env_args}), wrappers, obs encoded"),
                ("batch_env", lambda s, sd, g=game: bench_batch(s, sd, args.num_envs, g),
                 f"BatchEnv, {args.num_envs} matches, obs encoded")] + peers
        best: dict[str, dict[str, Any]] = {}
        for _ in range(args.repeat):  # rounds interleave the rows, so drift hits all alike
            for name, fn, _note in rows:
                if args.warmup > 0:
                    fn(args.warmup, args.seed + 1_000_003)
                r = fn(args.seconds, args.seed)
                r["rate"] = r["steps"] / r["elapsed"]
                if name not in best or r["rate"] > best[name]["rate"]:
                    best[name] = r
        for name, _fn, note in rows:
            r = best[name]
            rate = r["rate"]
            per_game = r["steps"] / r["games"] if r["games"] else float("nan")
            print(f"{game:12s} {name:15s} {rate:10,.0f} {1e6 / rate if rate else math.inf:8.1f} "
                  f"{r['games'] / r['elapsed']:8.1f} {per_game:10.1f}  {note}", flush=True)
        aec = best["aec_env"]["rate"]
        line = f"# {game}: batch_env / aec_env = {best['batch_env']['rate'] / aec:.2f}x"
        for name, _fn, _note in peers:
            line += f", aec_env / {name} = {aec / best[name]['rate']:.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
