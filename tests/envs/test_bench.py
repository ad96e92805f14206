"""Smoke test of bench/env.py (a tiny budget): every row runs and prints a rate.

The peer rows and a missing peer library are tested with the other scripts in tests/bench/."""
from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "env.py"


def test_bench_env_runs(capsys):
    spec = importlib.util.spec_from_file_location("bench_env", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--seconds", "0.1", "--warmup", "0", "--num-envs", "4", "--repeat", "2"]) == 0
    out = capsys.readouterr().out
    for row in ("engine", "aec_env", "batch_env"):
        assert row in out
    assert "batch_env / aec_env" in out
