"""The fixed Arrow schema of each log table, and the metadata every shard carries.

Every shard of a table is written with its table's schema, including shards where every
match errored (a typed empty table), so `pandas.read_parquet(run_dir / "matches")` reads
any run with the same columns and dtypes. Each shard's Parquet metadata names its run
id, its table and its match range, so a reader can check a file belongs where it lies.

Columns (one row per match in `matches`, per decision in `decisions`, per (player,
card, event) in `cards`): see docs/runner.md, "Logs".
"""
from __future__ import annotations

import pyarrow as pa

SEATS = 4  # the most seats of any game; absent seats hold nulls

MATCHES = pa.schema(
    [("run_id", pa.string()), ("match_id", pa.int64()), ("game", pa.string()), ("env_version", pa.string()),
     ("params_id", pa.string()), ("params_json", pa.string()), ("seed", pa.int64()),
     ("num_players", pa.int64())]
    + [(f"{kind}_{seat}", pa.string()) for seat in range(SEATS) for kind in ("agent", "deck")]
    + [("first_player", pa.int64()), ("winner", pa.int64()), ("end_reason", pa.string()),
       ("turns", pa.int64()), ("decisions", pa.int64()), ("error", pa.string())]
    + [(f"return_{seat}", pa.float64()) for seat in range(SEATS)]
    + [("wall_time", pa.float64())])

DECISIONS = pa.schema(
    [("run_id", pa.string()), ("match_id", pa.int64()), ("turn", pa.int64()), ("player", pa.int64()),
     ("action", pa.int64()), ("label", pa.string()), ("legal_count", pa.int64()), ("think_time", pa.float64())])

CARDS = pa.schema(
    [("run_id", pa.string()), ("match_id", pa.int64()), ("player", pa.int64()), ("card", pa.int64()),
     ("event", pa.string()), ("count", pa.int64()), ("outcome", pa.string())])

SCHEMAS: dict[str, pa.Schema] = {"matches": MATCHES, "decisions": DECISIONS, "cards": CARDS}
TABLES = tuple(SCHEMAS)

META_RUN_ID = b"tcglab.run_id"
META_TABLE = b"tcglab.table"
META_START = b"tcglab.start"
META_STOP = b"tcglab.stop"


def to_arrow(table: str, rows: list[dict] | pa.Table) -> pa.Table:
    """Rows (dicts, or an Arrow table from a worker) as an Arrow table of `table`'s schema."""
    schema = SCHEMAS[table]
    if isinstance(rows, pa.Table):
        if rows.num_rows == 0:
            return schema.empty_table()
        return rows.select(schema.names).cast(schema)
    return pa.Table.from_pylist(rows, schema=schema)


def with_shard_metadata(data: pa.Table, table: str, run_id: str, start: int, stop: int) -> pa.Table:
    """`data` with the shard's run id, table name and match range in its schema metadata."""
    return data.replace_schema_metadata({META_RUN_ID: run_id.encode(), META_TABLE: table.encode(),
                                         META_START: str(start).encode(), META_STOP: str(stop).encode()})


def shard_metadata(metadata: dict[bytes, bytes] | None) -> tuple[str, str, int, int] | None:
    """(run_id, table, start, stop) read back from a shard's schema metadata; None if absent."""
    if not metadata or META_RUN_ID not in metadata:
        return None
    try:
        return (metadata[META_RUN_ID].decode(), metadata[META_TABLE].decode(),
                int(metadata[META_START]), int(metadata[META_STOP]))
    except (KeyError, ValueError):
        return None
