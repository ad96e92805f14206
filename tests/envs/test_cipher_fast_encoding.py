"""FE Cipher's fast observation and encoding are the same as the plain ones: the
observation dict is unchanged, units' power equals the engine's `effects.power`, the
observe-and-encode path (`encode_seat`, `encode_seats`) equals `encode(observation)` and
reads nothing its seat may not see (C-3).

tests/envs/test_encoding_digest.py checks the encoder's bits against digests recorded from
the reference code; this file checks the observation dict the same way and the fast
paths against the plain ones.
"""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

from sim.cipher import effects as fx
from sim.cipher.observation import quiet_cards, unit_powers
from sim.core.errors import InvalidArgumentError
from tests.cipher.test_twin_leak import DECK_PAIRS, point_twin
from tests.envs.helpers import CIPHER, ENCODERS, game_states

ENC = ENCODERS["cipher"]
# sha256 of repr(state.observation(p)) for both seats of every position of
# game_states("cipher", 2), recorded from the observation code before its speed work: the
# dict (keys, order, types, values) must not change.
OBSERVATION_DIGEST = "1fd0f0d51ea111d40aaadd26ceba64a616fa93aad231d82336468f572b31dbeb"


def test_the_observation_reproduces_the_recorded_digest():
    h = hashlib.sha256()
    for s in game_states("cipher", 2):
        for p in (0, 1):
            h.update(repr(s.observation(p)).encode())
    assert h.hexdigest() == OBSERVATION_DIGEST


def test_unit_powers_equal_the_engines_power_in_battles_and_out():
    """FE-5, FE-16: every unit's power (continuous skills, modifiers, and in a battle support
    and critical) as `effects.power` gives it, on quiet fields and on fields with a skill that
    applies outside a battle (Marth, Hero-King), in and out of battles."""
    seen = {"battle": 0, "loud": 0, "quiet": 0}
    quiet = quiet_cards(CIPHER)
    for s in game_states("cipher", 6):
        for p in (0, 1):
            n = len(s.players[p].u_stack)
            assert unit_powers(s, p) == [fx.power(s, p, i) for i in range(n)]
            if n:
                seen["battle" if s.b_att >= 0 else "quiet"] += 1
                seen["loud"] += any(st[-1] not in quiet for st in s.players[p].u_stack)
    assert min(seen.values()) > 100, seen


def test_encode_seat_equals_encode_of_the_observation():
    for s in game_states("cipher", 3, seed=40):
        for p in (0, 1):
            assert np.array_equal(ENC.encode_seat(s, p), ENC.encode(s.observation(p)))


def test_encode_seats_equals_encode_batch():
    """Batches of positions (battles, stacked units, face-down bonds, a skill that applies
    outside a battle among them) encode column-wise as `encode_batch` of their views."""
    states = [s.clone() for s in game_states("cipher", 2, seed=50, every=3)]
    seats = [i % 2 for i in range(len(states))]
    quiet = quiet_cards(CIPHER)
    met = {"battle": sum(s.b_att >= 0 for s in states),
           "stacked": sum(len(st) > 1 for s in states for pl in s.players for st in pl.u_stack),
           "face-down bond": sum(not up for s in states for pl in s.players for up in pl.bond_up),
           "loud": sum(st[-1] not in quiet for s in states for pl in s.players for st in pl.u_stack)}
    assert min(met.values()) > 10, met
    for a in range(0, len(states), 64):
        rows = ENC.encode_seats(states[a:a + 64], seats[a:a + 64])
        obs = [s.observation(p) for s, p in zip(states[a:a + 64], seats[a:a + 64])]
        assert rows.dtype == np.float32
        assert np.array_equal(rows, ENC.encode_batch(obs))
    assert ENC.encode_seats([], []).shape == (0, ENC.size)
    with pytest.raises(ValueError, match="2 states but 1 seats"):
        ENC.encode_seats(states[:2], [0])


def test_c3_encode_seat_is_the_same_for_twins_the_seat_cannot_tell_apart():
    """Twin states re-dealing all a seat may not see (the opponent's unrevealed hand cards,
    deck orders, orbs, the opponent's set-aside MC) encode the same for that seat, straight
    from the state and column-wise; the other seat, who sees its own hand, mostly tells
    them apart."""
    rng = np.random.default_rng(9)
    points = told = 0
    for g in range(4):
        s = CIPHER.new_state(g, list(DECK_PAIRS[g]))
        play = np.random.default_rng(g)
        k = 0
        while not s.is_terminal():
            if k % 9 == 0:
                data = s.to_dict()
                for p in (0, 1):
                    twin = CIPHER.state_from_dict(point_twin(data, p, rng))
                    assert np.array_equal(ENC.encode_seat(twin, p), ENC.encode_seat(s, p))
                    rows = ENC.encode_seats([twin, s], [p, p])
                    assert np.array_equal(rows[0], rows[1])
                    points += 1
                    told += not np.array_equal(ENC.encode_seat(twin, 1 - p),
                                               ENC.encode_seat(s, 1 - p))
            legal = s.legal_actions()
            s.apply(legal[int(play.integers(len(legal)))])
            k += 1
    assert points > 200 and told > 0.5 * points


@pytest.mark.parametrize("seat", [2, -1, 0.0, True, "0"])
def test_encode_seat_refuses_a_seat_that_is_not_one(seat):
    s = CIPHER.new_state(0)
    with pytest.raises(InvalidArgumentError, match="player"):
        ENC.encode_seat(s, seat)
    with pytest.raises(InvalidArgumentError, match="player"):
        ENC.encode_seats([s], [seat])
