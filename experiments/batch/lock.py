"""One writer per folder: an exclusive lock held by a run or sweep for its whole life.

    with FolderLock(run_dir, "tcglab run"):
        ...                                   # nobody else writes here meanwhile

The lock is an OS file lock (`filelock`, fcntl on Linux) on `<folder>/.lock`, so it is
released when its process ends, however it ends (kill -9 included): a lock is never left
stale. Beside it, `<folder>/.writer.json` names the holder (pid, command, start time,
host); a second writer is refused at once with one line naming that holder. A writer that
takes the lock and then refuses the folder (it holds something else) calls `abandon()`, which
leaves the folder as it found it.
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import time
from pathlib import Path

from filelock import FileLock, Timeout

from sim.core.errors import TcglabError

LOCK_NAME = ".lock"
WRITER_NAME = ".writer.json"


class FolderBusyError(TcglabError):
    """Another live process writes to this folder."""


class FolderLock:
    """An exclusive, non-blocking lock on a folder (see the module docstring)."""

    def __init__(self, folder: str | Path, what: str = "tcglab") -> None:
        self.folder = Path(folder)
        self.what = what
        self._lock: FileLock | None = None
        self._found: tuple[bool, bool, bytes | None] = (True, True, None)

    def acquire(self) -> FolderLock:
        """Take the lock or raise FolderBusyError naming the holder."""
        writer = self.folder / WRITER_NAME
        self._found = (self.folder.is_dir(), (self.folder / LOCK_NAME).exists(),
                       writer.read_bytes() if writer.is_file() else None)
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(self.folder / LOCK_NAME), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise FolderBusyError(f"{self.folder} is in use by another writer ({describe_holder(self.folder)}); "
                                  "wait for it to finish or choose another folder") from None
        self._lock = lock
        info = {"pid": os.getpid(), "host": socket.gethostname(), "what": self.what,
                "command": " ".join(sys.argv), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        tmp = self.folder / f".{WRITER_NAME}.{os.getpid()}.tmp"
        tmp.write_text(json.dumps(info))
        os.replace(tmp, self.folder / WRITER_NAME)
        return self

    def release(self) -> None:
        """Let go of the lock (the writer file stays, describing the last writer)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def abandon(self) -> None:
        """Release the lock and undo what `acquire` wrote: the writer file back as it was (or
        gone), the lock file gone if `acquire` made it, the folder too if it made it and
        nothing else is in it. For a writer that refuses the folder it locked."""
        if self._lock is None:
            return
        had_folder, had_lock, writer = self._found
        if writer is None:
            (self.folder / WRITER_NAME).unlink(missing_ok=True)
        else:
            tmp = self.folder / f".{WRITER_NAME}.{os.getpid()}.tmp"
            tmp.write_bytes(writer)
            os.replace(tmp, self.folder / WRITER_NAME)
        if not had_lock:
            (self.folder / LOCK_NAME).unlink(missing_ok=True)
        self.release()
        if not had_folder:
            with contextlib.suppress(OSError):  # something else is in it now
                self.folder.rmdir()

    def __enter__(self) -> FolderLock:
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


def describe_holder(folder: Path) -> str:
    """'pid N on HOST since TIME: COMMAND' from the folder's writer file, as far as it can be read."""
    try:
        info = json.loads((folder / WRITER_NAME).read_text())
        return f"pid {info['pid']} on {info['host']} since {info['started']}: {info['command']}"
    except (OSError, ValueError, KeyError, TypeError):
        return "holder unknown"
