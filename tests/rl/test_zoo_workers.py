"""A zoo model plays in a local run of several workers as in one process. The driver runs
torch while it checks the agents; its thread pool did not survive the fork, and every
worker's first forward pass waited on it forever (the run, a ladder or a sweep with a
`ppo:` agent and `--workers 2` never ended)."""
from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

pytest.importorskip("sb3_contrib")


def _run(out, workers: int) -> pd.DataFrame:
    done = subprocess.run([sys.executable, "-m", "experiments.cli", "run", "--agents", "random,ppo:first_cycle",
                           "--matches", "4", "--shard-size", "2", "--workers", str(workers), "--seed", "3",
                           "--out", str(out), "--no-progress"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return pd.read_parquet(out / "matches").sort_values("match_id").reset_index(drop=True)


def test_a_ppo_agent_plays_on_two_workers_as_on_one(tmp_path):
    two = _run(tmp_path / "two", 2)          # hung before: the subprocess timeout fails the test
    one = _run(tmp_path / "one", 1)
    columns = ["match_id", "winner", "first_player", "turns", "decisions", "agent_0", "agent_1"]
    pd.testing.assert_frame_equal(two[columns], one[columns])
