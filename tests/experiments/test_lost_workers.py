"""Local workers that die mid-run, killed for real: the run, or the deck search, notices, forks new
workers and ends with the same matches as a run whose workers all lived, even when the worker
died halfway through sending its result (which leaves the pool itself waiting forever)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from experiments import RunConfig
from experiments.batch import backends
from experiments.batch.backends import run_local
from experiments.batch.runner import TIMING_COLUMNS
from experiments.decksearch import parse_search
from experiments.decksearch.evaluate import Gauntlet

ROOT = Path(__file__).resolve().parents[2]
CONFIG = dict(agents=("greedy", "random"), matches=48, seed=4, shard_size=8, progress=False, log_decisions=True)
RANGES = [(start, start + 8) for start in range(0, 48, 8)]

DIES_MID_RESULT = r"""
import json, os, signal, sys
from multiprocessing import connection
from experiments import RunConfig
from experiments.batch.backends import run_local
from experiments.batch.runner import TIMING_COLUMNS

DRIVER, MARK = os.getpid(), sys.argv[1]
send = connection.Connection._send

def half_then_die(self, buf, *args):
    '''In a worker, its first large message (a shard's result) only: send half, then be killed.'''
    if os.getpid() != DRIVER and len(buf) > 20_000:
        try:
            os.close(os.open(MARK, os.O_CREAT | os.O_EXCL))  # one worker, once
        except FileExistsError:
            return send(self, buf, *args)
        send(self, bytes(buf[: len(buf) // 2]))
        os.kill(os.getpid(), signal.SIGKILL)
    return send(self, buf, *args)

connection.Connection._send = half_then_die
config = RunConfig(workers=2, **json.loads(sys.argv[2]))
rows = [row for _, _, tables in run_local(config, json.loads(sys.argv[3]), "r") for row in tables["matches"]]
print(json.dumps(sorted(({k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows),
                        key=lambda row: row["match_id"]), default=str))
"""


def untimed_rows(config: RunConfig) -> list[dict]:
    rows = [row for _, _, tables in run_local(config, RANGES, "r") for row in tables["matches"]]
    rows = [{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows]
    return json.loads(json.dumps(sorted(rows, key=lambda row: row["match_id"]), default=str))


def test_a_worker_killed_halfway_through_sending_a_shard_is_replaced_and_the_run_completes(tmp_path):
    mark = tmp_path / "died"
    done = subprocess.run([sys.executable, "-c", DIES_MID_RESULT, str(mark), json.dumps(CONFIG), json.dumps(RANGES)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert mark.exists(), "no worker sent a result large enough to be cut"
    assert json.loads(done.stdout) == untimed_rows(RunConfig(workers=1, **CONFIG))


def test_a_deck_search_gauntlet_replaces_a_killed_worker_and_scores_as_with_one_worker():
    search = parse_search({"game": "first_cycle", "seed": 4, "gauntlet": {"decks": ["green_starter", "blue_starter"],
                                                                          "matches": 12},
                           "measures": [{"name": "mean_cost", "bins": 3}],
                           "search": {"iterations": 1, "batch_size": 2, "emitters": 1}})
    candidates = ["black_starter", "orange_starter"]
    killed: list[int] = []

    def kill_a_worker_at_the_first_match(n: int) -> None:
        if not killed:
            killed.append(next(iter(backends._KEPT[2].pool._processes.values())).pid)
            os.kill(killed[0], signal.SIGKILL)

    with Gauntlet(search, workers=2, on_match=kill_a_worker_at_the_first_match) as gauntlet:
        two = gauntlet.evaluate(candidates)
    with Gauntlet(search, workers=1) as gauntlet:
        one = gauntlet.evaluate(candidates)
    assert killed
    record = [(e.deck, e.score, e.matches, e.wins, e.draws) for e in two]
    assert record == [(e.deck, e.score, e.matches, e.wins, e.draws) for e in one]
    assert all(e.matches == 24 for e in two)
