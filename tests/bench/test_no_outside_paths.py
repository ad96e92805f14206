"""The repository stands alone: no tracked file refers to the shared folder beside it.

Scripts must not load files from outside the repository, and docs and docstrings must not
send a reader there. Every file `git ls-files` lists is read, binary files (a NUL byte)
aside; the failure lists each offending line.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Spelled in two parts so this file does not match itself.
OUTSIDE = (".." + "/shared", "/work" + "/shared")


def tracked_files() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no list of tracked files")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [p for p in out.stdout.decode().split("\0") if p]


def test_no_tracked_file_refers_outside_the_repository():
    offenders = []
    files = tracked_files()
    assert files, "git ls-files listed nothing"
    for name in files:
        path = ROOT / name
        if not path.is_file():  # tracked, deleted in this working tree
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        for lineno, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if any(needle in line for needle in OUTSIDE):
                offenders.append(f"{name}:{lineno}: {line.strip()[:120]}")
    assert not offenders, (f"{len(offenders)} lines refer outside the repository:\n"
                           + "\n".join(offenders))
