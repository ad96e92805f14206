"""Smoke test of bench/env.py --games cipher (a tiny budget): FE Cipher's rows run."""
from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "env.py"


def test_bench_env_reports_cipher(capsys):
    spec = importlib.util.spec_from_file_location("bench_env_cipher", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--games", "cipher", "--seconds", "0.2", "--warmup", "0", "--repeat", "1",
                     "--num-envs", "4"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("cipher ")]
    assert [line.split()[1] for line in lines] == ["engine", "aec_env", "batch_env"]
    assert "cipher: batch_env / aec_env" in out
