"""Hidden information (C-3) checks every two-player game's determinize must pass (First
Cycle, FE Cipher): a fresh generator per copy, and a re-dealt hand offering its own plays.
Each game's own C-3 tests are in tests/<game>/test_hidden_information.py."""
from __future__ import annotations

import numpy as np
import pytest

from tests.cipher.helpers import GAME as CIPHER
from tests.first_cycle.helpers import GAME as FIRST_CYCLE
from tests.game_cases import random_states

# game: (engine, random games searched for determinized copies)
CASES = {"first_cycle": (FIRST_CYCLE, 10), "cipher": (CIPHER, 3)}


@pytest.mark.parametrize("game", list(CASES))
def test_c3_determinize_reseeds_the_generator(game):
    s = CASES[game][0].new_state(2)
    a = s.determinize(0, np.random.default_rng(1)).rng.integers(1 << 30)
    b = s.determinize(0, np.random.default_rng(2)).rng.integers(1 << 30)
    assert a != b


@pytest.mark.parametrize("game", list(CASES))
def test_c3_determinized_state_offers_the_plays_of_its_own_hand(game):
    """A re-dealt hand changes what its owner may play: the copy must not reuse old actions."""
    g, n_games = CASES[game]
    rng = np.random.default_rng(5)
    for k, s in enumerate(random_states(g, n_games, seed=50)):
        if k % 5:
            continue
        s.legal_actions()                       # fill any cache the original keeps
        d = s.determinize(1 - s.current_player, rng)
        fresh = d.game.state_from_dict(d.to_dict())
        assert d.legal_actions() == fresh.legal_actions()
