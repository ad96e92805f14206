"""Hidden information in what a seat is shown: the twin-state check of the envs applied to
the terminal board and to the viewer's per-seat data. Re-dealing everything seat p cannot
see (State.determinize) must leave p's board, the labels p is shown and every step of p's
viewer data unchanged, while the omniscient board does change (so the check can fail)."""
from __future__ import annotations

import numpy as np
import pytest

from experiments import RunConfig, run
from experiments.batch.match import game_for, setup_for
from experiments.play.match_data import match_data
from experiments.play.views import all_board, public_label, seat_board
from sim import load_game

GAMES = [("first_cycle", {}), ("cipher", {}), ("xenodex", {"num_players": 4})]


def _states(game, seed: int, every: int):
    state = game.new_state(seed)
    rng = np.random.default_rng(seed)
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            yield state
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        k += 1


@pytest.mark.parametrize("name,params", GAMES, ids=[g for g, _ in GAMES])
def test_a_seats_board_and_labels_are_the_same_for_twin_states(name, params):
    game = load_game(name, **params)
    rng = np.random.default_rng(5)
    checked = omniscient_changed = 0
    seeds, every = (1, 12) if name == "xenodex" else (3, 3)
    for seed in range(seeds):
        for state in _states(game, seed, every=every):
            for seat in range(game.num_players):
                twin = state.determinize(seat, rng)
                assert seat_board(twin, seat) == seat_board(state, seat)
                for action in state.legal_actions():
                    shown = public_label(state, action, seat, np.random.default_rng(1))
                    assert public_label(twin, action, seat, np.random.default_rng(1)) == shown
                omniscient_changed += all_board(twin) != all_board(state)
                checked += 1
    assert checked > 50
    assert omniscient_changed > checked // 4   # the hidden cards really were re-dealt


def test_a_scan_of_ones_own_deck_is_hidden_from_the_other_seat():
    """First Cycle's "scan: put X next on top" names a card only the scanner has seen."""
    game = load_game("first_cycle")
    for seed in range(200):
        for state in _states(game, seed, every=1):
            scans = [a for a in state.legal_actions() if state.action_label(a).startswith("scan:")]
            if scans:
                other = 1 - state.current_player
                assert public_label(state, scans[0], other, np.random.default_rng(0)) is None
                assert public_label(state, scans[0], state.current_player, np.random.default_rng(0))
                return
    pytest.fail("no scan decision in 200 random games")


@pytest.mark.parametrize("name,params", [GAMES[0], GAMES[2]], ids=["first_cycle", "xenodex"])
def test_the_viewers_per_seat_data_is_the_same_for_twin_states(tmp_path, name, params):
    out = tmp_path / "run"
    config = RunConfig(game=name, agents=("random",), matches=1, seed=4, out=str(out), log_decisions=True,
                       progress=False, num_players=params.get("num_players"))
    run(config)
    game = game_for(config)
    setup = setup_for(config, 0, game.num_players)
    rng = np.random.default_rng(2)
    for seat in range(game.num_players):
        data = match_data(out, 0, seat=seat)
        state = game.new_state(setup.game_seed)
        steps = data["steps"]
        for step in steps[:-1]:
            board = "\n".join(data["lines"][i] for i in step["b"])
            assert board == seat_board(state.determinize(seat, rng), seat)
            assert "v" not in step or step["who"] == seat
            legal = state.legal_actions()
            action = next(a for a in legal if state.action_label(a) == step["act"]) if step["act"] else None
            if step["who"] != seat and action is not None:
                twin = state.determinize(seat, rng)
                assert twin.action_label(action) == step["act"]
            state.apply(action if action is not None else _logged_action(out, steps.index(step)))


def _logged_action(run_dir, index: int) -> int:
    from experiments.batch.shards import read_table
    return int(read_table(run_dir, "decisions")["action"].iloc[index])
