"""Which code produced a figure: the versions a run records (`versions`), the code version a
process plays with (`process_code_version`, read once, at the start of a command), the
versions a run folder's manifest lists (`code_versions`) and how a page names them
(`describe_code`).

    from experiments.codeversion import process_code_version, describe_code
    print(f"code version {process_code_version()}")   # 'a1b2c3d', 'a1b2c3d+dirty' or 'unknown'
"""
from __future__ import annotations

import importlib.metadata
import platform
import sys
from functools import cache
from pathlib import Path


def versions() -> dict:
    """Python, platform, the versions of tcglab and its main libraries, and the git commit (for manifests)."""
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for pkg in ("tcglab", "numpy", "pandas", "pyarrow", "pettingzoo", "gymnasium"):
        try:
            out[pkg] = importlib.metadata.version(pkg)
        except importlib.metadata.PackageNotFoundError:
            out[pkg] = None
    out["git"] = _git_commit()
    return out


UNPLAYED = (":(exclude)docs", ":(exclude)*.md", ":(exclude)agents/zoo/*.json")
"""Tracked files that change no match (docs, Markdown, the zoo's model cards, which `tcglab zoo
evaluate` rewrites): edits to them do not make a checkout '+dirty'."""


def _git_commit() -> str | None:
    """The commit of the tcglab checkout, or None outside git; with '+dirty' when a tracked
    file that can change play differs from it (not those of `UNPLAYED`)."""
    import subprocess
    root = Path(__file__).resolve().parents[1]  # the repository (this file is experiments/codeversion.py)
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, timeout=5, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no",
                                "--", ".", *UNPLAYED],
                               capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return commit + ("+dirty" if dirty else "")


@cache
def process_code_version() -> str:
    """The code version this process plays with, read once: at its first call, which
    `tcglab` makes when a command starts, so edits made while it runs (which do not change
    the code it has loaded) do not change what its pages name."""
    return versions()["git"] or "unknown"


def code_versions(manifest: dict) -> list[str]:
    """Every code version (git commit) that played matches into a run folder, oldest first,
    from its manifest (a folder from before this was kept: the one its manifest names)."""
    kept = manifest.get("code_versions")
    if kept is None:
        kept = [(manifest.get("versions") or {}).get("git") or "unknown"]
    return list(kept)


def describe_code(code: list[str], what: str = "run") -> str:
    """'a1b2c3d', or 'a1b2c3d, then e4f5a6b (...)' when the matches of a `what` (a run, a
    study) come from several versions."""
    if len(code) <= 1:
        return code[0] if code else "unknown"
    return (", then ".join(code)
            + f" (the {what} was continued under other code: its matches come from each)")

