"""`tcglab sweep` and `tcglab report` on bad input and damaged sweep folders: one line, exit 2,
the folder exactly as it was.

Every fault is real: corrupt `sweep.json` / `cell.json` files written into a real sweep
folder, a real run folder as `--out`, a Ray address nothing listens on.
"""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from experiments.cli import main
from experiments.sweep import SweepError, load_results, parse_sweep
from tests.folder_checks import one_line, snapshot

SWEEP = """name = "ok"
game = "first_cycle"
agents = ["random"]
matches = {matches}
shard_size = 2

[grid]
decks = {{ round_robin = ["black_starter", "orange_starter"] }}
{stop}"""
CELL = "black_starter-v-orange_starter"


def sweep_file(tmp_path: Path, matches: int = 4, stop: str = "") -> Path:
    path = tmp_path / f"sweep_{matches}_{abs(hash(stop))}.toml"
    path.write_text(SWEEP.format(matches=matches, stop=stop))
    return path


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Path, Path]:
    """A finished one-cell sweep folder and its sweep file."""
    tmp = tmp_path_factory.mktemp("played")
    path = sweep_file(tmp)
    assert main(["sweep", str(path), "--out", str(tmp / "s"), "--no-progress"]) == 0
    return tmp / "s", path


def copy_of(played, tmp_path: Path) -> Path:
    folder = tmp_path / "s"
    shutil.copytree(played[0], folder)
    return folder


@pytest.mark.parametrize(("text", "why"), [
    ('{"cells": [', "not JSON"),
    ("{}", "no sweep_id"),
    ("[]", "not a JSON object"),
    ('{"sweep_id": "x", "cells": [{"id": "../elsewhere", "axes": [], "config": "{}"}]}', "cells[0].id"),
    ('{"sweep_id": "x", "cells": [{"id": "c", "axes": [], "config": "nope"}]}', "cells[0].config"),
])
@pytest.mark.parametrize("command", ["report", "resume"])
def test_a_corrupt_sweep_json_is_one_line_naming_it(played, tmp_path, capsys, text, why, command):
    folder = copy_of(played, tmp_path)
    (folder / "sweep.json").write_text(text)
    before = snapshot(folder)
    args = (["report", str(folder)] if command == "report" else
            ["sweep", str(played[1]), "--out", str(folder), "--resume", "--no-progress"])
    assert main(args) == 2
    line = one_line(capsys)
    assert str(folder / "sweep.json") in line and why in line, line
    assert snapshot(folder) == before


@pytest.mark.parametrize(("text", "why"), [("{", "not JSON"), ("[1]", "not a JSON object"),
                                           ('{"matches": "four", "complete": true}', "matches is 'four'")])
@pytest.mark.parametrize("command", ["report", "resume"])
def test_a_corrupt_cell_json_is_one_line_naming_it(played, tmp_path, capsys, text, why, command):
    folder = copy_of(played, tmp_path)
    cell_json = folder / "cells" / CELL / "cell.json"
    cell_json.write_text(text)
    before = snapshot(folder)
    args = (["report", str(folder)] if command == "report" else
            ["sweep", str(played[1]), "--out", str(folder), "--resume", "--no-progress"])
    assert main(args) == 2
    line = one_line(capsys)
    assert str(cell_json) in line and why in line and "delete it" in line, line
    assert snapshot(folder) == before


def test_a_deleted_cell_json_is_rebuilt_by_resume_as_the_message_says(played, tmp_path, capsys):
    folder = copy_of(played, tmp_path)
    cell_json = folder / "cells" / CELL / "cell.json"
    good = cell_json.read_bytes()
    cell_json.write_text("{")
    with pytest.raises(SweepError, match="cell.json: corrupt"):
        load_results(folder)
    cell_json.unlink()
    assert main(["sweep", str(played[1]), "--out", str(folder), "--resume", "--no-progress"]) == 0
    assert cell_json.read_bytes() == good
    assert len(load_results(folder).matches) == 4


def test_workers_zero_is_refused_before_anything_is_written(played, tmp_path, capsys):
    out = tmp_path / "w0"
    assert main(["sweep", str(played[1]), "--out", str(out), "--workers", "0", "--no-progress"]) == 2
    assert "--workers" in one_line(capsys) and not out.exists()
    assert main(["sweep", str(played[1]), "--out", str(out), "--no-progress"]) == 0  # the corrected rerun runs
    folder = copy_of(played, tmp_path)
    before = snapshot(folder)
    assert main(["sweep", str(played[1]), "--out", str(folder), "--resume", "--workers", "0"]) == 2
    assert "--workers: must be >= 1, got 0" in one_line(capsys) and snapshot(folder) == before


