"""What a speed figure needs beside it: the machine, the versions, the date and the commit.

`run_info()` is recorded in every JSON file the speed scripts write (`--json`), and
bench/report.py prints it at the top of docs/performance.md. `write_json` writes such a
file: the script's name, its command line, `run_info()` and the script's own figures.
"""
from __future__ import annotations

import datetime as dt
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from envs.encoding import kernels

ROOT = Path(__file__).resolve().parents[1]

# Versions recorded with every run: ours, and the peer libraries' (None when not installed).
VERSION_PACKAGES = ("numpy", "numba", "gymnasium", "pettingzoo", "open_spiel", "rlcard", "shimmy")


def _git(*args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                             check=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip()


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, else what `platform` knows."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def run_info() -> dict[str, Any]:
    """Date (UTC), git commit, machine, load and versions of this process's run, and whether
    the encoders' compiled batch writers run (numba; envs/encoding/kernels.py)."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        load = None
    versions = {}
    for pkg in VERSION_PACKAGES:
        try:
            versions[pkg] = importlib.metadata.version(pkg)
        except importlib.metadata.PackageNotFoundError:
            versions[pkg] = None
    status = _git("status", "--porcelain", "--untracked-files=no")
    return {
        "date_utc": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": _git("rev-parse", "--short=12", "HEAD"),
        "dirty": bool(status) if status is not None else None,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu_model": cpu_model(),
        "cpu_count": os.cpu_count(),
        "cpus_usable": usable,
        "loadavg_at_start": load,
        "versions": versions,
        "compiled_writers": kernels.available(),
    }


def write_json(path: str, script: str, info: dict[str, Any], figures: dict[str, Any]) -> None:
    """Write one script's figures with `info` (its `run_info()` taken at the start)."""
    doc = {"script": script, "argv": sys.argv[1:], "run": info, **figures}
    Path(path).write_text(json.dumps(doc, indent=2, default=str) + "\n")
