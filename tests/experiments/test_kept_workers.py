"""`kept_workers`: batches inside the block share one local pool, with the same matches as batches
that fork their own, and a worker killed between batches is replaced (killed for real)."""
from __future__ import annotations

import os
import signal

import pandas as pd

from experiments import RunConfig, run
from experiments.batch import backends
from experiments.batch.backends import kept_workers
from experiments.batch.runner import TIMING_COLUMNS

CONFIG = RunConfig(agents=("greedy", "random"), matches=24, seed=9, shard_size=4, progress=False, workers=2)


def table(config: RunConfig) -> pd.DataFrame:
    rows = run(config)
    return rows.drop(columns=[c for c in TIMING_COLUMNS if c in rows.columns]).sort_values("match_id") \
        .reset_index(drop=True)


def test_batches_in_the_block_share_one_pool_and_play_the_same_matches():
    alone = [table(CONFIG), table(CONFIG.replace(seed=10))]
    with kept_workers(2):
        first = table(CONFIG)
        pool = backends._KEPT[2]
        pids = sorted(pool._processes)
        second = table(CONFIG.replace(seed=10))
        assert backends._KEPT[2] is pool and sorted(pool._processes) == pids  # the same processes
        processes = list(pool._processes.values())
        assert all(p.is_alive() for p in processes)
    assert 2 not in backends._KEPT and not any(p.is_alive() for p in processes)  # stopped with the block
    pd.testing.assert_frame_equal(first, alone[0])
    pd.testing.assert_frame_equal(second, alone[1])


def test_a_worker_killed_between_batches_is_replaced_and_the_next_batch_is_whole():
    whole = table(CONFIG)
    with kept_workers(2):
        table(CONFIG)
        pool = backends._KEPT[2]
        victim = next(iter(pool._processes))
        os.kill(victim, signal.SIGKILL)
        again = table(CONFIG)
        assert victim not in backends._KEPT[2]._processes
    pd.testing.assert_frame_equal(again, whole)


def test_one_worker_keeps_nothing_and_a_progress_bar_gets_its_own_pool():
    with kept_workers(1):
        assert 1 not in backends._KEPT
    with kept_workers(2):
        with_bar = table(CONFIG.replace(progress=True))  # its workers tick a pipe: a pool of its own
        assert backends._KEPT[2] is None
    pd.testing.assert_frame_equal(with_bar, table(CONFIG))
