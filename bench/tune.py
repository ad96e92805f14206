"""Tuning figures: the tune framework's own overhead against the time spent in matches, and core use.

A real `tcglab tune` search (First Cycle, greedy agents, one objective: the first player's
advantage over the defender bonus and the opening hand), run in this process on local
workers. Per trial the batch runner plays the trial's matches (`match seconds`: the wall
time of that batch); everything else the search does (optuna's ask and tell, the SQLite
storage, the measures, the bookkeeping) is the framework's overhead:

    overhead share = (search wall time - sum of match seconds) / sum of match seconds   (target: at most 5%)
    core use       = CPU seconds of this process and its workers / (search wall time x workers)

    python bench/tune.py                         # 16 trials x 200 matches, 2 workers
    python bench/tune.py --quick                 # 8 trials x 200 matches (what `make bench` runs)
    python bench/tune.py --quick --json build/bench/tune.json

The held-out check and the files written after the search are not in the figures (they are
matches and a plot, once per tune).
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.runinfo import run_info, write_json  # noqa: E402

SPACE = {"params": {"defender_bonus": {"low": 0, "high": 3}, "opening_hand": {"low": 4, "high": 6},
                    "first_player_draws": [False, True]}}


def cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and its reaped children so far."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure_tune(trials: int, matches: int, workers: int, out: Path) -> dict:
    """Run the search of one tune and return its timing figures."""
    from experiments.tune import parse_tune
    from experiments.tune.search import open_study, search
    spec = parse_tune({"name": "bench", "game": "first_cycle", "agents": "greedy", "matches": matches,
                       "trials": trials, "seed": 1, "workers": workers, "startup_trials": max(1, trials // 2),
                       "space": SPACE, "objectives": [{"metric": "first_player_advantage"}]})
    out.mkdir(parents=True)
    per_trial = []
    study = open_study(spec, out / "study.db")
    cpu0, t0 = cpu_seconds(), time.perf_counter()
    search(spec, study, say=lambda line: None, on_trial=lambda n, attrs, fw: per_trial.append((attrs, fw)))
    wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
    in_matches = sum(a.get("match_seconds", 0.0) for a, _ in per_trial)
    match_sum = sum(a.get("match_wall_sum", 0.0) for a, _ in per_trial)
    played = sum(1 for a, _ in per_trial if "same_as" not in a and "error" not in a)
    framework = wall - in_matches
    return {"trials": trials, "trials_played": played, "matches_per_trial": matches, "workers": workers,
            "search_seconds": wall, "match_seconds": in_matches, "framework_seconds": framework,
            "overhead_share": framework / in_matches if in_matches else float("nan"),
            "framework_ms_per_trial": 1000 * framework / max(1, trials),
            "cpu_seconds": cpu, "core_use": cpu / (wall * workers),
            "in_trial_parallel_efficiency": match_sum / (in_matches * workers) if in_matches else float("nan")}


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=16)
    ap.add_argument("--matches", type=int, default=200, help="matches per trial")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true",
                    help="8 trials of 200 matches (the trial size of the example tune files; the framework's "
                         "cost is fixed per trial, so its share halves when a trial's matches double)")
    ap.add_argument("--json", help="write the figures to this file (for bench/report.py)")
    args = ap.parse_args(argv)
    info = run_info()
    if args.quick:
        args.trials, args.matches = 8, 200
    with tempfile.TemporaryDirectory() as tmp:
        f = measure_tune(args.trials, args.matches, args.workers, Path(tmp) / "tune")
    print(f"tune overhead: {f['framework_seconds']:.2f} s of search, storage and bookkeeping = "
          f"{f['overhead_share']:.2%} of {f['match_seconds']:.1f} s in matches (target at most 5%; "
          f"{f['framework_ms_per_trial']:.0f} ms per trial; {f['trials']} trials, {f['trials_played']} played, "
          f"{f['matches_per_trial']} matches each)")
    print(f"core use: {f['core_use']:.0%} of {f['workers']} cores over the search "
          f"({f['cpu_seconds']:.1f} CPU s in {f['search_seconds']:.1f} s); matches' own time "
          f"{f['in_trial_parallel_efficiency']:.0%} of the workers' time inside trials "
          f"(os.cpu_count()={os.cpu_count()})")
    if args.json:
        write_json(args.json, "tune", info, {
            "settings": {"game": "first_cycle", "agents": "greedy", "space": SPACE,
                         "objective": "first_player_advantage", "trials": args.trials,
                         "matches": args.matches, "workers": args.workers},
            "figures": f})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
