"""Card overrides in First Cycle: an edited card plays as edited, in the engine, the encoder
and the greedy heuristic, and a bad override is refused before any match (docs/cards/overrides.md)."""
from __future__ import annotations

import numpy as np
import pytest

from sim import load_game
from sim.core.card_overrides import InvalidCardOverrideError
from tests.first_cycle.helpers import GAME, act, scenario

G = "Gaia Compute Collective"
SEEDLING, TITAN = GAME.card_set.named["Seedling Model"], GAME.card_set.named["Transformer Titan"]


def _duel(game):
    return scenario([{"leader": G, "field": [{"card": "Seedling Model"}]},
                     {"leader": G, "field": [{"card": "Transformer Titan", "exhausted": True}]}],
                    game=game, turn=9)


def test_card_override_power_decides_a_battle_the_printed_card_loses():
    attack = "attack opposing slot 1 (Transformer Titan) with slot 1"
    printed = _duel(GAME)
    act(printed, attack)
    assert printed.players[1].card[1] == TITAN.number                  # the Titan survives
    edited_game = load_game("first_cycle", card_overrides={f"FC{SEEDLING.number:03d}.power": TITAN.power + 1})
    edited = _duel(edited_game)
    act(edited, attack)
    assert edited.players[1].card[1] == -1                             # knocked out by the edit
    assert TITAN.number in edited.players[1].discard


def test_card_override_reaches_the_card_table_encoder_and_repr():
    from envs.encoding.first_cycle import FirstCycleEncoder
    key = f"FC{SEEDLING.number:03d}.cost"
    new_cost = 0 if SEEDLING.cost else 1
    edited = load_game("first_cycle", card_overrides={key: new_cost})
    assert edited.card_set.card(SEEDLING.number).cost == new_cost
    assert edited.cost[SEEDLING.number] == new_cost
    assert GAME.card_set.card(SEEDLING.number).cost == SEEDLING.cost   # the shipped set is untouched
    assert f"card_overrides={{'{key}': {new_cost}}}" in repr(edited)
    printed, changed = FirstCycleEncoder(GAME).card_features(), FirstCycleEncoder(edited).card_features()
    assert SEEDLING.number - 1 in np.flatnonzero((printed != changed).any(axis=1))


@pytest.mark.parametrize("overrides, words", [
    ({"FC999.power": 3}, "no card FC999"),
    ({"FC033.powr": 3}, "has no field 'powr'"),
    ({"FC033.power": -1}, "greater than or equal to 0"),
    ({"FC033.power": 21}, "less than or equal to 20"),
    ({"FC033.power": "4"}, "valid integer"),
    ({"FC033.rush": 1}, "valid boolean"),
    ({"FC033.name": "Other"}, "cannot be overridden"),
    ({"FC033.abilities[9].cost": 1}, "does not exist"),
    ({"power": 4}, "expected CARD.FIELD"),
])
def test_invalid_card_override_is_refused_naming_it(overrides, words):
    with pytest.raises(InvalidCardOverrideError, match=words) as err:
        load_game("first_cycle", card_overrides=overrides)
    assert next(iter(overrides)).split(".")[0] in str(err.value) or "CARD.FIELD" in str(err.value)
