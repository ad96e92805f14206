"""The repository stands alone: no tracked file refers to the shared folder beside it.

Scripts must not load files from outside the repository, and docs and docstrings must not
send a reader there. Every file `git ls-files` lists is read, binary files (a NUL byte)
aside; the failure lists each offending line.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Spelled in two parts so this file does not match itself.
OUTSIDE = (".." + "/shared", "/work" + "/shared")


SKIP_DIRS = {".git", ".venv", "build", "runs", "__pycache__", ".pytest_cache", ".ruff_cache"}


def tracked_files() -> list[str]:
    """The files git tracks; outside a git checkout, every file but build and cache folders."""
    if shutil.which("git") is not None and (ROOT / ".git").exists():
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        return [p for p in out.stdout.decode().split("\0") if p]
    return [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
            if p.is_file() and not SKIP_DIRS & set(p.relative_to(ROOT).parts) and not p.name.endswith(".egg-info")]


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
