"""Determinization pinned over seeded games (C-3): the copies `determinize` deals for every
observer along random games at 2, 3 and 4 seats hash to fixed values, so a faster re-deal
must deal exactly the same cards to the same instances in the same order, and draw the same
numbers from the generator it is given."""
from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from sim import load_game

GOLDEN = {2: "f7f34c7b591fa7def1d53b81dd2610f37eae3c3e", 3: "69eb9d6b61986a9103dfba0e7c8d014471aa4352",
          4: "d141ab33f021a775c2d36c9177f66d4281def029"}
"""sha1 of `determinizations_digest` at 2, 3 and 4 seats."""


def determinizations_digest(players: int, seeds=range(3), decisions: int = 150) -> str:
    """sha1 over, at every decision of random games from `seeds`, each observer's copy
    (`to_dict`), its legal actions and its first roll, then the generator's next draw."""
    game = load_game("xenodex", num_players=players)
    h = hashlib.sha1()
    for seed in seeds:
        state = game.new_state(seed)
        rng = np.random.default_rng(seed)
        for _ in range(decisions):
            if state.is_terminal():
                break
            for observer in range(players):
                copy = state.determinize(observer, rng)
                h.update(json.dumps(copy.to_dict(), sort_keys=True, default=str).encode())
                h.update(repr((copy.legal_actions(), int(copy.rng.integers(1 << 30)))).encode())
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
        h.update(repr(int(rng.integers(1 << 30))).encode())
    return h.hexdigest()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c3_determinizations_hash_to_their_golden_values(players):
    assert determinizations_digest(players) == GOLDEN[players]
