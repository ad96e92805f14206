"""States and games show themselves: `str(state)` is the text board, `repr(state)` a one-line
summary, `_repr_html_` the board for Jupyter, and `repr(game)` the `load_game(...)` call that
builds an equal game. Seats are P1..Pn in every board, label and summary, as the XenodeX
rulebook names them (seat q, the envs' agent `player_q`, is "P{q+1}"), and never "player q"."""
from __future__ import annotations

import re

import numpy as np
import pytest

from sim import load_game

CASES = [("first_cycle", {}), ("cipher", {}), ("xenodex", {}), ("xenodex", {"num_players": 4}),
         ("first_cycle", {"max_turns": 50}), ("xenodex", {"num_players": 3, "starting_cdx": 150})]


def _played(game, seed: int, steps: int):
    state = game.new_state(seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "overrides"), CASES)
def test_repr_of_a_game_is_the_load_game_call_that_rebuilds_it(name, overrides):
    game = load_game(name, **overrides)
    text = repr(game)
    assert text.startswith(f"load_game('{name}'")
    for key in overrides:
        assert f"{key}=" in text
    rebuilt = eval(text, {"load_game": load_game})  # noqa: S307 - our own repr
    assert rebuilt.params == game.params


@pytest.mark.parametrize(("name", "overrides"), CASES[:4])
def test_str_of_a_state_is_its_board_with_the_hand_and_legal_actions_of_the_seat_to_act(name, overrides):
    game = load_game(name, **overrides)
    state = _played(game, 3, 25)
    board = str(state)
    assert board == state.board_text()
    assert "object at 0x" not in board
    assert f"P{state.current_player + 1} to decide" in board.splitlines()[0]
    for action in state.legal_actions():
        assert f"{action:>3}: {state.action_label(action)}" in board


@pytest.mark.parametrize(("name", "overrides"), CASES[:4])
def test_repr_of_a_state_says_who_decides_or_who_won(name, overrides):
    game = load_game(name, **overrides)
    state = game.new_state(5)
    assert repr(state) == (f"<{type(state).__name__} {name}: P{state.current_player + 1} to decide "
                           f"from {len(state.legal_actions())} actions>")
    rng = np.random.default_rng(5)
    while not state.is_terminal():
        state.apply(int(rng.choice(state.legal_actions())))
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    expected = f"over, P{winners[0] + 1} won" if winners else "over, a draw"
    assert repr(state) == f"<{type(state).__name__} {name}: {expected}>"
    assert "Game over:" in str(state)


@pytest.mark.parametrize(("name", "overrides"), CASES[:4])
def test_repr_html_shows_the_escaped_board_for_jupyter(name, overrides):
    state = _played(load_game(name, **overrides), 4, 10)
    page = state._repr_html_()
    assert page.startswith("<pre") and page.endswith("</pre>")
    body = page[page.index(">") + 1:-len("</pre>")]
    assert "<" not in body
    assert body.replace("&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"') \
        .replace("&gt;", ">") == str(state)


@pytest.mark.parametrize(("name", "overrides"), CASES[:4])
def test_one_seat_numbering_p1_to_pn_in_boards_and_labels(name, overrides):
    game = load_game(name, **overrides)
    rng = np.random.default_rng(11)
    seen_seats = set()
    for seed in range(3):
        state = game.new_state(seed)
        while not state.is_terminal():
            texts = [str(state)] + [state.action_label(a) for a in state.legal_actions()]
            for text in texts:
                assert not re.search(r"\bplayer \d", text, re.I), text
                seen_seats |= {int(k) - 1 for k in re.findall(r"\bP(\d)\b", text)}
            state.apply(int(rng.choice(state.legal_actions())))
    assert seen_seats == set(range(game.num_players))


def test_a_state_class_without_its_own_board_prints_its_summary_and_legal_actions():
    from tests.agents.toy_games import THREE_PLAYER, TreeGame
    state = TreeGame(THREE_PLAYER, 3).new_state(0)
    lines = str(state).splitlines()
    assert lines[0] == repr(state) and lines[1] == "Legal actions:"
    assert lines[2:] == [f"  {a:>3}: {state.action_label(a)}" for a in state.legal_actions()]
    assert "object at 0x" not in repr(state)
