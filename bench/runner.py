"""Batch-runner figures: parallel efficiency and memory as runs grow.

1. Parallel efficiency: the same random-vs-random First Cycle run with 1 and with 2 local
   workers; efficiency = (matches/s with 2) / (2 x matches/s with 1).
2. Peak memory: the resident-set peak of a whole `tcglab run` process (one worker, logs
   streamed to Parquet, card table on) for a small and a 10x larger run.
3. Integrity cost: what a resume spends on the folder lock and on verifying every shard of
   a 1-worker run of `--integrity-matches` (10,000 by default, in `--quick` too), as a share
   of that run's wall time; and the time to verify a run of 1,000 one-match shards (matches
   and cards tables).

    python bench/runner.py                       # 10,000-match timing, 10k vs 100k memory
    python bench/runner.py --quick               # 400-match timing, 1k vs 10k memory, integrity at 10k
    python bench/runner.py --quick --json build/bench/runner.json   # what `make bench` runs

Each timing is the best of `--repeat` runs (as `timeit` does): on a shared machine other
processes only ever slow a run down, so the fastest run is the closest to the runner's own cost.
Every run is `tcglab run --game first_cycle --agents random --seed 1` in a fresh process, so
the wall times include start-up (imports) and writing the Parquet logs. `--json FILE` writes
the figures for bench/report.py.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.runinfo import run_info, write_json  # noqa: E402

RUN_ARGS = ["--game", "first_cycle", "--agents", "random", "--seed", "1"]


def timed_run(matches: int, workers: int, out: Path) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one `tcglab run` process."""
    cmd = [sys.executable, "-m", "experiments.cli", "run", *RUN_ARGS, "--matches", str(matches),
           "--workers", str(workers), "--out", str(out), "--no-progress"]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"run failed: {proc.stderr.read().decode()[-2000:]}")
    return wall, usage.ru_maxrss


def integrity_cost(run_dir: Path, matches: int, run_seconds: float, scratch: Path) -> dict:
    """Seconds a resume spends locking `run_dir` and verifying its shards, and verifying 1,000 shards."""
    from experiments import RunConfig, run
    from experiments.batch.lock import FolderLock
    from experiments.batch.runner import run_id_of
    from experiments.batch.shards import read_manifest
    from experiments.batch.verify import verify_folder
    run_id = read_manifest(run_dir)["run_id"]
    t0 = time.perf_counter()
    with FolderLock(run_dir, "bench"):
        verify_folder(run_dir, run_id, ["matches", "cards"], matches, say=print)
    lock_verify = time.perf_counter() - t0
    config = RunConfig(agents=("random",), matches=1000, shard_size=1, seed=1, out=str(scratch), progress=False)
    run(config)
    t0 = time.perf_counter()
    done = verify_folder(scratch, run_id_of(config), ["matches", "cards"], 1000, say=print)
    verify = time.perf_counter() - t0
    return {"lock_verify_seconds": lock_verify, "run_seconds": run_seconds,
            "share_of_run": lock_verify / run_seconds, "shards": len(done), "verify_1000_seconds": verify}


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timing-matches", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3, help="timing runs per worker count (best is kept)")
    ap.add_argument("--integrity-matches", type=int, default=10_000,
                    help="matches of the run whose lock + verification cost is measured")
    ap.add_argument("--small", type=int, default=10_000)
    ap.add_argument("--large", type=int, default=100_000)
    ap.add_argument("--quick", action="store_true",
                    help="400-match timing, best of 1; memory at 1,000 and 10,000 matches")
    ap.add_argument("--json", help="write the figures to this file (for bench/report.py)")
    args = ap.parse_args(argv)
    info = run_info()
    if args.quick:
        args.timing_matches, args.small, args.large, args.repeat = 400, 1000, 10_000, 1
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        w1 = min(timed_run(args.timing_matches, 1, tmp / f"w1-{i}")[0] for i in range(args.repeat))
        w2 = min(timed_run(args.timing_matches, 2, tmp / f"w2-{i}")[0] for i in range(args.repeat))
        r1, r2 = args.timing_matches / w1, args.timing_matches / w2
        print(f"parallel: 1 worker {r1:,.0f} matches/s, 2 workers {r2:,.0f} matches/s, "
              f"efficiency {r2 / (2 * r1):.1%} "
              f"({args.timing_matches:,} matches, best of {args.repeat}; os.cpu_count()={os.cpu_count()})")
        if args.integrity_matches == args.timing_matches:
            checked, checked_seconds = tmp / "w1-0", w1
        else:
            checked, checked_seconds = tmp / "integrity", timed_run(args.integrity_matches, 1, tmp / "integrity")[0]
        integrity = integrity_cost(checked, args.integrity_matches, checked_seconds, tmp / "thousand")
        print(f"integrity: lock + verify {integrity['lock_verify_seconds']:.3f} s = "
              f"{integrity['share_of_run']:.2%} of the {args.integrity_matches:,}-match run "
              f"({checked_seconds:.0f} s, 1 worker); "
              f"{integrity['shards']:,} shards verified in {integrity['verify_1000_seconds']:.2f} s")
        ws, ms = timed_run(args.small, 1, tmp / "small")
        wl, ml = timed_run(args.large, 1, tmp / "large")
        print(f"memory: {args.small:,} matches peak RSS {ms / 1024:,.0f} MiB ({ws:.0f} s); "
              f"{args.large:,} matches peak RSS {ml / 1024:,.0f} MiB ({wl:.0f} s); ratio {ml / ms:.2f}")
    if args.json:
        write_json(args.json, "runner", info, {
            "settings": {"run_args": RUN_ARGS, "timing_matches": args.timing_matches,
                         "integrity_matches": args.integrity_matches,
                         "repeat": args.repeat, "small": args.small, "large": args.large},
            "parallel": {"matches": args.timing_matches, "best_of": args.repeat,
                         "seconds_1_worker": w1, "seconds_2_workers": w2,
                         "matches_per_s_1_worker": r1, "matches_per_s_2_workers": r2,
                         "efficiency": r2 / (2 * r1)},
            "integrity": integrity,
            "memory": [{"matches": args.small, "peak_rss_mib": ms / 1024, "seconds": ws},
                       {"matches": args.large, "peak_rss_mib": ml / 1024, "seconds": wl}]})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
