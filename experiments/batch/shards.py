"""Parquet shards written atomically: a temporary name first, renamed when complete.

A run directory holds `manifest.json` and one folder per table (`matches/`, `decisions/`,
`cards/`) of `part-<first match>-<last match>.parquet` files. A shard exists under its
final name only once every row of its match range is in it, so a run killed at any moment
leaves only whole shards behind, and `--resume` runs just the missing ranges.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

TABLES = ("matches", "decisions", "cards")
_PART = re.compile(r"^part-(\d{9})-(\d{9})\.parquet$")


def shard_name(start: int, stop: int) -> str:
    """The file name of the shard holding matches start..stop-1."""
    return f"part-{start:09d}-{stop - 1:09d}.parquet"


def write_table(path: Path, rows: list[dict] | pa.Table, schema: pa.Schema | None = None) -> None:
    """Write rows (dicts or an Arrow table) to `path` atomically (temporary file, fsync, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    if isinstance(rows, pa.Table):
        table = rows
    else:
        table = pa.Table.from_pylist(rows, schema=schema) if rows else pa.table({})
    pq.write_table(table, tmp)
    with open(tmp, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def write_shard(run_dir: Path, start: int, stop: int, tables: dict[str, list[dict] | pa.Table]) -> None:
    """Write one shard of each table; the matches table last, since it marks the shard done."""
    name = shard_name(start, stop)
    for table in ("decisions", "cards"):
        if table in tables:
            write_table(run_dir / table / name, tables[table])
    write_table(run_dir / "matches" / name, tables["matches"])


def completed_ranges(run_dir: Path) -> set[tuple[int, int]]:
    """(start, stop) of every shard whose matches file is complete."""
    out = set()
    folder = run_dir / "matches"
    if folder.is_dir():
        for p in folder.iterdir():
            m = _PART.match(p.name)
            if m:
                out.add((int(m.group(1)), int(m.group(2)) + 1))
    return out


def clean_temporaries(run_dir: Path) -> int:
    """Remove temporary files a killed run left behind; returns how many."""
    n = 0
    for table in TABLES:
        folder = run_dir / table
        if folder.is_dir():
            for p in folder.glob(".*.tmp"):
                p.unlink()
                n += 1
    return n


def read_table(run_dir: str | Path, table: str = "matches") -> pd.DataFrame:
    """A whole table of a run, sorted by match (and decision order)."""
    folder = Path(run_dir) / table
    parts = sorted(p for p in folder.glob("part-*.parquet")) if folder.is_dir() else []
    frames = [pq.read_table(p).to_pandas() for p in parts]
    frames = [f for f in frames if len(f.columns)]
    if not frames:
        return pd.DataFrame()
    df = pd.concat(frames, ignore_index=True)
    return df.sort_values("match_id", kind="stable").reset_index(drop=True)


def write_manifest(run_dir: Path, manifest: dict) -> None:
    """Write manifest.json atomically."""
    run_dir.mkdir(parents=True, exist_ok=True)
    tmp = run_dir / ".manifest.json.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True, default=str))
    os.replace(tmp, run_dir / "manifest.json")


def read_manifest(run_dir: Path) -> dict | None:
    """The run's manifest, or None."""
    p = Path(run_dir) / "manifest.json"
    return json.loads(p.read_text()) if p.exists() else None
