"""`determinize_public` (sim/xenodex/hidden.py) against `determinize` (C-3), over seeded games.

At every decision of random games at 2, 3 and 4 seats (with Ancients and extra TX plays in
some), the seat on turn gets both copies from twin generators. Both must leave the
generator at the same position and keep the state's legal list; the public copy must be
a consistent position (every instance in the zone its location names, BP in bounds, cards
conserved). Then each legal action is applied to a clone of each copy: the two results
must have the same public board (what the XenodeX heuristic scores), the same end and
the same returns. The original state must be left as it was.
"""
from __future__ import annotations

import copy

import numpy as np
import pytest

from sim import InvalidArgumentError
from tests.xenodex.helpers import Invariants, game

CASES = [
    (2, {}, range(3)), (2, {"ancients": True, "ancient_chance": 0.5, "tx_plays": 2}, range(2)),
    (3, {}, range(2)), (4, {}, range(2)), (4, {"ancients": True, "ancient_chance": 0.5}, range(1)),
]


def compare_copies(g, seed: int, decisions: int = 400) -> int:
    """Play a random game of `g` from `seed`, comparing the copies at each decision (module
    docstring); returns the number of child pairs compared."""
    state = g.new_state(seed)
    play = np.random.default_rng(seed + 7)
    compared = 0
    for d in range(decisions):
        if state.is_terminal():
            break
        p = state.current_player
        legal = state.legal_actions()
        before = state.to_dict()
        rng = np.random.default_rng([seed, d])
        twin = copy.deepcopy(rng)
        full = state.determinize(p, rng)
        public = state.determinize_public(p, twin)
        where = f"seed {seed} decision {d}"
        assert rng.bit_generator.state == twin.bit_generator.state, where
        assert public.legal_actions() == legal == full.legal_actions(), where
        Invariants(public).check(public)
        for a in legal:
            a_full, a_public = full.clone(), public.clone()
            a_full.apply(a)
            a_public.apply(a)
            assert a_public.public_board() == a_full.public_board(), f"{where} action {a}"
            assert a_public.is_terminal() == a_full.is_terminal(), f"{where} action {a}"
            assert a_public.returns() == a_full.returns(), f"{where} action {a}"
            compared += 1
        assert state.to_dict() == before, f"{where}: a copy changed the original"
        state.apply(legal[int(play.integers(len(legal)))])
    return compared


@pytest.mark.parametrize("players,overrides,seeds", CASES)
def test_public_copies_score_every_action_as_determinized_copies(players, overrides, seeds):
    g = game(num_players=players, **overrides)
    assert sum(compare_copies(g, seed) for seed in seeds) > 500


def test_public_copies_check_their_arguments():
    state = game().new_state(0)
    p = state.current_player
    with pytest.raises(InvalidArgumentError, match="observer"):
        state.determinize_public(5, np.random.default_rng(0))
    with pytest.raises(InvalidArgumentError, match="Generator"):
        state.determinize_public(p, 7)
    with pytest.raises(InvalidArgumentError, match="not the seat on turn"):
        state.determinize_public(1 - p, np.random.default_rng(0))
