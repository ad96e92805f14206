"""The search of a tune: an optuna study in SQLite, one trial at a time, each trial a batch of matches.

    study = open_study(spec, out / "study.db")
    search(spec, study, say=print)        # asks, plays and tells until the study holds spec.trials

Reproducible and resumable:
- every trial plays the same match seeds (the spec's `seed`: common random numbers), so two
  points differ only by what the space changes;
- the sampler is made afresh before each trial with a seed derived from (seed, trial number),
  so what it proposes depends only on the stored trials, never on how many processes came
  before: a killed tune that resumes asks exactly what an uninterrupted one asks;
- a trial still "running" when a tune is killed is played again on resume from its stored
  params and told its values, so the stored study equals the uninterrupted one. (Optuna
  stores all of a trial's params as it is asked, before any match runs.)

A point the study already played (same params) is not played again: with the same seeds it
would give the same values, which are copied (`same_as` names the trial). A point the game
refuses (a cross-field params rule) or whose measures are undefined ends as a FAIL trial with
the reason in its `error` attribute; the samplers ignore it.
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from experiments.batch.config import RunConfigError
from experiments.batch.runner import MatchErrorsError, check_errors, execute
from experiments.tune.metrics import measure
from experiments.tune.spec import TuneSpec

STUDY_NAME = "tune"


def trial_seed(seed: int, number: int) -> int:
    """The sampler seed of trial `number` (a 32-bit int derived from the tune's seed)."""
    return int(np.random.SeedSequence([seed, number]).generate_state(1, dtype=np.uint32)[0])


def make_sampler(spec: TuneSpec, seed: int):
    """The optuna sampler of one ask: TPE or NSGA-II, with the spec's constraints."""
    import optuna
    func = _violations if spec.constraints else None
    if spec.sampler_kind == "tpe":
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=spec.startup_trials, constant_liar=False,
                                          constraints_func=func)
    return optuna.samplers.NSGAIISampler(seed=seed, population_size=spec.population, constraints_func=func)


def _violations(trial) -> list[float]:
    return list(trial.user_attrs["violations"])


def open_study(spec: TuneSpec, db: Path):
    """The study stored in the SQLite file `db`, made if missing (`load_if_exists`)."""
    import optuna
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna.create_study(storage=f"sqlite:///{db}", study_name=STUDY_NAME, load_if_exists=True,
                               directions=[o.direction for o in spec.objectives])


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
    constraint violations, seconds in matches), or {"error": reason} for a refused point."""
    try:
        matches, seconds = play(spec.config_for(values))
    except MatchErrorsError:
        raise
    except RunConfigError as exc:
        return {"error": str(exc)}
    metrics = measure(matches)
    return {"metrics": metrics, "scores": [o.score(metrics) for o in spec.objectives],
            "violations": [c.violation(metrics) for c in spec.constraints],
            "match_seconds": seconds, "matches": len(matches)}


def _key(params: dict) -> str:
    return json.dumps(params, sort_keys=True)


def _finish(spec: TuneSpec, study, trial_id: int, number: int, attrs: dict) -> None:
    """Store a trial's attributes and tell optuna its values (FAIL for an error or a NaN score).
    Attributes go through the study's storage, the one way to reach a trial left running
    by another process."""
    import optuna
    scores = attrs.get("scores")
    if "error" not in attrs and any(math.isnan(s) for s in scores):
        undefined = [o.metric for o, s in zip(spec.objectives, scores) if math.isnan(s)]
        attrs = attrs | {"error": f"undefined measure(s) {undefined} (e.g. deck_spread with one deck)"}
    for name, value in attrs.items():
        study._storage.set_trial_user_attr(trial_id, name, value)
    if "error" in attrs:
        study.tell(number, state=optuna.trial.TrialState.FAIL)
    else:
        study.tell(number, scores)


def _play_or_copy(spec: TuneSpec, study, params: dict) -> dict:
    """The attributes of a point: copied from an earlier complete trial with the same params, else played."""
    import optuna
    for done in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)):
        if _key(done.params) == _key(params) and "metrics" in done.user_attrs:
            keep = ("metrics", "scores", "violations", "matches")
            return {k: done.user_attrs[k] for k in keep} | {"match_seconds": 0.0, "same_as": done.number}
    values = {d.key: d.decode(params[d.key]) for d in spec.dims}
    return evaluate(spec, values)


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
        if set(frozen.params) != {d.key for d in spec.dims}:
            study._storage.set_trial_user_attr(frozen._trial_id, "error", "stopped before its params were stored")
            study.tell(frozen.number, state=optuna.trial.TrialState.FAIL)
            continue
        _finish(spec, study, frozen._trial_id, frozen.number, _play_or_copy(spec, study, frozen.params))
    return len(running)


def search(spec: TuneSpec, study, say: Callable[[str], None] = print,
           on_trial: Callable[[int, dict, float], None] | None = None) -> None:
    """Ask, play and tell until the study holds `spec.trials` trials. `on_trial(number, attrs,
    framework_seconds)` is told after each trial (the seconds spent outside matches)."""
    resume_running(spec, study, say)
    distributions = {d.key: d.distribution() for d in spec.dims}
    while len(study.get_trials(deepcopy=False)) < spec.trials:
        t0 = time.perf_counter()
        number = len(study.get_trials(deepcopy=False))
        study.sampler = make_sampler(spec, trial_seed(spec.base.seed, number))
        trial = study.ask(fixed_distributions=distributions)
        attrs = _play_or_copy(spec, study, trial.params)
        _finish(spec, study, trial._trial_id, trial.number, attrs)
        framework = time.perf_counter() - t0 - attrs.get("match_seconds", 0.0)
        say(_trial_line(spec, trial.number, trial.params, attrs))
        if on_trial is not None:
            on_trial(trial.number, attrs, framework)


def _trial_line(spec: TuneSpec, number: int, params: dict, attrs: dict) -> str:
    point = ", ".join(f"{k}={params[k]}" for k in sorted(params))
    if "error" in attrs:
        return f"trial {number}: {point}: failed: {attrs['error']}"
    scores = ", ".join(f"{o.describe()}: {s:.3f}" for o, s in zip(spec.objectives, attrs["scores"]))
    feasible = "" if not spec.constraints else (" (feasible)" if max(attrs["violations"]) <= 0 else " (infeasible)")
    copied = f" (same point as trial {attrs['same_as']})" if "same_as" in attrs else ""
    return f"trial {number}: {point}: {scores}{feasible}{copied}"
