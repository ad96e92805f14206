"""The shipped zoo models (agents/zoo): small, documented, loadable by name, and better than random."""
from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib")

import agents  # noqa: E402
from agents import zoo  # noqa: E402
from experiments.strength.headtohead import Args, run  # noqa: E402

SHIPPED = {"first_cycle": ("first_cycle", 2), "cipher": ("cipher", 2),
           "xenodex_2p": ("xenodex", 2), "xenodex_4p": ("xenodex", 4)}


def test_the_zoo_ships_one_model_per_game_and_seat_count():
    assert zoo.names() == sorted(SHIPPED)
    for name, (game, seats) in SHIPPED.items():
        card = zoo.entry(name)
        assert (card["game"], card["num_players"]) == (game, seats)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_each_card_has_its_commands_and_measured_strength(name):
    card = zoo.entry(name)
    size = zoo.policy_path(name).stat().st_size
    assert size == card["file_bytes"] <= 5 * 2**20
    assert card["trained"]["command"].startswith(f"tcglab train --game {card['game']} ")
    assert card["exported"]["command"].startswith("tcglab zoo export ")
    rows = {r["opponent"]: r for r in card["strength"]}
    assert {"random", "greedy"} <= set(rows) and any(o.startswith("mcts") for o in rows)
    assert rows["random"]["matches"] >= 400 and rows["greedy"]["matches"] >= 400
    for r in rows.values():
        assert r["wins"] + r["draws"] + r["losses"] == r["matches"]
        assert r["ci95"][0] <= r["score"] <= r["ci95"][1]
        assert r["command"].startswith(f"tcglab zoo evaluate {name} ")


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_each_model_loads_by_name_and_beats_random_in_a_short_match_set(name):
    game, seats = SHIPPED[name]
    agents.make(f"ppo:{name}")
    summary = run(Args(pair=f"ppo:{name},random", games=4 if seats == 4 else 6, seed=5, game=game,
                       players=seats if seats != 2 else None), progress=False)
    assert summary["score"] > 1.5 / seats, summary      # a fair share is 1/seats


def test_a_zoo_model_refuses_another_game():
    import numpy as np

    from sim import load_game
    state = load_game("cipher").new_state(0)
    with pytest.raises(ValueError, match="ppo:first_cycle plays first_cycle with 2 seats, not cipher with 2"):
        agents.make("ppo:first_cycle").act(state, np.random.default_rng(0))
