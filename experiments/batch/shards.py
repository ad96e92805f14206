"""Parquet shards: written atomically with a fixed schema, read back with clear errors.

A run directory holds `manifest.json` and one folder per table (`matches/`, `decisions/`,
`cards/`) of `part-<first match>-<last match>.parquet` files. A shard is written under a
temporary name, fsynced and renamed, the matches file last: a shard exists under its
final name only once every row of its match range is in it. Every shard has its table's
schema (`experiments.batch.schema`) and names its run id and range in its metadata, so
`pandas.read_parquet(run_dir / "matches")` reads any run, and `experiments.batch.verify`
can check each file before a resume trusts it.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from experiments.batch.schema import SCHEMAS, TABLES, to_arrow, with_shard_metadata
from sim.core.errors import TcglabError

PART = re.compile(r"^part-(\d{9})-(\d{9})\.parquet$")
MANIFEST = "manifest.json"

__all__ = ["TABLES", "CorruptLogError", "PART", "read_manifest", "read_shard", "read_table", "run_manifest",
           "shard_files", "shard_name", "write_manifest", "write_shard"]


class CorruptLogError(TcglabError):
    """A log file that cannot be read or does not belong where it lies."""


def shard_name(start: int, stop: int) -> str:
    """The file name of the shard holding matches start..stop-1."""
    return f"part-{start:09d}-{stop - 1:09d}.parquet"


def shard_range(name: str) -> tuple[int, int] | None:
    """(start, stop) from a shard file name; None if it is not one."""
    m = PART.match(name)
    return (int(m.group(1)), int(m.group(2)) + 1) if m else None


def _replace_atomically(path: Path, write) -> None:
    """Call `write(tmp)` on a temporary sibling of `path`, fsync it, rename it to `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_shard(run_dir: Path, run_id: str, start: int, stop: int,
                tables: dict[str, list[dict] | pa.Table]) -> None:
    """Write one shard of each table in `tables`; the matches table last, as it marks the shard done."""
    name = shard_name(start, stop)
    for table in ("decisions", "cards", "matches"):
        if table in tables:
            data = with_shard_metadata(to_arrow(table, tables[table]), table, run_id, start, stop)
            _replace_atomically(run_dir / table / name, lambda tmp, data=data: pq.write_table(data, tmp))


def read_table(run_dir: str | Path, table: str = "matches") -> pd.DataFrame:
    """A whole table of a run, sorted by match (and decision order), with the table's fixed
    columns even when it is empty. A shard that cannot be read, a file in the table's folder
    that is not a shard (a copy, a stray file) and two shards whose match ranges overlap raise
    CorruptLogError naming the file: their rows would be counted twice or mixed in."""
    if table not in SCHEMAS:
        raise ValueError(f"table must be one of {TABLES}, got {table!r}")
    folder = Path(run_dir) / table
    frames = []
    for path in shard_files(folder):
        frames.append(read_shard(path, table))
    data = pa.concat_tables(frames) if frames else SCHEMAS[table].empty_table()
    df = data.to_pandas()
    return df.sort_values("match_id", kind="stable").reset_index(drop=True)


def shard_files(folder: Path) -> list[Path]:
    """The shard files of a table folder in match order; CorruptLogError for a file that is
    not a shard and for overlapping ranges (hidden files, such as a shard being written, are
    skipped)."""
    shards = []
    for path in folder.iterdir() if folder.is_dir() else ():
        if path.name.startswith("."):
            continue
        rng = shard_range(path.name)
        if rng is None:
            raise CorruptLogError(f"{path}: not a shard of this run (shards are named "
                                  f"part-<first match>-<last match>.parquet): move it out of {folder}")
        shards.append((rng, path))
    shards.sort()
    for (before, first), (after, second) in zip(shards, shards[1:]):
        if after[0] < before[1]:
            raise CorruptLogError(f"{second}: its matches overlap {first.name}'s; "
                                  "`tcglab run ... --resume` moves one aside and plays its matches again")
    return [path for _, path in shards]


def read_shard(path: Path, table: str, match_id: int | None = None) -> pa.Table:
    """One shard file of `table` (only match `match_id`'s rows if given); CorruptLogError
    naming the file when it cannot be read."""
    try:
        if match_id is None:
            return pq.read_table(path, schema=SCHEMAS[table])
        return pq.read_table(path, schema=SCHEMAS[table], filters=[("match_id", "=", match_id)])
    except (OSError, pa.ArrowException) as exc:
        raise CorruptLogError(f"{path}: unreadable shard ({_first_line(exc)}); "
                              "`tcglab run ... --resume` moves it aside and plays its matches again (a game "
                              "saved by `tcglab play` has no second copy: restore it from a backup)") from None


def write_manifest(run_dir: Path, manifest: dict) -> None:
    """Write manifest.json atomically."""
    text = json.dumps(manifest, indent=2, sort_keys=True, default=str)
    _replace_atomically(Path(run_dir) / MANIFEST, lambda tmp: tmp.write_text(text))


def run_manifest(run_dir: str | Path) -> dict:
    """The manifest of the run in `run_dir`, for commands that read one run (replay, view):
    TcglabError saying what `run_dir` is instead (no such folder, a file, a sweep folder)."""
    folder = Path(run_dir)
    if not folder.exists():
        raise TcglabError(f"{folder}: no such folder (give a run folder, the --out of `tcglab run`)")
    if not folder.is_dir():
        raise TcglabError(f"{folder}: a file, not a run folder (the --out of `tcglab run`)")
    manifest = read_manifest(folder)
    if manifest is None:
        hint = (": a sweep folder, whose runs are its cells/<cell id> folders" if (folder / "sweep.json").exists()
                else "")
        raise TcglabError(f"no manifest.json in {folder}: not a run folder{hint}")
    return manifest


def read_manifest(run_dir: str | Path) -> dict | None:
    """The run's manifest, or None when there is none; CorruptLogError when it cannot be read
    or its config is not a run config's JSON."""
    path = Path(run_dir) / MANIFEST
    try:
        manifest = json.loads(path.read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise CorruptLogError(f"{path}: unreadable manifest ({_first_line(exc)}); "
                              "this folder cannot be trusted: choose another folder") from None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("run_id"), str) or "config" not in manifest:
        raise CorruptLogError(f"{path}: not a tcglab run manifest (no run_id or config); choose another folder")
    try:
        config = json.loads(manifest["config"]) if isinstance(manifest["config"], str) else None
    except ValueError:
        config = None
    if not isinstance(config, dict) or not isinstance(config.get("game"), str):
        raise CorruptLogError(f"{path}: its config is not a run config's JSON (a string naming the game and "
                              "the run's settings); this folder cannot be trusted: choose another folder")
    return manifest


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
