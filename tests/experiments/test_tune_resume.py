"""A killed tune resumes to the same trials as an uninterrupted one (optuna's SQLite storage)."""
from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from experiments.tune import load_tune_file, run_tune

ROOT = Path(__file__).resolve().parents[2]
# Two objectives (NSGA-II, generations of 3) over an int range and a categorical, and a
# constraint that short limits (most games drawn) fail.
TUNE = """
name = "resume"
game = "first_cycle"
agents = "greedy"
matches = {matches}
trials = 6
seed = 11
population = 3
workers = {workers}

[space.params]
max_turns = {{ low = 8, high = 16 }}
first_player_draws = [false, true]

[[objectives]]
metric = "draw_rate"
target = 0.5

[[objectives]]
metric = "mean_length"
range = [10, 11]

[[constraints]]
metric = "draw_rate"
max = 0.2

[holdout]
matches = 2
top_k = 1
"""
COMPARED = ["trial", "state", "max_turns", "first_player_draws", "draw_rate", "mean_length",
            "draw_rate_distance", "mean_length_distance", "feasible", "same_as"]


def running_in(db: Path) -> list[int]:
    """The numbers of the trials the study file holds as running (read with sqlite3, as another process)."""
    with contextlib.closing(sqlite3.connect(db, timeout=5)) as con:
        return [n for (n,) in con.execute("SELECT number FROM trials WHERE state = 'RUNNING'")]


def tune_file(tmp_path: Path, workers: int = 1, matches: int = 6) -> Path:
    path = tmp_path / f"resume_w{workers}_m{matches}.toml"
    path.write_text(TUNE.format(workers=workers, matches=matches))
    return path


def trials(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "trials.csv")[COMPARED]


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> pd.DataFrame:
    """The trials of the tune run once, uninterrupted, on one process."""
    tmp = tmp_path_factory.mktemp("whole")
    run_tune(load_tune_file(tune_file(tmp)), tmp / "whole", say=lambda line: None)
    out = trials(tmp / "whole")
    assert len(out) == 6 and (out["state"] == "COMPLETE").all()
    assert out["feasible"].any() and not out["feasible"].all()  # the constraint bites
    return out


