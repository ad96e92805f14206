"""`tcglab train` refuses bad input in one line, before training and before writing anything,
and never overwrites or mixes into a folder that is not an unfinished run of its settings."""
from __future__ import annotations

import csv
import json
import shutil

import pytest

pytest.importorskip("sb3_contrib")

from experiments.cli import main as cli  # noqa: E402
from tests.folder_checks import snapshot

TINY = ["--steps", "32", "--num-envs", "2", "--n-steps", "8", "--batch-size", "16", "--device", "cpu",
        "--net-arch", "16", "--eval-every", "0", "--eval-matches", "2", "--eval-opponents", "random"]


def refused(capsys, argv: list[str]) -> str:
    """Run `tcglab train TINY argv`, assert exit 2 and one line without a traceback; the line."""
    assert cli(["train", *TINY, *argv]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.startswith("tcglab train: ") and "\n" not in err and "Traceback" not in captured.err
    return err


@pytest.mark.parametrize("argv, message", [
    (["--opponent", "nope"], "tcglab train: --opponent: 'nope': ValueError: unknown agent 'nope'"),
    (["--opponent", "greedy+mcts:bogus=1"], "--opponent: 'mcts:bogus=1': ValueError: MCTSConfig: unknown field"),
    (["--opponent", "ppo:cipher"], "--opponent: 'ppo:cipher' cannot play first_cycle"),
    (["--eval-opponents", "nope"], "tcglab train: --eval-opponents: 'nope': ValueError: unknown agent 'nope'"),
    (["--eval-opponents", ","], "--eval-opponents: give at least one agent spec"),
    (["--net-arch", "0"], "tcglab train: --net-arch: layer sizes must be >= 1, got 0"),
    (["--net-arch", "16,0"], "--net-arch: layer sizes must be >= 1, got 16,0"),
    (["--device", "nope"], "tcglab train: --device: unknown device 'nope'"),
    (["--device", "meta"], "--device: 'meta' is not a device tcglab trains on here"),
    (["--learning-rate", "-1"], "tcglab train: --learning-rate: must be > 0, got -1.0"),
    (["--learning-rate", "nan"], "--learning-rate: must be > 0, got nan"),
    (["--gamma", "0"], "tcglab train: --gamma: must be in (0, 1], got 0.0"),
    (["--gamma", "1.5"], "tcglab train: --gamma: must be in (0, 1], got 1.5"),
    (["--ent-coef", "-0.1"], "--ent-coef: must be >= 0, got -0.1"),
    (["--batch-size", "1"], "--batch-size: must be >= 2"),
    (["--players", "3"], "tcglab train: --players: first_cycle is a 2-player game; 3 players is not possible"),
    (["--param", "nope=1"], "tcglab train: --param: unknown first_cycle param(s) ['nope']"),
])
def test_bad_flags_are_refused_in_one_line_before_anything_is_written(tmp_path, capsys, argv, message):
    out = tmp_path / "out"
    assert message in refused(capsys, argv + ["--out", str(out)])
    assert not out.exists()


def test_a_gpu_torch_does_not_see_is_refused(tmp_path, capsys):
    import torch
    device = f"cuda:{torch.cuda.device_count()}" if torch.cuda.is_available() else "cuda"
    err = refused(capsys, ["--device", device, "--out", str(tmp_path / "out")])
    assert f"--device: '{device}', but torch sees" in err
    assert not (tmp_path / "out").exists()


def test_init_from_names_the_path_given(tmp_path, capsys):
    missing = tmp_path / "x" / "nonexist.zip"
    err = refused(capsys, ["--init-from", str(missing), "--out", str(tmp_path / "out")])
    assert err == f"tcglab train: --init-from: {missing}: no such file" and ".zip.zip" not in err
    assert not (tmp_path / "out").exists()


def test_a_corrupt_init_from_checkpoint_is_refused_naming_it(tmp_path, capsys):
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip file at all")
    err = refused(capsys, ["--init-from", str(bad), "--out", str(tmp_path / "out")])
    assert f"--init-from: {bad} does not load into this network" in err
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished tiny run of TINY's settings."""
    out = tmp_path_factory.mktemp("finished") / "run"
    assert cli(["train", *TINY, "--out", str(out)]) == 0
    return out


def test_init_from_weights_of_another_network_is_refused(finished, tmp_path, capsys):
    err = refused(capsys, ["--net-arch", "8", "--init-from", str(finished / "final.zip"),
                           "--out", str(tmp_path / "out")])
    assert f"--init-from: {finished / 'final.zip'} does not load into this network (sparse [8] on first_cycle)" in err
    assert "size mismatch" in err and not (tmp_path / "out").exists()


def test_a_run_of_other_settings_is_not_overwritten(finished, tmp_path, capsys):
    out = shutil.copytree(finished, tmp_path / "run")
    before = snapshot(out)
    err = refused(capsys, ["--game", "cipher", "--out", str(out)])
    assert f"--out: {out} holds a training run of other settings (game \"first_cycle\" there, \"cipher\" here)" in err
    assert "--init-from" not in err                   # another game's weights cannot start this one
    assert snapshot(out) == before
    err = refused(capsys, ["--seed", "7", "--out", str(out)])
    assert "(seed 1 there, 7 here); give a new --out, or --init-from " in err
    assert snapshot(out) == before


def test_a_finished_run_of_the_same_settings_is_not_trained_again(finished, tmp_path, capsys):
    out = shutil.copytree(finished, tmp_path / "run")
    before = snapshot(out)
    err = refused(capsys, ["--out", str(out)])
    assert err == (f"tcglab train: --out: {out} already holds this run, finished (result.json); give a new --out "
                   f"to train it again, or --init-from {out / 'final.zip'} with a new --out to train on from "
                   "its weights")
    assert snapshot(out) == before


def test_a_folder_that_is_not_a_training_run_is_refused(tmp_path, capsys):
    run_dir = tmp_path / "matches"
    assert cli(["run", "--matches", "2", "--out", str(run_dir)]) == 0
    capsys.readouterr()
    before = snapshot(run_dir)
    err = refused(capsys, ["--out", str(run_dir)])
    assert err == (f"tcglab train: --out: {run_dir} is not empty and is not a `tcglab train` folder "
                   "(no args.json); give a new or empty folder")
    assert snapshot(run_dir) == before and not (run_dir / "checkpoints").exists()
    (tmp_path / "a_file").write_text("x")
    assert refused(capsys, ["--out", str(tmp_path / "a_file")]).endswith("is a file, not a folder")


def test_a_corrupt_args_json_is_refused(tmp_path, capsys):
    out = tmp_path / "run"
    out.mkdir()
    (out / "args.json").write_text("{")
    err = refused(capsys, ["--out", str(out)])
    assert err == (f"tcglab train: --out: {out / 'args.json'} is not the record `tcglab train` writes; "
                   "give a new or empty folder")
    assert [p.name for p in out.iterdir()] == ["args.json"]


def test_an_unfinished_run_of_the_same_settings_starts_again_without_its_old_files(finished, tmp_path, capsys):
    out = shutil.copytree(finished, tmp_path / "run")
    (out / "result.json").unlink()                                   # stopped before the end
    (out / "checkpoints" / "step_000000999.zip").write_bytes(b"stale")
    with open(out / "eval.csv", "a") as fh:
        fh.write("999,stale,1,1,0,1.0,0.0,1.0,0.1\n")
    assert cli(["train", *TINY, "--out", str(out)]) == 0
    assert not (out / "checkpoints" / "step_000000999.zip").exists()
    with open(out / "eval.csv") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["step"], r["opponent"]) for r in rows] == [("32", "random")]
    assert json.loads((out / "result.json").read_text())["steps"] == 32
    assert "holds this run unfinished: starting it again from step 0" in (out / "train.log").read_text()


def test_eval_matches_0_trains_without_evaluating(tmp_path, capsys):
    out = tmp_path / "run"
    assert cli(["train", *TINY, "--eval-matches", "0", "--out", str(out)]) == 0
    stdout = capsys.readouterr().out
    assert "not evaluated (--eval-matches 0)" in stdout and "0/0" not in stdout
    assert (out / "final.zip").is_file() and (out / "checkpoints" / "step_000000032.zip").is_file()
    assert not (out / "eval.csv").exists()
    assert json.loads((out / "result.json").read_text())["eval"] == []


def test_players_the_game_has_is_taken_as_no_flag(tmp_path, capsys):
    out = tmp_path / "run"
    assert cli(["train", *TINY, "--players", "2", "--eval-matches", "0", "--out", str(out)]) == 0
    assert json.loads((out / "args.json").read_text())["players"] is None
