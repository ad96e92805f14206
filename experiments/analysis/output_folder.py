"""An output folder written whole or not at all: a report's.

    with whole_folder(out, marker="tables.json") as tmp:
        ...                       # write every file into tmp
    # out now holds exactly those files; on an error out is as it was

The files go into a hidden sibling of `out`, which replaces `out` only once everything is
written, so an error or a kill halfway leaves `out` as it was (a hidden `.NAME.PID.tmp`
sibling at worst, never a half report), and a report written again over an earlier one
keeps none of its stale files. `out` must be new, empty, or an earlier output (it holds
`marker`): a folder of other files is refused, never mixed with or deleted.
"""
from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sim.core.errors import TcglabError


def check_output_folder(out: Path, marker: str) -> None:
    """TcglabError unless `out` is new, empty or an earlier output holding `marker`."""
    if not out.exists():
        return
    if not out.is_dir():
        raise TcglabError(f"--out: {out} is a file, not a folder")
    if any(out.iterdir()) and not (out / marker).exists():
        raise TcglabError(f"--out: {out} holds other files and no earlier report (no {marker}); "
                          "choose an empty or a new folder")


@contextmanager
def whole_folder(out: str | Path, marker: str) -> Iterator[Path]:
    """Yield a fresh hidden folder beside `out` to write into; when the block ends without an
    error it becomes `out` (an earlier output there is replaced), otherwise it is removed.
    TcglabError first when `out` may not be written (`check_output_folder`)."""
    out = Path(out)
    check_output_folder(out, marker)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f".{out.name}.{os.getpid()}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = out.parent / f".{out.name}.{os.getpid()}.old"
    if out.exists():
        os.replace(out, old)
    os.replace(tmp, out)
    shutil.rmtree(old, ignore_errors=True)
