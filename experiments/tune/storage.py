"""The storage of a tune's study: optuna's SQLite storage, read back from a copy kept in this process.

    storage = MirroredStorage(rdb)            # rdb: an optuna RDBStorage on FOLDER/study.db
    study = optuna.create_study(storage=storage, study_name="tune", load_if_exists=True, ...)

A tune is the only writer of its study (`experiments.batch.lock.FolderLock` holds the folder).
So every write goes to the SQLite file first, through optuna's own `RDBStorage`, and the file
is exactly what optuna alone would write, at every point a tune can be killed. Then the same
write goes to a copy of the study in memory (optuna's `InMemoryStorage`), which answers every
read. optuna's default wrapper of an RDB storage reads the unfinished and the new trials back
from SQLite at every sampler call, several times per trial, because other processes might
have written: for one writer those reads only cost time, about half of a trial's bookkeeping.

A study is copied from the file when it is first opened (`get_study_id_from_name`, which
`load_if_exists` calls). If another process writes trials into the file anyway, the next
trial this one creates gets another number there than here: `create_new_trial` raises
`StudyWrittenElsewhere`. Attributes are copied as their JSON round trip, as SQLite returns
them (tuples become lists).
"""
from __future__ import annotations

import json
from collections.abc import Container, Sequence
from datetime import datetime
from typing import Any

from optuna.distributions import BaseDistribution
from optuna.storages import BaseStorage, InMemoryStorage, RDBStorage
from optuna.study import StudyDirection
from optuna.study._frozen import FrozenStudy
from optuna.trial import FrozenTrial, TrialState

from sim.core.errors import TcglabError


class StudyWrittenElsewhere(TcglabError):
    """Another process wrote trials into the study file this storage writes."""


def _as_stored(value: Any) -> Any:
    """`value` as SQLite gives it back: through JSON."""
    return json.loads(json.dumps(value))


