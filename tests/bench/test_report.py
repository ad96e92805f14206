"""The speed scripts on a tiny budget, and the page bench/report.py builds from their JSON.

Each script runs as `make bench` runs it, with budgets of a fraction of a second, so the
test checks the machinery (JSON in, docs/performance.md's tables out), not the figures.
A peer whose library is installed must show a row; one whose library is missing must
show the skip line naming the extra, and a missing library must never fail a script.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

from bench.report import render

ROOT = Path(__file__).resolve().parents[2]
INSTALL_HINT = "pip install -e '.[bench]'"
# The library each peer row needs (bench/peers.py), by row name.
PEER_LIBRARIES = {"floor_wrapped": "pettingzoo", "texas_holdem_v4": "rlcard",
                  "openspiel:gin_rummy": "pyspiel", "rlcard:uno": "rlcard"}


def start(script: str, *args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, f"bench/{script}", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen) -> str:
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, f"{proc.args} failed ({proc.returncode}):\n{out}\n{err}"
    return out


def tiny_runs(out: Path, env: dict | None = None) -> dict[str, str]:
    """Each script's JSON path after running it on a tiny budget (all run side by side)."""
    paths = {s: str(out / f"{s}.json") for s in ("engine", "env", "agents", "runner", "train",
                                                  "opponents", "tune")}
    procs = [
        start("engine.py", "--games", "first_cycle", "--seconds", "0.2", "--peers",
              "--json", paths["engine"], env=env),
        start("env.py", "--games", "first_cycle", "--seconds", "0.2", "--warmup", "0", "--repeat", "1",
              "--num-envs", "4", "--peers", "--json", paths["env"], env=env),
        start("agents.py", "--games", "first_cycle", "--repeats", "1", "--spec", "mcts:iterations=20",
              "--greedy-decisions", "30", "--then", "HEAD", "--json", paths["agents"], env=env),
        start("runner.py", "--timing-matches", "4", "--small", "4", "--large", "8", "--repeat", "1",
              "--json", paths["runner"], env=env),
        start("train.py", "--rollout", "128", "--steps", "128", "--repeat", "1",
              "--json", paths["train"], env=env),
        start("opponents.py", "--models", "first_cycle", "--seconds", "0.2", "--repeat", "1",
              "--num-envs", "4", "--json", paths["opponents"], env=env),
        start("tune.py", "--trials", "2", "--matches", "4", "--json", paths["tune"], env=env),
    ]
    for p in procs:
        finish(p)
    return paths


def report(paths: list[str], page: Path) -> str:
    finish(start("report.py", *paths, "--out", str(page)))
    return page.read_text()


