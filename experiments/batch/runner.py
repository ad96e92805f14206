"""The batch runner: `run(RunConfig) -> pandas.DataFrame`, resumable, extendable and parallel.

    summary = execute(config)      # plays every missing shard; the Summary of the whole run
    df = run(config)               # the same, returning the matches table; raises on errors

Matches are grouped into shards of `shard_size` (so the table does not depend on the number
of workers), run by a backend (this process, local worker processes or Ray) and written by
this process. With `out`, the run holds `out`'s lock for its whole life (one writer per
folder, `experiments.batch.lock`), records its config in `manifest.json`, and writes each
shard atomically (`experiments.batch.shards`). With `resume=True` every shard is verified
first (`experiments.batch.verify`): bad ones are moved aside and played again, and only the
missing ranges run, so the final table equals an uninterrupted run's (except the wall-time
columns). A resume with more `matches` than the folder holds extends the run.

Before the first match the whole config is checked as it will play
(`experiments.batch.validate`). Matches that raise are logged with end_reason "error";
`run` and `tcglab run` then fail (MatchErrorsError) unless `allow_errors`.
"""
from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import pandas as pd

from experiments.batch.backends import backend_for, connect_ray
from experiments.batch.config import RunConfig, RunConfigError
from experiments.batch.lock import FolderLock
from experiments.batch.shards import read_manifest, read_table, write_manifest, write_shard
from experiments.batch.summary import Summary
from experiments.batch.validate import check_playable
from experiments.batch.verify import verify_folder
from experiments.codeversion import code_versions, process_code_version, versions
from sim.core.errors import TcglabError

TIMING_COLUMNS = ("wall_time", "think_time")
OnShard = Callable[[int, int, dict], None]


class MatchErrorsError(TcglabError):
    """Some matches of a run raised; their rows hold the errors (end_reason "error")."""

    exit_code = 3


class RunInterrupted(TcglabError):
    """The run was stopped (Ctrl-C, SIGTERM); every finished shard is safe on disk."""

    exit_code = 130

    def __init__(self, safe: int, total: int, out: str | None, exit_code: int = 130) -> None:
        where = f" in {out}" if out else " (no --out: nothing was kept)"
        super().__init__(f"interrupted: {safe} of {total} matches are safe{where}")
        self.safe, self.total, self.out, self.exit_code = safe, total, out, exit_code


def run_id_of(config: RunConfig) -> str:
    """A stable id of the matches a config defines (the same after a resume or an extension)."""
    return hashlib.sha256(config.identity_json().encode()).hexdigest()[:12]


def validate(config: RunConfig) -> None:
    """Fail before any match runs: game, params, decks and agents are all checked as they will play."""
    check_playable(config)


def plan(config: RunConfig, done: set[tuple[int, int]] = frozenset()) -> list[tuple[int, int]]:
    """The shard ranges still to play: every gap between the `done` ranges inside
    0..matches-1, cut into shards of `shard_size` from the gap's start."""
    ranges, cursor = [], 0
    for start, stop in sorted(done) + [(config.matches, config.matches)]:
        for s in range(cursor, min(start, config.matches), config.shard_size):
            ranges.append((s, min(s + config.shard_size, start, config.matches)))
        cursor = max(cursor, stop)
    return ranges


def manifest_for(config: RunConfig, run_id: str, game, **extra) -> dict:
    """What a run folder records about itself: config, run id, params, versions, times."""
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    return {"run_id": run_id, "config": config.to_json(), "game": config.game, "matches": config.matches,
            "params": game.params.to_dict(), "params_id": game.params.params_id,
            "versions": versions(), "started": now, **extra}


def folder_code_versions(out: str | Path) -> list[str]:
    """Every code version that played matches into the run folders at or under `out` (a run
    folder, or a sweep's or ladder's folder of them), oldest first within each folder."""
    out = Path(out)
    seen: list[str] = []
    for path in [out / "manifest.json", *sorted(out.rglob("*/manifest.json"))]:
        manifest = read_manifest(path.parent) if path.is_file() else None
        for code in code_versions(manifest) if manifest else ():
            if code not in seen:
                seen.append(code)
    return seen


def _check_folder(config: RunConfig, run_id: str, out: Path) -> dict | None:
    """The manifest of the locked `out` (None: an empty folder), or RunConfigError when the
    folder holds something this run cannot continue."""
    manifest = read_manifest(out)
    if manifest is None:
        leftovers = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
        if leftovers:
            raise RunConfigError(f"out: {out} holds {', '.join(leftovers[:4])} but no manifest.json: "
                                 "its files cannot be trusted as this run's; choose another folder")
    else:
        if not config.resume:
            raise RunConfigError(f"out: {out} already holds a run; pass --resume (resume=True) "
                                 "to continue or extend it, or choose another folder")
        if manifest["run_id"] != run_id:
            try:
                diffs = config.differences(RunConfig.from_json(manifest["config"]))
            except (TcglabError, TypeError, ValueError):
                diffs = []
            raise RunConfigError(f"out: {out} holds run {manifest['run_id']} of another config"
                                 + (f" ({'; '.join(diffs)}, folder vs now)" if diffs else "")
                                 + "; a resume must use the same settings (only --matches may grow)")
        if config.matches < manifest.get("matches", 0):
            raise RunConfigError(f"matches: {out} already holds a run of {manifest['matches']} matches; "
                                 f"a resume can extend it but not shrink it to {config.matches}")
    return manifest


