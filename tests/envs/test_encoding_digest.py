"""Recorded digests of every encoder's output over seeded random games: speed work on an
encoder must not change a single bit of what it writes.

The encoders are tuned by hand (memo tables, unrolled loops, column-wise batches), and a
slip there could change a value that no slice test happens to look at. So each game case
plays a few seeded random games, encodes every seat's observation of every position with
`encode`, with `encode_batch` (in batches of 64) and through the AEC env and BatchEnv, and
compares the sha256 of the float32 bytes with the one recorded from the reference encoder.
A deliberate change of the encoding updates DIGESTS in the same commit, saying why.
"""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

from envs import BatchEnv
from tests.envs.helpers import CASE_GAMES, ENCODERS, ENVS, game_states

# Seeded games per case (seeds 0.., over the case's deck pairs; every decision kept).
GAMES_PER_CASE = {"first_cycle": 2, "cipher": 2, "xenodex@2": 2, "xenodex@3": 1, "xenodex@4": 1}
DIGESTS = {
    "first_cycle": "bdbe497bd514e947d9ab5c7fe3bd67c5ece6ba5f147b831fb683def3860dd6ef",
    "cipher": "deb33e251204418f427f2790d99d7011c0ecd87d3900132c135762378dded008",
    "xenodex@2": "c2783709de3f8a7b504c03f8881f321f34f1e425419d4c859de348fdf2228326",
    "xenodex@3": "d16fbae21a251d2c95d104d4ed211adef02be0f39ed41276dfa0cceff7ad8794",
    "xenodex@4": "da76538249432841bedd224ed00f94b54569c82b67d3b25ce296eb44644ae73c",
}
# BatchEnv: 8 matches stepped 60 times with seeded random legal actions (obs rows hashed).
BATCH_DIGESTS = {
    "first_cycle": "86fb7621180b5b4664129a2fa4d1cde5b7fcac23ef37cd549aff485177d7800f",
    "cipher": "9eb55afdc9f2e6dc99919200d63d2e4e0b0e2f59e43a11c85b10f5a744e3f3ef",
    "xenodex@2": "12720470bfcc704e2e27ec7e92742fef94210ad7361b6254b3936c78936b26f1",
    "xenodex@3": "07dca1906a7131b3615bf8c27fd27364eba68dd2160bee07eff9e8f2f1ed0f62",
    "xenodex@4": "283fc4f13799a7dc9437453dce88ae3e6b77cde5af437e620737d265b7b2c594",
}


def _observations(case: str) -> list[dict]:
    seats = range(CASE_GAMES[case].num_players)
    return [s.observation(p) for s in game_states(case, GAMES_PER_CASE[case]) for p in seats]


@pytest.mark.parametrize("case", list(DIGESTS))
def test_encode_and_encode_batch_reproduce_the_recorded_digest(case):
    enc = ENCODERS[case]
    obs = _observations(case)
    single = hashlib.sha256()
    for o in obs:
        single.update(enc.encode(o).tobytes())
    batch = hashlib.sha256()
    for i in range(0, len(obs), 64):
        batch.update(enc.encode_batch(iter(obs[i:i + 64])).tobytes())
    assert single.hexdigest() == batch.hexdigest()
    assert single.hexdigest() == DIGESTS[case]


def _env_kwargs(case: str) -> tuple[str, dict]:
    name, _, players = case.partition("@")
    return name, ({"num_players": int(players)} if players else {})


@pytest.mark.parametrize("case", list(DIGESTS))
def test_the_aec_env_observes_what_encode_writes(case):
    name, params = _env_kwargs(case)
    env = ENVS[name].env(**params)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    inner = env.unwrapped
    for agent in env.agent_iter(400):
        obs, _, term, trunc, _ = env.last()
        seat = inner.possible_agents.index(agent)
        expected = inner.encoder.encode(inner.game_state.observation(seat))
        assert np.array_equal(obs["observation"], expected)
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("case", list(BATCH_DIGESTS))
def test_batch_env_rows_reproduce_the_recorded_digest(case):
    name, params = _env_kwargs(case)
    benv = BatchEnv(name, num_envs=8, seed=5, **params)
    rng = np.random.default_rng(5)
    out = benv.reset()
    h = hashlib.sha256(out.obs.tobytes())
    for _ in range(60):
        out = benv.step((rng.random(out.mask.shape) * out.mask).argmax(axis=1))
        h.update(out.obs.tobytes())
        h.update(out.mask.tobytes())
    assert h.hexdigest() == BATCH_DIGESTS[case]
