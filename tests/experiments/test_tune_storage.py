"""The tune's study storage (`experiments.tune.storage.MirroredStorage`): the file holds what optuna
alone writes, the copy in memory reads the same, the samplers propose the same points, and a
second writer is caught."""
from __future__ import annotations

import math

import optuna
import pytest

from experiments.tune.storage import MirroredStorage, StudyWrittenElsewhere


def mirrored(db) -> MirroredStorage:
    return MirroredStorage(optuna.storages.RDBStorage(f"sqlite:///{db}"))


def objective(trial: optuna.Trial) -> float:
    x = trial.suggest_float("x", -2.0, 2.0)
    n = trial.suggest_int("n", 1, 5)
    kind = trial.suggest_categorical("kind", ["a", "b", "c"])
    trial.set_user_attr("result", {"pair": (x, n), "nan": math.nan, "kind": kind})
    if n == 5:
        raise optuna.TrialPruned
    return (x - 0.5) ** 2 + n + (kind == "b")


def view(trial: optuna.trial.FrozenTrial) -> tuple:
    """What a sampler or a table reads of a trial (NaN as a string, to compare; a tuple stays a tuple)."""
    def plain(v):
        return "nan" if isinstance(v, float) and math.isnan(v) else \
            {k: plain(x) for k, x in v.items()} if isinstance(v, dict) else \
            type(v)(plain(x) for x in v) if isinstance(v, (list, tuple)) else v
    return (trial.number, trial.state, trial.params, trial.distributions, trial.values, plain(trial.user_attrs),
            trial.system_attrs, trial.intermediate_values)


def run_study(storage, n: int = 14) -> optuna.Study:
    study = optuna.create_study(storage=storage, study_name="s", load_if_exists=True,
                                sampler=optuna.samplers.TPESampler(seed=3, n_startup_trials=4))
    study.optimize(objective, n_trials=n)
    return study


def test_the_copy_reads_what_the_file_holds_and_the_sampler_proposes_the_same_points(tmp_path):
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = run_study(mirrored(tmp_path / "m.db"))
    study.enqueue_trial({"x": 0.25, "n": 2, "kind": "a"})  # a waiting trial: written at once
    study.add_trial(optuna.trial.create_trial(params={"x": 1.0, "n": 1, "kind": "c"},
                                              distributions=study.trials[0].distributions, value=3.0))
    study.optimize(objective, n_trials=1)
    in_file = optuna.load_study(study_name="s", storage=f"sqlite:///{tmp_path / 'm.db'}").trials
    assert [view(t) for t in study.trials] == [view(t) for t in in_file]
    assert {t.state for t in in_file} >= {optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED}
    # optuna's own storage of the same study, trial by trial: the same points and values
    plain = run_study(f"sqlite:///{tmp_path / 'plain.db'}")
    assert [view(t) for t in run_study(mirrored(tmp_path / "again.db")).trials] == [view(t) for t in plain.trials]


def test_a_study_opened_again_is_copied_from_the_file_and_goes_on(tmp_path):
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    before = [view(t) for t in run_study(mirrored(tmp_path / "m.db"), n=6).trials]
    resumed = run_study(mirrored(tmp_path / "m.db"), n=8)
    assert [view(t) for t in resumed.trials[:6]] == before
    assert [t.number for t in resumed.trials] == list(range(14))
    in_file = optuna.load_study(study_name="s", storage=f"sqlite:///{tmp_path / 'm.db'}").trials
    assert [view(t) for t in resumed.trials] == [view(t) for t in in_file]


def test_a_second_writer_is_caught_by_the_trial_numbers(tmp_path):
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    first = optuna.create_study(storage=mirrored(tmp_path / "m.db"), study_name="s")
    second = optuna.load_study(storage=mirrored(tmp_path / "m.db"), study_name="s")
    first.ask()
    with pytest.raises(StudyWrittenElsewhere, match=r"gained trials from another process \(its trial 0"):
        second.ask()
