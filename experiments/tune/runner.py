"""`run_tune(spec, out)`: a whole tune: the folder, the search, the front, the held-out check, the files.

    spec = load_tune_file("experiments/examples/tune/first_cycle_first_player.toml")
    result = run_tune(spec, "runs/tune-fc", command="tcglab tune ... --out runs/tune-fc")

The folder is held by one writer at a time (`experiments.batch.lock`) and records its spec in
`tune.json`; a second run on it needs `resume=True` and the same spec (only `trials` may
grow: the search goes on from the stored trials; fewer trials are refused). The folder is
checked before anything is written, and nothing is written before a Ray cluster is reached,
so a refused tune leaves the folder as it was. The held-out check and the files are
made again from the stored study at the end of every run.
"""
from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from experiments.batch.backends import connect_ray, kept_workers
from experiments.batch.lock import FolderLock
from experiments.batch.runner import RunInterrupted
from experiments.tune.holdout import holdout
from experiments.tune.report import write_outputs
from experiments.tune.results import choose, pareto_front, trials_table
from experiments.tune.search import open_study, search, trial_values
from experiments.tune.space import TuneError
from experiments.tune.spec import TuneSpec
from sim.core.errors import TcglabError

SPEC_FILE = "tune.json"


class TuneInterrupted(TcglabError):
    """The tune was stopped (Ctrl-C, SIGTERM); every finished trial is safe in the study."""

    def __init__(self, done: int, out: Path, exit_code: int) -> None:
        super().__init__(f"interrupted: {done} trials are safe in {out}; continue with --resume")
        self.exit_code = exit_code


@dataclass
class TuneResult:
    """A finished tune: every trial, the front, the held-out table, the rule that chose it, the files."""

    trials: pd.DataFrame
    front: pd.DataFrame
    holdout: pd.DataFrame
    rule: str
    paths: dict
    seconds: dict


def _read_record(path: Path) -> dict:
    """The tune.json a tune left in its folder; TuneError naming it when it cannot be read."""
    hint = "the folder cannot be resumed; choose another folder"
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TuneError(f"{path}: cannot be read ({exc.strerror or exc}); {hint}") from None
    except ValueError as exc:  # not JSON, or not UTF-8
        raise TuneError(f"{path}: corrupt (not JSON: {exc}); {hint}") from None
    if not isinstance(stored, dict) or not isinstance(stored.get("tune_id"), str):
        raise TuneError(f"{path}: corrupt (no tune_id); {hint}")
    trials = stored.get("trials")
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise TuneError(f"{path}: corrupt (trials is {trials!r}); {hint}")
    if not isinstance(stored.get("identity", {}), dict):
        raise TuneError(f"{path}: corrupt (identity is not an object); {hint}")
    return stored


def _check_folder(spec: TuneSpec, out: Path, resume: bool) -> None:
    """Refuse a folder holding another tune, this one without `resume`, or this one with fewer
    trials; reads only, so a refused tune leaves the folder exactly as it was."""
    if out.exists() and not out.is_dir():
        raise TuneError(f"out: {out} is not a folder")
    if not out.exists():
        return
    path = out / SPEC_FILE
    if path.exists():
        stored = _read_record(path)
        if not resume:
            raise TuneError(f"out: {out} already holds a tune; pass --resume to continue it, or choose another folder")
        if stored["tune_id"] != spec.tune_id:
            mine = spec.identity()
            diffs = [k for k in sorted(mine) if json.dumps(mine[k], sort_keys=True, default=list)
                     != json.dumps(stored.get("identity", {}).get(k), sort_keys=True, default=list)]
            raise TuneError(f"out: {out} holds a tune of another spec (differs in: {', '.join(diffs)}); a resume "
                            "must use the same file (only trials may grow)")
        if spec.trials < stored["trials"]:
            raise TuneError(f"trials: {out} already holds a tune of {stored['trials']} trials; a resume "
                            f"cannot shrink it to {spec.trials} (--trials may only grow)")
    else:
        leftovers = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
        if leftovers:
            raise TuneError(f"out: {out} holds {', '.join(leftovers[:4])} but no {SPEC_FILE}; choose another folder")


def _record(spec: TuneSpec, out: Path) -> None:
    """Write tune.json (the spec's id, identity and trials), whole or not at all."""
    record = {"tune_id": spec.tune_id, "identity": spec.identity(), "source": spec.source, "trials": spec.trials}
    tmp = out / f".{SPEC_FILE}.tmp"
    tmp.write_text(json.dumps(record, indent=2, sort_keys=True, default=list), encoding="utf-8")
    tmp.replace(out / SPEC_FILE)


def run_tune(spec: TuneSpec, out: str | Path, resume: bool = False, command: str | None = None,
             say: Callable[[str], None] | None = None, on_trial=None) -> TuneResult:
    """Search (or resume), choose, re-check on held-out seeds and write the files (`experiments.tune.report`)."""
    say = say or (lambda line: print(line, file=sys.stderr))
    out = Path(out)
    _check_folder(spec, out, resume)  # before anything is written, the Ray cluster reached or the lock taken
    seconds = {}
    with ExitStack() as stack:
        if spec.base.backend == "ray":
            stack.callback(connect_ray(spec.base.ray_address, spec.base.workers))
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TuneError(f"out: cannot make {out}: {exc.strerror or exc}") from None
        lock = FolderLock(out, "tcglab tune")
        stack.enter_context(lock)
        try:
            _check_folder(spec, out, resume)  # again, now that no other writer can change it
        except TcglabError:
            lock.abandon()  # a refused folder is left as it was found
            raise
        _record(spec, out)
        if spec.base.backend != "ray":  # the search's and the held-out check's batches on the same workers
            stack.enter_context(kept_workers(spec.base.workers))
        study = open_study(spec, out / "study.db")
        t0 = time.perf_counter()
        try:
            search(spec, study, say, on_trial)
        except (RunInterrupted, KeyboardInterrupt) as exc:
            done = sum(t.state.is_finished() for t in study.get_trials(deepcopy=False))
            raise TuneInterrupted(done, out, getattr(exc, "exit_code", 130)) from None
        seconds["search"] = time.perf_counter() - t0
        table = trials_table(spec, study)
        front = pareto_front(spec, table)
        chosen, rule = choose(spec, table)
        t0 = time.perf_counter()
        checked = holdout(spec, chosen, lambda n: trial_values(spec, study, n), say)
        seconds["holdout"] = time.perf_counter() - t0
        command = command or f"tcglab tune {spec.source} --out {out}"
        paths = write_outputs(out, spec, table, front, checked, rule, command)
    return TuneResult(table, front, checked, rule, paths, seconds)
