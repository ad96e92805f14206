"""A report's folder is written whole or not at all: a rewrite keeps no stale file, a folder of
other files is refused untouched, a report that fails halfway leaves the earlier one."""
from __future__ import annotations

from pathlib import Path

import pytest

from experiments.analysis.output_folder import whole_folder
from experiments.cli import main
from sim.core.errors import TcglabError
from tests.folder_checks import snapshot


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "run"
    assert main(["run", "--agents", "greedy,random", "--matches", "4", "--out", str(out), "--no-progress"]) == 0
    return out


def test_a_report_written_again_keeps_no_stale_file(run_dir, tmp_path):
    out = tmp_path / "rep"
    assert main(["report", str(run_dir), "--out", str(out)]) == 0
    (out / "stale.png").write_bytes(b"from an older report")
    assert main(["report", str(run_dir), "--out", str(out)]) == 0
    assert not (out / "stale.png").exists() and (out / "index.html").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_a_folder_of_other_files_is_refused_and_left_alone(run_dir, tmp_path, capsys):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    assert main(["report", str(run_dir), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds other files and no earlier report" in err
    assert snapshot(out) == {"notes.txt": b"mine"}


def test_an_error_halfway_leaves_the_earlier_output_as_it_was(tmp_path):
    out = tmp_path / "rep"
    with whole_folder(out, "tables.json") as tmp:
        (tmp / "tables.json").write_text("[]")
        (tmp / "a.csv").write_text("first")
    before = snapshot(out)
    with pytest.raises(RuntimeError), whole_folder(out, "tables.json") as tmp:
        (tmp / "a.csv").write_text("second, half written")
        raise RuntimeError("a plot failed")
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rep"]
    (tmp_path / "file").write_text("")
    with pytest.raises(TcglabError, match="is a file, not a folder"), whole_folder(tmp_path / "file", "tables.json"):
        pass
