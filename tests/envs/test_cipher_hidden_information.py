"""Leak test for cipher_v0: re-dealing everything a player cannot see (State.determinize:
both decks, every orb, the opponent's unrevealed hand) leaves that player's encoded
observation and action mask bit-identical. Orbs are hidden from their owner too, so the
observer's own orbs are re-dealt and must not show."""
from __future__ import annotations

import numpy as np
import pytest

from envs.core import action_mask
from envs.encoding.cipher import CipherEncoder
from tests.envs.helpers import CIPHER, CIPHER_DECK_PAIRS, random_states

ENC = CipherEncoder(CIPHER)
A = CIPHER.action_space_size


def _states(n_games, seed, every):
    return random_states(n_games, seed=seed, every=every, game=CIPHER,
                         deck_pairs=CIPHER_DECK_PAIRS)


@pytest.mark.parametrize("player", [0, 1])
def test_determinized_states_encode_identically(player):
    rng = np.random.default_rng(100 + player)
    checked = hand_changed = own_orbs_changed = 0
    for s in _states(8, seed=200 + player, every=3):
        obs = ENC.encode(s.observation(player))
        mask = action_mask(s, player, A)
        for _ in range(2):
            d = s.determinize(player, rng)
            assert np.array_equal(ENC.encode(d.observation(player)).view(np.uint32),
                                  obs.view(np.uint32))
            assert np.array_equal(action_mask(d, player, A), mask)
            checked += 1
            hand_changed += sorted(d.players[1 - player].hand) != sorted(s.players[1 - player].hand)
            own_orbs_changed += d.players[player].orbs != s.players[player].orbs
    assert checked > 1000
    assert hand_changed > checked // 4   # the hidden cards really were re-dealt
    assert own_orbs_changed > checked // 4  # ... the observer's own orbs included


def test_the_other_players_view_does_change():
    """Sanity check of the test: the opponent's encoding sees its own re-dealt hand."""
    rng = np.random.default_rng(7)
    differs = 0
    for s in _states(3, seed=300, every=10):
        d = s.determinize(0, rng)
        differs += not np.array_equal(ENC.encode(d.observation(1)), ENC.encode(s.observation(1)))
    assert differs > 10


def test_orbs_appear_only_as_counts():
    """Two states that differ only in which cards are orbs encode identically for both seats."""
    s = CIPHER.new_state(4)
    rng = np.random.default_rng(4)
    while s.turn < 3:
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])
    other = s.clone()
    for pl in other.players:
        pl.orbs, pl.deck[:len(pl.orbs)] = pl.deck[:len(pl.orbs)], pl.orbs
    assert [pl.orbs for pl in other.players] != [pl.orbs for pl in s.players]
    for p in (0, 1):
        assert np.array_equal(ENC.encode(other.observation(p)), ENC.encode(s.observation(p)))
