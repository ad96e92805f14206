"""Leak test for cipher_v0's own hidden card kind: orbs appear only as counts (the leak test
it shares with First Cycle is in test_hidden_information.py)."""
from __future__ import annotations

import numpy as np

from tests.envs.helpers import CIPHER, ENCODERS

ENC = ENCODERS["cipher"]


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