def test_the_api_refuses_a_bad_override_before_writing(played, tmp_path):
    from experiments.sweep import load_sweep_file, run_sweep
    out = tmp_path / "api"
    with pytest.raises(SweepError, match="workers: must be >= 1"):
        run_sweep(load_sweep_file(played[1]), out, workers=0, progress=False)
    assert not out.exists()


@pytest.mark.parametrize("command", ["sweep", "ladder"])
def test_a_refused_sweep_or_ladder_leaves_a_run_folder_and_its_writer_file_alone(played, tmp_path, capsys,
                                                                                 command):
    run = tmp_path / "run"
    assert main(["run", "--agents", "random", "--matches", "2", "--out", str(run), "--no-progress"]) == 0
    capsys.readouterr()
    before = snapshot(run)
    assert b'"tcglab run"' in before[".writer.json"]
    args = (["sweep", str(played[1]), "--out", str(run), "--no-progress"] if command == "sweep" else
            ["ladder", "--agents", "random,greedy", "--matches", "2", "--out", str(run), "--no-progress"])
    assert main(args) == 2
    assert "holds no sweep.json" in one_line(capsys)
    assert snapshot(run) == before


def test_a_plain_rerun_into_a_sweep_folder_does_not_touch_it(played, tmp_path, capsys):
    folder = copy_of(played, tmp_path)
    before = snapshot(folder)
    assert main(["sweep", str(played[1]), "--out", str(folder), "--no-progress"]) == 2
    assert "--resume" in one_line(capsys) and snapshot(folder) == before


def test_a_resume_with_another_file_names_what_differs(played, tmp_path, capsys):
    folder = copy_of(played, tmp_path)
    before = snapshot(folder)
    assert main(["sweep", str(played[1]), "--out", str(folder), "--resume", "--matches", "6"]) == 2
    line = one_line(capsys)
    assert "folder vs now: matches: 4 vs 6" in line and snapshot(folder) == before
    other = tmp_path / "other.toml"
    other.write_text(played[1].read_text().replace("orange_starter", "green_starter"))
    assert main(["sweep", str(other), "--out", str(folder), "--resume"]) == 2
    line = one_line(capsys)
    assert f"cells only in the folder: {CELL}" in line and "black_starter-v-green_starter" in line, line


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the 'ray' extra")
def test_an_unreachable_ray_cluster_writes_nothing(played, tmp_path, capsys):
    out = tmp_path / "ray"
    assert main(["sweep", str(played[1]), "--out", str(out), "--backend", "ray",
                 "--ray-address", "127.0.0.1:1", "--no-progress"]) == 2
    assert "cannot reach the Ray cluster" in one_line(capsys) and not out.exists()


@pytest.mark.parametrize(("stop", "named"), [
    ("[stop]\nhalf_width = 0.04\nchunk = 2\nmin_matches = 400\n", "stop.min_matches: 400 is not below matches (4)"),
    ("[stop]\nhalf_width = 0.04\nchunk = 2\nmin_matches = 4\n", "stop.min_matches: 4 is not below matches (4)"),
    ("[stop]\nhalf_width = 0.04\nchunk = 4\n", "stop.chunk: 4 (in whole shards) puts the first check at match 4"),
])
def test_a_stop_rule_that_could_never_stop_a_cell_early_is_refused(tmp_path, capsys, stop, named):
    path = sweep_file(tmp_path, stop=stop)
    assert main(["sweep", str(path), "--dry-run"]) == 2
    line = one_line(capsys)
    assert named in line and str(path) in line, line
    assert main(["sweep", str(path), "--out", str(tmp_path / "o")]) == 2
    assert not (tmp_path / "o").exists()


def test_a_stop_rule_that_can_stop_passes_and_a_lower_matches_flag_gets_a_note(tmp_path, capsys):
    stop = "[stop]\nhalf_width = 0.04\nchunk = 2\nmin_matches = 2\n"
    assert parse_sweep({"game": "first_cycle", "matches": 4, "shard_size": 2,
                        "stop": {"half_width": 0.04, "chunk": 2, "min_matches": 2}}).stop is not None
    path = sweep_file(tmp_path, matches=8, stop=stop)
    assert main(["sweep", str(path), "--dry-run"]) == 0
    assert "note" not in capsys.readouterr().out
    assert main(["sweep", str(path), "--dry-run", "--matches", "2"]) == 0
    assert "note: stop.min_matches: 2 is not below matches (2): no cell will stop early" in capsys.readouterr().out
