"""The search of a tune: an optuna study in SQLite, one trial at a time, each trial a batch of matches.

    study = open_study(spec, out / "study.db")
    search(spec, study, say=print)        # asks, plays and tells until the study holds spec.trials

Reproducible and resumable:
- every trial plays the same match seeds (the spec's `seed`: common random numbers), so two
  points differ only by what the space changes;
- the sampler is made afresh before each trial with a seed derived from (seed, trial number),
  so what it proposes depends only on the stored trials, never on how many processes came
  before: a killed tune that resumes asks exactly what an uninterrupted one asks;
- a trial still "running" when a tune is killed is asked again (its stored params stay,
  missing ones are drawn as they would have been: `ask`), played and told its values, so
  the stored study equals the uninterrupted one.

Each trial stores, beside its measures, their 95% intervals (and those of its distances to a
target or range) and its match count; `bounds` reads them back, and for a trial stored by an
older tcglab without intervals gives the Wilson interval of a rate from the rate and its match
count and NaN for the rest (`intervals_stored` False).

A point the study already played (same params) is not played again: with the same seeds it
would give the same values, which are copied (`same_as` names the trial). A point the game
refuses (a cross-field params rule) or whose measures are undefined ends as a FAIL trial with
the reason as `error` in its `result` attribute; the samplers ignore it.
"""
from __future__ import annotations

import json
import math
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.batch.backends import kept_workers
from experiments.batch.config import RunConfigError
from experiments.batch.runner import check_errors, execute
from experiments.codeversion import process_code_version
from experiments.heap import frozen_heap
from experiments.tune.metrics import RATES, distance_interval, intervals, measure, rate_interval
from experiments.tune.space import TuneError
from experiments.tune.spec import TuneSpec

STUDY_NAME = "tune"
RESULT = "result"  # the user attribute holding a trial's measures, intervals, scores, violations and seconds
BOOTSTRAP_STREAM = 1  # the trials' bootstrap seed is (seed, this): the same resamples for every trial


def trial_seed(seed: int, number: int, part: int = 0) -> int:
    """The sampler seed of trial `number`'s `part` (0: the ask, i: the i-th dimension), a
    32-bit int derived from the tune's seed."""
    return int(np.random.SeedSequence([seed, number, part]).generate_state(1, dtype=np.uint32)[0])


def ask(spec: TuneSpec, study, number: int, trial_id: int | None = None):
    """Ask trial `number` (a new trial, or the stored trial `trial_id` whose params a killed
    tune left missing) and suggest every dimension. The ask and each dimension get a sampler
    seeded of their own (`trial_seed`), so a value does not depend on which others were
    already stored: asking again after a kill at any point gives the same params."""
    import optuna
    study.sampler = make_sampler(spec, trial_seed(spec.base.seed, number))
    trial = study.ask() if trial_id is None else optuna.trial.Trial(study, trial_id)
    for i, d in enumerate(spec.dims, 1):
        study.sampler = make_sampler(spec, trial_seed(spec.base.seed, number, i))
        dist = d.distribution()
        if d.choices is not None:
            trial.suggest_categorical(d.key, dist.choices)
        elif d.is_int:
            trial.suggest_int(d.key, dist.low, dist.high, step=dist.step, log=dist.log)
        else:
            trial.suggest_float(d.key, dist.low, dist.high, step=dist.step, log=dist.log)
    return trial


def make_sampler(spec: TuneSpec, seed: int):
    """The optuna sampler of one ask: TPE or NSGA-II. Both read a trial's constraints from the
    trial itself (`Trial.set_constraint`, see `_finish`)."""
    import optuna
    if spec.sampler_kind == "tpe":
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=spec.startup_trials, constant_liar=False)
    return optuna.samplers.NSGAIISampler(seed=seed, population_size=spec.population)


def _sqlite_pragmas(connection, record) -> None:
    # WAL with synchronous=NORMAL: a commit no longer waits for the disk (it halves a trial's
    # storage time) and still survives the process being killed; only an OS crash or power
    # loss can lose the last trials, and the study then resumes from the ones before.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def open_study(spec: TuneSpec, db: Path):
    """The study stored in the SQLite file `db`, made if missing (`load_if_exists`). Its trials are
    written to the file and read back from a copy in this process (`experiments.tune.storage`):
    open a folder's study in one process at a time. A file that is not a readable optuna study
    (corrupt, truncated) is a TuneError naming it."""
    import optuna
    import sqlalchemy

    from experiments.tune.storage import MirroredStorage
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    try:
        backend = optuna.storages.RDBStorage(f"sqlite:///{db}")
        sqlalchemy.event.listen(backend.engine, "connect", _sqlite_pragmas)
        backend.engine.dispose()  # connections made from now on get the pragmas
        return optuna.create_study(storage=MirroredStorage(backend), study_name=STUDY_NAME, load_if_exists=True,
                                   directions=[o.direction for o in spec.objectives])
    except (sqlalchemy.exc.DatabaseError, optuna.exceptions.StorageInternalError) as exc:
        reason = getattr(exc, "orig", None) or exc
        raise TuneError(f"{db} is not a readable optuna study ({reason}): move it aside to start the "
                        "search again, or choose another folder") from None


