"""The cards table counts exactly the engine events it documents (docs/runner.md): `played`
is a card put from hand into play, so FE Cipher's support cards (turned over from the deck,
or none from an empty deck) are not counted, and its class changes and level ups are."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import agents
from experiments import RunConfig, run
from experiments.batch.match import dealt_decks, game_for, setup_for

PLAYED = {"first_cycle": {"deploy", "execute"}, "cipher": {"deploy", "class_change", "level_up"},
          "xenodex": {"deploy"}}


def _engine_counts(config: RunConfig) -> dict[tuple[int, int, int], int]:
    """(match, player, card) -> cards played, from the engine's own events: each match of the
    run played again here with its seeds, decks and agents."""
    game = game_for(config)
    counts: dict[tuple[int, int, int], int] = {}
    for i in range(config.matches):
        setup = setup_for(config, i, game.num_players)
        state = game.new_state(setup.game_seed, dealt_decks(config, setup))
        players = [agents.make(a) for a in setup.agents]
        rngs = [np.random.default_rng(s) for s in setup.agent_seeds]
        events = list(state.events)
        while not state.is_terminal():
            seat = state.current_player
            state.apply(int(players[seat].act(state, rngs[seat])))
            events += state.events
        for event in events:
            if event[0] in PLAYED[config.game]:
                key = (i, event[1], event[2])
                counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize("game", ["first_cycle", "cipher", "xenodex"])
def test_played_counts_are_the_cards_put_from_hand_into_play(game, tmp_path):
    config = RunConfig(game=game, agents=("random",), matches=6, seed=5, out=str(tmp_path), progress=False)
    run(config)
    cards = pd.read_parquet(tmp_path / "cards")
    assert (cards["card"] >= 0).all(), "a card id below 0 in the cards table"
    played = cards[cards["event"] == "played"]
    logged = {(int(r.match_id), int(r.player), int(r.card)): int(r.count) for r in played.itertuples()}
    assert logged == _engine_counts(config)
