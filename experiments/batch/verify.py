"""Check every shard of a run folder before a resume trusts it; move the bad ones aside.

    done = verify_folder(run_dir, run_id, tables=("matches", "cards"), matches=1000, say=print)

A matches shard counts as done only when its file's footer can be read, its schema is the
table's, its metadata names this run id, this table and the range in its file name, the
range lies inside the run and overlaps no other shard, its row count is the range's
length and its match ids span exactly that range; and each other logged table (cards,
decisions) has a shard of the same range that passes the same checks (its match ids
inside the range). Everything else is moved into `<run>/quarantine/<table>/` with one
line said about it (the matches are then played again), except what a killed writer of
this run left behind (temporary files, a cards or decisions shard whose matches file was
never written), which is removed: it is rewritten identically when its range is played.

The checks read only each file's footer (schema, metadata, row count and the match_id
column's statistics), so a thousand shards verify in a fraction of a second.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from experiments.batch.schema import SCHEMAS, TABLES, shard_metadata
from experiments.batch.shards import shard_range

QUARANTINE = "quarantine"


def verify_folder(run_dir: Path, run_id: str, tables: Iterable[str], matches: int,
                  say: Callable[[str], None] = print) -> set[tuple[int, int]]:
    """The (start, stop) ranges whose shards are whole in every table of `tables`
    (matches first); see the module docstring for what is checked and moved aside."""
    tables = ["matches"] + [t for t in tables if t != "matches"]
    good: dict[str, dict[tuple[int, int], Path]] = {}
    for table in TABLES:
        folder = run_dir / table
        if not folder.is_dir():
            good[table] = {}
            continue
        good[table] = _good_shards(folder, table, run_id, matches, say)
    done = set(_without_overlaps(good["matches"], run_dir, say))
    for table in tables[1:]:
        for rng in sorted(done - set(good[table])):
            say(f"{run_dir / 'matches'}: shard {rng[0]}-{rng[1] - 1} has no whole {table} shard; "
                "moved aside, its matches play again")
            quarantine(run_dir, "matches", good["matches"][rng])
            done.discard(rng)
    for table in TABLES[1:]:
        for rng, path in good[table].items():
            if rng not in done or table not in tables:
                path.unlink()  # a sibling whose matches file a killed writer never wrote
    return done


def _good_shards(folder: Path, table: str, run_id: str, matches: int,
                 say: Callable[[str], None]) -> dict[tuple[int, int], Path]:
    """Shards of one table folder that pass the per-file checks; the rest handled."""
    good = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") and path.name.endswith(".tmp"):
            path.unlink()  # a temporary file of a killed writer (this folder is locked)
            continue
        rng = shard_range(path.name)
        problem = "not a shard file name" if rng is None else _problem(path, table, run_id, rng, matches)
        if problem is None:
            good[rng] = path
        else:
            say(f"{path}: {problem}; moved to {QUARANTINE}/, its matches play again")
            quarantine(folder.parent, table, path)
    return good


def _problem(path: Path, table: str, run_id: str, rng: tuple[int, int], matches: int) -> str | None:
    """What is wrong with one shard file, or None."""
    start, stop = rng
    try:
        meta = pq.read_metadata(path)
        schema = meta.schema.to_arrow_schema()
    except (OSError, pa.ArrowException) as exc:
        return f"unreadable ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    info = shard_metadata(schema.metadata)
    if info is None:
        return "no tcglab shard metadata (not written by this version, or foreign)"
    if info[0] != run_id:
        return f"belongs to run {info[0]}, not {run_id}"
    if info[1] != table or (info[2], info[3]) != rng:
        return f"metadata says {info[1]} {info[2]}-{info[3] - 1}, the file name {table} {start}-{stop - 1}"
    if not schema.remove_metadata().equals(SCHEMAS[table]):
        return "columns differ from the table's schema"
    if stop > matches:
        return f"range beyond the run's {matches} matches"
    low, high = _match_id_span(meta, schema)
    if table == "matches":
        if meta.num_rows != stop - start or (meta.num_rows and (low, high) != (start, stop - 1)):
            return f"holds {meta.num_rows} rows with match ids {low}-{high}, not matches {start}-{stop - 1}"
    elif meta.num_rows and (low is None or low < start or high >= stop):
        return f"match ids {low}-{high} outside {start}-{stop - 1}"
    return None


def _match_id_span(meta: pq.FileMetaData, schema: pa.Schema) -> tuple[int | None, int | None]:
    """The smallest and largest match_id from the footer's column statistics (None if absent)."""
    col = schema.get_field_index("match_id")
    low = high = None
    for i in range(meta.num_row_groups):
        stats = meta.row_group(i).column(col).statistics
        if stats is None or not stats.has_min_max:
            return None, None
        low = stats.min if low is None else min(low, stats.min)
        high = stats.max if high is None else max(high, stats.max)
    return low, high


def _without_overlaps(shards: dict[tuple[int, int], Path], run_dir: Path,
                      say: Callable[[str], None]) -> list[tuple[int, int]]:
    """The ranges kept in order of start; a range overlapping a kept one is moved aside."""
    kept: list[tuple[int, int]] = []
    for rng in sorted(shards):
        if kept and rng[0] < kept[-1][1]:
            say(f"{shards[rng]}: overlaps shard {kept[-1][0]}-{kept[-1][1] - 1}; "
                f"moved to {QUARANTINE}/, its matches play again")
            quarantine(run_dir, "matches", shards[rng])
            continue
        kept.append(rng)
    return kept


def quarantine(run_dir: Path, table: str, path: Path) -> Path:
    """Move `path` into `<run_dir>/quarantine/<table>/` (a suffix keeps earlier copies)."""
    dest_dir = run_dir / QUARANTINE / table
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / path.name
    if dest.exists():
        dest = dest_dir / f"{path.name}.{time.strftime('%Y%m%dT%H%M%S')}.{os.getpid()}"
    os.replace(path, dest)
    return dest
