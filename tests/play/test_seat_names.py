"""Every text a person reads names seat q "P{q+1}", as the XenodeX rulebook does, in every
game alike (the design contract's seat naming), with the env's agent name beside it where a
program's name matters ("P2 (player_1)"): a replay, a viewer page, the terminal game, an
env's ansi board, a report's match list and a plot's seat legend. The 0-based "player 1"
never appears in them; the logs keep 0-based seats."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from envs import cipher_v0, first_cycle_v0, xenodex_v0
from experiments import RunConfig, run
from experiments.analysis.plots import response_curves
from experiments.analysis.report import write_report
from experiments.batch.replay import replay_lines, same_label
from experiments.batch.shards import read_table
from experiments.play.match_data import match_data
from experiments.play.page import render_page
from experiments.play.record import human_config
from experiments.play.terminal import play_in_terminal

GAMES = {"first_cycle": 2, "cipher": 2, "xenodex": 3}
ENVS = {"first_cycle": first_cycle_v0, "cipher": cipher_v0, "xenodex": xenodex_v0}
OLD = re.compile(r"\bplayer \d", re.I)  # "player 0", "Player 1": the 0-based names of before


def _named(text: str) -> set[int]:
    """The seats (0-based) a text names as P1..Pn."""
    return {int(k) - 1 for k in re.findall(r"\bP(\d)\b", text)}


def _players(name: str) -> int | None:
    return GAMES[name] if name == "xenodex" else None


@pytest.fixture(scope="module", params=list(GAMES))
def logged(request, tmp_path_factory):
    """(game, seats, run folder) of a one-match random run that logged its decisions."""
    name = request.param
    out = tmp_path_factory.mktemp(name) / "run"
    params = (("cycle_limit", 4),) if name == "xenodex" else (("max_turns", 12),)
    run(RunConfig(game=name, agents=("random",), matches=1, seed=4, out=str(out), progress=False,
                  log_decisions=True, num_players=_players(name), params=params))
    return name, GAMES[name], out


def test_a_replay_names_seats_p1_to_pn(logged):
    name, n, out = logged
    lines = list(replay_lines(out, 0, boards=True))
    text = "\n".join(lines)
    assert not OLD.search(text), OLD.search(text)
    assert [f"  P{q + 1} (player_{q}): random with" in text for q in range(n)] == [True] * n
    assert _named(text) == set(range(n))
    winner = int(read_table(out, "matches")["winner"].iloc[0])
    assert lines[-1].startswith(f"result: P{winner + 1} won" if winner >= 0 else "result: a draw")


def test_a_viewer_page_names_seats_p1_to_pn(logged):
    name, n, out = logged
    data = match_data(out, 0, seat=1)
    assert data["view"] == "P2 (player_1)'s view"
    assert [s["name"] for s in data["seats"]] == [f"P{q + 1} (player_{q})" for q in range(n)]
    boards = "\n".join(data["lines"])
    assert _named(boards) == set(range(n)) and "Hand of P2 (yours)" in boards
    page = render_page(data)
    assert not OLD.search(page), OLD.search(page)
    assert "'P' + (s.who + 1) + ' plays: '" in page   # the move line of each step


def test_a_terminal_game_tells_the_human_their_seat_as_p2_player_1(tmp_path):
    said: list[str] = []

    def leave(prompt: str) -> str:
        raise EOFError

    config = human_config("xenodex", 1, ("random",), 3, str(tmp_path / "g"), num_players=3)
    assert play_in_terminal(config, 1, read=leave, say=said.append) == 0
    assert said[0] == "xenodex, you are P2 (player_1); P1: random, P3: random; the seed is given when the game ends. Type ? for help."
    text = "\n".join(said)
    assert not OLD.search(text), OLD.search(text)
    assert "Hand of P2 (yours)" in text


@pytest.mark.parametrize("name", list(GAMES))
def test_an_ansi_board_names_seats_p1_to_pn(name):
    n = GAMES[name]
    env = ENVS[name].env(render_mode="ansi", **({"num_players": n} if name == "xenodex" else {}))
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(30):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    text = env.render()
    assert not OLD.search(text), OLD.search(text)
    assert _named(text) == set(range(n))
    assert f"P{env.unwrapped.game_state.current_player + 1} to decide" in text.splitlines()[0]


def test_a_label_logged_with_the_old_seat_names_still_matches():
    assert same_label("strike P2's anchor in S1 with Synth Drone (P1 #0)",
                      "strike player 1's anchor in S1 with Synth Drone (player 0 #0)")
    assert same_label("end turn", "end turn")
    assert not same_label("strike P3's anchor in S1 with Synth Drone (P1 #0)",
                          "strike player 1's anchor in S1 with Synth Drone (player 0 #0)")


def test_a_reports_match_list_names_the_winner_p1_to_pn(logged, tmp_path):
    name, n, out = logged
    page = write_report(out, out=tmp_path / "report", viewer_matches=1).read_text()
    assert not OLD.search(page), OLD.search(page)
    winner = int(read_table(out, "matches")["winner"].iloc[0])
    assert (f"; P{winner + 1} won (" if winner >= 0 else "; draw (") in page
    seats = page.split("<h3>seat_win_rates</h3>")[1].split("</tbody>")[0]
    assert [f"<td>P{q + 1}</td>" in seats for q in range(n)] == [True] * n  # the table's seat column too


def test_a_plots_seat_lines_are_labelled_p1_to_pn():
    response = pd.DataFrame({"x": [1, 2], "first_player_win_rate": 0.5, "first_low": 0.4, "first_high": 0.6,
                             "length_mean": 10.0, "length_low": 9.0, "length_high": 11.0})
    rates = pd.DataFrame({"x": [1, 1, 1, 2, 2, 2], "seat": [0, 1, 2] * 2, "win_rate": 0.33,
                          "ci_low": 0.2, "ci_high": 0.5})
    fig = response_curves(response, "x", rates=rates, rate_by="seat")
    assert [t.get_text() for t in fig.axes[2].get_legend().get_texts()] == ["P1", "P2", "P3"]
