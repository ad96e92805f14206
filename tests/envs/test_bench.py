"""Smoke test of bench/env.py (a tiny budget): every row runs and prints a rate."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

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


FAKE_PEERS = '''
def _runner(steps_per_s):
    def run(seconds, seed, warmup):
        return {"steps": int(steps_per_s * seconds), "games": 1, "elapsed_s": seconds}
    return run

def floor_runner(wrapped):
    assert wrapped
    return _runner(1e9)

def pettingzoo_runner(name):
    assert name == "texas_holdem_v4"
    return _runner(100.0)
'''


def _bench():
    spec = importlib.util.spec_from_file_location("bench_env", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bench_env_peers_rows_and_ratios_come_from_the_same_run(tmp_path, capsys):
    peers = tmp_path / "peers.py"
    peers.write_text(FAKE_PEERS)
    mod = _bench()
    assert mod.main(["--games", "first_cycle", "--seconds", "0.1", "--warmup", "0",
                     "--num-envs", "4", "--repeat", "1", "--peers", "--peers-path", str(peers)]) == 0
    out = capsys.readouterr().out
    assert "floor_wrapped" in out and "texas_holdem_v4" in out
    ratios = out.strip().splitlines()[-1]
    assert ratios.startswith("# first_cycle: batch_env / aec_env = ")
    floor = float(ratios.split("aec_env / floor_wrapped = ")[1].split(",")[0])
    texas = float(ratios.split("aec_env / texas_holdem_v4 = ")[1])
    aec = float(next(line.split()[2] for line in out.splitlines()
                     if line.startswith("first_cycle") and line.split()[1] == "aec_env").replace(",", ""))
    # the fake floor runs a billion steps/s, the fake texas 100
    assert floor == 0.0 and abs(texas - aec / 100) <= 0.011


def test_bench_env_peers_without_peers_py_names_the_path(tmp_path, capsys):
    with pytest.raises(SystemExit):
        _bench().main(["--peers", "--peers-path", str(tmp_path / "nowhere.py")])
    assert "nowhere.py" in capsys.readouterr().err


def test_bench_env_peer_without_its_library_is_skipped_with_a_note(tmp_path, capsys):
    """peers.py raises its `Skip` when a peer's library is missing (texas_holdem_v4 needs
    rlcard and pygame, extra `bench`): the run goes on without that row and says why."""
    peers = tmp_path / "peers.py"
    peers.write_text(FAKE_PEERS.replace('    assert name == "texas_holdem_v4"\n',
                                        '    assert name == "texas_holdem_v4"\n'
                                        '    def run(seconds, seed, warmup):\n'
                                        '        raise Skip("ModuleNotFoundError: rlcard")\n'
                                        '    return run\n')
                     + "\nclass Skip(Exception):\n    pass\n")
    mod = _bench()
    assert mod.main(["--games", "first_cycle", "--seconds", "0.1", "--warmup", "0",
                     "--num-envs", "4", "--repeat", "1", "--peers", "--peers-path", str(peers)]) == 0
    out = capsys.readouterr().out
    assert "# texas_holdem_v4 skipped: ModuleNotFoundError: rlcard" in out
    ratios = out.strip().splitlines()[-1]
    assert "aec_env / floor_wrapped = " in ratios and "texas_holdem_v4" not in ratios
