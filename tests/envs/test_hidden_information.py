"""Leak test: re-dealing everything a player cannot see (State.determinize) leaves that
player's encoded observation and action mask bit-identical, for First Cycle and FE Cipher
(in FE Cipher orbs are hidden from their owner too, so the observer's own orbs are re-dealt
and must not show; its orb-only test is in test_cipher_hidden_information.py)."""
from __future__ import annotations

import numpy as np
import pytest

from envs.core import action_mask
from tests.envs.helpers import ENCODERS, GAMES, game_states

# (n_games, every) of the leak test, of its sanity check, and whether the observer's own orbs
# are hidden from them (FE Cipher)
CASES = {"first_cycle": ((30, 2), (5, 5), False), "cipher": ((8, 3), (3, 10), True)}


@pytest.mark.parametrize("game", list(CASES))
@pytest.mark.parametrize("player", [0, 1])
def test_determinized_states_encode_identically(game, player):
    (n_games, every), _, own_orbs = CASES[game]
    enc, size = ENCODERS[game], GAMES[game].action_space_size
    rng = np.random.default_rng(100 + player)
    checked = hand_changed = own_orbs_changed = 0
    for s in game_states(game, n_games, seed=200 + player, every=every):
        obs = enc.encode(s.observation(player))
        mask = action_mask(s, player, size)
        for _ in range(2):
            d = s.determinize(player, rng)
            assert np.array_equal(enc.encode(d.observation(player)).view(np.uint32),
                                  obs.view(np.uint32))
            assert np.array_equal(action_mask(d, player, size), mask)
            checked += 1
            hand_changed += sorted(d.players[1 - player].hand) != sorted(s.players[1 - player].hand)
            if own_orbs:
                own_orbs_changed += d.players[player].orbs != s.players[player].orbs
    assert checked > 1000
    assert hand_changed > checked // 4   # the hidden cards really were re-dealt
    if own_orbs:
        assert own_orbs_changed > checked // 4  # ... the observer's own orbs included


@pytest.mark.parametrize("game", list(CASES))
def test_the_other_players_view_does_change(game):
    """Sanity check of the test: the opponent's encoding sees its own re-dealt hand."""
    _, (n_games, every), _ = CASES[game]
    enc = ENCODERS[game]
    rng = np.random.default_rng(7)
    differs = 0
    for s in game_states(game, n_games, seed=300, every=every):
        d = s.determinize(0, rng)
        differs += not np.array_equal(enc.encode(d.observation(1)), enc.encode(s.observation(1)))
    assert differs > 10
