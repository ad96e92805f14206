"""A sweep folder's own files, read back and checked: `sweep.json` and each `cells/<id>/cell.json`.

    check_folder(sweep, out, resume)       # refuse a folder before anything is written to it
    info = read_sweep_info(out)            # sweep.json, its shape checked
    status = read_cell_status(folder)      # a cell's cell.json, or None while it is unfinished

Every problem is one `SweepError` line naming the folder or the file: a corrupt or truncated
`sweep.json` or `cell.json` (not JSON, or not the fields a sweep writes) is never a
traceback. `check_folder` only reads, so a refused command leaves the folder as it was (no
lock file, no `sweep.json`); `run_sweep` calls it before taking the folder's lock and again
once it holds it.
"""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from experiments.batch.config import RunConfig
from experiments.sweep.spec import Sweep, SweepError
from sim.core.errors import TcglabError

SWEEP_FILE = "sweep.json"
CELL_FILE = "cell.json"


class SweepFolderError(SweepError):
    """A sweep folder whose sweep.json or cell.json cannot be read (the message names the file)."""


def _load_json(path: Path, hint: str):
    """The JSON in `path`; SweepFolderError naming it when it cannot be read or parsed."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SweepFolderError(f"{path}: cannot be read ({exc.strerror or exc}); {hint}") from None
    except UnicodeDecodeError:
        raise SweepFolderError(f"{path}: corrupt (not UTF-8 text); {hint}") from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise SweepFolderError(f"{path}: corrupt (not JSON: {exc}); {hint}") from None


def _cell_problem(i: int, cell) -> str | None:
    """What is wrong with entry `i` of sweep.json's cells (or None)."""
    if not isinstance(cell, dict):
        return f"cells[{i}] is not an object"
    cid = cell.get("id")
    if not isinstance(cid, str) or not cid or "/" in cid or "\\" in cid or cid in (".", ".."):
        return f"cells[{i}].id is not a cell folder name: {cid!r}"
    axes = cell.get("axes")
    if not isinstance(axes, list) or not all(isinstance(a, list) and len(a) == 2 and isinstance(a[0], str)
                                             for a in axes):
        return f"cells[{i}].axes is not a list of [key, value] pairs"
    try:
        config = json.loads(cell.get("config"))
    except (TypeError, ValueError):
        config = None
    if not isinstance(config, dict):
        return f"cells[{i}].config is not a run config"
    return None


def read_sweep_info(out: str | Path) -> dict:
    """The sweep.json of the sweep folder `out`, with its sweep id and cells checked; SweepError
    when there is none, SweepFolderError naming the file when it cannot be read."""
    out = Path(out)
    path = out / SWEEP_FILE
    if not path.exists():
        raise SweepError(f"{out}: no {SWEEP_FILE} (not a sweep folder)")
    hint = "the folder cannot be read as a sweep"
    info = _load_json(path, hint)
    if not isinstance(info, dict):
        problem = "not a JSON object"
    elif not isinstance(info.get("sweep_id"), str):
        problem = "no sweep_id"
    elif not isinstance(info.get("cells"), list):
        problem = "no list of cells"
    else:
        problem = next((p for p in (_cell_problem(i, c) for i, c in enumerate(info["cells"])) if p), None)
    if problem:
        raise SweepFolderError(f"{path}: corrupt ({problem}); {hint}")
    return info


STATUS_TYPES = {"matches": (int,), "errors": (int,), "complete": (bool,), "stopped_early": (bool,),
                "status": (str,), "run_id": (str,), "half_width": (int, float), "error_line": (str,)}


def read_cell_status(folder: str | Path) -> dict | None:
    """A cell's cell.json (written when the cell finished), or None when there is none yet;
    SweepFolderError naming the file when it is corrupt (the hint: delete it and resume, which
    rebuilds it from the cell's run folder)."""
    path = Path(folder) / CELL_FILE
    if not path.exists():
        return None
    hint = "delete it and resume the sweep (--resume) to rebuild it from the cell's run folder"
    status = _load_json(path, hint)
    if not isinstance(status, dict):
        raise SweepFolderError(f"{path}: corrupt (not a JSON object); {hint}")
    for key, types in STATUS_TYPES.items():
        value = status.get(key)
        if value is not None and (not isinstance(value, types) or (bool not in types and isinstance(value, bool))):
            raise SweepFolderError(f"{path}: corrupt ({key} is {value!r}); {hint}")
    if status.get("matches") is not None and status["matches"] < 0:
        raise SweepFolderError(f"{path}: corrupt (matches is {status['matches']}); {hint}")
    return status


def differences(info: dict, sweep: Sweep) -> list[str]:
    """What differs between the sweep a folder holds (its checked sweep.json) and `sweep`, each
    as 'what: folder vs now' (cells, their configs and match counts, the stop rule)."""
    old = {c["id"]: c for c in info["cells"]}
    new = {c.id: c for c in sweep.cells}
    out = []
    for ids, where in (([i for i in old if i not in new], "the folder"), ([i for i in new if i not in old], "now")):
        if ids:
            out.append(f"cells only {'in ' if where == 'the folder' else ''}{where}: {', '.join(ids[:3])}"
                       + (f" and {len(ids) - 3} more" if len(ids) > 3 else ""))
    for cid in (i for i in new if i in old):
        cell = new[cid].config
        try:
            before = RunConfig.from_json(old[cid]["config"])
        except (TcglabError, TypeError, ValueError):
            out.append(f"cell {cid}: its recorded config cannot be read")
            continue
        out += cell.differences(before)
        if before.matches != cell.matches:
            out.append(f"matches: {before.matches} vs {cell.matches}")
    stop = dataclasses.asdict(sweep.stop) if sweep.stop else None
    if info.get("stop") != stop:
        out.append(f"stop: {info.get('stop')} vs {stop}")
    return list(dict.fromkeys(out))


def check_folder(sweep: Sweep, out: Path, resume: bool) -> None:
    """Refuse `out` unless it is new, empty (dot files aside) or holds this very sweep with
    `resume` and readable cell.json files; reads only, so a refusal leaves the folder exactly
    as it was."""
    if out.exists() and not out.is_dir():
        raise SweepError(f"out: {out} is not a folder")
    if not out.exists():
        return
    if (out / SWEEP_FILE).exists():
        info = read_sweep_info(out)
        if not resume:
            raise SweepError(f"out: {out} already holds a sweep; pass --resume (resume=True) to "
                             f"continue it, or choose another folder")
        if info["sweep_id"] != sweep.sweep_id:
            diffs = differences(info, sweep)
            raise SweepError(f"out: {out} holds sweep {info['sweep_id']} made from another sweep file ("
                             + ("folder vs now: " + "; ".join(diffs[:4]) if diffs else
                                "cells, matches or stop rule differ")
                             + "); a resume must use the same file and --matches")
        for cell in sweep.cells:  # a corrupt cell.json is refused now, not halfway through the cells
            read_cell_status(out / "cells" / cell.id)
    elif any(p for p in out.iterdir() if not p.name.startswith(".")):
        raise SweepError(f"out: {out} is not empty and holds no {SWEEP_FILE}; choose another folder")