def play(config) -> tuple[pd.DataFrame, float]:
    """Play one batch on its backend; its matches table and the seconds it took. Raises
    MatchErrorsError when a match raised (an engine error is never averaged away)."""
    from experiments.batch.schema import to_arrow
    rows: list[dict] = []
    t0 = time.perf_counter()
    summary = execute(config, on_shard=lambda a, b, tables: rows.extend(tables["matches"]))
    seconds = time.perf_counter() - t0
    check_errors(summary, config)
    return to_arrow("matches", rows).to_pandas().sort_values("match_id").reset_index(drop=True), seconds


def evaluate(spec: TuneSpec, values: dict) -> dict:
    """Play one point's trial batch: the user attributes a trial stores (measures, scores,
    constraint violations, `match_seconds` the batch took, `match_wall_sum` its matches'
    own seconds summed, the `code_version` that played them), or {"error": reason} for a
    refused point."""
    try:
        matches, seconds = play(spec.config_for(values))
    except RunConfigError as exc:  # the game refuses this point (MatchErrorsError is not one: it stops the tune)
        return {"error": str(exc)}
    metrics = measure(matches, spec.measures)
    rng = np.random.default_rng([spec.base.seed, BOOTSTRAP_STREAM])
    bands = {o.metric: o.band for o in spec.objectives if o.band is not None}
    found = intervals(matches, spec.measures, rng, bands)
    return {"metrics": metrics, "intervals": {k: [float(lo), float(hi)] for k, (lo, hi) in found.items()},
            "scores": [o.score(metrics) for o in spec.objectives],
            "violations": [c.violation(metrics) for c in spec.constraints],
            "match_seconds": seconds, "match_wall_sum": float(matches["wall_time"].sum()), "matches": len(matches),
            "code_version": process_code_version()}


def bounds(spec: TuneSpec, attrs: dict) -> tuple[dict[str, tuple[float, float]], bool]:
    """The 95% interval of each measure of a trial's `attrs` and of each distance to a target or
    range (keyed `<metric>_distance`), and whether the trial stored them. A trial stored without
    them (by an older tcglab) gets the Wilson interval of a rate from the rate and its match
    count (`rate_interval`) and, for the rest, NaN: they cannot be known without its matches."""
    keys = list(spec.measures) + [f"{o.metric}_distance" for o in spec.objectives if o.band is not None]
    nan = (float("nan"), float("nan"))
    stored = attrs.get("intervals")
    if stored is not None:
        return {k: tuple(float(v) for v in stored[k]) if k in stored else nan for k in keys}, True
    metrics = attrs.get("metrics", {})
    out = {k: rate_interval(metrics[k], attrs.get("matches")) if k in RATES and k in metrics else nan
           for k in spec.measures}
    for o in spec.objectives:
        if o.band is not None:
            low, high = out[o.metric]
            out[f"{o.metric}_distance"] = nan if math.isnan(low) else distance_interval(low, high, *o.band)
    return out, False


def _key(params: dict) -> str:
    return json.dumps(params, sort_keys=True)


def _finish(spec: TuneSpec, study, trial, attrs: dict) -> None:
    """Store a trial's attributes (one user attribute, `RESULT`), its constraint violations
    (`Trial.set_constraint`, which the samplers read) and tell optuna its values (FAIL for an
    error or a NaN score)."""
    import optuna
    scores = attrs.get("scores")
    if "error" not in attrs and any(math.isnan(s) for s in scores):
        undefined = [o.metric for o, s in zip(spec.objectives, scores) if math.isnan(s)]
        attrs = attrs | {"error": f"undefined measure(s) {undefined} (e.g. deck_spread with one deck)"}
    trial.set_user_attr(RESULT, attrs)
    if "error" in attrs:
        study.tell(trial, state=optuna.trial.TrialState.FAIL)
        return
    with warnings.catch_warnings():  # a constraint set before a kill is kept (the same value): no warning
        warnings.simplefilter("ignore")
        for i, (c, v) in enumerate(zip(spec.constraints, attrs["violations"])):
            trial.set_constraint(f"{i}_{c.metric}", v)
    study.tell(trial, scores)


