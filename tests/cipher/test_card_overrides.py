"""Card overrides in FE Cipher: an edited card plays as edited and a bad override is refused
before any match (docs/cards/overrides.md)."""
from __future__ import annotations

import pytest

from sim import load_game
from sim.core.card_overrides import InvalidCardOverrideError
from tests.cipher.helpers import GAME, act, cid, scenario

ARTHUR = "Arthur, Fighter of Justice"      # 40 power, support 20, no skill
VAIKE = "Vaike, Teach"                     # 60 power, support 10, no skill


def _battle(game):
    s = scenario([{"units": [{"card": ARTHUR}], "deck": [VAIKE]},
                  {"units": [{"card": VAIKE}], "deck": [ARTHUR]}], game=game)
    act(s, "attack with Arthur")
    act(s, "attack Vaike with Arthur")
    return s


def test_card_override_power_wins_a_battle_the_printed_card_loses():
    printed = _battle(GAME)
    assert ("compare", 0, 50, 80, False) in printed.events        # 40 + 10 against 60 + 20
    edited = _battle(load_game("cipher", card_overrides={f"FE{cid(ARTHUR):03d}": {"power": 80}}))
    assert ("compare", 0, 90, 80, True) in edited.events          # 80 + 10 against 60 + 20
    assert edited.is_terminal() and edited.returns()[0] == 1.0    # Vaike is the MC and has no orb left
    assert not printed.is_terminal()


def test_card_override_support_changes_the_support_value():
    edited = _battle(load_game("cipher", card_overrides={f"FE{cid(ARTHUR):03d}.support": 0}))
    assert ("compare", 0, 50, 60, False) in edited.events         # Arthur supports Vaike with 0


@pytest.mark.parametrize("overrides, words", [
    ({"FE999.power": 30}, "no card FE999"),
    ({"FE001.pwr": 30}, "has no field 'pwr'"),
    ({"FE001.power": 151}, "less than or equal to 150"),
    ({"FE001.range": "1"}, "valid list"),
    ({"FE001.title": "x"}, "cannot be overridden"),
    ({"FE001.skills[0].params.amount": "ten"}, "FE001"),
])
def test_invalid_card_override_is_refused_naming_it(overrides, words):
    with pytest.raises(InvalidCardOverrideError, match=words):
        load_game("cipher", card_overrides=overrides)