def open_folder(config: RunConfig, run_id: str, game, stack: ExitStack, say: Callable[[str], None],
                **manifest_extra) -> set[tuple[int, int]]:
    """Lock `config.out`, check it holds nothing or this run, verify its shards, write the
    manifest; returns the ranges already done. The lock is released when `stack` closes."""
    out = Path(config.out)
    lock = FolderLock(out, "tcglab run")
    try:
        stack.enter_context(lock)
    except OSError as exc:
        raise RunConfigError(f"out: cannot write to {out}: {exc.strerror or exc}") from None
    try:
        manifest = _check_folder(config, run_id, out)
    except TcglabError:
        lock.abandon()  # a refused folder is left as it was found
        raise
    tables = [t for t, on in (("decisions", config.log_decisions), ("cards", config.log_cards)) if on]
    done = verify_folder(out, run_id, ["matches", *tables], config.matches, say) if manifest else set()
    extra = dict(manifest_extra)
    code = code_versions(manifest) if manifest is not None else []
    if plan(config, done):  # this code plays matches into the folder
        now = process_code_version()
        if now not in code:
            if code:
                say(f"note: {out} holds matches played by code version {', '.join(code)}; this "
                    f"session plays with {now}, so the run's matches will come from both")
            code.append(now)
    extra["code_versions"] = code
    if manifest is not None:
        extra["first_started"] = manifest.get("first_started", manifest.get("started"))
    write_manifest(out, manifest_for(config, run_id, game, **extra))
    return done


def play(config: RunConfig, ranges: list[tuple[int, int]], run_id: str, summary: Summary,
         on_shard: OnShard | None = None, bar=None) -> None:
    """Play `ranges` on the config's backend, writing each shard (with `out`) and counting it."""
    out = Path(config.out) if config.out else None
    shards = backend_for(config.backend)(config, ranges, run_id, bar.update if bar is not None else None)
    try:
        for start, stop, tables in shards:
            if out is not None:
                write_shard(out, run_id, start, stop, tables)
            for row in tables["matches"]:
                summary.add(row)
            if on_shard is not None:
                on_shard(start, stop, tables)
    finally:
        shards.close()  # stops workers and cancels tasks when we leave early


def execute(config: RunConfig, on_shard: OnShard | None = None,
            say: Callable[[str], None] | None = None) -> Summary:
    """Run (or resume, or extend) every missing shard, writing them if `config.out`; returns
    the summary of the whole run. `say` gets one line per shard moved aside, and one when
    the folder's matches were played by other code (default: stderr)."""
    say = say or (lambda line: print(line, file=sys.stderr))
    game = check_playable(config)
    run_id = run_id_of(config)
    summary = Summary()
    with ExitStack() as stack:
        if config.backend == "ray":
            stack.callback(connect_ray(config.ray_address, config.workers))
        done: set[tuple[int, int]] = set()
        if config.out:
            done = open_folder(config, run_id, game, stack, say)
            if done:
                summary.add_frame(read_table(config.out, "matches"))
        bar = None
        if config.progress:
            from tqdm import tqdm
            bar = stack.enter_context(tqdm(total=config.matches, initial=summary.matches, unit="match",
                                           dynamic_ncols=True, desc=config.game, file=sys.stderr))
        try:
            play(config, plan(config, done), run_id, summary, on_shard, bar)
        except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM as the CLI delivers it (exit_code 143)
            raise RunInterrupted(summary.matches, config.matches, config.out,
                                 getattr(exc, "exit_code", 130)) from None
    return summary


def check_errors(summary: Summary, config: RunConfig) -> None:
    """Raise MatchErrorsError when matches errored and the config does not allow it."""
    if summary.errors and not config.allow_errors:
        raise MatchErrorsError(summary.error_line(config.out))


def run(config: RunConfig) -> pd.DataFrame:
    """Run the batch and return its matches table (read back from disk when `out` is set).
    Raises MatchErrorsError if any match errored, unless `config.allow_errors`."""
    rows: list[dict] = []
    summary = execute(config, on_shard=None if config.out else (lambda a, b, t: rows.extend(t["matches"])))
    check_errors(summary, config)
    if config.out:
        return read_table(config.out, "matches")
    from experiments.batch.schema import to_arrow
    return to_arrow("matches", rows).to_pandas().sort_values("match_id").reset_index(drop=True)
