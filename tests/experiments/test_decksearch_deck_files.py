"""`tcglab run --decks FILE.json`: deck files are read, validated and recorded by content."""
from __future__ import annotations

import json

import pytest

from experiments.batch import RunConfig, RunConfigError, read_table, run
from experiments.batch.validate import check_playable
from experiments.cli.main import main
from sim.first_cycle.decks import starter_decks


def _deck_file(tmp_path, name="mine.json", **changes):
    data = {**starter_decks()["black_starter"].to_dict(), "name": "mine", **changes}
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_run_plays_a_deck_file_like_the_deck_it_holds(tmp_path):
    path = _deck_file(tmp_path)
    by_file = RunConfig(agents=("greedy",), decks=(str(path), "green_starter"), matches=2, progress=False)
    by_name = by_file.replace(decks=("black_starter", "green_starter"))
    assert dict(by_file.deck_files) == {str(path): json.dumps(json.loads(path.read_text()), separators=(",", ":"))}
    a, b = run(by_file), run(by_name)
    assert a["winner"].tolist() == b["winner"].tolist() and a["turns"].tolist() == b["turns"].tolist()
    assert a["deck_0"].iloc[0] == str(path)


def test_run_deck_file_content_is_in_the_identity_so_an_edited_file_cannot_resume(tmp_path):
    path = _deck_file(tmp_path)
    out = tmp_path / "run"
    cfg = RunConfig(agents=("greedy",), decks=(str(path), "green_starter"), matches=2, progress=False, out=str(out))
    run(cfg)
    cards = dict(starter_decks()["black_starter"].to_dict()["cards"])
    first = next(iter(cards))
    cards[first] -= 1
    cards["FC013"] = cards.get("FC013", 0) + 1
    _deck_file(tmp_path, cards=cards)  # the same path, other cards
    with pytest.raises(RunConfigError, match=r"deck file .*mine\.json: its content changed"):
        run(RunConfig(agents=("greedy",), decks=(str(path), "green_starter"), matches=4, progress=False,
                      out=str(out), resume=True))
    assert len(read_table(out, "matches")) == 2


def test_replay_and_viewer_deal_a_deck_file_from_the_recorded_content(tmp_path):
    from experiments.batch.replay import replay_lines
    from experiments.play.match_data import match_data
    path = _deck_file(tmp_path)
    out = tmp_path / "run"
    run(RunConfig(agents=("greedy",), decks=(str(path), "green_starter"), matches=1, progress=False,
                  out=str(out), log_decisions=True))
    path.unlink()  # the run recorded the deck: the file is no longer needed
    lines = list(replay_lines(out, 0, boards=False))
    assert lines[-1].startswith("result: "), lines[-1]
    assert match_data(out, 0)["steps"]


def test_run_deck_file_that_breaks_the_rules_is_refused_naming_the_rule(tmp_path):
    path = _deck_file(tmp_path, cards={"FC003": 3})
    with pytest.raises(RunConfigError, match="FC-8 deck size"):
        check_playable(RunConfig(decks=(str(path), "green_starter")))


def test_run_deck_file_missing_or_not_json_is_one_line(tmp_path, capsys):
    assert main(["run", "--decks", str(tmp_path / "nope.json"), "--matches", "1", "--no-progress"]) == 2
    assert "cannot read deck file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["run", "--decks", str(bad), "--matches", "1", "--no-progress"]) == 2
    assert "is not valid JSON" in capsys.readouterr().err


def test_cli_decksearch_writes_its_outputs(tmp_path, capsys):
    search = tmp_path / "s.toml"
    search.write_text('game = "first_cycle"\nseed = 1\n[gauntlet]\ndecks = ["green_starter"]\nmatches = 1\n'
                      '[search]\niterations = 1\nbatch_size = 2\nemitters = 1\n[[measures]]\nname = "mean_cost"\n')
    out = tmp_path / "out"
    assert main(["decksearch", str(search), "--out", str(out), "--workers", "1", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "tcglab decksearch" in text and (out / "heatmap.png").exists()
    elite = out / "elites" / "elite_01.json"
    assert main(["run", "--decks", f"{elite},green_starter", "--agents", "greedy", "--matches", "2",
                 "--no-progress"]) == 0
    assert main(["decksearch", str(search), "--out", str(out)]) == 2  # not an empty folder
