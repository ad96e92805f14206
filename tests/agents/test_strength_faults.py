"""`python -m experiments.strength` under real faults: a match log damaged in its middle or its
header is refused in one line naming the file and the line, and left byte for byte as it was
(it used to be rewritten without every match after the damage, or replaced whole); bad input
is one line and exit 2, not a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

BASE = ["--pair", "greedy,random", "--seed", "5", "--games", "6"]


def strength(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments.strength", *argv], capture_output=True, text=True,
                          timeout=300)


def logged(tmp_path: Path) -> Path:
    log = tmp_path / "m.jsonl"
    assert strength(*BASE, "--log", str(log)).returncode == 0
    assert len(log.read_bytes().splitlines()) == 1 + 6
    return log


def damage(log: Path, line: int) -> bytes:
    lines = log.read_bytes().splitlines(keepends=True)
    lines[line - 1] = lines[line - 1][:15] + b"\x00\xff garbage\n"
    log.write_bytes(b"".join(lines))
    return log.read_bytes()


def one_line_refusal(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def test_a_log_damaged_in_its_middle_is_refused_and_kept(tmp_path):
    log = logged(tmp_path)
    before = damage(log, 3)
    line = one_line_refusal(strength(*BASE, "--log", str(log)))
    assert line.startswith("python -m experiments.strength: --log ") and f"{log}: line 3 " in line
    assert log.read_bytes() == before


def test_a_log_with_a_damaged_header_is_refused_and_kept(tmp_path):
    log = logged(tmp_path)
    before = damage(log, 1)
    line = one_line_refusal(strength("--pair", "mcts:iterations=5,random", "--seed", "5", "--games", "2",
                                     "--log", str(log)))
    assert f"{log}: line 1 is not the settings header" in line
    assert log.read_bytes() == before


def test_a_last_line_cut_by_a_kill_is_still_played_again(tmp_path):
    log = logged(tmp_path)
    data = log.read_bytes()
    log.write_bytes(data[:-40])  # the last record cut mid-write, no newline
    done = strength(*BASE, "--log", str(log))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(x) for x in log.read_bytes().splitlines()]
    assert sorted(r["index"] for r in rows[1:]) == list(range(6))


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    assert "--pair: 'nope': unknown agent 'nope'" in one_line_refusal(strength("--pair", "greedy,nope"))
    assert "--pair needs exactly two agent specs" in one_line_refusal(strength("--pair", "greedy"))


def test_the_printout_says_what_produced_it(tmp_path):
    done = strength(*BASE)
    assert done.returncode == 0, done.stderr
    assert "produced by: python -m experiments.strength --game first_cycle --pair greedy,random --seed 5" in done.stdout
    assert "code version" in done.stdout and "Wilson 95% CI" in done.stdout


def test_a_second_run_on_a_log_being_written_is_refused_and_the_first_completes(tmp_path):
    log = tmp_path / "m.jsonl"
    slow = ["--pair", "mcts:iterations=60,random", "--seed", "5", "--games", "6", "--log", str(log)]
    first = subprocess.Popen([sys.executable, "-m", "experiments.strength", *slow],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not (log.exists() and log.read_bytes().count(b"\n") >= 1) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert first.poll() is None, "the first run ended before the second started: make it slower"
        line = one_line_refusal(strength(*slow))
        assert f"--log {log} is in use by another strength run" in line
        assert first.wait(timeout=300) == 0, first.stderr.read()
    finally:
        if first.poll() is None:
            first.kill()
    assert len(log.read_bytes().splitlines()) == 1 + 6
