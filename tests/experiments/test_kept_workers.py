"""`kept_workers`: batches inside the block share one local pool, with the same matches as batches
that fork their own; a worker killed between batches is replaced, and a sweep driver killed
while its cells share the pool leaves no worker and resumes to the whole sweep (killed for real)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

from experiments import RunConfig, run
from experiments.batch import backends
from experiments.batch.backends import kept_workers
from experiments.batch.runner import TIMING_COLUMNS
from experiments.sweep import load_results, load_sweep_file, run_sweep
from tests.experiments.test_faults import alive, descendants

CONFIG = RunConfig(agents=("greedy", "random"), matches=24, seed=9, shard_size=4, progress=False, workers=2)


def table(config: RunConfig) -> pd.DataFrame:
    rows = run(config)
    return rows.drop(columns=[c for c in TIMING_COLUMNS if c in rows.columns]).sort_values("match_id") \
        .reset_index(drop=True)


def test_batches_in_the_block_share_one_pool_and_play_the_same_matches():
    alone = [table(CONFIG), table(CONFIG.replace(seed=10))]
    with kept_workers(2):
        first = table(CONFIG)
        pool = backends._KEPT[2].pool
        pids = sorted(pool._processes)
        second = table(CONFIG.replace(seed=10))
        assert backends._KEPT[2].pool is pool and sorted(pool._processes) == pids  # the same processes
        processes = list(pool._processes.values())
        assert all(p.is_alive() for p in processes)
    assert 2 not in backends._KEPT and not any(p.is_alive() for p in processes)  # stopped with the block
    pd.testing.assert_frame_equal(first, alone[0])
    pd.testing.assert_frame_equal(second, alone[1])


def test_a_worker_killed_between_batches_is_replaced_and_the_next_batch_is_whole():
    whole = table(CONFIG)
    with kept_workers(2):
        table(CONFIG)
        pool = backends._KEPT[2].pool
        victim = next(iter(pool._processes))
        os.kill(victim, signal.SIGKILL)
        again = table(CONFIG)
        assert victim not in backends._KEPT[2].pool._processes
    pd.testing.assert_frame_equal(again, whole)


def test_ticks_reach_the_batch_that_asks_and_no_other():
    from experiments.batch.backends import run_local
    from experiments.batch.runner import run_id_of
    ranges = [(i, i + 4) for i in range(0, CONFIG.matches, 4)]
    with kept_workers(1):
        assert 1 not in backends._KEPT
    with kept_workers(2):
        list(run_local(CONFIG, ranges, run_id_of(CONFIG)))  # ticks nobody reads
        ticks = []
        rows = [r for _, _, t in run_local(CONFIG, ranges, run_id_of(CONFIG), on_match=ticks.append)
                for r in t["matches"]]
        assert sum(ticks) == len(rows) == CONFIG.matches  # this batch's matches, none of the last one's


SWEEP = """
game = "first_cycle"
agents = ["random"]
matches = 300
seed = 5
shard_size = 25
workers = 2

[grid]
max_turns = [20, 30, 40, 50]
"""


def test_a_sweep_driver_killed_on_kept_workers_leaves_none_and_resumes_to_the_whole_sweep(tmp_path):
    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "s.toml"
    path.write_text(SWEEP)
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "experiments.cli", "sweep", str(path), "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None and not list(out.glob("cells/*/cell.json")):
        time.sleep(0.02)
    workers = descendants(proc.pid)  # the kept pool, past its first cell
    assert proc.poll() is None and len(workers) >= 2, "the sweep ended before the kill"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    deadline = time.monotonic() + 15
    while alive(workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert alive(workers) == []
    assert subprocess.run(cmd + ["--resume"], cwd=root, capture_output=True).returncode == 0
    run_sweep(load_sweep_file(path), tmp_path / "whole", progress=False)
    killed, whole = (load_results(p).matches.drop(columns=["wall_time"]).sort_values(["cell", "match_id"])
                     .reset_index(drop=True) for p in (out, tmp_path / "whole"))
    pd.testing.assert_frame_equal(killed, whole)