class MirroredStorage(BaseStorage):
    """An optuna storage writing to an `RDBStorage` and reading from an in-memory copy (module docstring)."""

    def __init__(self, backend: RDBStorage) -> None:
        """A storage writing to `backend` (its file holds the study) and reading from `memory`."""
        self.backend = backend
        self.memory = InMemoryStorage()
        self._study_at: dict[int, int] = {}   # the copy's study id -> the backend's
        self._trial_at: dict[int, int] = {}   # the copy's trial id -> the backend's

    # Studies
    def create_new_study(self, directions: Sequence[StudyDirection], study_name: str | None = None) -> int:
        """Create the study in the file, then in the copy (under the file's name for it)."""
        at = self.backend.create_new_study(directions, study_name)
        name = study_name if study_name is not None else self.backend.get_study_name_from_id(at)
        study_id = self.memory.create_new_study(directions, name)
        self._study_at[study_id] = at
        return study_id

    def get_study_id_from_name(self, study_name: str) -> int:
        """The copy's id of a study, copying it from the file first if this storage has not seen it."""
        try:
            return self.memory.get_study_id_from_name(study_name)
        except KeyError:
            pass
        at = self.backend.get_study_id_from_name(study_name)  # KeyError when the file has none
        study_id = self.memory.create_new_study(self.backend.get_study_directions(at), study_name)
        self._study_at[study_id] = at
        for key, value in self.backend.get_study_user_attrs(at).items():
            self.memory.set_study_user_attr(study_id, key, value)
        for key, value in self.backend.get_study_system_attrs(at).items():
            self.memory.set_study_system_attr(study_id, key, value)
        for trial in self.backend.get_all_trials(at, deepcopy=False):
            trial_id = self.memory.create_new_trial(study_id, template_trial=trial)
            self._trial_at[trial_id] = trial._trial_id
        return study_id

    def delete_study(self, study_id: int) -> None:
        """Delete the study from the file and from the copy."""
        self.backend.delete_study(self._study_at[study_id])
        self.memory.delete_study(study_id)
        del self._study_at[study_id]

    def set_study_user_attr(self, study_id: int, key: str, value: Any) -> None:
        """Set a study user attribute in the file, then in the copy."""
        self.backend.set_study_user_attr(self._study_at[study_id], key, value)
        self.memory.set_study_user_attr(study_id, key, _as_stored(value))

    def set_study_system_attr(self, study_id: int, key: str, value: Any) -> None:
        """Set a study system attribute in the file, then in the copy."""
        self.backend.set_study_system_attr(self._study_at[study_id], key, value)
        self.memory.set_study_system_attr(study_id, key, _as_stored(value))

    def get_study_name_from_id(self, study_id: int) -> str:
        """The study's name (from the copy)."""
        return self.memory.get_study_name_from_id(study_id)

    def get_study_directions(self, study_id: int) -> list[StudyDirection]:
        """The study's directions (from the copy)."""
        return self.memory.get_study_directions(study_id)

    def get_study_user_attrs(self, study_id: int) -> dict[str, Any]:
        """The study's user attributes (from the copy)."""
        return self.memory.get_study_user_attrs(study_id)

    def get_study_system_attrs(self, study_id: int) -> dict[str, Any]:
        """The study's system attributes (from the copy)."""
        return self.memory.get_study_system_attrs(study_id)

    def get_all_studies(self) -> list[FrozenStudy]:
        """Every study in the file, each copied first (so their ids are this storage's)."""
        for study in self.backend.get_all_studies():
            self.get_study_id_from_name(study.study_name)
        return self.memory.get_all_studies()

    # Trials
    def create_new_trial(self, study_id: int, template_trial: FrozenTrial | None = None) -> int:
        """Create a trial in the file, then the same trial in the copy; raises StudyWrittenElsewhere when
        the file gave it another number (another process wrote trials there)."""
        if template_trial is None:
            template_trial = FrozenTrial(number=-1, state=TrialState.RUNNING, value=None,
                                         datetime_start=datetime.now(), datetime_complete=None, params={},
                                         distributions={}, user_attrs={}, system_attrs={},
                                         intermediate_values={}, trial_id=-1)
        at = self._study_at[study_id]
        number = self.memory.get_n_trials(study_id)
        backend_id = self.backend.create_new_trial(at, template_trial)
        if self.backend.get_trial_id_from_study_id_trial_number(at, number) != backend_id:
            raise StudyWrittenElsewhere(
                f"the study {self.memory.get_study_name_from_id(study_id)!r} in {self.backend.url} gained "
                f"trials from another process (its trial {number} is not this one's): one writer at a time")
        trial_id = self.memory.create_new_trial(study_id, template_trial)
        self._trial_at[trial_id] = backend_id
        return trial_id

    def set_trial_param(self, trial_id: int, param_name: str, param_value_internal: float,
                        distribution: BaseDistribution) -> None:
        """Set a parameter in the file, then in the copy."""
        self.backend.set_trial_param(self._trial_at[trial_id], param_name, param_value_internal, distribution)
        self.memory.set_trial_param(trial_id, param_name, param_value_internal, distribution)

    def get_trial_id_from_study_id_trial_number(self, study_id: int, trial_number: int) -> int:
        """The id of trial `trial_number` (from the copy)."""
        return self.memory.get_trial_id_from_study_id_trial_number(study_id, trial_number)

    def set_trial_state_values(self, trial_id: int, state: TrialState,
                               values: Sequence[float] | None = None) -> bool:
        """Set the state (and values) in the file, then in the copy when the file took it."""
        done = self.backend.set_trial_state_values(self._trial_at[trial_id], state, values)
        if done:
            self.memory.set_trial_state_values(trial_id, state, values)
        return done

    def set_trial_intermediate_value(self, trial_id: int, step: int, intermediate_value: float) -> None:
        """Set an intermediate value in the file, then in the copy."""
        self.backend.set_trial_intermediate_value(self._trial_at[trial_id], step, intermediate_value)
        self.memory.set_trial_intermediate_value(trial_id, step, intermediate_value)

    def set_trial_user_attr(self, trial_id: int, key: str, value: Any) -> None:
        """Set a trial user attribute in the file, then (as stored) in the copy."""
        self.backend.set_trial_user_attr(self._trial_at[trial_id], key, value)
        self.memory.set_trial_user_attr(trial_id, key, _as_stored(value))

    def set_trial_system_attr(self, trial_id: int, key: str, value: Any) -> None:
        """Set a trial system attribute in the file, then (as stored) in the copy."""
        self.backend.set_trial_system_attr(self._trial_at[trial_id], key, value)
        self.memory.set_trial_system_attr(trial_id, key, _as_stored(value))

    def get_trial(self, trial_id: int) -> FrozenTrial:
        """The trial (from the copy)."""
        return self.memory.get_trial(trial_id)

    def get_all_trials(self, study_id: int, deepcopy: bool = True,
                       states: Container[TrialState] | None = None) -> list[FrozenTrial]:
        """The study's trials by number (from the copy)."""
        return self.memory.get_all_trials(study_id, deepcopy=deepcopy, states=states)
