"""Stops a local Ray cluster's processes when the driver that started it dies, however it dies.

Ray ties its head processes (GCS, raylet, workers) to the driver, but the agents the raylet
starts (dashboard agent, runtime-env agent) survive a driver killed with SIGKILL. So when
`connect_ray` starts a local cluster it also starts this script, in its own session, with
the pids of the cluster's processes; the script waits for its standard input to close (the
driver exits, cleanly or not) and then kills every listed process still running:

    reaper = start_reaper(cluster_pids(os.getpid()))   # after ray.init()
    ...
    stop_reaper(reaper)                                 # after ray.shutdown()

A pid counts only with the start time recorded beside it, so a pid reused by the system
after a process ended is never killed. Run as a script (`python reaper.py PID:START ...`)
it imports nothing of tcglab, so it starts in milliseconds.
"""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def _start_time(pid: int) -> int | None:
    """The process's start time in clock ticks since boot (/proc/PID/stat field 22), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else int(fields[19])


def cluster_pids(root: int) -> list[tuple[int, int]]:
    """`(pid, start time)` of every live descendant of process `root` (from /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for pid in parents.get(todo.pop(), []):
            start = _start_time(pid)
            if start is not None:
                found.append((pid, start))
                todo.append(pid)
    return found


def start_reaper(pids: list[tuple[int, int]]) -> subprocess.Popen | None:
    """Start the reaper for `pids` (None where /proc is missing, e.g. not Linux); it acts when
    the calling process exits or `stop_reaper` is called."""
    if not pids or not Path("/proc/self/stat").exists():
        return None
    return subprocess.Popen([sys.executable, str(Path(__file__).resolve()),
                             *(f"{pid}:{start}" for pid, start in pids)],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, close_fds=True)


def stop_reaper(reaper: subprocess.Popen | None, timeout: float = 10.0) -> None:
    """Close the reaper's input (it then kills what is left of the cluster) and wait for it."""
    if reaper is None:
        return
    reaper.stdin.close()
    try:
        reaper.wait(timeout)
    except subprocess.TimeoutExpired:
        reaper.kill()


def reap(pids: list[tuple[int, int]], grace: float = 2.0) -> None:
    """SIGTERM each listed process still running (same start time), then SIGKILL any left
    after `grace` seconds."""
    def running() -> list[int]:
        return [pid for pid, start in pids if _start_time(pid) == start]

    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 0.0)):
        for pid in running():
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        deadline = time.monotonic() + wait
        while running() and time.monotonic() < deadline:
            time.sleep(0.05)


def main(argv: list[str]) -> None:
    """Wait for standard input to close, then reap the `PID:START` arguments."""
    pids = [(int(p), int(s)) for p, _, s in (arg.partition(":") for arg in argv)]
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C meant for the driver
    with contextlib.suppress(OSError):  # a closed or broken pipe means the driver is gone too
        while sys.stdin.buffer.read(4096):
            continue
    reap(pids)


if __name__ == "__main__":
    main(sys.argv[1:])
