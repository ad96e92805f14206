"""`read_until`: a child process's output read as it comes, until it shows what a test waits for.

    seen = read_until(proc, proc.stdout, b"your move> ", count=2)   # the second prompt came

Tests of processes wait for what must have happened (a prompt, a progress line) instead of
sleeping a fixed time that a loaded machine can outlast.
"""
from __future__ import annotations

import os
import select
import subprocess
import time
from typing import IO


def read_until(proc: subprocess.Popen, stream: IO, marker: bytes, count: int = 1, timeout: float = 120) -> str:
    """What `proc` wrote on `stream` (its stdout or stderr pipe) up to the `count`-th `marker`,
    decoded; an AssertionError naming the marker, the exit code and the last output when it
    does not come within `timeout` seconds or the stream ends first."""
    seen = b""
    deadline = time.monotonic() + timeout
    while seen.count(marker) < count:
        ready, _, _ = select.select([stream], [], [], max(deadline - time.monotonic(), 0))
        chunk = os.read(stream.fileno(), 65536) if ready else b""
        if not chunk:
            raise AssertionError(f"{marker!r} x{count} did not come in {timeout} s (exit {proc.poll()}); "
                                 f"output: {seen[-2000:]!r}")
        seen += chunk
    return seen.decode()
