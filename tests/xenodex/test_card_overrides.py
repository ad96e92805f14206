"""Card overrides in XenodeX: an edited character strikes and survives as edited, an ability can
be given as a keyword, and a bad override is refused before any match (docs/cards/overrides.md)."""
from __future__ import annotations

import json

import pytest

from sim import load_game
from sim.core.card_overrides import InvalidCardOverrideError
from tests.xenodex.helpers import GAME2, act_all, scenario, unit

R3 = {"roll_min": 3, "roll_max": 3}
DRONE = GAME2.cards.character_number("Synth Drone")
STRIKE = ("select Synth Drone (P1 #0) in S1",
          "strike Reef Crawler (P2 #0) in S1 with Synth Drone (P1 #0)")


def _strike(overrides: tuple):
    s = scenario([{"board": {"S1": {"units": ["Synth Drone"]}}}, {"board": {"S1": {"units": ["Reef Crawler"]}}}],
                 params={**R3, "card_overrides": overrides}, phase="battle")
    act_all(s, *STRIKE)
    return s


def test_card_override_str_changes_strike_damage():
    printed = _strike(())
    assert printed.bp[unit(printed, 1, "Reef Crawler")] == 13 - (4 + 3 - 1)
    edited = _strike(((f"XC{DRONE:03d}.str", 8),))
    assert edited.bp[unit(edited, 1, "Reef Crawler")] == 13 - (8 + 3 - 1)


def test_card_override_gives_a_keyword_ability():
    game = load_game("xenodex", card_overrides={f"XC{DRONE:03d}.abilities": [{"effect": "taunt"}]})
    assert game.u_taunt[DRONE] and not GAME2.u_taunt[DRONE]
    assert game.cards.characters[DRONE].has("taunt")


def test_card_override_survives_the_params_json_round_trip():
    game = load_game("xenodex", num_players=4, card_overrides={"XC004.bp": 20, "TX001.params.amount": 20})
    logged = json.loads(game.params.to_json())
    again = load_game("xenodex", **{k: v for k, v in logged.items() if k != "game"})
    assert again.params == game.params and again.params.params_id == game.params.params_id
    assert again.cards.characters[4].bp == 20 and again.cards.transmissions[1].param("amount") == 20


@pytest.mark.parametrize("overrides, words", [
    ({"XC099.bp": 3}, "no card XC099"),
    ({"XC004.bp": 0}, "greater than or equal to 1"),
    ({"XC004.str": "a"}, "valid integer"),
    ({"TX001.params.amount": 999}, "out of range 1..60"),
    ({"XC004.lore": "x"}, "cannot be overridden"),
    ({"XC004.abilities": [{"effect": "fly"}]}, "unknown ability 'fly'"),
])
def test_invalid_card_override_is_refused_naming_it(overrides, words):
    with pytest.raises(InvalidCardOverrideError, match=words):
        load_game("xenodex", card_overrides=overrides)
