"""`tcglab decksearch` under real faults: two searches started together on one --out (one is
refused, the folder holds the other's search alone), and a search killed with SIGKILL (the
rerun is refused in one line and the folder shows no finished summary)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

SEARCH = """game = "first_cycle"
seed = 7
agent = "random"

[gauntlet]
decks = ["green_starter"]
matches = 1

[search]
iterations = {iterations}
batch_size = 4
emitters = 1

[confirm]
top = 0

[[measures]]
name = "mean_cost"
bins = 3
"""


def search_file(tmp_path: Path, iterations: int = 3) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(SEARCH.format(iterations=iterations))
    return path


def start(path: Path, out: Path, seed: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "experiments.cli", "decksearch", str(path), "--out", str(out),
                             "--workers", "1", "--seed", str(seed), "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_searches_started_together_on_one_out_do_not_mix(tmp_path):
    path = search_file(tmp_path)
    out = tmp_path / "out"
    procs = {seed: start(path, out, seed) for seed in (1, 2)}
    done = {seed: p.communicate(timeout=300) for seed, p in procs.items()}
    codes = {seed: p.returncode for seed, p in procs.items()}
    assert sorted(codes.values()) == [0, 2], (codes, done)
    winner = next(seed for seed, code in codes.items() if code == 0)
    loser = next(seed for seed, code in codes.items() if code == 2)
    err = done[loser][1].strip().splitlines()
    assert len(err) == 1 and "Traceback" not in done[loser][1], done[loser][1]
    assert "in use by another writer" in err[0] or "is not empty" in err[0], err
    record = json.loads((out / "search.json").read_text())
    assert record["search"]["seed"] == winner
    evaluated = int(next(line for line in (out / "summary.md").read_text().splitlines()
                         if "distinct legal deck" in line).split("evaluated ")[1].split(" ")[0])
    assert len(list((out / "decks").glob("*.json"))) == evaluated  # no deck of the refused search


def test_a_search_killed_mid_run_leaves_no_summary_and_the_rerun_is_one_line(tmp_path):
    path = search_file(tmp_path, iterations=200)
    out = tmp_path / "out"
    proc = start(path, out, 1)
    deadline = time.time() + 120
    while not list((out / "decks").glob("*.json")) if (out / "decks").is_dir() else True:
        assert proc.poll() is None and time.time() < deadline, proc.communicate()
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    assert not (out / "summary.md").exists()  # a folder without its summary is not a finished search
    again = start(path, out, 1)
    _, err = again.communicate(timeout=120)
    assert again.returncode == 2 and err.strip() == f"tcglab decksearch: --out: {out} is not empty; choose a new folder"
