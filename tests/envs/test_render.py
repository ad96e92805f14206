"""render_mode "ansi" returns a readable board, "human" prints it; PettingZoo's render_test
on every env (XenodeX's own board test is in test_xenodex_api.py)."""
from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import render_test

from envs import first_cycle_v0, single_agent
from tests.envs.helpers import ENVS, RandomOpponent, random_steps


def _first_cycle_board(text, state):
    assert f"First Cycle - turn {state.turn}" in text
    assert state.game.card_set.by_number[state.players[0].leader].name in text


def _cipher_board(text, state):
    assert f"FE Cipher - turn {state.turn}" in text
    assert f"orbs {len(state.players[0].orbs)}" in text
    mc = state.players[0].u_stack[state.players[0].index_of(state.players[0].mc)][-1]
    assert state.game.cards[mc].name in text


# game: (random steps before the board is drawn, the game's own checks of the text)
BOARDS = {"first_cycle": (60, _first_cycle_board), "cipher": (120, _cipher_board)}


@pytest.mark.parametrize("game", list(BOARDS))
def test_ansi_board_is_readable(game):
    steps, check_board = BOARDS[game]
    env = ENVS[game].env(render_mode="ansi")
    env.reset(seed=0)
    random_steps(env, np.random.default_rng(0), steps)
    text = env.render()
    state = env.unwrapped.game_state
    assert isinstance(text, str) and "P1" in text and "P2" in text
    check_board(text, state)
    for a in state.legal_actions():
        assert state.action_label(a) in text


def test_human_mode_prints(capsys):
    env = first_cycle_v0.env(render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert "First Cycle - turn 1" in capsys.readouterr().out
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "P1" in capsys.readouterr().out  # printed after each step


@pytest.mark.parametrize("game", list(ENVS))
def test_pettingzoo_render_test(game, capsys):
    render_test(ENVS[game].env, custom_tests={"ansi": lambda text: "Legal actions" in text})


def test_no_render_mode_returns_none():
    env = first_cycle_v0.env()
    env.reset(seed=2)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None


def test_single_agent_ansi():
    env = single_agent("first_cycle", opponent=RandomOpponent(), render_mode="ansi")
    env.reset(seed=3)
    assert "Hand of P1" in env.render()
