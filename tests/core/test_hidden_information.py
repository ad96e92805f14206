"""Hidden information (C-3) checks every two-player game's determinize must pass (First
Cycle, FE Cipher): the observer's view and legal actions kept, every card kept, the
opponent's hand re-dealt, a fresh generator per copy, and a re-dealt hand offering its own
plays. Each game's own C-3 tests are in tests/<game>/test_hidden_information.py."""
from __future__ import annotations

import numpy as np
import pytest

from tests.cipher import helpers as cipher
from tests.cipher.helpers import GAME as CIPHER
from tests.first_cycle import helpers as first_cycle
from tests.first_cycle.helpers import GAME as FIRST_CYCLE
from tests.game_cases import random_states

# game: (engine, random games searched for determinized copies)
CASES = {"first_cycle": (FIRST_CYCLE, 10), "cipher": (CIPHER, 3)}
# game: (the game's helpers, (random games, every k-th decision) the view test reads, what
# of the observer's own is hidden from them too and must be re-dealt: FE Cipher's orbs)
VIEW_CASES = {"first_cycle": (first_cycle, (25, 3), None),
              "cipher": (cipher, (6, 4), lambda state, seat: state.players[seat].orbs)}


@pytest.mark.parametrize("game", list(VIEW_CASES))
@pytest.mark.parametrize("observer", [0, 1])
def test_c3_determinize_keeps_the_observers_view(game, observer):
    helpers, (n_games, every), own_hidden = VIEW_CASES[game]
    rng = np.random.default_rng(observer)
    changed_hands = changed_own = 0
    for k, s in enumerate(random_states(helpers.GAME, n_games)):
        if k % every:
            continue
        s.legal_actions()                         # cached: the copy for the seat on turn keeps it
        d = s.determinize(observer, rng)
        assert d.observation(observer) == s.observation(observer)
        if s.current_player == observer:
            fresh = d.game.state_from_dict(d.to_dict())
            assert d.legal_actions() == fresh.legal_actions() == s.legal_actions()
        for p in (0, 1):
            assert helpers.zone_counts(d, p) == helpers.zone_counts(s, p)
        opp = 1 - observer
        changed_hands += d.players[opp].hand != s.players[opp].hand
        if own_hidden is not None:
            changed_own += own_hidden(d, observer) != own_hidden(s, observer)
    assert changed_hands > 10                     # the opponent's hand really is re-dealt
    if own_hidden is not None:
        assert changed_own > 10                   # and so is what the observer cannot see of its own


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