def test_report_has_every_table_and_the_peer_rows(tmp_path):
    paths = tiny_runs(tmp_path)
    docs = {s: json.loads(Path(p).read_text()) for s, p in paths.items()}
    for script, doc in docs.items():
        assert doc["script"] == script
        assert doc["run"]["python"] and doc["run"]["cpu_count"] >= 1
        assert "numpy" in doc["run"]["versions"] and doc["run"]["versions"]["numba"]
        assert doc["run"]["compiled_writers"] is True  # the test environment has numba
    # Every timed row ran its whole budget (a loop that stops early skews ours and the peers alike).
    assert all(r["seconds"] >= 0.2 for r in docs["engine"]["rows"])
    assert all(r["seconds"] >= 0.2 for g in docs["env"]["games"] for r in g["rows"])
    page = report(list(paths.values()), tmp_path / "performance.md")

    assert page.startswith("# Performance\n")
    assert "do not edit by hand" in page
    for heading in ("## The run", "## Findings", "## Engine alone (`bench/engine.py`)",
                    "## Environments (`bench/env.py`)", "## MCTS (`bench/agents.py`)",
                    "## Batch runner (`bench/runner.py`)", "## PPO training loop (`bench/train.py`)",
                    "## BatchEnv against a network opponent (`bench/opponents.py`)",
                    "## Tuning (`bench/tune.py`)"):
        assert f"\n{heading}\n" in page, heading
    assert "Not in this run" not in page
    for what in ("| git commit |", "| machine |", "| Python |", "numpy ", "| date (UTC) |",
                 "| compiled batch writers (extra `fast`) | on |"):
        assert what in page, what
    # Our rows, with what each table measured.
    assert "\n| first_cycle | " in page  # the engine table's row
    assert "| first_cycle | aec_env |" in page and "| first_cycle | batch_env |" in page
    batch = next(r for r in docs["env"]["games"][0]["rows"] if r["row"] == "batch_env")["steps_per_s"]
    assert (f"; BatchEnv at {batch:,.0f} steps/s ({'meets' if batch >= 60_000 else 'misses'} the 60,000 "
            "steps/s target for an idle machine") in page
    assert "| first_cycle | opening |" in page and "; 1 searches per position" in page
    assert "0.2 s of wall time per row" in page and "seed 12345" in page
    assert "4 matches with 1 and with 2 local workers" in page
    assert "| dummy | 8 | " in page and "| batch | 64 | " in page and "batch / dummy = **" in page
    assert "- PPO training loop: `tcglab train`'s default (BatchVecEnv, sparse network) at " in page
    assert "- Tuning: the framework's own time (search, storage, bookkeeping) " in page
    assert "| 2 | 4 | 2 | " in page  # trials, matches per trial, workers
    assert "Greedy, first_cycle: " in page and "cheaper than greedy at HEAD, same choices" in page
    assert "| greedy at HEAD: CPU us | greedy now: CPU us | at HEAD / now |" in page
    assert "\n| `ppo:first_cycle` | " in page and "of 4 matches against each zoo model" in page
    # Peer rows beside ours, or the skip line where the library is missing.
    for name, module in PEER_LIBRARIES.items():
        aec_peer = ":" not in name
        row = f"| first_cycle | peer: {name} |" if aec_peer else f"| peer: {name} |"
        if importlib.util.find_spec(module) is not None:
            assert row in page, f"no row for installed peer {name}"
            if aec_peer:
                assert f"aec_env / {name}" in page
        else:
            assert f"Peer `{name}` skipped" in page and INSTALL_HINT in page, name
    # A busy machine is flagged first; an idle one is not.
    for doc in docs.values():
        doc["run"]["loadavg_at_start"] = [3.0 * doc["run"]["cpu_count"], 0, 0]
    assert "**The machine was busy**" in render(docs)
    for doc in docs.values():
        doc["run"]["loadavg_at_start"] = [0.1, 0.1, 0.1]
    assert "busy" not in render(docs)


def test_a_missing_peer_library_is_skipped_with_one_line(tmp_path):
    """With open_spiel and rlcard made unimportable, the scripts still succeed and say why."""
    blocked = tmp_path / "blocked"
    (blocked / "rlcard").mkdir(parents=True)
    (blocked / "pyspiel.py").write_text('raise ImportError("pyspiel blocked by the test")\n')
    (blocked / "rlcard" / "__init__.py").write_text('raise ImportError("rlcard blocked by the test")\n')
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(blocked), os.environ.get("PYTHONPATH", "")])}
    engine_json, env_json = str(tmp_path / "engine.json"), str(tmp_path / "env.json")
    procs = [start("engine.py", "--games", "first_cycle", "--seconds", "0.1", "--peers",
                   "--json", engine_json, env=env),
             start("env.py", "--games", "first_cycle", "--seconds", "0.1", "--warmup", "0",
                   "--repeat", "1", "--num-envs", "4", "--peers", "--json", env_json, env=env)]
    engine_out, env_out = (finish(p) for p in procs)

    for name, out in (("openspiel:gin_rummy", engine_out), ("rlcard:uno", engine_out),
                      ("texas_holdem_v4", env_out)):
        lines = [ln for ln in out.splitlines() if name in ln]
        assert len(lines) == 1 and "skipped" in lines[0] and INSTALL_HINT in lines[0], (name, out)
    assert "floor_wrapped" in env_out and "skipped" not in env_out.split("floor_wrapped")[1].split("\n")[0]
    assert [s["name"] for s in json.loads(Path(engine_json).read_text())["skipped"]] == \
        ["openspiel:gin_rummy", "rlcard:uno"]

    page = report([engine_json, env_json], tmp_path / "performance.md")
    for name in ("openspiel:gin_rummy", "rlcard:uno", "texas_holdem_v4"):
        assert f"Peer `{name}` skipped" in page and f"peer: {name} |" not in page
    assert "| first_cycle | peer: floor_wrapped |" in page
    assert "Not in this run: bench/agents.py, bench/runner.py, bench/train.py" in page


def test_report_refuses_a_file_that_is_not_bench_json(tmp_path):
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    proc = start("report.py", str(other), "--out", str(tmp_path / "page.md"))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1 and "not a bench JSON file" in err
    assert not (tmp_path / "page.md").exists()