def _played(study) -> dict[str, tuple[int, dict]]:
    """Each distinct point of the study's complete trials: its params key -> (first trial, result)."""
    import optuna
    seen: dict[str, tuple[int, dict]] = {}
    for done in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)):
        if RESULT in done.user_attrs:
            seen.setdefault(_key(done.params), (done.number, done.user_attrs[RESULT]))
    return seen


def _play_or_copy(spec: TuneSpec, seen: dict, params: dict) -> dict:
    """The attributes of a point: copied from an earlier complete trial with the same params
    (`seen`, from `_played`), else played."""
    if _key(params) in seen:
        number, result = seen[_key(params)]
        keep = ("metrics", "intervals", "scores", "violations", "matches", "code_version")
        return {k: result[k] for k in keep if k in result} | {"match_seconds": 0.0, "match_wall_sum": 0.0, "same_as": number}
    values = {d.key: d.decode(params[d.key]) for d in spec.dims}
    return evaluate(spec, values)


def _remember(seen: dict, number: int, params: dict, attrs: dict) -> None:
    if "error" not in attrs and "same_as" not in attrs and not any(math.isnan(s) for s in attrs["scores"]):
        seen.setdefault(_key(params), (number, attrs))


def trial_values(spec: TuneSpec, study, number: int) -> dict:
    """The point of trial `number` as the game takes it (choices decoded, ints as ints)."""
    params = study.get_trials(deepcopy=False)[number].params
    return {d.key: d.decode(params[d.key]) for d in spec.dims}


def resume_running(spec: TuneSpec, study, say: Callable[[str], None]) -> int:
    """Finish the trials a killed tune left running: played again from their stored params
    (the same seeds give the same values). Returns how many."""
    import optuna
    running = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.RUNNING,))
    for frozen in running:
        say(f"trial {frozen.number} was running when the tune stopped: playing it again")
        trial = ask(spec, study, frozen.number, frozen._trial_id)
        _finish(spec, study, trial, _play_or_copy(spec, _played(study), trial.params))
    return len(running)


def search(spec: TuneSpec, study, say: Callable[[str], None] = print,
           on_trial: Callable[[int, dict, float], None] | None = None) -> None:
    """Ask, play and tell until the study holds `spec.trials` trials. `on_trial(number, attrs,
    framework_seconds)` is told after each trial (the seconds spent outside matches).

    On the local backend every trial's batch runs on the same worker processes
    (`kept_workers`), and the driver's heap is frozen for the garbage collector while it
    searches (`experiments.heap.frozen_heap`)."""
    with frozen_heap(), kept_workers(spec.base.workers if spec.base.backend == "local" else 1):
        _search(spec, study, say, on_trial)


def _search(spec: TuneSpec, study, say: Callable[[str], None], on_trial) -> None:
    resume_running(spec, study, say)
    seen = _played(study)
    number = len(study.get_trials(deepcopy=False))
    while number < spec.trials:
        t0 = time.perf_counter()
        trial = ask(spec, study, number)
        if trial.number != number:
            raise TuneError(f"the study gained trials from elsewhere (expected trial {number}, got "
                            f"{trial.number}): one tune at a time per folder")
        attrs = _play_or_copy(spec, seen, trial.params)
        _finish(spec, study, trial, attrs)
        _remember(seen, trial.number, trial.params, attrs)
        number += 1
        framework = time.perf_counter() - t0 - attrs.get("match_seconds", 0.0)
        say(_trial_line(spec, trial.number, trial.params, attrs))
        if on_trial is not None:
            on_trial(trial.number, attrs, framework)


def _ci(value: float, low: float, high: float) -> str:
    if math.isnan(value):
        return "n/a (undefined on these matches)"
    return f"{value:.3f} (95% CI " + ("n/a)" if math.isnan(low) else f"{low:.3f} to {high:.3f})")


def _trial_line(spec: TuneSpec, number: int, params: dict, attrs: dict) -> str:
    """A trial's progress line: its point, its match count, each measure and each distance to a
    target or range with its 95% interval, and whether it meets the constraints."""
    point = ", ".join(f"{k}={params[k]}" for k in sorted(params))
    if "error" in attrs:
        return f"trial {number}: {point}: failed: {attrs['error']}"
    found, _ = bounds(spec, attrs)
    parts = [f"{name} {_ci(attrs['metrics'][name], *found[name])}" for name in spec.measures]
    parts += [f"{o.describe()}: distance {_ci(s, *found[f'{o.metric}_distance'])}"
              for o, s in zip(spec.objectives, attrs["scores"]) if o.band is not None]
    feasible = "" if not spec.constraints else ("; feasible" if max(attrs["violations"]) <= 0 else "; infeasible")
    copied = f" (same point as trial {attrs['same_as']}: not played again)" if "same_as" in attrs else ""
    return f"trial {number}: {point}: {attrs['matches']} matches{copied}: {', '.join(parts)}{feasible}"
