"""`tcglab zoo evaluate` and `ppo:path=...` refuse bad input in one line naming it, before any
folder is made: an unknown opponent, a corrupt model card, a log of other settings, a
missing or corrupt checkpoint (named as given, not with SB3's added ".zip")."""
from __future__ import annotations

import json
import shutil

import pytest

pytest.importorskip("sb3_contrib")

import agents  # noqa: E402
from agents import zoo  # noqa: E402
from experiments.cli import main as cli  # noqa: E402
from sim.core.errors import InvalidArgumentError  # noqa: E402


@pytest.fixture
def zoo_copy(tmp_path):
    """A zoo folder holding a copy of the shipped first_cycle model (the shipped zoo is never written)."""
    folder = tmp_path / "zoo"
    folder.mkdir()
    for suffix in (".json", ".pt"):
        shutil.copy(zoo.ZOO_DIR / f"first_cycle{suffix}", folder)
    return folder


def refused(capsys, argv: list[str], command: str = "zoo") -> str:
    """Run `tcglab argv`, assert exit 2 and one line without a traceback; the line."""
    assert cli(argv) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.startswith(f"tcglab {command}: ") and "\n" not in err and "Traceback" not in captured.err
    return err


def evaluate(zoo_dir, logs, *more: str) -> list[str]:
    """`tcglab zoo evaluate first_cycle` on the copy, its logs in `logs`."""
    return ["zoo", "evaluate", "first_cycle", "--zoo-dir", str(zoo_dir), "--matches", "2", "--logs", str(logs), *more]


@pytest.mark.parametrize("more, message", [
    (["--opponents", "nope"], "tcglab zoo: --opponents: 'nope': ValueError: unknown agent 'nope'; available: "),
    (["--opponents", "random,mcts:bogus=1"], "--opponents: 'mcts:bogus=1': ValueError: MCTSConfig: unknown field"),
    (["--opponents", "ppo:cipher"], "--opponents: 'ppo:cipher' cannot play first_cycle"),
    (["--opponents", ","], "tcglab zoo: --opponents: give at least one agent spec, got ','"),
    (["--matches", "0"], "tcglab zoo: --matches: must be at least 1, got 0"),
    (["--workers", "0"], "tcglab zoo: --workers: must be at least 1, got 0"),
])
def test_evaluate_refuses_bad_input_before_making_the_log_folder(zoo_copy, tmp_path, capsys, more, message):
    before = (zoo_copy / "first_cycle.json").read_bytes()
    assert message in refused(capsys, evaluate(zoo_copy, tmp_path / "zl", *more))
    assert not (tmp_path / "zl").exists()
    assert (zoo_copy / "first_cycle.json").read_bytes() == before


def test_a_missing_zoo_dir_is_named(tmp_path, capsys):
    err = refused(capsys, evaluate(tmp_path / "nowhere", tmp_path / "zl"))
    assert err == f"tcglab zoo: --zoo-dir: {tmp_path / 'nowhere'} is not a folder"


def test_a_corrupt_card_is_refused_naming_its_file(zoo_copy, tmp_path, capsys):
    card = zoo_copy / "first_cycle.json"
    card.write_text("{")
    err = refused(capsys, evaluate(zoo_copy, tmp_path / "zl", "--opponents", "random"))
    assert err == (f"tcglab zoo: zoo model card {card}: not valid JSON "
                   "(Expecting property name enclosed in double quotes at line 1 column 2)")
    assert not (tmp_path / "zl").exists()
    with pytest.raises(zoo.ModelCardError, match="not valid JSON"):
        zoo.entry("first_cycle", zoo_copy)


def test_a_card_without_a_field_the_zoo_reads_is_refused(zoo_copy, tmp_path, capsys):
    card = zoo_copy / "first_cycle.json"
    fields = json.loads(card.read_text())
    del fields["num_players"]
    card.write_text(json.dumps(fields))
    err = refused(capsys, evaluate(zoo_copy, tmp_path / "zl", "--opponents", "random"))
    assert err == f"tcglab zoo: zoo model card {card}: field 'num_players' is missing or not a JSON integer (got null)"
    card.write_text("[1, 2]")
    assert refused(capsys, evaluate(zoo_copy, tmp_path / "zl")).endswith("expected a JSON object, got list")
    assert not (tmp_path / "zl").exists()


def test_a_log_of_other_settings_is_refused_and_kept(zoo_copy, tmp_path, capsys):
    logs = tmp_path / "zl"
    logs.mkdir()
    log = logs / "first_cycle-random-seed1.jsonl"
    log.write_text(json.dumps({"pair": ["ppo:first_cycle", "random"], "game": "first_cycle", "seed": 1,
                               "decks": None, "players": None}) + "\n")
    before = log.read_bytes()
    err = refused(capsys, evaluate(zoo_copy, logs, "--opponents", "random"))
    assert err.startswith(f"tcglab zoo: --logs: {log} holds matches of other settings (")
    assert log.read_bytes() == before


def test_a_missing_checkpoint_is_named_as_the_spec_gave_it(tmp_path, capsys):
    missing = tmp_path / "nonexistent.zip"
    with pytest.raises(InvalidArgumentError) as info:
        agents.make(f"ppo:path={missing}")
    assert str(info.value) == f"ppo agent: path={missing}: no such file"
    err = refused(capsys, ["run", "--agents", f"ppo:path={missing},random", "--matches", "2",
                           "--out", str(tmp_path / "r")], command="run")
    assert f"ppo agent: path={missing}: no such file" in err and ".zip.zip" not in err
    assert not (tmp_path / "r").exists()
    with pytest.raises(InvalidArgumentError, match="is a folder, not a checkpoint"):
        agents.make(f"ppo:path={tmp_path}")


def test_a_corrupt_checkpoint_is_named(tmp_path):
    from agents.ppo import load_policy
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip file at all")
    with pytest.raises(InvalidArgumentError, match=f"checkpoint {bad}: unreadable"):
        load_policy(str(bad))
