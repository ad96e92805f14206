"""Balance sweeps: many runner runs (cells) from one sweep file, resumable, with early stop.

    from experiments.sweep import load_sweep_file, run_sweep, load_results
    sweep = load_sweep_file("experiments/examples/sweeps/first_cycle_round_robin.toml", matches=40)
    run_sweep(sweep, "runs/sweep1", workers=2)
    res = load_results("runs/sweep1")          # res.matches, res.cards, res.cells

Layout of a sweep folder:

    sweep.json              the parsed sweep file, its cells and sweep id
    cells/<cell-id>/        an ordinary run folder (manifest.json, matches/, cards/)
    cells/<cell-id>/cell.json   written when the cell is finished: matches used, early stop
    report/                 written by `tcglab report` (experiments.analysis.report)

Every cell is validated before any match runs (`experiments.sweep.spec`). Every cell
uses the same run seed unless the sweep sweeps `seed`, so match i of every cell has the
same shuffles and agent seeds (common random numbers: cell differences are measured on
paired games, which cuts their variance). Seats are swapped by the runner when
`swap_seats` (the default).

Resume: each cell is a runner run folder, so `--resume` plays only missing shards; a
sweep folder refuses a different sweep file (its `sweep_id` covers every cell's config
and the stop rule). Early stop (`[stop]`): a cell runs in chunks of whole shards from
match 0 upwards; after each complete chunk the rule is evaluated on matches 0..k*chunk-1
only, and the cell stops at the first chunk boundary where it holds. The folder's run
config is the capped one (so `tcglab run --resume` could still complete it), and a
resumed sweep finishes the interrupted chunk and re-evaluates the rule on the same
prefixes, so it stops every cell at exactly the match count an uninterrupted sweep
would: the tables are identical.
"""
from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import pandas as pd

from experiments.batch.backends import connect_ray, kept_workers
from experiments.batch.config import RunConfig, RunConfigError
from experiments.batch.lock import FolderLock
from experiments.batch.match import game_for
from experiments.batch.runner import execute, open_folder, plan, play, run_id_of
from experiments.batch.shards import read_table
from experiments.batch.summary import Summary
from experiments.stats import half_width, proportion_ci
from experiments.sweep.folder import SWEEP_FILE, check_folder, read_cell_status, read_sweep_info
from experiments.sweep.spec import (
    StopRule,
    Sweep,
    SweepError,
    validate_sweep,
)
from sim.core.errors import TcglabError

OnShard = Callable[[str, int, int], None]


@dataclass
class SweepResults:
    """A sweep's tables: `matches` and `cards` with `cell` and one column per swept axis,
    `cells` (one row per cell: axes; `matches`, the finished matches its rates are over;
    `errors`, the matches that raised, left out of the rates; status; the win rate of the
    cell's first lineup entry and of the first player with their Wilson 95% intervals, draws
    counting 1/n; the early stop and its last half-width, None where no stop rule ran)."""

    matches: pd.DataFrame
    cards: pd.DataFrame
    cells: pd.DataFrame
    axes: list[str]
    info: dict


def _lineup_seat(match_id: pd.Series, n: pd.Series, swap: bool) -> pd.Series:
    """The seat where a cell's first lineup entry sat (the runner rotates seats by match index)."""
    return (-(match_id % n)) % n if swap else match_id * 0


def stop_metric(matches: pd.DataFrame, metric: str, swap_seats: bool = True) -> tuple[float, int, float]:
    """(score, games, 95% CI half-width) of a cell's stop metric: the win rate of its first
    lineup entry ("lineup") or of the first player ("first_player"); draws count 1/n."""
    df = matches[matches["end_reason"] != "error"]
    if df.empty:
        return 0.0, 0, 0.5
    n = df["num_players"].astype(int)
    winner = df["winner"].astype(int)
    seat = _lineup_seat(df["match_id"], n, swap_seats) if metric == "lineup" else df["first_player"].astype(int)
    score = ((winner == seat) + (winner < 0) / n).sum()
    return float(score), len(df), float(half_width(score, len(df)))


