"""`tcglab play` end to end in a pseudo-terminal (pexpect): full games against `random` in
every game, the prompt's answers to bad input, take-backs, leaving, and the saved run folder."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pandas as pd
import pexpect
import pytest

from experiments.batch.replay import replay_lines
from experiments.batch.shards import read_manifest, read_table
from experiments.play.terminal import PROMPT, choose

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("first_cycle", []), ("cipher", []), ("xenodex", ["--players", "4", "--vs", "random,random,random",
                                                           "--seat", "2"])]


def _spawn(args: list[str]) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "experiments.cli", "play", *args], cwd=str(ROOT),
                         encoding="utf-8", timeout=30, dimensions=(50, 200))
    child.delaybeforesend = None
    return child


@pytest.mark.parametrize("game,extra", GAMES, ids=[g for g, _ in GAMES])
def test_a_full_game_against_random_is_saved_and_replays(tmp_path, game, extra):
    out = tmp_path / "game"
    child = _spawn(["--game", game, "--seed", "11", "--out", str(out), *extra])
    decisions = 0
    while child.expect([PROMPT, r"saved: ", "Traceback"]) == 0:
        child.sendline("1")
        decisions += 1
    assert child.after == "saved: ", child.before
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert decisions > 0
    matches = read_table(out, "matches")
    assert len(matches) == 1 and matches.loc[0, "end_reason"] not in ("error", None)
    human = 2 if game == "xenodex" else 0
    assert matches.loc[0, f"agent_{human}"] == "human" and read_manifest(out)["human_seat"] == human
    assert (read_table(out, "decisions")["player"] == human).sum() == decisions
    lines = list(replay_lines(out, 0, boards=False))
    assert "replaying the logged actions" in lines[3 if game != "xenodex" else 5]
    assert lines[-1].startswith("result: ")


def test_bad_input_gets_a_hint_and_the_same_prompt(tmp_path):
    child = _spawn(["--game", "first_cycle", "--seed", "3", "--out", str(tmp_path / "g")])
    child.expect(PROMPT)
    for text, hint in (("99", "no action 99: choose 1.."), ("", "type a number"),
                       ("e", "matches"), ("zzzz", "matches no action"), ("u", "nothing to take back")):
        child.sendline(text)
        child.expect(hint)
        child.expect(PROMPT)
    child.sendline("?")
    child.expect("take back your last decision")
    child.expect(PROMPT)
    child.sendline("end turn")           # a label typed in full selects its action
    child.expect("Since your last move")
    child.expect(PROMPT)
    child.sendline("u")
    child.expect("took back your last decision")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("left the game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")


def test_a_game_left_midway_is_saved_as_left_and_replays(tmp_path):
    out = tmp_path / "g"
    child = _spawn(["--game", "first_cycle", "--seed", "3", "--out", str(out)])
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("left the game; seed 3; saved: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")
    row = read_table(out, "matches").iloc[0]
    assert row["end_reason"] == "left" and row["winner"] == -1 and pd.isna(row["error"])
    decisions = read_table(out, "decisions")
    assert len(decisions) == row["decisions"] and (decisions["player"] == 0).sum() == 3
    lines = list(replay_lines(out, 0, boards=False))
    assert lines[-1] == f"result: left by the human after {row['decisions']} decisions, no winner"


def test_leaving_before_any_move_saves_nothing(tmp_path):
    out = tmp_path / "g"   # seed 2: player 0, the human, moves first
    child = _spawn(["--game", "first_cycle", "--seed", "2", "--out", str(out)])
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(r"no move was made: nothing saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and not out.exists()


def test_end_of_input_leaves_cleanly(tmp_path):
    child = _spawn(["--game", "cipher", "--seed", "3", "--out", str(tmp_path / "g")])
    child.expect(PROMPT)
    child.sendeof()
    child.expect("end of input")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in child.before


def test_a_bad_seat_or_agent_is_one_line(tmp_path):
    for args, message in ((["--seat", "5"], "seat: expected 0..1"), (["--vs", "nobody"], "vs: ")):
        child = _spawn(["--out", str(tmp_path / "g"), *args])
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 2 and message in child.before and "Traceback" not in child.before


def test_choose_takes_a_number_or_letters_of_one_label():
    labels = ["end turn", "deploy #008 Null Pointer", "deploy #068 Notebook Scribe"]
    assert choose("2", labels) == (1, "")
    assert choose("note", labels) == (2, "")
    assert choose("END TURN", labels) == (0, "")
    assert choose("0", labels)[0] is None and choose("4", labels)[0] is None
    index, hint = choose("deploy", labels)
    assert index is None and "2 actions (2, 3)" in hint


def test_take_back_replays_to_the_same_game():
    """After a take-back the state equals the state before the decision, and playing the same
    action again gives the same agent replies (their generators were put back)."""
    from experiments.play.game import HumanGame
    from experiments.play.record import human_config
    g = HumanGame(human_config("first_cycle", 1, ("random",), 9, "unused"), 1)
    g.advance()
    for _ in range(3):
        g.play(g.state.legal_actions()[0])
        g.advance()
    before = g.state.to_dict()
    g.play(g.state.legal_actions()[-1])
    after, moves = None, g.advance()
    after = g.state.to_dict()
    g.undo()
    assert g.state.to_dict() == before
    g.play(g.state.legal_actions()[-1])
    assert g.advance() == moves and g.state.to_dict() == after


@pytest.mark.parametrize("vs, message", [
    ("random,random", "vs: got 2 agents (random, random) for the other seat of a 2-player game"),
    ("random,random,random", "vs: got 3 agents (random, random, random) for the 2 other seats of a 3-player game")])
def test_a_wrong_count_of_opponents_is_named_in_plain_words(tmp_path, vs, message):
    from experiments.play.record import human_config
    from sim.core.errors import TcglabError
    game = "first_cycle" if vs.count(",") == 1 else "xenodex"
    with pytest.raises(TcglabError, match=re.escape(message)):
        human_config(game, 0, tuple(vs.split(",")), 1, str(tmp_path / "g"),
                     num_players=None if game == "first_cycle" else 3)
    with pytest.raises(TcglabError, match=re.escape("seat: expected 0..1 for a 2-player game (seat K is P(K+1)), got 5")):
        human_config("first_cycle", 5, ("random",), 1, str(tmp_path / "g"))
