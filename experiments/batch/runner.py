"""The batch runner: `run(RunConfig) -> pandas.DataFrame`, resumable and parallel.

Matches are grouped into fixed shards of `shard_size` (so the table does not depend on
the number of workers), run by a backend (local processes or Ray), and written by this
process as Parquet shards under temporary names renamed when complete. A killed run is
resumed with `resume=True`: only the missing shards run, and the final table equals an
uninterrupted run's (except the wall-time columns).
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import platform
import sys
import time
from pathlib import Path

import pandas as pd

from experiments.batch.backends import backend_for
from experiments.batch.config import RunConfig, RunConfigError
from experiments.batch.match import game_for, per_seat
from experiments.batch.shards import (
    clean_temporaries,
    completed_ranges,
    read_manifest,
    read_table,
    write_manifest,
    write_shard,
)
from experiments.batch.summary import Summary

TIMING_COLUMNS = ("wall_time", "think_time")


def run_id_of(config: RunConfig) -> str:
    """A stable id of the matches a config defines (same after a resume)."""
    return hashlib.sha256(config.to_json().encode()).hexdigest()[:12]


def validate(config: RunConfig) -> None:
    """Fail before any match runs: game, params, agents and decks are all checked."""
    import agents as agent_registry
    game = game_for(config)
    seats = game.num_players
    for spec in per_seat(config.agents, seats, "agents"):
        try:
            agent_registry.make(spec)
        except Exception as exc:
            raise RunConfigError(f"agents: {spec!r}: {exc}") from exc
    if config.decks:
        for deck in set(per_seat(config.decks, seats, "decks")):
            game.resolve_deck(deck)


def _versions() -> dict:
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for pkg in ("tcglab", "numpy", "pandas", "pyarrow", "pettingzoo", "gymnasium"):
        try:
            out[pkg] = importlib.metadata.version(pkg)
        except importlib.metadata.PackageNotFoundError:
            out[pkg] = None
    return out


def plan(config: RunConfig) -> list[tuple[int, int]]:
    """The shard ranges of a run."""
    return [(s, min(s + config.shard_size, config.matches))
            for s in range(0, config.matches, config.shard_size)]


def execute(config: RunConfig, on_shard=None) -> Summary:
    """Run (or resume) every missing shard, writing them if `config.out`; returns the summary."""
    validate(config)
    run_id = run_id_of(config)
    ranges = plan(config)
    summary = Summary()
    out = Path(config.out) if config.out else None
    if out is not None:
        manifest = read_manifest(out)
        if manifest is not None:
            if not config.resume:
                raise RunConfigError(f"out: {out} already holds a run; pass resume=True (--resume) "
                                     f"to continue it, or choose another folder")
            if manifest["run_id"] != run_id:
                raise RunConfigError(f"out: {out} holds run {manifest['run_id']} with another config; "
                                     f"a resume must use the same config")
        clean_temporaries(out)
        done = completed_ranges(out)
        if done:
            summary.add_frame(read_table(out, "matches"))
        ranges = [r for r in ranges if r not in done]
        game = game_for(config)
        write_manifest(out, {"run_id": run_id, "config": config.to_json(), "game": config.game,
                             "params": game.params.to_dict(), "params_id": game.params.params_id,
                             "versions": _versions(), "shards": len(plan(config)),
                             "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
    bar = None
    if config.progress:
        from tqdm import tqdm
        bar = tqdm(total=config.matches, initial=summary.matches, unit="match", dynamic_ncols=True,
                   desc=config.game, file=sys.stderr)
    try:
        for start, stop, tables in backend_for(config.backend)(config, ranges, run_id):
            if out is not None:
                write_shard(out, start, stop, tables)
            for row in tables["matches"]:
                summary.add(row)
            if on_shard is not None:
                on_shard(start, stop, tables)
            if bar is not None:
                bar.update(stop - start)
    finally:
        if bar is not None:
            bar.close()
    return summary


def run(config: RunConfig) -> pd.DataFrame:
    """Run the batch and return its matches table (read back from disk when `out` is set)."""
    if config.out:
        execute(config)
        return read_table(config.out, "matches")
    rows: list[dict] = []
    execute(config, on_shard=lambda a, b, tables: rows.extend(tables["matches"]))
    return pd.DataFrame(rows).sort_values("match_id").reset_index(drop=True)