def _run_chunked(config: RunConfig, stop: StopRule, on_shard: OnShard | None, cell_id: str,
                 summary: Summary, stack: contextlib.ExitStack) -> dict:
    """Run a cell chunk by chunk until its stop rule holds or the cap is reached."""
    run_id = run_id_of(config)
    done = open_folder(config, run_id, game_for(config), stack, _say, early_stop=asdict(stop))
    if done:
        summary.add_frame(read_table(config.out, "matches"))
    shards = plan(config)
    per_chunk = max(1, stop.chunk // config.shard_size)
    used, stopped, hw, k = 0, False, None, 0
    bar = _bar(config, cell_id, summary.matches, stack)
    hook = None if on_shard is None else (lambda a, b, t: on_shard(cell_id, a, b))
    while k * per_chunk < len(shards):
        chunk = shards[k * per_chunk:(k + 1) * per_chunk]
        play(config, [r for r in chunk if r not in done], run_id, summary, hook, bar)
        used = chunk[-1][1]
        if used >= stop.min_matches:
            table = read_table(config.out, "matches")
            _, _, hw = stop_metric(table[table["match_id"] < used], stop.metric, config.swap_seats)
            if bar is not None:
                bar.set_postfix(half_width=f"{hw:.3f}")
            if hw <= stop.half_width:
                stopped = True
                break
        k += 1
    return {"matches": used, "stopped_early": stopped and used < config.matches, "half_width": hw}


def _bar(config: RunConfig, cell_id: str, initial: int, stack: contextlib.ExitStack):
    if not config.progress:
        return None
    from tqdm import tqdm
    return stack.enter_context(tqdm(total=config.matches, initial=initial, unit="match", desc=cell_id[:30],
                                    file=sys.stderr, dynamic_ncols=True))


def _say(line: str) -> None:
    print(line, file=sys.stderr)


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True, default=list))
    tmp.replace(path)


def run_sweep(sweep: Sweep, out: str | Path, *, workers: int | None = None, backend: str | None = None,
              ray_address: str | None = None, resume: bool = False, progress: bool = True,
              on_shard: OnShard | None = None) -> pd.DataFrame:
    """Validate every cell, the overrides and the folder, then run (or resume) each cell in turn
    into `out/cells/<id>/`, holding `out`'s lock throughout. Nothing is written (not even the
    lock file) before the checks pass and a Ray backend is reached. `on_shard(cell_id, start,
    stop)` is called after each shard is written. Returns the cells table of `load_results`;
    raises SweepCellsFailed (after every cell ran) when some cells had errored matches."""
    validate_sweep(sweep)
    out = Path(out)
    configs = cell_configs(sweep, out, workers, backend, ray_address, progress)
    check_folder(sweep, out, resume)
    first = sweep.cells[0].config if sweep.cells else RunConfig()
    with contextlib.ExitStack() as stack:
        if (backend or first.backend) == "ray":
            stack.callback(connect_ray(ray_address or first.ray_address, workers or first.workers))
        lock = FolderLock(out, "tcglab sweep")
        try:
            stack.enter_context(lock)
        except OSError as exc:
            raise SweepError(f"out: cannot write to {out}: {exc.strerror or exc}") from None
        try:
            check_folder(sweep, out, resume)  # again, now that no other writer can change it
        except TcglabError:
            lock.abandon()  # a refused folder is left as it was found
            raise
        if sweep.stop_note():
            _say(sweep.stop_note())
        _write_json(out / SWEEP_FILE, {
            "sweep_id": sweep.sweep_id, "name": sweep.name, "game": sweep.game, "source": sweep.source,
            "spec": sweep.spec, "stop": asdict(sweep.stop) if sweep.stop else None,
            "cells": [{"id": c.id, "axes": [list(a) for a in c.axes], "config": c.config.to_json()}
                      for c in sweep.cells]})
        failed = _run_cells(sweep, out, configs, progress, on_shard)
    cells = load_results(out).cells
    if failed:
        raise SweepCellsFailed(failed, cells)
    return cells


