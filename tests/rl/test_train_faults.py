"""`tcglab train` under real faults: a second training on the folder a running one writes is
refused in one line and leaves the running one's files alone; a training killed with SIGKILL
is started again by the same command and finishes with nothing of the killed run left."""
from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("sb3_contrib")

from experiments.cli import main as cli  # noqa: E402

ARGS = ["--steps", "6144", "--num-envs", "4", "--n-steps", "64", "--batch-size", "64", "--device", "cpu",
        "--net-arch", "16", "--eval-every", "256", "--eval-matches", "2", "--eval-opponents", "random",
        "--threads", "1"]


def start(out) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "experiments.cli", "train", *ARGS, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_checkpoint(out, proc, timeout: float = 180.0) -> None:
    deadline = time.time() + timeout
    while not list((out / "checkpoints").glob("step_*.zip")) if (out / "checkpoints").is_dir() else True:
        assert proc.poll() is None, proc.communicate()
        assert time.time() < deadline, "no checkpoint written"
        time.sleep(0.05)


def test_a_second_training_on_a_running_ones_folder_is_refused_and_the_running_one_finishes(tmp_path, capsys):
    out = tmp_path / "run"
    first = start(out)
    try:
        wait_for_checkpoint(out, first)
        kept = sorted(p.name for p in (out / "checkpoints").iterdir())
        assert cli(["train", *ARGS, "--out", str(out)]) == 2
        err = capsys.readouterr().err.strip()
        assert "\n" not in err and err.startswith("tcglab train: --out: ") and "in use by another writer" in err
        assert f"pid {first.pid}" in err
        assert set(kept) <= {p.name for p in (out / "checkpoints").iterdir()}  # nothing of the first removed
        _, stderr = first.communicate(timeout=600)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == 0, stderr
    assert "starting it again" not in (out / "train.log").read_text()
    assert json.loads((out / "result.json").read_text())["steps"] == 6144


def test_a_training_killed_mid_run_is_started_again_by_the_same_command(tmp_path):
    out = tmp_path / "run"
    first = start(out)
    wait_for_checkpoint(out, first)
    os.kill(first.pid, signal.SIGKILL)
    first.communicate(timeout=60)
    assert not (out / "result.json").exists()
    again = start(out)
    _, err = again.communicate(timeout=600)
    assert again.returncode == 0, err
    with open(out / "eval.csv") as fh:
        steps = [int(r["step"]) for r in csv.DictReader(fh)]
    assert steps == sorted(set(steps)) and steps[-1] == 6144  # one run's rows, none twice
    ckpts = sorted(int(p.stem.split("_")[1]) for p in (out / "checkpoints").glob("step_*.zip"))
    assert ckpts == steps
    assert "starting it again from step 0" in (out / "train.log").read_text()
