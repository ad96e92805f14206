"""`tcglab tune` refusals: a corrupt tune.json, fewer trials on resume, an unreachable Ray
cluster. Each is one line, exit 2, with the folder exactly as it was (real files, a real tune)."""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from experiments.cli import main
from experiments.tune import TuneError, load_tune_file, run_tune
from tests.folder_checks import one_line, snapshot

TUNE = """name = "refusals"
game = "first_cycle"
agents = ["random"]
matches = 4
trials = 2
seed = 1
workers = 1
startup_trials = 2

[space.params]
opening_hand = { low = 4, high = 6 }

[[objectives]]
metric = "first_player_advantage"
direction = "minimize"

[holdout]
matches = 4
top_k = 1
"""


@pytest.fixture(scope="module")
def tuned(tmp_path_factory) -> tuple[Path, Path]:
    """A finished 2-trial tune folder and its file."""
    tmp = tmp_path_factory.mktemp("tuned")
    path = tmp / "t.toml"
    path.write_text(TUNE)
    run_tune(load_tune_file(path), tmp / "t", say=lambda line: None)
    return tmp / "t", path


def copy_of(tuned, tmp_path: Path) -> Path:
    folder = tmp_path / "t"
    shutil.copytree(tuned[0], folder)
    return folder


@pytest.mark.parametrize(("text", "why"), [("{", "not JSON"), ("{}", "no tune_id"), ("[]", "no tune_id"),
                                           ('{"tune_id": "x", "trials": "two"}', "trials is 'two'")])
def test_a_corrupt_tune_json_is_one_line_naming_it(tuned, tmp_path, capsys, text, why):
    folder = copy_of(tuned, tmp_path)
    (folder / "tune.json").write_text(text)
    before = snapshot(folder)
    assert main(["tune", str(tuned[1]), "--out", str(folder), "--resume"]) == 2
    line = one_line(capsys)
    assert str(folder / "tune.json") in line and why in line, line
    assert snapshot(folder) == before


def test_a_resume_with_fewer_trials_is_refused(tuned, tmp_path, capsys):
    folder = copy_of(tuned, tmp_path)
    before = snapshot(folder)
    assert main(["tune", str(tuned[1]), "--out", str(folder), "--resume", "--trials", "1"]) == 2
    line = one_line(capsys)
    assert line.startswith("tcglab tune: trials: ") and "2 trials" in line and "cannot shrink it to 1" in line, line
    assert snapshot(folder) == before
    with pytest.raises(TuneError, match="cannot shrink"):
        run_tune(load_tune_file(tuned[1], trials=1), folder, resume=True, say=lambda line: None)
    assert snapshot(folder) == before


def test_a_plain_rerun_into_a_tune_folder_does_not_touch_it(tuned, tmp_path, capsys):
    folder = copy_of(tuned, tmp_path)
    before = snapshot(folder)
    assert main(["tune", str(tuned[1]), "--out", str(folder)]) == 2
    assert "--resume" in one_line(capsys) and snapshot(folder) == before


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the 'ray' extra")
def test_an_unreachable_ray_cluster_writes_nothing_so_the_rerun_runs(tuned, tmp_path, capsys):
    out = tmp_path / "ray"
    assert main(["tune", str(tuned[1]), "--out", str(out), "--backend", "ray", "--ray-address", "127.0.0.1:1"]) == 2
    assert "cannot reach the Ray cluster" in one_line(capsys) and not out.exists()
    out.mkdir()
    assert main(["tune", str(tuned[1]), "--out", str(out), "--backend", "ray", "--ray-address", "127.0.0.1:1"]) == 2
    capsys.readouterr()
    assert snapshot(out) == {}
    assert main(["tune", str(tuned[1]), "--out", str(out)]) == 0  # the corrected command is not refused
