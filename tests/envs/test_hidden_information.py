"""Leak test: re-dealing everything a player cannot see (State.determinize) leaves that
player's encoded observation and action mask bit-identical."""
from __future__ import annotations

import numpy as np
import pytest

from envs.core import action_mask
from envs.encoding.first_cycle import FirstCycleEncoder
from tests.envs.helpers import GAME, random_states

ENC = FirstCycleEncoder(GAME)
A = GAME.action_space_size


@pytest.mark.parametrize("player", [0, 1])
def test_determinized_states_encode_identically(player):
    rng = np.random.default_rng(100 + player)
    checked = changed = 0
    for s in random_states(30, seed=200 + player, every=2):
        obs = ENC.encode(s.observation(player))
        mask = action_mask(s, player, A)
        for _ in range(2):
            d = s.determinize(player, rng)
            assert np.array_equal(ENC.encode(d.observation(player)).view(np.uint32),
                                  obs.view(np.uint32))
            assert np.array_equal(action_mask(d, player, A), mask)
            checked += 1
            changed += d.players[1 - player].hand != s.players[1 - player].hand
    assert checked > 1000
    assert changed > checked // 4  # the hidden cards really were re-dealt


def test_the_other_players_view_does_change():
    """Sanity check of the test: the opponent's encoding sees its own re-dealt hand."""
    rng = np.random.default_rng(7)
    differs = 0
    for s in random_states(5, seed=300, every=5):
        d = s.determinize(0, rng)
        differs += not np.array_equal(ENC.encode(d.observation(1)), ENC.encode(s.observation(1)))
    assert differs > 10