def test_tune_killed_by_sigkill_resumes_to_the_trials_of_an_uninterrupted_tune(tmp_path, whole):
    killed = tmp_path / "killed"
    proc = subprocess.Popen([sys.executable, "-m", "experiments.cli", "tune", str(tune_file(tmp_path, 2)),
                             "--out", str(killed)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    seen = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        seen.append(line)
        if line.startswith("trial 2:") or not line:
            break
    # Kill once trial 3 is running in the file: asked, and playing its matches.
    while time.monotonic() < deadline and proc.poll() is None and running_in(killed / "study.db") != [3]:
        time.sleep(0.002)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert any(s.startswith("trial 2:") for s in seen), "".join(seen)
    assert not (killed / "summary.md").exists()
    import optuna
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{killed / 'study.db'}")
    running = [t.number for t in study.get_trials() if t.state.name == "RUNNING"]
    assert running == [3] and len(study.trials) == 4

    said = []
    run_tune(load_tune_file(tune_file(tmp_path, 2)), killed, resume=True, say=said.append)
    assert said[0] == "trial 3 was running when the tune stopped: playing it again"
    assert any(s.startswith("trial 5:") for s in said)
    pd.testing.assert_frame_equal(trials(killed), whole)  # `whole` ran on 1 worker: the same trials


class Stop(Exception):
    """Stands for the driver dying at one point of a trial."""


@pytest.mark.parametrize("where", ["in_matches", "between_params"])
def test_tune_trial_left_running_is_asked_and_played_again_to_the_same_values(tmp_path, monkeypatch, where,
                                                                              whole):
    import optuna

    import experiments.tune.search as search
    real_play, real_seed = search.play, search.trial_seed
    plays = []

    def play_then_stop(config):
        plays.append(config)
        if len(plays) == 4:
            raise Stop  # inside the 4th trial played (repeated points are not played), its params stored
        return real_play(config)

    def seed_then_stop(seed, number, part=0):
        if (number, part) == (3, 2):
            raise Stop  # trial 3 asked, max_turns stored, first_player_draws not yet
        return real_seed(seed, number, part)

    if where == "in_matches":
        monkeypatch.setattr(search, "play", play_then_stop)
    else:
        monkeypatch.setattr(search, "trial_seed", seed_then_stop)
    stopped = tmp_path / "stopped"
    with pytest.raises(Stop):
        run_tune(load_tune_file(tune_file(tmp_path)), stopped, say=lambda line: None)
    monkeypatch.undo()
    study = optuna.load_study(study_name="tune", storage=f"sqlite:///{stopped / 'study.db'}")
    running = [t for t in study.get_trials() if t.state.name == "RUNNING"]
    assert len(running) == 1 and (where == "in_matches" or running[0].number == 3)
    assert sorted(running[0].params) == (["first_player_draws", "max_turns"] if where == "in_matches"
                                         else ["max_turns"])

    said = []
    run_tune(load_tune_file(tune_file(tmp_path)), stopped, resume=True, say=said.append)
    assert said[0] == f"trial {running[0].number} was running when the tune stopped: playing it again"
    pd.testing.assert_frame_equal(trials(stopped), whole)


def test_tune_resume_with_more_trials_extends_the_same_study(tmp_path, whole):
    grown = tmp_path / "grown"
    run_tune(load_tune_file(tune_file(tmp_path), trials=2), grown, say=lambda line: None)
    run_tune(load_tune_file(tune_file(tmp_path), trials=4), grown, resume=True, say=lambda line: None)
    pd.testing.assert_frame_equal(trials(grown), whole.head(4))


@pytest.mark.soak
def test_tune_on_ray_plays_the_same_trials_as_local_workers(tmp_path, whole):
    spec = load_tune_file(tune_file(tmp_path, 2), backend="ray")
    run_tune(spec, tmp_path / "ray", say=lambda line: None)
    pd.testing.assert_frame_equal(trials(tmp_path / "ray"), whole)


def test_tune_resumed_from_a_study_stored_without_intervals_reports_what_it_can(tmp_path, whole):
    """An older tcglab stored each trial's measures without their intervals: a resume plays on,
    gives those trials the Wilson interval of a rate from the rate and the match count, leaves
    the bootstrapped bounds empty and says so; the trials it plays itself carry every interval."""
    import json
    older = tmp_path / "older"
    run_tune(load_tune_file(tune_file(tmp_path), trials=4), older, say=lambda line: None)
    before = pd.read_csv(older / "trials.csv")  # with the intervals the trials stored
    with contextlib.closing(sqlite3.connect(older / "study.db")) as con, con:
        rows = con.execute("SELECT trial_user_attribute_id, value_json FROM trial_user_attributes "
                           "WHERE key = 'result'").fetchall()
        assert len(rows) == 4
        for attr_id, value in rows:
            result = json.loads(value)
            assert result.pop("intervals")
            con.execute("UPDATE trial_user_attributes SET value_json = ? WHERE trial_user_attribute_id = ?",
                        (json.dumps(result), attr_id))
    said = []
    run_tune(load_tune_file(tune_file(tmp_path)), older, resume=True, say=said.append)
    assert any(s.startswith("trial 5:") and ": 6 matches" in s and "95% CI" in s for s in said), said
    table = pd.read_csv(older / "trials.csv")
    pd.testing.assert_frame_equal(table[COMPARED], whole)
    stored = table["intervals_stored"].to_numpy()
    assert not stored[:4].any() and stored[4:].all()
    rates = ["draw_rate_low", "draw_rate_high", "draw_rate_distance_low", "draw_rate_distance_high"]
    assert table[rates].notna().all().all()
    # a rate's interval from the rate and the match count is the one its matches gave
    pd.testing.assert_frame_equal(table.loc[:3, rates], before[rates])
    old = table["trial"] < 4
    assert table.loc[old, ["mean_length_low", "mean_length_high", "mean_length_distance_low"]].isna().all().all()
    assert table.loc[~old, ["mean_length_low", "mean_length_high"]].notna().all().all()
    summary = (older / "summary.md").read_text(encoding="utf-8")
    assert "4 trial(s) (0, 1, 2, 3) were stored by an older tcglab without their intervals" in summary
    front = pd.read_csv(older / "front.csv")
    page = (older / "front.md").read_text(encoding="utf-8")
    assert not front["intervals_stored"].all()  # trial 0, an older one, is on the front: said, its bounds n/a
    assert "stored by an older tcglab without their intervals" in page and "| n/a |" in page
