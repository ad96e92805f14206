"""Every reachable state survives to_dict / state_from_dict (issue 30): seeded random games of
First Cycle, FE Cipher and XenodeX at 2, 3 and 4 seats, restored through JSON text before every
decision and at the end, the copy checked equal and playing on identically (tests/round_trip.py).

The default suite plays a few hundred games in all (the check costs 1 to 3 ms a decision, and a
XenodeX game at 4 seats has about 1,000 decisions); `make soak` plays 10,000 per case. A
failure names the case, seed and decision: `round_trip_game(CASES[case], seed)` replays it."""
from __future__ import annotations

import pytest

from tests.round_trip import CASES, round_trip_game

# Games of the default suite, seeds 0..n-1 (305 in all): 20 to 40 s of one core per case.
FAST_GAMES = {"first_cycle": 200, "cipher": 50, "xenodex@2": 30, "xenodex@3": 15, "xenodex@4": 10}
SOAK_GAMES = 10_000                # per case, seeds 0..9,999 (the fast games included)
SOAK_BLOCK = 250                   # games per soak test, so `pytest -n` spreads them


@pytest.mark.parametrize("case", list(CASES))
def test_round_trip_at_every_decision_of_seeded_random_games(case):
    decisions = sum(round_trip_game(CASES[case], seed) for seed in range(FAST_GAMES[case]))
    assert decisions > 100 * FAST_GAMES[case]       # whole games were played, not just set-ups


@pytest.mark.soak
@pytest.mark.parametrize(("case", "block"),
                         [(c, b) for c in CASES for b in range(SOAK_GAMES // SOAK_BLOCK)])
def test_soak_round_trip_at_every_decision_of_10000_games_per_case(case, block):
    for seed in range(block * SOAK_BLOCK, (block + 1) * SOAK_BLOCK):
        round_trip_game(CASES[case], seed)