def cell_configs(sweep: Sweep, out: Path, workers: int | None = None, backend: str | None = None,
                 ray_address: str | None = None, progress: bool = True) -> list[RunConfig]:
    """Each cell's run config as the sweep plays it: in `out/cells/<id>`, resumable, with the
    command line's `workers`, `backend` and `ray_address` (None: the file's). A bad override is
    one SweepError naming it, raised before anything is written."""
    changes: dict = {"resume": True, "progress": progress, "allow_errors": True}
    if workers is not None:
        changes["workers"] = workers
    if backend is not None:
        changes.update(backend=backend, ray_address=ray_address)
    try:
        return [cell.config.replace(out=str(out / "cells" / cell.id), **changes) for cell in sweep.cells]
    except RunConfigError as exc:
        raise SweepError(str(exc)) from None


class SweepCellsFailed(SweepError):
    """Some cells had matches that raised; they are marked failed in cell.json and the cells table."""

    exit_code = 3

    def __init__(self, failed: list[tuple[str, str]], cells: pd.DataFrame) -> None:
        first_id, first_line = failed[0]
        super().__init__(f"{len(failed)} cells failed (matches raised errors); the first, {first_id}: {first_line}")
        self.failed, self.cells = failed, cells


def _run_cells(sweep: Sweep, out: Path, configs: list[RunConfig], progress: bool,
               on_shard: OnShard | None) -> list[tuple[str, str]]:
    """Run every unfinished cell in order; a finished cell has a cell.json of its run id.
    Returns (cell id, error line) of the cells whose matches raised. Cells (and their
    early-stopping chunks) on the local backend share their worker processes (`kept_workers`)."""
    with contextlib.ExitStack() as kept:
        return _run_each_cell(sweep, out, configs, progress, on_shard, kept)


def _run_each_cell(sweep: Sweep, out: Path, configs: list[RunConfig], progress: bool,
                   on_shard: OnShard | None, kept: contextlib.ExitStack) -> list[tuple[str, str]]:
    failed = []
    for i, (cell, config) in enumerate(zip(sweep.cells, configs), 1):
        folder = Path(config.out)
        if config.backend == "local":
            kept.enter_context(kept_workers(config.workers))  # a no-op for a count already kept
        status = read_cell_status(folder)
        if status is not None and status.get("run_id") == run_id_of(config):
            if status.get("errors"):
                failed.append((cell.id, status.get("error_line", "")))
            continue
        if progress:
            print(f"[{i}/{len(sweep.cells)}] {cell.id}", file=sys.stderr)
        summary = Summary()
        with contextlib.ExitStack() as stack:
            if sweep.stop is None:
                hook = None if on_shard is None else (lambda a, b, t, cid=cell.id: on_shard(cid, a, b))
                summary = execute(config, on_shard=hook)
                status = {"matches": summary.matches, "stopped_early": False, "half_width": None}
            else:
                status = _run_chunked(config, sweep.stop, on_shard, cell.id, summary, stack)
        status.update(errors=summary.errors, status="failed" if summary.errors else "done")
        if summary.errors:
            status["error_line"] = summary.error_line(str(folder))
            failed.append((cell.id, status["error_line"]))
        _write_json(folder / "cell.json", {"id": cell.id, "run_id": run_id_of(config), "complete": True,
                                           "axes": [list(a) for a in cell.axes], **status})
    return failed


