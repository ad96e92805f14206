"""The shared core: params base, seeding, action codec and the game registry."""
from __future__ import annotations

import pytest

from sim import game_names, load_game
from sim.core import ActionCodec, make_rng, rng_from_state, rng_state, spawn_seeds


def test_action_codec_round_trip_and_errors():
    c = ActionCodec()
    c.add("a", 2)
    c.add("b", 3)
    assert c.size == 5 and c.encode("b", 1) == 3 and c.decode(3) == ("b", 1)
    with pytest.raises(ValueError, match="already defined"):
        c.add("a", 1)
    with pytest.raises(ValueError, match="out of range"):
        c.encode("a", 2)
    with pytest.raises(IndexError):
        c.decode(-1)


def test_seeding_is_reproducible_and_explicit():
    assert make_rng(3).integers(1 << 40) == make_rng(3).integers(1 << 40)
    with pytest.raises(ValueError, match="seed must be given"):
        make_rng(None)
    r = make_rng(5)
    r.integers(10)
    saved = rng_state(r)
    assert rng_from_state(saved).integers(1 << 40) == r.integers(1 << 40)
    assert spawn_seeds(1, 3) == spawn_seeds(1, 3) and len(set(spawn_seeds(1, 3))) == 3


def test_registry_knows_first_cycle():
    assert "first_cycle" in game_names()
    g = load_game("first_cycle", max_turns=30)
    assert g.params.max_turns == 30 and g.num_players == 2
