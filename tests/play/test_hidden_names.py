"""No hidden card reaches a seat's page or terminal screen, searched for by name: a card that
another seat drew and never showed (in the omniscient log, only that seat's private draws
name it, and the viewing seat never held a copy) must not appear anywhere in the seat's
viewer page (boards, labels, events, embedded JSON, title) or in the text of a terminal game,
in every game and at 2 and 4 seats. The omniscient page does name them (the search can fail)."""
from __future__ import annotations

import re

import pytest

from experiments import RunConfig, run
from experiments.play.match_data import match_data
from experiments.play.page import render_page
from experiments.play.record import human_config
from experiments.play.terminal import play_in_terminal

PRIVATE = ("draw", "opening_hand", "tx_draw")
CASES = [("first_cycle", None), ("cipher", None), ("xenodex", 2), ("xenodex", 4)]
IDS = ["first_cycle", "cipher", "xenodex2", "xenodex4"]
EVENT = re.compile(r"^(\w+): (P\d), (.+?)(?:, .*)?$")


def _hidden_from(everything: dict, seat: int) -> set[str]:
    """Names that, in the omniscient log, only other seats' private draws name (and that were
    never in `seat`'s own hand: its opening hand is dealt before the first logged event)."""
    private = set()
    own_hand = f"Hand of P{seat + 1}: "
    shown = {line for line in everything["lines"] if line.startswith(own_hand)}
    for step in everything["steps"]:
        for event in step["ev"]:
            m = EVENT.match(event)
            if m and m[1] in PRIVATE and m[2] != f"P{seat + 1}":
                private.add(m[3])
            else:
                shown.add(event)
        shown.add(step["act"] or "")
    return {name for name in private if not any(name in text for text in shown)}


def _params(game: str) -> tuple:
    return (("cycle_limit", 4),) if game == "xenodex" else (("max_turns", 16),)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_a_seats_page_names_no_card_hidden_from_it(tmp_path, game, players):
    out = tmp_path / "run"
    config = RunConfig(game=game, agents=("random",), matches=1, seed=6, out=str(out), progress=False,
                       log_decisions=True, num_players=players, params=_params(game))
    run(config)
    everything = match_data(out, 0, seat=None)
    omniscient = render_page(everything)
    searched = 0
    for seat in range(len(everything["seats"])):
        hidden = _hidden_from(everything, seat)
        page = render_page(match_data(out, 0, seat=seat))
        for name in hidden:
            assert name in omniscient
            assert name not in page, f"{name!r}, hidden from P{seat + 1}, is on its page"
        searched += len(hidden)
    assert searched > 0       # the search had something to find


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_a_terminal_game_shows_no_card_hidden_from_the_human(tmp_path, game, players):
    out = tmp_path / "game"
    seat = 0
    config = human_config(game, seat, ("random",), 7, str(out), num_players=players)   # seed 7: hidden draws
    screen: list[str] = []
    answers = iter(["1"] * 200)

    def read(prompt: str) -> str:
        for answer in answers:
            return answer
        raise EOFError

    assert play_in_terminal(config, seat, read=read, say=screen.append) == 0
    text = "\n".join(screen)
    hidden = _hidden_from(match_data(out, 0, seat=None), seat)
    assert hidden
    for name in hidden:
        assert name not in text, f"{name!r}, hidden from the human, is on the screen"


def test_the_terminal_gives_the_seed_only_once_the_game_is_over(tmp_path):
    """The seed re-deals every hidden card, so the human is told it when the game ends (with
    where it was saved), not before a move."""
    config = human_config("first_cycle", 0, ("random",), 7, str(tmp_path / "game"))
    screen: list[str] = []
    answers = iter(["1"] * 3)

    def read(prompt: str) -> str:
        for answer in answers:
            return answer
        raise EOFError

    assert play_in_terminal(config, 0, read=read, say=screen.append) == 0
    *during, last = screen
    assert not any("seed 7" in line for line in during)
    assert "the seed is given when the game ends" in screen[0]
    assert last.startswith("end of input: left the game; seed 7; saved: ")
