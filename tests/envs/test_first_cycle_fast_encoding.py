"""First Cycle's state-reading batch encoder (`encode_seats`, what BatchEnv calls) equals
`encode_batch` of the observations, row for row and bit for bit, over positions with
battles, pending choices, Scan and Cycle knowledge and passives in play.

tests/first_cycle/test_twin_leak.py checks that it reads nothing its seat may not see
(C-3: twin states encode the same for the seat that cannot tell them apart)."""
from __future__ import annotations

import numpy as np
import pytest

from sim.core.errors import InvalidArgumentError
from tests.envs.helpers import ENCODERS, GAME, game_states

ENC = ENCODERS["first_cycle"]


def test_encode_seats_equals_encode_batch_of_the_observations():
    states = [s.clone() for s in game_states("first_cycle", 20, seed=70, every=3)]
    seats = [i % 2 for i in range(len(states))]
    met = {"battle": sum(s.battle is not None for s in states),
           "pending": sum(s.pending is not None for s in states),
           "known top": sum(s.players[p].known_top > 0 for s, p in zip(states, seats)),
           "known bottom": sum(pl.known_bottom > 0 for s in states for pl in s.players),
           "revealed": sum(bool(pl.revealed) for s in states for pl in s.players),
           "over": sum(s.done for s in states)}
    assert min(met.values()) > 0 and met["battle"] > 20 and met["pending"] > 20, met
    for a in range(0, len(states), 64):
        batch, at = states[a:a + 64], seats[a:a + 64]
        rows = ENC.encode_seats(batch, at)
        assert rows.dtype == np.float32 and rows.shape == (len(batch), ENC.size)
        assert np.array_equal(rows, ENC.encode_batch(s.observation(p) for s, p in zip(batch, at)))


def test_encode_seats_of_nothing_and_of_mismatched_lengths():
    assert ENC.encode_seats([], []).shape == (0, ENC.size)
    s = GAME.new_state(0)
    with pytest.raises(ValueError, match="2 states but 1 seats"):
        ENC.encode_seats([s, s], [0])


@pytest.mark.parametrize("seat", [2, -1, 0.0, True, "0"])
def test_encode_seats_refuses_a_seat_that_is_not_one(seat):
    with pytest.raises(InvalidArgumentError, match="player"):
        ENC.encode_seats([GAME.new_state(0)], [seat])


def test_encode_seats_equals_the_observations_with_every_starter_decks_passives():
    """The fighters' Power is summed column-wise for a side whose only passives that may apply
    are its fighters' own battle bonuses, and worked out by `effects.powers` for any other:
    both equal the observation's, with every starter deck's Leader and passive Characters,
    in and out of battle, from either seat."""
    game = GAME
    loud = [game.passive_always, game.passive_own_turn, game.passive_attacking, game.passive_defending]
    rng = np.random.default_rng(5)
    states = []
    for decks in (None, ["green_starter", "blue_starter"], ["orange_starter", "green_starter"],
                  ["blue_starter", "black_starter"]):
        for seed in range(4):
            s = game.new_state(seed, decks)
            while not s.is_terminal():
                states.append(s.clone())
                legal = s.legal_actions()
                s.apply(legal[int(rng.integers(len(legal)))])
    seats = [int(rng.integers(2)) for _ in states]

    def scanned(s, p):  # the side has a passive `powers` must scan for
        own = p == s.active
        table = loud[(2 if own else 3) if s.battle is not None else int(own)]
        return any(table[c] for c in s.players[p].card)
    met = {"battle": sum(s.battle is not None for s in states),
           "own battle bonus": sum(s.battle is not None and not scanned(s, p)
                                   and (game.self_attacking[s.players[p].card[s.battle[0]]] if p == s.active
                                        else game.self_defending[s.players[p].card[s.battle[1]]]) > 0
                                   for s in states for p in (0, 1)),
           "scanned": sum(scanned(s, p) for s in states for p in (0, 1))}
    assert min(met.values()) > 20, met
    for a in range(0, len(states), 64):
        batch, at = states[a:a + 64], seats[a:a + 64]
        assert np.array_equal(ENC.encode_seats(batch, at),
                              ENC.encode_batch(s.observation(p) for s, p in zip(batch, at)))
