"""Smoke test of experiments/strength.py on a tiny budget."""
from __future__ import annotations

import pytest

from experiments.strength import headtohead as strength


def test_split_pair_keeps_spec_options_together():
    assert strength.split_pair("mcts:iterations=100,c=1,greedy") == ("mcts:iterations=100,c=1", "greedy")
    assert strength.split_pair("greedy,random") == ("greedy", "random")
    with pytest.raises(ValueError):
        strength.split_pair("greedy")


def test_a_tiny_seat_swapped_run(tmp_path, capsys):
    out = tmp_path / "s.json"
    summary = strength.main(["--games", "4", "--pair", "greedy,mcts:iterations=10", "--seed", "3",
                             "--out", str(out)])
    assert summary["matches"] == 4 and summary["wins"] + summary["draws"] + summary["losses"] == 4
    assert 0.0 <= summary["ci95"][0] <= summary["score"] <= summary["ci95"][1] <= 1.0
    assert out.exists() and "greedy vs mcts:iterations=10" in capsys.readouterr().out
    again = strength.run(strength.parse_args(["--games", "4", "--pair", "greedy,mcts:iterations=10",
                                              "--seed", "3"]), progress=False)
    assert again["wins"] == summary["wins"] and again["mean_decisions"] == summary["mean_decisions"]


def test_bench_script_runs(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "bench" / "agents.py"
    out = subprocess.run([sys.executable, str(script), "--spec", "mcts:iterations=20", "--repeats", "1"],
                         capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    assert "opening" in out and "mid-game" in out and "iter/s" in out


def _same_matches(a: dict, b: dict) -> None:
    for key in ("matches", "wins", "draws", "losses", "score", "mean_decisions", "end_reasons"):
        assert a[key] == b[key], key


def test_a_logged_run_resumes_where_it_stopped(tmp_path):
    log = tmp_path / "m.jsonl"
    base = ["--pair", "greedy,random", "--seed", "5", "--log", str(log)]
    strength.run(strength.parse_args(["--games", "4", *base]), progress=False)
    assert len(log.read_text().splitlines()) == 1 + 4
    with open(log, "a") as fh:
        fh.write('{"index": 4, "first_agent')  # a line cut by a kill
    resumed = strength.run(strength.parse_args(["--games", "8", *base]), progress=False)
    lines = log.read_text().splitlines()
    assert len(lines) == 1 + 8 and sorted(strength.json.loads(x)["index"] for x in lines[1:]) == list(range(8))
    fresh = strength.run(strength.parse_args(["--games", "8", "--pair", "greedy,random", "--seed", "5"]),
                         progress=False)
    _same_matches(resumed, fresh)
    _same_matches(strength.summarize_log(str(log)), fresh)


def test_a_log_of_other_settings_is_refused(tmp_path):
    log = tmp_path / "m.jsonl"
    strength.run(strength.parse_args(["--games", "2", "--pair", "greedy,random", "--seed", "5",
                                      "--log", str(log)]), progress=False)
    before = log.read_text()
    with pytest.raises(ValueError, match="other settings"):
        strength.run(strength.parse_args(["--games", "2", "--pair", "greedy,random", "--seed", "6",
                                          "--log", str(log)]), progress=False)
    assert log.read_text() == before


def test_split_pair_starts_a_new_spec_at_a_part_with_a_colon():
    assert strength.split_pair("ppo:path=a.pt,mcts:iterations=5") == ("ppo:path=a.pt", "mcts:iterations=5")
    assert strength.split_pair("ppo:first_cycle,greedy") == ("ppo:first_cycle", "greedy")


def test_a_strength_worker_killed_mid_run_is_replaced_and_the_summary_is_the_one_workers_summary(tmp_path):
    """Killed for real: with multiprocessing.Pool the run waited forever for the lost match."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from tests.experiments.test_faults import children

    log, out = tmp_path / "m.jsonl", tmp_path / "s.json"
    args = ["--games", "120", "--pair", "greedy,random", "--seed", "6"]
    proc = subprocess.Popen([sys.executable, "-m", "experiments.strength", *args, "--workers", "2", "--log", str(log),
                             "--out", str(out)], cwd=Path(__file__).resolve().parents[2],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while (time.time() < deadline and proc.poll() is None
               and len(log.read_text().splitlines() if log.exists() else []) < 3):
            time.sleep(0.02)
        workers = [pid for pid in children(proc.pid)
                   if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert workers and proc.poll() is None, "the run should be playing on its workers"
        os.kill(workers[0], signal.SIGKILL)
        _, err = proc.communicate(timeout=180)
    finally:
        if proc.poll() is None:  # a hung run (the fault this test is about) must not outlive it
            for pid in children(proc.pid):
                os.kill(pid, signal.SIGKILL)
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    _same_matches(json.loads(out.read_text()), strength.run(strength.parse_args(args), progress=False))