def produced_by(sweep: Sweep, code_version: str | None) -> str:
    """One line naming what a sweep's figures come from: game, the agents, decks, params and
    seed every cell shares (or "swept" for an axis that varies by cell), the matches per cell
    and the code version (`code_version`, e.g. `experiments.batch.runner.versions()["git"]`)."""
    configs = [c.config for c in sweep.cells]

    def shared(values: list, fmt) -> str:
        distinct = list(dict.fromkeys(values))
        return fmt(distinct[0]) if len(distinct) == 1 else "swept (a column of the table)"

    params = shared([c.params for c in configs],
                    lambda p: ", ".join(f"{k}={v}" for k, v in p) or "at their defaults")
    agents = shared([c.agents for c in configs], ",".join)
    decks = shared([c.decks for c in configs], lambda d: ",".join(d) if d else "the game's default decks")
    seed = shared([c.seed for c in configs], str)
    caps = sorted({c.matches for c in configs})
    matches = f"{caps[0]}" if len(caps) == 1 else f"{caps[0]} to {caps[-1]}"
    swap = shared([c.swap_seats for c in configs],
                  lambda s: "agents and decks rotate seats match by match" if s else "fixed seats")
    stop = " at most (early stop)" if sweep.stop else ""
    return (f"{sweep.game}; params {params}; agents {agents}; decks {decks}; {swap}; seed {seed}; "
            f"{matches} matches played per cell{stop}; {len(configs)} cells; sweep file {sweep.source}; "
            f"code version {code_version or 'unknown'}")


def _axis_value(key: str, value):
    if key in ("decks", "agents"):
        return " vs ".join(value) if isinstance(value, (list, tuple)) else value
    return tuple(value) if isinstance(value, list) else value


def _axis_column(key: str) -> str:
    return {"decks": "lineup_decks", "agents": "lineup_agents", "seed": "run_seed"}.get(key, key)


def load_results(out: str | Path) -> SweepResults:
    """Every cell's tables of a sweep folder, tagged with `cell` and the swept axes (matches
    past a cell's early stop are left out; an unfinished cell shows what it has). A corrupt
    sweep.json or cell.json is a SweepFolderError naming the file (`experiments.sweep.folder`)."""
    out = Path(out)
    info = read_sweep_info(out)
    axes: list[str] = []
    matches, cards, cells = [], [], []
    for cell in info["cells"]:
        folder = out / "cells" / cell["id"]
        tags = {"cell": cell["id"]}
        for key, value in cell["axes"]:
            col = _axis_column(key)
            if col not in axes:
                axes.append(col)
            tags[col] = _axis_value(key, value)
        status = read_cell_status(folder) or {}
        m = read_table(folder, "matches")
        c = read_table(folder, "cards")
        used = status.get("matches")
        if used is not None and not m.empty:
            m = m[m["match_id"] < used]
            if not c.empty:
                c = c[c["match_id"] < used]
        errors = int((m["end_reason"] == "error").sum()) if not m.empty else 0
        state = status.get("status", "done") if status.get("complete") else ("partial" if len(m) else "not started")
        swap = json.loads(cell["config"]).get("swap_seats", True)
        rates = {}
        for metric, column in (("lineup", "lineup_win_rate"), ("first_player", "first_player_win_rate")):
            score, games, _ = stop_metric(m, metric, swap) if not m.empty else (0.0, 0, None)
            low, high = proportion_ci(score, games) if games else (None, None)
            rates[column] = score / games if games else None
            rates[column + "_ci"] = f"{float(low):.3f}-{float(high):.3f}" if games else None
        # `matches`: what the rates are over (stop_metric leaves errored matches out); `errors` beside it
        cells.append({**tags, "matches": len(m) - errors, "errors": errors, "status": "failed" if errors else state, **rates,
                      "stopped_early": bool(status.get("stopped_early", False)),
                      "half_width": status.get("half_width")})
        for frame, bucket in ((m, matches), (c, cards)):
            if not frame.empty:
                frame = frame.copy()
                for col, value in tags.items():
                    if col not in frame.columns:
                        frame[col] = [value] * len(frame)
                bucket.append(frame)
    def cat(frames: list) -> pd.DataFrame:
        return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    table = pd.DataFrame(cells)
    if not table.empty:  # None (never measured) as NaN, so tables print it as n/a
        for column in ("half_width", "lineup_win_rate", "first_player_win_rate"):
            table[column] = pd.to_numeric(table[column])
    return SweepResults(matches=cat(matches), cards=cat(cards), cells=table, axes=axes, info=info)
