"""Helpers of the refusal and fault tests: a folder's exact contents, and the one-line error.

    before = snapshot(folder)
    assert main([...]) == 2
    line = one_line(capsys)          # the single stderr line, no traceback
    assert snapshot(folder) == before
"""
from __future__ import annotations

from pathlib import Path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (dot files too) and its bytes; {} when there is no folder."""
    folder = Path(folder)
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def one_line(capsys) -> str:
    """The one line a refused command wrote to stderr (asserts one line and no traceback)."""
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]
