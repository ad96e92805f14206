"""A recorded digest of seeded random First Cycle games: speed work must not change a rule.

The engine's hot paths are tuned by hand (loops unrolled, early exits, comprehensions
replaced by loops), and a slip there could change what is legal or what happens without
failing a rule test that does not reach that case. So 100 games are played from fixed seeds
with a fixed random policy, and the sha256 of every position's legal actions, the action
played, its events and the final result is compared with the one recorded when the engine
was last known right (2026-12-01, the digest of the code before and after that night's
speed changes). A deliberate rule change updates DIGEST in the same commit, saying why.
"""
from __future__ import annotations

import hashlib

import numpy as np

from tests.first_cycle.helpers import GAME

DIGEST = "108dfeb6cfbc67b27a6a7e6098717c63a1ba7b222e7493a1e2e332529ddb79cc"


def replay_digest(games: int = 100) -> str:
    """sha256 over `games` seeded games: legal lists, actions, events, results."""
    h = hashlib.sha256()
    for seed in range(games):
        s = GAME.new_state(seed)
        rng = np.random.default_rng([seed, 7])
        while not s.is_terminal():
            legal = s.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            s.apply(action)
            h.update(repr((legal, action, s.events)).encode())
        h.update(repr((s.winner, s.end_reason, s.returns(), s.turn)).encode())
    return h.hexdigest()


def test_seeded_random_games_replay_the_recorded_digest():
    assert replay_digest() == DIGEST
