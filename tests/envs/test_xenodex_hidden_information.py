"""Leak test for xenodex_v0: re-dealing everything a seat cannot see (State.determinize)
leaves that seat's encoded observation and action mask bit-identical, at 2, 3 and 4
players and for every seat."""
from __future__ import annotations

import numpy as np
import pytest

from envs.core import action_mask
from envs.encoding.xenodex import XenodexEncoder
from sim import load_game
from tests.envs.helpers import random_states

DECKS = {2: [None, ["others", "greys"]], 3: [None, ["greys", "synth", "others"]],
         4: [None, ["others", "others", "greys", "synth"]]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_states_encode_identically(players):
    game = load_game("xenodex", num_players=players)
    enc = XenodexEncoder(game)
    A = game.action_space_size
    rng = np.random.default_rng(100 + players)
    checked = changed = 0
    for i, s in enumerate(random_states(6, seed=200 + players, every=5, game=game,
                                        deck_pairs=DECKS[players])):
        seat = i % players
        obs = enc.encode(s.observation(seat))
        mask = action_mask(s, seat, A)
        d = s.determinize(seat, rng)
        assert np.array_equal(enc.encode(d.observation(seat)).view(np.uint32), obs.view(np.uint32))
        assert np.array_equal(action_mask(d, seat, A), mask)
        checked += 1
        other = (seat + 1) % players
        changed += sorted(d.card[j] for j in d.hand[other]) != sorted(s.card[j] for j in s.hand[other])
    assert checked > 300
    assert changed > checked // 5  # the hidden cards really were re-dealt


def test_the_other_seats_view_does_change():
    """Sanity check of the test: another seat's encoding sees its own re-dealt hand."""
    game = load_game("xenodex", num_players=3)
    enc = XenodexEncoder(game)
    rng = np.random.default_rng(7)
    differs = 0
    for s in random_states(2, seed=300, every=9, game=game, deck_pairs=[None]):
        d = s.determinize(0, rng)
        differs += not np.array_equal(enc.encode(d.observation(1)), enc.encode(s.observation(1)))
    assert differs > 10
