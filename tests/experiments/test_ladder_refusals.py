"""`tcglab ladder` on bad input: one line naming the flag, exit 2, before any match and with
nothing written (real folders, real files)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from experiments.cli import main
from tests.folder_checks import one_line, snapshot

LADDER = ["ladder", "--game", "first_cycle", "--agents", "random,greedy", "--matches", "2", "--no-progress"]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """A finished ladder of random and greedy, 2 matches."""
    out = tmp_path_factory.mktemp("ladder") / "l"
    assert main([*LADDER, "--out", str(out)]) == 0
    return out


def test_workers_zero_is_refused_before_the_folder_is_made(tmp_path, capsys):
    out = tmp_path / "l"
    assert main([*LADDER, "--out", str(out), "--workers", "0"]) == 2
    assert "--workers: must be >= 1, got 0" in one_line(capsys) and not out.exists()


@pytest.mark.parametrize("docs", ["folder", "missing/x.md", "binary.md"])
def test_a_bad_docs_path_is_refused_before_any_match(tmp_path, capsys, docs):
    (tmp_path / "folder").mkdir()
    (tmp_path / "binary.md").write_bytes(b"\xff\xfe\x00broken")
    out = tmp_path / "l"
    assert main([*LADDER, "--out", str(out), "--docs", str(tmp_path / docs)]) == 2
    line = one_line(capsys)
    assert line.startswith("tcglab ladder: --docs: ") and str(tmp_path / docs) in line, line
    assert not out.exists()  # no match was played
    assert not (tmp_path / "missing").exists() and (tmp_path / "binary.md").read_bytes() == b"\xff\xfe\x00broken"


def test_a_resume_with_other_agents_says_what_differs_in_ladder_terms(played, tmp_path, capsys):
    folder = tmp_path / "l"
    shutil.copytree(played, folder)
    before = snapshot(folder)
    args = ["ladder", "--game", "first_cycle", "--agents", "random,mcts", "--matches", "3", "--out", str(folder),
            "--resume", "--no-progress"]
    assert main(args) == 2
    line = one_line(capsys)
    assert "holds another ladder (folder vs now: agents ['random', 'greedy'] vs ['random', 'mcts']; " \
           "matches 2 vs 3)" in line, line
    assert "--agents" in line and "sweep file" not in line
    assert snapshot(folder) == before
    assert main([*LADDER, "--out", str(folder), "--resume"]) == 0  # the same ladder still resumes


def test_a_ladder_is_refused_from_a_corrupt_sweep_json_in_one_line(played, tmp_path, capsys):
    folder = tmp_path / "l"
    shutil.copytree(played, folder)
    (folder / "sweep.json").write_text('{"cells": [')
    before = snapshot(folder)
    assert main([*LADDER, "--out", str(folder), "--resume"]) == 2
    assert f"{folder / 'sweep.json'}: corrupt (not JSON" in one_line(capsys)
    assert snapshot(folder) == before
